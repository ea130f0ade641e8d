import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { optionalText, requiredText } from '@shared/schema-fields'
import { isValidTimeZone } from '@shared/scheduling/time-zone'

const CHANGE_ROOM_MINUTES_MESSAGE = `Change room time must be a whole number of minutes from 0 to ${LIMITS.facility.changeRoomMinutesMax}`

export const facilityInput = z.object({
  name: requiredText(LIMITS.facility.name, { label: 'Name', required: 'Please enter a facility name' }),
  address: optionalText(LIMITS.facility.address, 'Address'),
  description: optionalText(LIMITS.facility.description, 'Description', { multiline: true }),
  // Every day and midnight rule of the facility is computed in this zone.
  timeZone: z.string().trim().refine(isValidTimeZone, 'Please choose a time zone from the list').default(LIMITS.facility.defaultTimeZone),
  // Held before and after each event booked from now on, in every change room it names.
  changeRoomMinutes: z
    .int({ error: CHANGE_ROOM_MINUTES_MESSAGE })
    .min(0, CHANGE_ROOM_MINUTES_MESSAGE)
    .max(LIMITS.facility.changeRoomMinutesMax, CHANGE_ROOM_MINUTES_MESSAGE)
    .default(LIMITS.facility.defaultChangeRoomMinutes),
})
export type FacilityFormValues = z.input<typeof facilityInput>
export type FacilityInput = z.output<typeof facilityInput>
