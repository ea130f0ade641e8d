import { z } from 'zod'
import { LIMITS, ROOM_TYPES, type RoomType } from '@shared/limits'
import { optionalId, timeOfDay } from '@shared/schema-fields'

const { weeksDefault, weeksMax } = LIMITS.findIce
const { maxDurationMinutes } = LIMITS.event

export const FIND_ICE_MESSAGES = {
  facility: 'Please select a facility',
  space: 'Please select a space',
  spaceType: 'Please select a kind of space',
  duration: `Duration must be a whole number of minutes from 1 to ${maxDurationMinutes}`,
  weekdays: 'Days must be weekdays from 0 (Sunday) to 6 (Saturday)',
  time: 'Please enter a time as HH:MM',
  window: 'The latest end must be after the earliest start',
  weeks: `Weeks must be a whole number from 1 to ${weeksMax}`,
} as const

/** The kinds of space that can be booked: all but change rooms. */
export const BOOKABLE_SPACE_TYPES = ROOM_TYPES.filter((type): type is Exclude<RoomType, 'change_room'> => type !== 'change_room')

/**
 * GET /api/availability/free-slots (docs/product.md#find-ice): a facility, optionally narrowed to
 * one space or one kind of space; a duration; weekdays ('1,3,5', none for every day); a time
 * window on the facility's clock; the coming weeks from today. Coerces: it arrives as a query string.
 */
export const freeSlotsQuery = z
  .object({
    facilityId: z.uuid({ error: FIND_ICE_MESSAGES.facility }),
    spaceId: optionalId(FIND_ICE_MESSAGES.space),
    spaceType: z
      .string()
      .nullish()
      .transform((value) => value || null)
      .pipe(z.enum(BOOKABLE_SPACE_TYPES, { error: FIND_ICE_MESSAGES.spaceType }).nullable()),
    durationMinutes: z.coerce
      .number<string | number>({ error: FIND_ICE_MESSAGES.duration })
      .int(FIND_ICE_MESSAGES.duration)
      .min(1, FIND_ICE_MESSAGES.duration)
      .max(maxDurationMinutes, FIND_ICE_MESSAGES.duration),
    weekdays: z
      .string({ error: FIND_ICE_MESSAGES.weekdays })
      .regex(/^([0-6](,[0-6])*)?$/, FIND_ICE_MESSAGES.weekdays)
      .default('')
      .transform((value) => (value === '' ? [] : [...new Set(value.split(',').map(Number))].sort())),
    earliestStart: timeOfDay(FIND_ICE_MESSAGES.time).default('00:00'),
    latestEnd: timeOfDay(FIND_ICE_MESSAGES.time).default('23:59'),
    weeks: z.coerce
      .number<string | number>({ error: FIND_ICE_MESSAGES.weeks })
      .int(FIND_ICE_MESSAGES.weeks)
      .min(1, FIND_ICE_MESSAGES.weeks)
      .max(weeksMax, FIND_ICE_MESSAGES.weeks)
      .default(weeksDefault),
  })
  .refine((query) => query.latestEnd > query.earliestStart, { message: FIND_ICE_MESSAGES.window, path: ['latestEnd'] })
export type FreeSlotsQueryValues = z.input<typeof freeSlotsQuery>
export type FreeSlotsQuery = z.output<typeof freeSlotsQuery>
