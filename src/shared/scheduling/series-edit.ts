import { TZDate } from '@date-fns/tz'
import { addCalendarDays, parseCalendarDate } from './calendar-date'
import { combineLocalDateTime, isInDstGap, localDateOf } from './local-day'
import type { TimeRange } from './overlap'
import { formatTimeOfDay } from './time-of-day'

const MS_PER_DAY = 24 * 60 * 60 * 1000

/** An edit of one occurrence of a series: where it started, and its new start and end. */
export interface OccurrenceEdit {
  before: Date
  start: Date
  end: Date
}

/**
 * Where another occurrence of the series goes when one occurrence is edited as `edit`
 * (docs/product.md#series): moved by as many days on the facility's calendar as the edited one,
 * starting at its new wall-clock time, and as long as it now is. A Monday 7 PM practice moved to
 * Tuesday 6 PM moves every Monday of the edit to Tuesday 6 PM, across DST as well.
 */
export function replanOccurrence(occurrenceStart: Date, edit: OccurrenceEdit, timeZone: string): TimeRange {
  const { date, time } = replannedWallClock(occurrenceStart, edit, timeZone)
  const start = combineLocalDateTime(date, time, timeZone)
  return { start, end: new Date(start.getTime() + (edit.end.getTime() - edit.start.getTime())) }
}

/**
 * The first of these occurrences whose new wall-clock start the clocks jump over (spring
 * forward), as its day and time, or null: such an edit is refused, never moved an hour without a
 * word (docs/product.md#events).
 */
export function firstReplanInDstGap(
  occurrenceStarts: readonly Date[],
  edit: OccurrenceEdit,
  timeZone: string,
): { date: string; time: string } | null {
  for (const occurrenceStart of occurrenceStarts) {
    const wallClock = replannedWallClock(occurrenceStart, edit, timeZone)
    if (isInDstGap(wallClock.date, wallClock.time, timeZone)) return wallClock
  }
  return null
}

function replannedWallClock(occurrenceStart: Date, edit: OccurrenceEdit, timeZone: string): { date: string; time: string } {
  const dayShift = calendarDaysBetween(localDateOf(edit.before, timeZone), localDateOf(edit.start, timeZone))
  return { date: addCalendarDays(localDateOf(occurrenceStart, timeZone), dayShift), time: wallClockOf(edit.start, timeZone) }
}

function wallClockOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone)
  return formatTimeOfDay(local.getHours() * 60 + local.getMinutes())
}

function calendarDaysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const { year, month, day } = parseCalendarDate(date)
    return Date.UTC(year, month - 1, day)
  }
  return Math.round((utc(to) - utc(from)) / MS_PER_DAY)
}
