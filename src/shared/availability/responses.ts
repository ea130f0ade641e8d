import { z } from 'zod'
import { LIMITS, ROOM_TYPES } from '@shared/limits'
import { calendarDay, instant, wallClockTime } from '@shared/response-fields'

/** A space searched, with what the booking dialog needs of it. */
export const searchedSpace = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ROOM_TYPES),
  operatingStartTime: wallClockTime,
  operatingEndTime: wallClockTime,
  bookingInterval: z.literal(LIMITS.room.bookingIntervalOptions),
  changeoverMinutes: z.number().int(),
})

/** [start, end), with the local date and start the booking dialog opens on. */
export const freeSlot = z.object({ spaceId: z.uuid(), date: calendarDay, startTime: wallClockTime, start: instant, end: instant })

/** GET /api/availability/free-slots */
export const freeSlotsResponse = z.object({
  facility: z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() }),
  /** The local dates searched, both included: today and the weeks after it. */
  firstDate: calendarDay,
  lastDate: calendarDay,
  spaces: z.array(searchedSpace),
  slots: z.array(freeSlot).max(LIMITS.findIce.maxResults),
  /** More slots were free than maxResults: a narrower search shows them. */
  isTruncated: z.boolean(),
})
