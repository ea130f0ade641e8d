import { useMemo } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { timeZoneOptions } from '@shared/scheduling/time-zone'
import { FormField } from '@web/components/ui/form-field'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { browserTimeZone } from '@web/lib/browser-time-zone'

/** The browser's zone: a new facility's default. */
export const useBrowserTimeZone = () => useMemo(browserTimeZone, [])

/** A facility's IANA time zone, as in the facility dialog and the wizard's first step. */
export function TimeZoneField({
  registration,
  error,
  current,
}: {
  registration: UseFormRegisterReturn
  error?: string
  /** A saved facility's zone, offered even when this browser's list leaves it out, so editing keeps it. */
  current?: string
}) {
  const defaultTimeZone = useBrowserTimeZone()
  // A browser may report a legacy zone name (Asia/Calcutta) that the engine's list leaves out.
  const zones = useMemo(() => {
    const options = timeZoneOptions()
    const missing = [...new Set([current, defaultTimeZone])].filter((zone): zone is string => !!zone && !options.includes(zone))
    return [...missing, ...options]
  }, [current, defaultTimeZone])

  return (
    <FormField label="Time Zone" description="Every day and midnight of this facility's schedule is counted in this zone." error={error}>
      {(control) => (
        <NativeSelect {...control} {...registration}>
          {zones.map((zone) => (
            <NativeSelectOption key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
}
