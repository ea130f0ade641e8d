import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { optionalText, requiredText, timeOfDay, whenValid } from '@shared/schema-fields'
import { isValidTimeZone } from '@shared/scheduling/time-zone'
import { parseClosingTime, parseTimeOfDay } from '@shared/scheduling/time-of-day'

const CHANGE_ROOM_MINUTES_MESSAGE = `Change room time must be a whole number of minutes from 0 to ${LIMITS.facility.changeRoomMinutesMax}`

const { holdRequestsHours: HOLD, releaseUntilHours: RELEASE } = LIMITS.facility
export const RENTING_HOURS_MESSAGES = {
  holdRequestsHours: `Hold requests for must be a whole number of hours from ${HOLD.min} to ${HOLD.max}`,
  releaseUntilHours: `Release until must be a whole number of hours from ${RELEASE.min} to ${RELEASE.max}`,
} as const

const wholeHours = ({ min, max }: { min: number; max: number }, message: string) =>
  z.int({ error: message }).min(min, message).max(max, message)

export const PRIME_TIME_MESSAGES = {
  time: 'Please enter a time as HH:MM',
  order: 'Prime time must end after it starts',
} as const

// An end of 00:00 is the midnight that ends the day, as for a space's hours.
const endsAfterStart = (start: string, end: string) => parseClosingTime(end) > parseTimeOfDay(start)

/**
 * 'Prime time' (docs/product.md#billing): the hours rates call prime, one window on weekdays and
 * one on Saturday and Sunday, on the facility's clock. The facilities table checks the same order.
 */
export const primeTimeInput = z
  .object({
    weekdayStart: timeOfDay(PRIME_TIME_MESSAGES.time),
    weekdayEnd: timeOfDay(PRIME_TIME_MESSAGES.time),
    weekendStart: timeOfDay(PRIME_TIME_MESSAGES.time),
    weekendEnd: timeOfDay(PRIME_TIME_MESSAGES.time),
  })
  .refine(({ weekdayStart, weekdayEnd }) => endsAfterStart(weekdayStart, weekdayEnd), {
    message: PRIME_TIME_MESSAGES.order,
    path: ['weekdayEnd'],
    ...whenValid('weekdayStart', 'weekdayEnd'),
  })
  .refine(({ weekendStart, weekendEnd }) => endsAfterStart(weekendStart, weekendEnd), {
    message: PRIME_TIME_MESSAGES.order,
    path: ['weekendEnd'],
    ...whenValid('weekendStart', 'weekendEnd'),
  })
export type PrimeTimeInput = z.output<typeof primeTimeInput>

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
  // Left out, a new facility takes the default prime time and an edit keeps the one it has.
  primeTime: primeTimeInput.optional(),
  // 'Hold requests for' and 'Release until' (docs/product.md#renters). Left out, a new facility
  // takes the defaults and an edit keeps what it has, as for prime time.
  holdRequestsHours: wholeHours(HOLD, RENTING_HOURS_MESSAGES.holdRequestsHours).optional(),
  releaseUntilHours: wholeHours(RELEASE, RENTING_HOURS_MESSAGES.releaseUntilHours).optional(),
})
export type FacilityFormValues = z.input<typeof facilityInput>
export type FacilityInput = z.output<typeof facilityInput>
