import { randomUUID } from 'node:crypto'
import type { RecurrenceInput } from '@shared/events/schema'
import { combineLocalDateTime, dstGapMessage, isInDstGap } from '@shared/scheduling/local-day'
import type { TimeRange } from '@shared/scheduling/overlap'
import { checkOccurrenceCount, countWithSplits, expandRecurrence, firstDateInDstGap } from '@shared/scheduling/recurrence'
import { splitAtMidnight } from '@shared/scheduling/split-at-midnight'

export interface PlannedEvent extends TimeRange {
  title: string
  /** Shared by the two parts of an event split at midnight, null otherwise. */
  eventGroupId: string | null
}

export type NewEventsRequest = {
  date: string
  startTime: string
  durationMinutes: number
  title: string
  recurrence: RecurrenceInput | null
}

// occurrences: the events of each date, one or the two parts of a split; events: all of them.
export type EventsPlan =
  | { events: PlannedEvent[]; occurrences: PlannedEvent[][]; isSplit: boolean }
  // field: the input the refusal is about, as the form names it.
  | { refusal: string; field: 'startTime' | 'recurrence.endDate' }

/**
 * The rows a create writes: each occurrence (one, or the series expanded on the facility's
 * calendar) split at the facility's midnight. A series is refused as a whole when it has no
 * event or more than the cap, split halves counted, and any booking whose start the clocks jump
 * over (a spring-forward gap) is refused as a whole too (docs/product.md#events).
 */
export function planNewEvents(request: NewEventsRequest, timeZone: string): EventsPlan {
  const gapDate = request.recurrence
    ? firstDateInDstGap({ ...request, ...request.recurrence }, timeZone)
    : isInDstGap(request.date, request.startTime, timeZone)
      ? request.date
      : null
  if (gapDate) return { refusal: dstGapMessage(gapDate, request.startTime), field: 'startTime' }
  const occurrences = request.recurrence
    ? expandRecurrence({ ...request, ...request.recurrence }, timeZone)
    : [singleOccurrence(request, timeZone)]
  if (request.recurrence) {
    const refusal = checkOccurrenceCount(countWithSplits(occurrences, timeZone))
    if (refusal) return { refusal, field: 'recurrence.endDate' }
  }
  const parts = occurrences.map((occurrence) => splitIntoParts({ ...occurrence, title: request.title }, timeZone))
  return { events: parts.flat(), occurrences: parts, isSplit: parts.some((eventParts) => eventParts.length > 1) }
}

/** One event with new times, split at the facility's midnight when it crosses it. */
export function splitIntoParts(event: TimeRange & { title: string }, timeZone: string): PlannedEvent[] {
  const parts = splitAtMidnight(event, timeZone)
  const eventGroupId = parts.length > 1 ? randomUUID() : null
  return parts.map(({ start, end, title }) => ({ start, end, title, eventGroupId }))
}

/** Two new events that overlap each other, e.g. a daily 24-hour series across a 23-hour DST day. */
export function findOverlapWithin(events: readonly PlannedEvent[]): PlannedEvent | null {
  const sorted = [...events].sort((a, b) => a.start.getTime() - b.start.getTime())
  for (let index = 1; index < sorted.length; index++) {
    if (sorted[index]!.start.getTime() < sorted[index - 1]!.end.getTime()) return sorted[index - 1]!
  }
  return null
}

function singleOccurrence({ date, startTime, durationMinutes }: NewEventsRequest, timeZone: string): TimeRange {
  const start = combineLocalDateTime(date, startTime, timeZone)
  return { start, end: new Date(start.getTime() + durationMinutes * 60_000) }
}
