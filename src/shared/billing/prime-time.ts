import { addCalendarDays, weekdayOf } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, localDayRange } from '@shared/scheduling/local-day'
import { wallClockOf } from '@shared/scheduling/zone-clock'
import { parseClosingTime, parseTimeOfDay } from '@shared/scheduling/time-of-day'
import type { PrimeTime } from './default-prime-time'

export { DEFAULT_PRIME_TIME, type PrimeTime } from './default-prime-time'

export interface PrimeSplit {
  primeMinutes: number
  nonPrimeMinutes: number
}

const MS_PER_MINUTE = 60 * 1000
const SATURDAY = 6
const SUNDAY = 0

/**
 * A booking's minutes inside and outside the facility's prime time, on the facility's wall clock.
 *
 * The minutes are real elapsed minutes: a booking over the night the clocks change counts the
 * 23 or 25 hours that pass, and a prime window on such a day is as long as the clock says it is.
 * Each local day the booking touches (two when it crosses midnight, three when 24 hours wrap a
 * 23-hour day) is measured against that day's own window, weekday or weekend.
 *
 * Bookings start and end on whole minutes. If one does not, its total is its whole elapsed
 * minutes (the seconds left over are dropped), its prime minutes are the whole minutes of prime
 * time within it, and the non-prime minutes are the rest, so the two always add up to the total.
 */
export function splitPrimeMinutes(start: Date, end: Date, timeZone: string, prime: PrimeTime): PrimeSplit {
  const startMs = start.getTime()
  const endMs = end.getTime()
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) throw new RangeError('Expected valid instants')
  if (endMs < startMs) throw new RangeError('The end is before the start')
  const windows = primeWindows(prime)
  const totalMinutes = Math.floor((endMs - startMs) / MS_PER_MINUTE)
  if (endMs === startMs) return { primeMinutes: 0, nonPrimeMinutes: 0 }

  let primeMs = 0
  const lastDay = wallClockOf(endMs - 1, timeZone).date
  for (let day = wallClockOf(startMs, timeZone).date; day <= lastDay; day = addCalendarDays(day, 1)) {
    const window = isWeekend(day) ? windows.weekend : windows.weekday
    const windowStart = instantOf(day, window.start, timeZone)
    const windowEnd = window.endsAtMidnight ? instantOf(day, MIDNIGHT_AFTER, timeZone) : instantOf(day, window.end, timeZone)
    primeMs += Math.max(0, Math.min(endMs, windowEnd) - Math.max(startMs, windowStart))
  }
  const primeMinutes = Math.floor(primeMs / MS_PER_MINUTE)
  return { primeMinutes, nonPrimeMinutes: totalMinutes - primeMinutes }
}

// A month's invoices ask for the same few windows of the same days thousands of times: each
// (zone, day, time) is resolved to its instant once.
const MIDNIGHT_AFTER = '24:00'
const MAX_KEPT = 20_000
const instants = new Map<string, number>()
function instantOf(day: string, time: string, timeZone: string): number {
  const key = `${timeZone}|${day}|${time}`
  const kept = instants.get(key)
  if (kept !== undefined) return kept
  const instant = (time === MIDNIGHT_AFTER ? localDayRange(day, timeZone).end : combineLocalDateTime(day, time, timeZone)).getTime()
  if (instants.size >= MAX_KEPT) instants.clear()
  instants.set(key, instant)
  return instant
}

function isWeekend(date: string): boolean {
  const weekday = weekdayOf(date)
  return weekday === SATURDAY || weekday === SUNDAY
}

function primeWindows(prime: PrimeTime) {
  return {
    weekday: primeWindow(prime.weekdayStart, prime.weekdayEnd),
    weekend: primeWindow(prime.weekendStart, prime.weekendEnd),
  }
}

function primeWindow(start: string, end: string) {
  const closing = parseClosingTime(end)
  if (closing <= parseTimeOfDay(start)) {
    throw new RangeError(`Expected prime time to end after it starts, got ${start} to ${end}`)
  }
  return { start, end, endsAtMidnight: end === '00:00' }
}
