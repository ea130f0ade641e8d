import { durationOptions, startTimeOptions } from '@shared/scheduling/durations'
import { dstGapMessage, isInDstGap } from '@shared/scheduling/local-day'
import { formatTimeOfDay } from '@web/lib/datetime'
import { instantOfDateTimeLocal } from './booking-time'

/** What the Add New Event dialog offers in a space: its operating hours and booking interval. */
export type SpaceTimeRules = { operatingStartTime: string; operatingEndTime: string; bookingInterval: number }

/** The edit sheet's times as datetime-local values on the facility's wall clock, and its space. */
export type EditedTimes = { startTime: string; endTime: string; roomId: string }

export type TimeProblem = { field: 'startTime' | 'endTime'; message: string }

/**
 * Why the edit sheet's times are not ones the Add New Event dialog could have booked in the space
 * (docs/product.md#events): a start on the interval's steps within the operating hours, a
 * duration of 1 to 12 intervals. Null when they are, when they cannot be read yet (the schema
 * answers that), or when neither the times nor the space changed: an event booked before its
 * space's hours changed stays editable in every other respect, and so does a start that stays
 * put while only the end moves (the second part of an event split at midnight starts at 0:00).
 */
export function editedTimeProblem(edited: EditedTimes, original: EditedTimes, rules: SpaceTimeRules, timeZone: string): TimeProblem | null {
  if (edited.startTime === original.startTime && edited.endTime === original.endTime && edited.roomId === original.roomId) return null
  const start = instantOfDateTimeLocal(edited.startTime, timeZone)
  const end = instantOfDateTimeLocal(edited.endTime, timeZone)
  if (!start || !end || end <= start) return null

  const starts = startTimeOptions(rules.operatingStartTime, rules.operatingEndTime, rules.bookingInterval)
  const durations = durationOptions(rules.bookingInterval)
  // A start left where it was (a split part's midnight, one booked before the hours changed) is
  // not re-judged when only the end moves; a new start, or a new space, is.
  const isStartMoved = edited.startTime !== original.startTime || edited.roomId !== original.roomId
  // A start the clocks jump over is refused as the server refuses a new booking there, not moved an hour.
  const [startDate = '', startClock = ''] = edited.startTime.split('T')
  if (isStartMoved && isInDstGap(startDate, startClock.slice(0, 5), timeZone)) {
    return { field: 'startTime', message: dstGapMessage(startDate, startClock.slice(0, 5)) }
  }
  if (isStartMoved && !starts.includes(edited.startTime.slice(11, 16))) {
    return {
      field: 'startTime',
      message: `Start times are every ${durations[0]!.label} from ${formatTimeOfDay(starts[0]!)} to ${formatTimeOfDay(starts.at(-1)!)}`,
    }
  }
  // Elapsed time, as the server books it: a DST change moves the end's wall clock, not the length.
  const minutes = (Date.parse(end) - Date.parse(start)) / 60_000
  if (!durations.some((option) => option.minutes === minutes)) {
    return {
      field: 'endTime',
      message: `The duration must be ${durations[0]!.label} to ${durations.at(-1)!.label}, in steps of ${durations[0]!.label}`,
    }
  }
  return null
}

/**
 * The end that keeps the event's length when its start moves, as every calendar does: the old
 * start and end give the length, the new start plus that length the end. Null when any value
 * cannot be read, so the end is left as it is.
 */
export function endKeepingDuration(previous: { startTime: string; endTime: string }, nextStart: string, timeZone: string): Date | null {
  const oldStart = instantOfDateTimeLocal(previous.startTime, timeZone)
  const oldEnd = instantOfDateTimeLocal(previous.endTime, timeZone)
  const newStart = instantOfDateTimeLocal(nextStart, timeZone)
  if (!oldStart || !oldEnd || !newStart) return null
  const length = Date.parse(oldEnd) - Date.parse(oldStart)
  if (!(length > 0)) return null
  return new Date(Date.parse(newStart) + length)
}
