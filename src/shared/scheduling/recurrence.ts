import { LIMITS, type RecurrenceFrequency } from '@shared/limits'
import { addCalendarDays, addCalendarMonths, weekdayOf } from './calendar-date'
import { combineLocalDateTime, isInDstGap } from './local-day'
import type { TimeRange } from './overlap'
import { splitAtMidnight } from './split-at-midnight'

export const RECURRENCE_MESSAGES = {
  tooMany: `Too many recurring events. Maximum ${LIMITS.recurrence.maxOccurrences} occurrences.`,
  none: 'No events to create. Check your recurrence settings.',
} as const

export type RecurrenceMessage = (typeof RECURRENCE_MESSAGES)[keyof typeof RECURRENCE_MESSAGES]

export interface RecurrenceRequest {
  /** First occurrence, 'YYYY-MM-DD' on the facility's calendar. */
  date: string
  /** Local wall time 'HH:MM' that every occurrence starts at. */
  startTime: string
  durationMinutes: number
  frequency: RecurrenceFrequency
  /** Last day an occurrence may start on, inclusive. */
  endDate: string
  /** 0 (Sunday) to 6 (Saturday); used by weekly only. */
  weekdays?: readonly number[]
}

// One past the cap is enough to know a series is refused, and it bounds the work that an
// end date in the year 9999 could otherwise cause.
const EXPANSION_LIMIT = LIMITS.recurrence.maxOccurrences + 1

/**
 * The occurrences of a series, expanded on the facility's wall calendar so that a weekly
 * 19:00 practice stays at 19:00 local time across DST. Each lasts `durationMinutes` of real time.
 * A start time that falls in a spring-forward gap is refused before this runs (firstDateInDstGap).
 * Stops after one more occurrence than the cap, since a longer series is refused anyway.
 */
export function expandRecurrence(request: RecurrenceRequest, timeZone: string): TimeRange[] {
  return listOccurrenceDates(request).map((date) => {
    const start = combineLocalDateTime(date, request.startTime, timeZone)
    return { start, end: new Date(start.getTime() + request.durationMinutes * 60_000) }
  })
}

/** The first occurrence date whose start time the clocks jump over (spring forward), or null. */
export function firstDateInDstGap(request: RecurrenceRequest, timeZone: string): string | null {
  return listOccurrenceDates(request).find((date) => isInDstGap(date, request.startTime, timeZone)) ?? null
}

/** How many events the series writes once each occurrence that crosses midnight is split in two. */
export function countWithSplits(occurrences: readonly TimeRange[], timeZone: string): number {
  return occurrences.reduce((count, occurrence) => count + splitAtMidnight({ ...occurrence, title: '' }, timeZone).length, 0)
}

/** The spec's refusal for a series of this many events (split halves counted), or null when it may be created. */
export function checkOccurrenceCount(eventCount: number): RecurrenceMessage | null {
  if (eventCount === 0) return RECURRENCE_MESSAGES.none
  if (eventCount > LIMITS.recurrence.maxOccurrences) return RECURRENCE_MESSAGES.tooMany
  return null
}

function listOccurrenceDates(request: RecurrenceRequest): string[] {
  switch (request.frequency) {
    case 'daily':
      return listDays(request.date, request.endDate, () => true)
    case 'weekly': {
      const weekdays = new Set(request.weekdays?.filter((weekday) => weekday >= 0 && weekday <= 6))
      // Without a weekday the walk below would never find a match and run to the end date.
      if (weekdays.size === 0) return []
      return listDays(request.date, request.endDate, (date) => weekdays.has(weekdayOf(date)))
    }
    case 'monthly':
      return listMonths(request.date, request.endDate)
  }
}

function listDays(first: string, last: string, isIncluded: (date: string) => boolean): string[] {
  const dates: string[] = []
  for (let date = first; date <= last && dates.length < EXPANSION_LIMIT; date = addCalendarDays(date, 1)) {
    if (isIncluded(date)) dates.push(date)
  }
  return dates
}

// Each month is counted from the original date, so Jan 31 gives Feb 28 (or 29) and then Mar 31,
// where stepping from the previous occurrence would stay stuck on the 28th.
function listMonths(first: string, last: string): string[] {
  const dates: string[] = []
  for (let step = 0; dates.length < EXPANSION_LIMIT; step += 1) {
    const date = addCalendarMonths(first, step)
    if (date > last) break
    dates.push(date)
  }
  return dates
}
