import { tz } from '@date-fns/tz'
import { format } from 'date-fns'

// The only module that turns instants into text. Every function takes the zone to show the
// instant in (a facility's zone for schedules); without one it uses the browser's zone.
type Instant = Date | string | number

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value))
const inZone = (timeZone?: string) => (timeZone ? { in: tz(timeZone) } : {})

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

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
  return `${formatTime(start, timeZone)} - ${formatTime(end, timeZone)}`
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
