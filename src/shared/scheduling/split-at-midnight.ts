import { addCalendarDays } from './calendar-date'
import { localDateOf, localDayRange } from './local-day'
import type { TimeRange } from './overlap'

export const SPLIT_TITLE_SUFFIXES = [' (Part 1)', ' (Part 2)'] as const

export interface SplittableEvent extends TimeRange {
  title: string
}

/**
 * Splits an event whose start and end fall on different local days into two parts (docs/product.md#events):
 * Part 1 from the start to 23:59:59.999 of the start day, Part 2 from the next local midnight
 * to the end. Every other field is copied to both parts.
 *
 * The end is exclusive, so an event ending exactly at local midnight stays one part.
 * Callers cap events at 24 hours, which crosses midnight once, with one exception: 24 hours
 * that wrap a 23-hour spring-forward day touch three dates. Part 2 then still starts at the
 * first midnight and covers the short day too, so no booked time is dropped.
 */
export function splitAtMidnight<T extends SplittableEvent>(event: T, timeZone: string): [T] | [T, T] {
  const startDay = localDateOf(event.start, timeZone)
  const lastDay = localDateOf(new Date(event.end.getTime() - 1), timeZone)
  if (lastDay === startDay) return [event]

  const nextMidnight = localDayRange(addCalendarDays(startDay, 1), timeZone).start
  // An edited part that crosses midnight again must not become 'Game (Part 1) (Part 1)'.
  const title = stripSplitSuffix(event.title)
  const [firstSuffix, secondSuffix] = SPLIT_TITLE_SUFFIXES
  return [
    { ...event, title: title + firstSuffix, end: new Date(nextMidnight.getTime() - 1) },
    { ...event, title: title + secondSuffix, start: nextMidnight },
  ]
}

/** The title the operator typed, without the ' (Part N)' that a split appended. */
export function stripSplitSuffix(title: string): string {
  const suffix = SPLIT_TITLE_SUFFIXES.find((candidate) => title.endsWith(candidate))
  return suffix ? title.slice(0, -suffix.length) : title
}
