import { localDateOf, localDayRange } from '@shared/scheduling/local-day'
import { formatDateTime, formatTime, formatTimesOnDay } from '@web/lib/datetime'
import type { Closure } from './api'

/** What every view calls a closure : 'Closed: Christmas Day'. */
export const closedLabel = (closure: Pick<Closure, 'reason'>) => `Closed: ${closure.reason}`

/** Where a closure applies: 'Half Ice A - Maple Arena', or 'Whole facility - Maple Arena' for the whole facility. */
export const closurePlace = (closure: Pick<Closure, 'spaceName' | 'facilityName'>) =>
  `${closure.spaceName ?? 'Whole facility'} - ${closure.facilityName}`

/** Whether the closure closes any of `date` on its facility's calendar (where its own events sit). */
export function closesDay(closure: Closure, date: string): boolean {
  const day = localDayRange(date, closure.timeZone)
  return new Date(closure.startTime) < day.end && new Date(closure.endTime) > day.start
}

/** The closure's times on `date` of its facility's calendar: 'All day', 'Until 2:00 PM', 'From 6:00 AM' or '6:00 AM - 2:00 PM'. */
export const closureTimesOn = (closure: Closure, date: string) =>
  formatTimesOnDay(closure.startTime, closure.endTime, localDayRange(date, closure.timeZone), closure.timeZone)

/**
 * What a screen reader hears of a closure seen on `date`: 'Closed: Ice plant maintenance, 6:00 AM to 2:00 PM',
 * an end or start on another day with its date ('Dec 26, 2026, 12:00 AM').
 */
export function closureSpokenOn(closure: Closure, date: string): string {
  const at = (instant: string) =>
    localDateOf(new Date(instant), closure.timeZone) === date
      ? formatTime(instant, closure.timeZone)
      : formatDateTime(instant, closure.timeZone)
  return `${closedLabel(closure)}, ${at(closure.startTime)} to ${at(closure.endTime)}`
}
