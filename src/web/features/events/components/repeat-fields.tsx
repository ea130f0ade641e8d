import { useId } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import type { CreateEventFormValues } from '@shared/events/schema'
import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency } from '@shared/limits'
import { Checkbox } from '@web/components/ui/checkbox'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { SeriesPreviewList } from './series-preview'
import type { SeriesPreview } from './use-series-preview'

const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' }
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/**
 * What Add New Event shows while 'Repeat this event' is on: how often, until when, on which
 * weekdays, and the series' dates (docs/product.md#events). Its own chunk, loaded once the dialog
 * is open and the browser idle, since most bookings do not repeat (docs/benchmarks.md).
 */
export function RepeatFields({ preview, timeZone }: { preview: SeriesPreview; timeZone: string }) {
  const form = useFormContext<CreateEventFormValues>()
  const { errors } = form.formState
  const [recurrence, date] = useWatch({ control: form.control, name: ['recurrence', 'date'] })
  const weekdaysLegendId = useId()
  const weekdaysErrorId = useId()

  const weekdays = recurrence?.weekdays ?? []
  const toggleWeekday = (weekday: number, isChecked: boolean) => {
    const next = isChecked ? [...weekdays, weekday].sort((a, b) => a - b) : weekdays.filter((day) => day !== weekday)
    form.setValue('recurrence.weekdays', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  }
  const weekdaysError = errors.recurrence?.weekdays?.message

  if (!recurrence) return null
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Repeats" error={errors.recurrence?.frequency?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('recurrence.frequency')}>
              {RECURRENCE_FREQUENCIES.map((frequency) => (
                <NativeSelectOption key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="End Date" error={errors.recurrence?.endDate?.message}>
          {(control) => <Input {...control} type="date" min={date || undefined} {...form.register('recurrence.endDate')} />}
        </FormField>
      </div>
      {recurrence.frequency === 'weekly' ? (
        <fieldset className="grid gap-2" aria-describedby={weekdaysError ? weekdaysErrorId : undefined}>
          <legend id={weekdaysLegendId} className="mb-2 text-sm font-medium">
            Repeat On
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((label, weekday) => (
              <WeekdayCheckbox
                key={label}
                label={label}
                isChecked={weekdays.includes(weekday)}
                onChange={(isChecked) => toggleWeekday(weekday, isChecked)}
              />
            ))}
          </div>
          {weekdaysError ? (
            <p id={weekdaysErrorId} className="text-sm text-destructive">
              {weekdaysError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <SeriesPreviewList preview={preview} timeZone={timeZone} />
    </>
  )
}

function WeekdayCheckbox({ label, isChecked, onChange }: { label: string; isChecked: boolean; onChange: (isChecked: boolean) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-1.5">
      <Checkbox id={id} checked={isChecked} onCheckedChange={(checked) => onChange(checked === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  )
}
