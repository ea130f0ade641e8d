import { clashesOf } from '@shared/booking/rules'
import { LIMITS } from '@shared/limits'
import { combineLocalDateTime, localDayRange } from '@shared/scheduling/local-day'
import { splitAtMidnight } from '@shared/scheduling/split-at-midnight'
import { linkedSpacesOf, type TreeSpace } from '@shared/scheduling/space-tree'

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

/** What the start-time list needs of an event of the space: its times and the changeover it holds after them. */
export type BookedEvent = { startTime: string; endTime: string; changeoverMinutes: number }

const MS_PER_MINUTE = 60_000
const LONGEST_CHANGEOVER_MINUTES = Math.max(...LIMITS.room.changeoverOptions)

/**
 * The instants whose events can clash with a booking that starts on `date` in the facility's
 * zone: from the day's start less the longest changeover (one running on from the night before),
 * to its end plus the longest event and its changeover. Null while the date cannot be read.
 */
export function eventsWindowOfDay(date: string | undefined, timeZone: string): BookingTime | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  try {
    const { start, end } = localDayRange(date, timeZone)
    const slack = (LIMITS.event.maxDurationMinutes + LONGEST_CHANGEOVER_MINUTES) * MS_PER_MINUTE
    return {
      from: new Date(start.getTime() - LONGEST_CHANGEOVER_MINUTES * MS_PER_MINUTE).toISOString(),
      to: new Date(end.getTime() + slack).toISOString(),
    }
  } catch {
    return null
  }
}

/**
 * The offered start times ('HH:MM') on `date` at which a booking of `durationMinutes` would clash
 * with one of `events`: as the database holds a space (docs/product.md#linked-spaces, the shared
 * booking rules), each booking blocks its times plus its changeover, the new one
 * `changeoverMinutes` after its last part (split at the facility's midnight), each event its own.
 * Empty while the date or duration cannot be read.
 */
export function bookedStartTimes(
  { date, durationMinutes, changeoverMinutes }: { date?: string; durationMinutes?: number; changeoverMinutes: number },
  startTimes: readonly string[],
  events: readonly BookedEvent[],
  timeZone: string,
): Set<string> {
  const there = events.map(({ startTime, endTime, changeoverMinutes: after }) => ({
    blocked: { start: new Date(startTime), end: new Date(Date.parse(endTime) + after * MS_PER_MINUTE) },
  }))
  const booked = new Set<string>()
  for (const startTime of startTimes) {
    const time = timeOfNewEvent({ date, startTime, durationMinutes }, timeZone)
    if (!time) continue
    const parts = splitAtMidnight({ title: '', start: new Date(time.from), end: new Date(time.to) }, timeZone)
    const occurrence = { parts, changeoverMinutes, changeRoomIds: [] }
    // Clashes only, the one rule a start time is marked for: closures and change rooms have their
    // own words in the dialog, and the start list is the start rule's own.
    if (clashesOf(occurrence, there).length > 0) booked.add(startTime)
  }
  return booked
}

/**
 * Those of a facility's `events` that hold `roomId`: its own, its wholes' and its parts'
 * (docs/product.md#linked-spaces), as the database holds them. Without the facility's spaces yet,
 * the room's own.
 */
export function eventsHoldingSpace<Event extends BookedEvent & { roomId: string }>(
  events: readonly Event[],
  spaces: readonly TreeSpace[] | undefined,
  roomId: string,
): Event[] {
  const linked = spaces ? linkedSpacesOf(spaces, roomId) : new Set([roomId])
  return events.filter((event) => linked.has(event.roomId))
}
