import { tz } from '@date-fns/tz'
import { format, formatDistanceStrict } from 'date-fns'

// The only module that turns instants into text. Every function takes the zone to show the
// instant in (a facility's zone for schedules); without one it uses the browser's zone.
type Instant = Date | string | number

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value))
const inZone = (timeZone?: string) => (timeZone ? { in: tz(timeZone) } : {})
// An end is shown rounded up to its minute: a part stored as ending at 23:59:59.999 (the spec's
// midnight split) ends at 12:00 AM, not 11:59 PM. Minute-aligned ends are unchanged.
const asEnd = (value: Instant) => Math.ceil(toDate(value).getTime() / 60_000) * 60_000

export { browserTimeZone } from './browser-time-zone'

/** "Nov 20, 2026" */
export function formatDate(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'MMM d, yyyy', inZone(timeZone))
}

/** "Friday, November 20, 2026" */
export function formatLongDate(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'EEEE, MMMM d, yyyy', inZone(timeZone))
}

/** "9:30 AM" */
export function formatTime(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'h:mm a', inZone(timeZone))
}

/** "10:00 PM", or "12:00 AM" for an end at 23:59:59.999: the time a span ends */
export function formatEndTime(value: Instant, timeZone?: string): string {
  return formatTime(asEnd(value), timeZone)
}

/** "9:30:05 PM", the lobby clock (spec: h:mm:ss a) */
export function formatClock(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'h:mm:ss a', inZone(timeZone))
}

/** "Nov 20, 2026, 9:30 AM" */
export function formatDateTime(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'MMM d, yyyy, h:mm a', inZone(timeZone))
}

/** "9:30 AM - 11:00 AM" */
export function formatTimeRange(start: Instant, end: Instant, timeZone?: string): string {
  return `${formatTime(start, timeZone)} - ${formatEndTime(end, timeZone)}`
}

/**
 * "10:00 to 11:00 AM", or "11:00 AM to 1:00 PM": a span as a sentence reads it, a shared AM or PM
 * said once. A timeline labels thousands of bars with it, so it reads the clock through one cached
 * Intl formatter per zone rather than date-fns' zoned dates: the same text, a tenth of the time.
 */
export function formatSpokenTimeRange(start: Instant, end: Instant, timeZone?: string): string {
  const from = clockOf(start, timeZone)
  const to = clockOf(asEnd(end), timeZone)
  return `${from.period === to.period ? from.clock : `${from.clock} ${from.period}`} to ${to.clock} ${to.period}`
}

/**
 * "Monday, Dec 7": the day of a bar in a week's timeline, said before its times. Cached per zone
 * like the clock below, for the same reason.
 */
export function formatSpokenDay(value: Instant, timeZone?: string): string {
  let formatter = dayFormats.get(timeZone ?? '')
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone })
    dayFormats.set(timeZone ?? '', formatter)
  }
  return formatter.format(toDate(value))
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()
const clockFormats = new Map<string, Intl.DateTimeFormat>()

// "10:00" and "AM", as date-fns' 'h:mm' and 'a' write them.
function clockOf(value: Instant, timeZone?: string): { clock: string; period: string } {
  let formatter = clockFormats.get(timeZone ?? '')
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone })
    clockFormats.set(timeZone ?? '', formatter)
  }
  let hour = ''
  let minute = ''
  let period = ''
  for (const part of formatter.formatToParts(toDate(value))) {
    if (part.type === 'hour') hour = part.value
    else if (part.type === 'minute') minute = part.value
    else if (part.type === 'dayPeriod') period = part.value.toUpperCase()
  }
  return { clock: `${hour}:${minute}`, period }
}

/**
 * "Nov 20, 2026, 9:30 AM - 11:00 AM", or "Nov 20, 2026, 11:00 PM - Nov 21, 2026, 1:00 AM" when
 * it ends on another day of the zone: an event's whole span in a sentence or a list.
 */
export function formatSpan(start: Instant, end: Instant, timeZone?: string): string {
  return formatDate(start, timeZone) === formatDate(end, timeZone)
    ? `${formatDate(start, timeZone)}, ${formatTimeRange(start, end, timeZone)}`
    : `${formatDateTime(start, timeZone)} - ${formatDateTime(asEnd(end), timeZone)}`
}

/**
 * A span that may be whole days, as a closure's: "Dec 25, 2026 (all day)" or "Dec 24, 2026 -
 * Dec 26, 2026 (all day)" when it runs from one local midnight to another, else as formatSpan.
 */
export function formatDaysOrSpan(start: Instant, end: Instant, timeZone?: string): string {
  const isMidnight = (value: Instant) => format(toDate(value), 'HH:mm', inZone(timeZone)) === '00:00'
  if (!isMidnight(start) || !isMidnight(end)) return formatSpan(start, end, timeZone)
  // The last day is the one that ends at `end`: a millisecond before it is still that day.
  const lastDay = new Date(toDate(end).getTime() - 1)
  const first = formatDate(start, timeZone)
  const last = formatDate(lastDay, timeZone)
  return first === last ? `${first} (all day)` : `${first} - ${last} (all day)`
}

/** "09:00" (a room's operating time as stored) → "9:00 AM" */
export function formatTimeOfDay(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number)
  return format(new Date(2000, 0, 1, hours, minutes), 'h:mm a')
}

/** "Jun 1, 2024" for a calendar date 'YYYY-MM-DD' (a contract's start, a usage day): no instant, so no zone can move it. */
export function formatCalendarDay(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return format(new Date(year, month - 1, day), 'MMM d, yyyy')
}

/** "November 2026", a month calendar's heading */
export function formatMonthYear(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'MMMM yyyy', inZone(timeZone))
}

/** "Tue, Dec 1, 10:00 AM", an event's start in a sentence of the activity trail */
export function formatDayDateTime(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'EEE, MMM d, h:mm a', inZone(timeZone))
}

/**
 * "just now", "5 minutes ago", "3 days ago": how long before `now` the instant was. Relative
 * text has no zone, so it reads the same wherever the viewer is.
 */
export function formatTimeAgo(value: Instant, now: Instant): string {
  const date = toDate(value)
  const reference = toDate(now)
  if (reference.getTime() - date.getTime() < 60_000) return 'just now'
  return formatDistanceStrict(date, reference, { addSuffix: true })
}

/** "Fri, Nov 20", a compact day label */
export function formatShortDay(value: Instant, timeZone?: string): string {
  return format(toDate(value), 'EEE, MMM d', inZone(timeZone))
}

/**
 * "2026-11-20T21:30", the value of a datetime-local input showing the instant on the zone's wall
 * clock. Seconds round up to the next minute, so a Part 1 ending at 23:59:59.999 reads as midnight.
 */
export function toDateTimeLocalValue(value: Instant, timeZone: string): string {
  const roundedUp = Math.ceil(toDate(value).getTime() / 60_000) * 60_000
  return format(roundedUp, "yyyy-MM-dd'T'HH:mm", inZone(timeZone))
}

/**
 * A span's times on one day of the zone, `day` being that day as instants [start, end): 'All day'
 * when it covers the whole day, 'Until 2:00 PM' when it began earlier, 'From 6:00 AM' when it goes
 * on past the day, else '6:00 AM - 2:00 PM'. For what closes a day (a closure on a board, a calendar).
 */
export function formatTimesOnDay(start: Instant, end: Instant, day: { start: Date; end: Date }, timeZone?: string): string {
  const isFromDayStart = toDate(start).getTime() <= day.start.getTime()
  const isToDayEnd = toDate(end).getTime() >= day.end.getTime()
  if (isFromDayStart && isToDayEnd) return 'All day'
  if (isFromDayStart) return `Until ${formatEndTime(end, timeZone)}`
  if (isToDayEnd) return `From ${formatTime(start, timeZone)}`
  return formatTimeRange(start, end, timeZone)
}
