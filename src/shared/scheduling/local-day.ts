import { TZDate, tzOffset } from '@date-fns/tz'
import { addCalendarDays, formatCalendarDate, parseCalendarDate } from './calendar-date'
import { parseTimeOfDay } from './time-of-day'
import type { TimeRange } from './overlap'

const MS_PER_MINUTE = 60 * 1000
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE

/**
 * The instant at which the facility's wall clock reads `time` on `date`.
 *
 * Wall times that DST makes ambiguous or impossible follow RFC 5545 §3.3.5 (also Temporal's
 * 'compatible' choice), so every engine and host zone gives the same answer:
 * - a time that occurs twice (fall back) means its first occurrence, e.g. 01:30 EDT not EST;
 * - a time that does not exist (spring forward) is read with the offset before the gap, which
 *   moves it forward by the gap's length, e.g. 02:30 becomes 03:30 in America/Toronto. Bookings
 *   never get here with such a time: they are refused first (isInDstGap, docs/product.md#events).
 */
export function combineLocalDateTime(date: string, time: string, timeZone: string): Date {
  return wallClockToInstant(date, parseTimeOfDay(time), timeZone)
}

/** Whether the facility's wall clock never reads `time` on `date`, because the clocks jump over it (spring forward). */
export function isInDstGap(date: string, time: string, timeZone: string): boolean {
  return wallClockReadings(date, parseTimeOfDay(time), timeZone).readings.length === 0
}

/** The refusal of a start the clocks jump over (docs/product.md#events). */
export function dstGapMessage(date: string, time: string): string {
  return `${time} does not exist on ${date} in this facility's time zone: the clocks go forward that night. Please choose another start time.`
}

/** The local day as [start, end): 24 hours long, or 23 and 25 on DST change days. */
export function localDayRange(date: string, timeZone: string): TimeRange {
  return {
    start: wallClockToInstant(date, 0, timeZone),
    end: wallClockToInstant(addCalendarDays(date, 1), 0, timeZone),
  }
}

/** The facility's calendar date ('YYYY-MM-DD') at the given instant. */
export function localDateOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone)
  if (Number.isNaN(local.getTime())) throw unknownZone(timeZone)
  return formatCalendarDate({
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
  })
}

export function todayInZone(timeZone: string, now: Date): string {
  return localDateOf(now, timeZone)
}

// TZDate's own wall-time constructor resolves a repeated hour differently depending on the
// host's zone, so the conversion is done here from offsets alone.
function wallClockToInstant(date: string, minutesSinceMidnight: number, timeZone: string): Date {
  const { readings, wallAsUtc, offsetBefore } = wallClockReadings(date, minutesSinceMidnight, timeZone)
  if (readings.length === 0) return new Date(wallAsUtc - offsetBefore)
  return new Date(Math.min(...readings))
}

function wallClockReadings(date: string, minutesSinceMidnight: number, timeZone: string) {
  const { year, month, day } = parseCalendarDate(date)
  const wallAsUtc = Date.UTC(year, month - 1, day) + minutesSinceMidnight * MS_PER_MINUTE
  // Zones change offset at most once within a day, so the offsets a day either side cover both readings.
  const offsetBefore = offsetAt(timeZone, wallAsUtc - MS_PER_DAY)
  const offsetAfter = offsetAt(timeZone, wallAsUtc + MS_PER_DAY)
  const readings = [wallAsUtc - offsetBefore, wallAsUtc - offsetAfter].filter(
    (candidate) => offsetAt(timeZone, candidate) === wallAsUtc - candidate,
  )
  return { readings, wallAsUtc, offsetBefore }
}

function offsetAt(timeZone: string, timestamp: number): number {
  const offsetMinutes = tzOffset(timeZone, new Date(timestamp))
  if (Number.isNaN(offsetMinutes)) throw unknownZone(timeZone)
  return Math.round(offsetMinutes * MS_PER_MINUTE)
}

function unknownZone(timeZone: string): RangeError {
  return new RangeError(`Unknown time zone "${timeZone}"`)
}
