import { eventPreviewInput, type CreateEventFormValues, type EventPreviewInput } from '@shared/events/schema'
import { formatCalendarDay } from '@web/lib/datetime'
import { countOf } from '@web/lib/count'
import type { CreateEventsResult, PreviewOccurrence, Series, UpdateEventResult } from './api'

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

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/** A series' rule in words: 'Weekly on Mon, Wed until Mar 31, 2027, 38 events' (docs/product.md#series). */
export function describeSeries({ frequency, weekdays, startDate, endDate, eventCount }: Series): string {
  const rule =
    frequency === 'daily'
      ? 'Daily'
      : frequency === 'weekly'
        ? `Weekly on ${weekdays.map((weekday) => WEEKDAY_NAMES[weekday]).join(', ')}`
        : `Monthly on day ${Number(startDate.slice(8))}`
  return `${rule} until ${formatCalendarDay(endDate)}, ${countOf(eventCount, 'event')}`
}

/** The toast after an edit: the spec's for one event, a count for a series edit. */
export function updatedMessage({ isSplit, changed, skipped, leftAsChanged }: UpdateEventResult, isSeriesEdit: boolean): string {
  if (!isSeriesEdit) return isSplit ? 'Event updated and split across midnight!' : 'Event updated successfully!'
  const notes = [
    skipped > 0 ? `${countOf(skipped, 'taken date')} left as ${skipped === 1 ? 'it was' : 'they were'}` : null,
    leftAsChanged > 0 ? `${countOf(leftAsChanged, 'event')} changed by ${leftAsChanged === 1 ? 'itself' : 'themselves'} kept` : null,
  ].filter((note) => note !== null)
  return `Updated ${countOf(changed, 'event')} in the series${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`
}
