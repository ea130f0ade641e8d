import { TZDate } from '@date-fns/tz'
import { localDateOf } from './local-day'
import type { TimeRange } from './overlap'
import { labelTimeOfDay, parseClosingTime, parseTimeOfDay } from './time-of-day'

const MS_PER_MINUTE = 60_000

export interface OperatingHours {
  /** 'HH:MM' on the facility's wall clock, as a space stores them. */
  operatingStartTime: string
  operatingEndTime: string
  /** Minutes between the start times the add-event dialog offers, counted from the opening. */
  bookingInterval: number
}

/**
 * Whether an event fits its space's day as the add-event dialog would offer it
 * (startTimeOptions): it starts at or after the opening, on the booking grid measured from the
 * opening, and ends by the closing of the day it starts on, all read on the facility's wall clock.
 *
 * Wall-clock readings rather than instants, so that on a DST change day a 10:00 start is still
 * on a grid that opened at 09:00, as the dialog offered it. A closing of 12:00 AM is the day's end:
 * a Part 1 ending at 23:59:59.999 fits it, and an event that ends on a later local day does not.
 */
export function isWithinOperatingHours(event: TimeRange, hours: OperatingHours, timeZone: string): boolean {
  const opening = parseTimeOfDay(hours.operatingStartTime) * MS_PER_MINUTE
  const closing = parseClosingTime(hours.operatingEndTime) * MS_PER_MINUTE
  const start = wallClockMs(event.start, timeZone)
  if (start < opening) return false
  if ((start - opening) % (hours.bookingInterval * MS_PER_MINUTE) !== 0) return false
  if (localDateOf(event.end, timeZone) !== localDateOf(event.start, timeZone)) return false
  return wallClockMs(event.end, timeZone) <= closing
}

/** Milliseconds since local midnight that the facility's clock reads at the instant. */
function wallClockMs(instant: Date, timeZone: string): number {
  const local = new TZDate(instant.getTime(), timeZone)
  return ((local.getHours() * 60 + local.getMinutes()) * 60 + local.getSeconds()) * 1000 + local.getMilliseconds()
}

/** A space as the start rule reads it: its name for the message, its hours and its interval. */
export interface BookableSpace extends OperatingHours {
  name: string
}

export type StartProblem = { rule: 'hours' | 'interval'; message: string }

/**
 * Why a booking may not start at `start` in the space, or null when it may (docs/product.md#events,
 * 'Where a booking may start'): the spec's start list, held by the server as well as the form. A
 * start is on the space's booking interval counted from its opening, from the opening up to but not
 * including the closing, on the facility's wall clock. The end may run past the closing, as the
 * spec's 9:00 PM game of 4 hours does; the part after midnight starts at 12:00 AM and is not a new
 * start, so the caller leaves such a continuation out.
 *
 * The database holds the same rule (the schedules_placed trigger); this is what words its refusal
 * and what the web checks a drop against before asking.
 */
export function startProblem(start: Date, space: BookableSpace, timeZone: string): StartProblem | null {
  const opening = parseTimeOfDay(space.operatingStartTime) * MS_PER_MINUTE
  const closing = parseClosingTime(space.operatingEndTime) * MS_PER_MINUTE
  const interval = space.bookingInterval * MS_PER_MINUTE
  const at = wallClockMs(start, timeZone)
  if (at < opening || at >= closing) {
    const lastStart = opening + Math.floor((closing - 1 - opening) / interval) * interval
    return {
      rule: 'hours',
      message: `${space.name} takes bookings starting from ${labelTimeOfDay(opening / MS_PER_MINUTE)} to ${labelTimeOfDay(lastStart / MS_PER_MINUTE)}`,
    }
  }
  if ((at - opening) % interval !== 0) {
    return {
      rule: 'interval',
      message: `Starts must be on the ${space.bookingInterval}-minute interval (${labelTimeOfDay(opening / MS_PER_MINUTE, { period: false })}, ${labelTimeOfDay((opening + interval) / MS_PER_MINUTE, { period: false })}, …)`,
    }
  }
  return null
}

/**
 * The part of an event split at midnight that starts at 12:00 AM: the booking continuing, not a new
 * start, so the start rule leaves it out (the schedules_placed trigger reads it the same way).
 */
export function isContinuationPart(event: { start: Date; eventGroupId: string | null }, timeZone: string): boolean {
  return event.eventGroupId !== null && wallClockMs(event.start, timeZone) === 0
}
