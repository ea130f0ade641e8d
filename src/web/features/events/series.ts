import { eventPreviewInput, type CreateEventFormValues, type EventPreviewInput } from '@shared/events/schema'
import type { CreateEventsResult, PreviewOccurrence } from './api'

type SeriesFields = Pick<
  CreateEventFormValues,
  'roomId' | 'date' | 'startTime' | 'durationMinutes' | 'recurrence' | 'eventType' | 'changeRoom1Id' | 'changeRoom2Id'
>

/**
 * The body of POST /api/events/preview for the Add New Event form's series: only what decides
 * its dates and whether they are taken, so they show before a client or title is chosen; null
 * while 'Repeat this event' is off or the series is not yet one the server would accept.
 */
export function seriesPreviewInput(fields: SeriesFields): EventPreviewInput | null {
  if (!fields.recurrence) return null
  const { roomId, date, startTime, durationMinutes, recurrence, changeRoom1Id } = fields
  // A practice has no away change room (docs/product.md#events).
  const changeRoom2Id = fields.eventType === 'game' ? fields.changeRoom2Id : null
  const parsed = eventPreviewInput.safeParse({ roomId, date, startTime, durationMinutes, recurrence, changeRoom1Id, changeRoom2Id })
  return parsed.success ? parsed.data : null
}

/** The spec's success toast for what the server wrote (docs/product.md#events); 'Book {n} free dates' adds what it left out. */
export function createdMessage({ events, isSplit, isRecurring, skipped }: CreateEventsResult): string {
  if (isRecurring) return `Created ${events.length} recurring event(s)!${skipped > 0 ? ` (${skipped} skipped)` : ''}`
  return isSplit ? 'Event created and split across midnight!' : 'Event created successfully!'
}

/** How many of the occurrences are free, and how many taken. */
export function countFree(occurrences: readonly PreviewOccurrence[]): { free: number; taken: number } {
  const free = occurrences.filter(({ status }) => status === 'free').length
  return { free, taken: occurrences.length - free }
}

/** The line above the list of a series' dates. */
export function previewSummary({ free, taken }: { free: number; taken: number }): string {
  const total = free + taken
  if (total === 1) return free === 1 ? 'The one date is free.' : 'The one date is taken.'
  if (taken === 0) return `All ${total} dates are free.`
  if (free === 0) return `None of the ${total} dates is free.`
  return `${free} of ${total} dates are free; ${taken} taken.`
}
