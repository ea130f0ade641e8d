import { LIMITS } from '@shared/limits'
import { combineLocalDateTime } from '@shared/scheduling/local-day'

/** The instants [from, to) an event form stands for, as ISO strings. */
export type BookingTime = { from: string; to: string }

const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

/**
 * The instant a datetime-local value ('2026-11-20T21:30') reads on the facility's wall clock, as
 * an ISO string; empty when it cannot be read, so that the shared schema answers with its own message.
 */
export function instantOfDateTimeLocal(value: string | undefined, timeZone: string): string {
  const match = DATE_TIME_LOCAL.exec(value ?? '')
  if (!match) return ''
  try {
    return combineLocalDateTime(match[1]!, match[2]!, timeZone).toISOString()
  } catch {
    return ''
  }
}

/** The Add New Event dialog's date, start time and duration in the facility's zone; null while any is missing or unreadable. */
export function timeOfNewEvent(
  { date, startTime, durationMinutes }: { date?: string; startTime?: string; durationMinutes?: number },
  timeZone: string,
): BookingTime | null {
  if (!date || !startTime || durationMinutes === undefined || !Number.isInteger(durationMinutes)) return null
  let start: Date
  try {
    start = combineLocalDateTime(date, startTime, timeZone)
  } catch {
    return null
  }
  // The duration is elapsed time, as the server books it: a DST change moves the end's wall clock, not its length.
  return asBookingTime(start.toISOString(), new Date(start.getTime() + durationMinutes * 60_000).toISOString())
}

/** The Edit Event sheet's start and end (datetime-local values) in the facility's zone; null while either is unreadable. */
export function timeOfEditedEvent({ startTime, endTime }: { startTime?: string; endTime?: string }, timeZone: string): BookingTime | null {
  return asBookingTime(instantOfDateTimeLocal(startTime, timeZone), instantOfDateTimeLocal(endTime, timeZone))
}

// Only a time an event could have: ends after it starts and lasts at most the longest event.
function asBookingTime(from: string, to: string): BookingTime | null {
  if (!from || !to) return null
  const minutes = (Date.parse(to) - Date.parse(from)) / 60_000
  return minutes > 0 && minutes <= LIMITS.event.maxDurationMinutes ? { from, to } : null
}
