import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { optionalText, requiredText } from '@shared/schema-fields'
import { isValidTimeZone } from '@shared/scheduling/time-zone'

export const facilityInput = z.object({
  name: requiredText(LIMITS.facility.name, { label: 'Name', required: 'Please enter a facility name' }),
  address: optionalText(LIMITS.facility.address, 'Address'),
  description: optionalText(LIMITS.facility.description, 'Description'),
  // Every day and midnight rule of the facility is computed in this zone.
  timeZone: z.string().trim().refine(isValidTimeZone, 'Please choose a time zone from the list').default(LIMITS.facility.defaultTimeZone),
})
export type FacilityFormValues = z.input<typeof facilityInput>
export type FacilityInput = z.output<typeof facilityInput>
