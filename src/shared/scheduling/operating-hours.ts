import { TZDate } from '@date-fns/tz'
import { localDateOf } from './local-day'
import type { TimeRange } from './overlap'
import { parseClosingTime, parseTimeOfDay } from './time-of-day'

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
