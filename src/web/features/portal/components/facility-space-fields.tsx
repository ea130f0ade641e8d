import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '@web/components/ui/form-field'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'

type Place = { id: string; name: string; spaces: { id: string; name: string }[] }

type FacilitySpaceFieldsProps<F extends Place> = {
  facilities: F[]
  facility: F
  /** A new facility: the form's space becomes its first. */
  onFacilityChange: (next: F) => void
  space: UseFormRegisterReturn
  spaceError?: string
}

/**
 * The facility and space a renter asks about, for 'Request Ice' and 'Join Waitlist'. The facility
 * only narrows the spaces, so it is not a field of the request itself.
 */
export function FacilitySpaceFields<F extends Place>({
  facilities,
  facility,
  onFacilityChange,
  space,
  spaceError,
}: FacilitySpaceFieldsProps<F>) {
  const facilitySelectId = useId()
  return (
    <>
      <div className="grid gap-2">
        <label htmlFor={facilitySelectId} className="text-sm font-medium">
          Facility
        </label>
        <NativeSelect
          id={facilitySelectId}
          value={facility.id}
          onChange={(event) => onFacilityChange(facilities.find((candidate) => candidate.id === event.target.value)!)}
        >
          {facilities.map((option) => (
            <NativeSelectOption key={option.id} value={option.id}>
              {option.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <FormField label="Space" error={spaceError}>
        {(control) => (
          <NativeSelect {...control} {...space}>
            {facility.spaces.map((option) => (
              <NativeSelectOption key={option.id} value={option.id}>
                {option.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </>
  )
}
