import type { BookingInterval } from '@shared/limits'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { TZDate } from '@date-fns/tz'
import { combineLocalDateTime, localDateOf, localDayRange } from '@shared/scheduling/local-day'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import { formatTimeOfDay, MINUTES_PER_DAY, parseTimeOfDay } from '@shared/scheduling/time-of-day'
import { formatTimeOfDay as formatClockTime } from '@web/lib/datetime'
import type { PlacedEvent } from '@web/features/events'

// The timeline's pure geometry: which rows, which bars, where they sit and how a pointer snaps.
// Kept apart from the components so the rules are tested without a browser.

/** What the timeline knows of a space: its tree place, hours and booking interval. */
export type TimelineSpace = {
  id: string
  name: string
  facilityId: string
  type: string
  parentId: string | null
  operatingStartTime: string
  operatingEndTime: string
  bookingInterval: BookingInterval
  changeoverMinutes: number
}

export type TimelineRow = { space: TimelineSpace; level: number; isChangeRoom: boolean }

export type TimelineMode = 'day' | 'week'

const DAYS_SHOWN: Record<TimelineMode, number> = { day: 1, week: 7 }
const MS_PER_MINUTE = 60_000

/**
 * The rows: the spaces in tree order (each whole followed by its parts), change rooms after
 * every other space as their own group, since nothing is booked in them directly.
 */
export function timelineRows(spaces: readonly { room: TimelineSpace; level: number }[]): TimelineRow[] {
  const rows = spaces.map(({ room, level }) => ({ space: room, level, isChangeRoom: room.type === 'change_room' }))
  return [...rows.filter((row) => !row.isChangeRoom), ...rows.filter((row) => row.isChangeRoom).map((row) => ({ ...row, level: 1 }))]
}

/** The range on screen as instants [start, end), and its days on the facility's calendar. */
export function timelineRange(date: string, mode: TimelineMode, timeZone: string) {
  const dates = Array.from({ length: DAYS_SHOWN[mode] }, (_, index) => addCalendarDays(date, index))
  return {
    dates,
    start: localDayRange(dates[0]!, timeZone).start,
    end: localDayRange(dates.at(-1)!, timeZone).end,
  }
}

export const stepDays = (mode: TimelineMode) => DAYS_SHOWN[mode]

/**
 * One bar per booking: the two halves of an event split at midnight (same eventGroupId) are
 * drawn as one continuous bar. The bar carries the first half, whose id and version a move
 * names: the booking engine replaces both halves from it (ADR 0028).
 */
export type TimelineBar = {
  event: PlacedEvent
  title: string
  start: number
  end: number
  /** Minutes the space stays blocked after the booking. */
  changeoverMinutes: number
}

export function timelineBars(events: readonly PlacedEvent[]): TimelineBar[] {
  // One pass: a venue's week can hold 10,000 events, and only split ones share a group.
  const groups = new Map<string, PlacedEvent[]>()
  const bars: (TimelineBar | string)[] = []
  for (const event of events) {
    if (event.eventGroupId === null || event.eventGroupId === undefined) {
      bars.push(barOf([event]))
      continue
    }
    const parts = groups.get(event.eventGroupId)
    if (parts) parts.push(event)
    else {
      groups.set(event.eventGroupId, [event])
      bars.push(event.eventGroupId)
    }
  }
  return bars.map((bar) => (typeof bar === 'string' ? barOf(groups.get(bar)!) : bar))
}

function barOf(parts: readonly PlacedEvent[]): TimelineBar {
  const ordered = parts.length === 1 ? parts : parts.toSorted((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
  const first = ordered[0]!
  const last = ordered.at(-1)!
  return {
    event: first,
    title: stripSplitSuffix(first.title),
    start: Date.parse(first.startTime),
    end: Date.parse(last.endTime),
    changeoverMinutes: last.changeoverMinutes,
  }
}

/** Where an instant sits across the range, as a fraction of its width (0 at the start). */
export function fractionOf(instant: number, range: { start: Date; end: Date }): number {
  return (instant - range.start.getTime()) / (range.end.getTime() - range.start.getTime())
}

/** Where a bar, or its changeover, is drawn across a row: pixels from the row's start, and across. */
export type Span = { left: number; width: number }

/**
 * A row's bars laid out one after another in the row's flow (ADR 0041), each given in start
 * order with its changeover, if any, drawn right after it. Each gap is the left margin from the
 * end of whatever the row drew before: negative where a bar overlaps the one before it (a move
 * not yet saved), so it is drawn over it.
 */
export function rowFlow(boxes: readonly { span: Span; changeover: Span | null }[]): { gap: number; changeoverGap: number }[] {
  let end = 0
  const after = (span: Span) => {
    const gap = span.left - end
    end = span.left + span.width
    return gap
  }
  return boxes.map(({ span, changeover }) => ({ gap: after(span), changeoverGap: changeover ? after(changeover) : 0 }))
}

/** The instant at a fraction of the range's width. */
export function instantAt(fraction: number, range: { start: Date; end: Date }): number {
  return range.start.getTime() + fraction * (range.end.getTime() - range.start.getTime())
}

/**
 * The new booking a click or a drag across [from, to] of a row asks for: on the facility's
 * calendar, starting at the space's booking step at or before `from` (steps count from its
 * opening time) and lasting whole intervals, at least one.
 */
export function bookingFromSpan(from: number, to: number, space: TimelineSpace, timeZone: string) {
  const startInstant = Math.min(from, to)
  const endInstant = Math.max(from, to)
  const date = localDateOf(new Date(startInstant), timeZone)
  const dayStart = localDayRange(date, timeZone).start.getTime()
  const interval = space.bookingInterval
  const opening = parseTimeOfDay(space.operatingStartTime)
  const minute = (startInstant - dayStart) / MS_PER_MINUTE
  const startMinute = Math.max(0, Math.min(MINUTES_PER_DAY - interval, opening + Math.floor((minute - opening) / interval) * interval))
  const spanMinutes = (endInstant - (dayStart + startMinute * MS_PER_MINUTE)) / MS_PER_MINUTE
  const durationMinutes = Math.max(1, Math.ceil(spanMinutes / interval)) * interval
  return { date, startTime: formatTimeOfDay(startMinute), durationMinutes }
}

/** A pointer's travel in minutes as whole booking intervals, rounded to the nearest. */
export function snapMinutes(minutes: number, interval: number): number {
  return Math.round(minutes / interval) * interval
}

/** The bar's times after a move by `deltaMinutes`, or a resize of its end by `endDeltaMinutes`, at least one interval long. */
export function movedTimes(
  bar: Pick<TimelineBar, 'start' | 'end'>,
  change: { deltaMinutes: number; endDeltaMinutes: number },
  interval: number,
) {
  const start = bar.start + change.deltaMinutes * MS_PER_MINUTE
  const end = Math.max(start + interval * MS_PER_MINUTE, bar.end + (change.deltaMinutes + change.endDeltaMinutes) * MS_PER_MINUTE)
  return { start, end }
}

/** The hour marks across the range: each local hour's start, so a DST day has 23 or 25. */
export function hourMarks(range: { start: Date; end: Date }, timeZone: string): { instant: number; isMidnight: boolean; label: string }[] {
  const marks: { instant: number; isMidnight: boolean; label: string }[] = []
  for (let instant = range.start.getTime(); instant < range.end.getTime(); instant += 60 * MS_PER_MINUTE) {
    const date = localDateOf(new Date(instant), timeZone)
    const minute = Math.round((instant - localDayRange(date, timeZone).start.getTime()) / MS_PER_MINUTE)
    // In the app's 12-hour format ('9:00 AM'), as every other time it shows.
    marks.push({ instant, isMidnight: minute === 0, label: formatClockTime(formatTimeOfDay(minute % MINUTES_PER_DAY)) })
  }
  return marks
}

/** The earliest opening of the rows' spaces, in minutes after midnight: where a day opens scrolled to. */
export function earliestOpening(rows: readonly TimelineRow[]): number {
  const openings = rows.filter((row) => !row.isChangeRoom).map((row) => parseTimeOfDay(row.space.operatingStartTime))
  return openings.length > 0 ? Math.min(...openings) : 0
}

/** What a drop did: a bar that kept its start and space only changed its end, so it was resized. */
export function dropKind(
  before: { start: number; end: number; roomId: string },
  after: { start: number; end: number; roomId: string },
): 'moved' | 'resized' {
  return before.start === after.start && before.roomId === after.roomId && before.end !== after.end ? 'resized' : 'moved'
}

/**
 * The space a drop would take the event to, when that space is of another type than the one it
 * is in (a game from a rink to a meeting room): such a drop asks first. Null when it does not.
 */
export function otherTypeTarget<T extends Pick<TimelineSpace, 'id' | 'type'>>(
  spaces: readonly T[],
  fromId: string,
  toId: string,
): T | null {
  if (fromId === toId) return null
  const from = spaces.find((space) => space.id === fromId)
  const to = spaces.find((space) => space.id === toId)
  return from && to && from.type !== to.type ? to : null
}

/* ---------- the week: a cell a day for each space ---------- */

/** Each day's start across the range, then its end: day i holds [bounds[i], bounds[i + 1]). */
export function dayBounds(range: { dates: readonly string[] }, timeZone: string): number[] {
  const starts = range.dates.map((date) => localDayRange(date, timeZone).start.getTime())
  return [...starts, localDayRange(range.dates.at(-1)!, timeZone).end.getTime()]
}

/** The day of the range an instant falls on; one before the range counts as its first, one after as its last. */
export function dayIndexOf(instant: number, bounds: readonly number[]): number {
  let day = 0
  while (day < bounds.length - 2 && instant >= bounds[day + 1]!) day += 1
  return day
}

/** A span moved by whole days on the facility's calendar, keeping its wall-clock times (a DST night moves it by 23 or 25 hours). */
export function shiftedByDays(span: { start: number; end: number }, days: number, timeZone: string): { start: number; end: number } {
  const local = new TZDate(span.start, timeZone)
  const date = localDateOf(new Date(span.start), timeZone)
  const wallTime = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`
  const start = combineLocalDateTime(addCalendarDays(date, days), wallTime, timeZone).getTime() + local.getSeconds() * 1000
  return { start, end: start + (span.end - span.start) }
}

/**
 * What a week's cell lists of its events, in start order: all of them when they fit in `lines`,
 * else the first `lines - 1` and a count of the rest, which opens the day.
 */
export function cellShows<T>(items: readonly T[], lines: number): { shown: T[]; more: number } {
  if (items.length <= lines) return { shown: [...items], more: 0 }
  return { shown: items.slice(0, lines - 1), more: items.length - (lines - 1) }
}

/* ---------- only the rows in view are drawn ---------- */

/** Where each row starts, from the top of the list, and after the last one the list's height. */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = [0]
  for (const height of heights) offsets.push(offsets.at(-1)! + height)
  return offsets
}

/**
 * The rows to draw: those within [top, bottom] of the list (pixels from its top) as the
 * first and last index, inclusive. An empty list draws nothing (last < first).
 */
export function rowsBetween(offsets: readonly number[], top: number, bottom: number): { first: number; last: number } {
  const count = offsets.length - 1
  if (count <= 0) return { first: 0, last: -1 }
  // The first row that ends below `top`, and the last that starts above `bottom`.
  let low = 0
  let high = count - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (offsets[middle + 1]! > top) high = middle
    else low = middle + 1
  }
  const first = low
  low = first
  high = count - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (offsets[middle]! < bottom) low = middle
    else high = middle - 1
  }
  return { first, last: Math.max(first, low) }
}
