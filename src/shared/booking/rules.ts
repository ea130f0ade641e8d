import { rangesOverlap, type TimeRange } from '@shared/scheduling/overlap'
import { startProblem, type BookableSpace } from '@shared/scheduling/operating-hours'

/**
 * Each booking rule once, as the database holds it (src/server/booking/routines/*.sql): what a
 * booking occupies of its space (schedules_occupy, with the changeover schedules_placed gives each
 * part), which closures close it (schedules_occupy), which change room holds it meets
 * (schedules_hold_change_rooms) and where it may start (schedules_placed, worded by startProblem).
 *
 * The database is the guarantee; these only explain a refusal, mark a series' taken dates and the
 * form's '(booked)' start times. They read nothing: the caller hands them what is there.
 */

/**
 * One booking: its parts in time order, one, or two when it crosses the facility's midnight
 * (Part 1 ends at 23:59:59.999, Part 2 starts at 12:00 AM), with the changeover of the booked
 * space and the change rooms it asks for.
 */
export type Occurrence = {
  parts: readonly TimeRange[]
  changeoverMinutes: number
  changeRoomIds: readonly string[]
}

/**
 * An event already there on the space or a linked one, over what it holds: its times and its
 * changeover. `pending`: a renter's request holding the ice rather than a booking (docs/product.md#renters).
 */
export type EventThere = { title: string; blocked: TimeRange; pending?: boolean }

/** A closure that closes the space (its own, a whole's, a part's or its facility's). */
export type ClosureThere = { reason: string; start: Date; end: Date }

/** A change room with the holds other events have on it, each over its padded span as the database keeps it. */
export type ChangeRoomThere<
  Hold extends { title: string; held: TimeRange; pending?: boolean } = { title: string; held: TimeRange; pending?: boolean },
> = {
  id: string
  name: string
  holds: readonly Hold[]
}

/** What is there around a booking of one space. */
export type WhatIsThere = {
  events: readonly EventThere[]
  closures: readonly ClosureThere[]
  changeRooms: readonly ChangeRoomThere[]
  /** The facility's change room time: a booking holds its change rooms this long before and after. */
  changeRoomMinutes: number
  /** The space's start rule in the facility's zone; null when the start is not judged (an unmoved start, a preview). */
  startRule: { space: BookableSpace; timeZone: string } | null
}

export type BookingStatus = 'free' | 'clash' | 'closed' | 'changeRoom' | 'hours'
export type BookingVerdict = { status: BookingStatus; reason: string | null }
export type BookingProblem = { status: Exclude<BookingStatus, 'free'>; reason: string }

const MS_PER_MINUTE = 60_000

const isSplit = (occurrence: Occurrence) => occurrence.parts.length > 1

/**
 * What each part occupies of its space (schedules_placed and schedules_occupy): its times, and
 * the changeover after them. The first part of a split booking holds none: the booking goes on
 * past midnight, and its changeover follows its last part.
 */
export function occupancyOf(occurrence: Occurrence): TimeRange[] {
  const last = occurrence.parts.length - 1
  return occurrence.parts.map((part, index) => ({
    start: part.start,
    end: new Date(part.end.getTime() + (index === last ? occurrence.changeoverMinutes : 0) * MS_PER_MINUTE),
  }))
}

/**
 * What each part holds of each change room it asks for (schedules_hold_change_rooms): its times
 * widened by the facility's change room time on both sides, except at the midnight that splits
 * it: Part 1 is not widened after its end, nor Part 2 before its start, the two being one stay.
 */
export function changeRoomHoldsOf(occurrence: Occurrence, changeRoomMinutes: number): TimeRange[] {
  const pad = changeRoomMinutes * MS_PER_MINUTE
  const last = occurrence.parts.length - 1
  return occurrence.parts.map((part, index) => ({
    start: new Date(part.start.getTime() - (isSplit(occurrence) && index > 0 ? 0 : pad)),
    end: new Date(part.end.getTime() + (isSplit(occurrence) && index < last ? 0 : pad)),
  }))
}

/**
 * The events the booking clashes with, each with the (own-times) part that meets it: a part's
 * occupancy (with its changeover) overlaps what the event holds (with its own).
 */
export function clashesOf<Event extends { blocked: TimeRange }>(
  occurrence: Occurrence,
  events: readonly Event[],
): { part: TimeRange; event: Event }[] {
  const occupied = occupancyOf(occurrence)
  return occurrence.parts.flatMap((part, index) =>
    events.filter((event) => rangesOverlap(occupied[index]!, event.blocked)).map((event) => ({ part, event })),
  )
}

/** The closures that close the space at the booking's own times: a changeover may run into one. */
export function closuresOf<Closure extends ClosureThere>(occurrence: Occurrence, closures: readonly Closure[]): Closure[] {
  return closures.filter((closure) => occurrence.parts.some((part) => rangesOverlap(part, closure)))
}

/**
 * The change rooms the booking asks for that another event holds at one of its holds, each with
 * that event, part by part and in the change rooms' order.
 */
export function changeRoomClashesOf<Hold extends { title: string; held: TimeRange; pending?: boolean }>(
  occurrence: Occurrence,
  changeRooms: readonly ChangeRoomThere<Hold>[],
  changeRoomMinutes: number,
): { changeRoom: ChangeRoomThere<Hold>; holder: Hold }[] {
  const wanted = changeRooms.filter((changeRoom) => occurrence.changeRoomIds.includes(changeRoom.id))
  return changeRoomHoldsOf(occurrence, changeRoomMinutes).flatMap((held) =>
    wanted.flatMap((changeRoom) =>
      changeRoom.holds.filter((hold) => rangesOverlap(held, hold.held)).map((holder) => ({ changeRoom, holder })),
    ),
  )
}

/** Why the booking may not start where it does (the space's start rule), or null. Its Part 2 continues it and is not judged. */
export function startProblemOf(occurrence: Occurrence, rule: WhatIsThere['startRule']): string | null {
  const first = occurrence.parts[0]
  if (!rule || !first) return null
  return startProblem(first.start, rule.space, rule.timeZone)?.message ?? null
}

/**
 * What is in the way, by its title: '"{title}"' for a booking, 'a pending request "{title}"' for a
 * renter's request holding the ice (docs/product.md#renters). The operator answers a request on
 * the Requests page, so they are told which it is.
 */
export function occupantLabel({ title, pending }: { title: string; pending?: boolean }): string {
  return pending ? `a pending request "${title}"` : `"${title}"`
}

/** 'Closed: {reason}', as the series preview and the boards say it. */
export function closureLabel(reason: string): string {
  return `Closed: ${reason}`
}

/**
 * Everything in the booking's way, in the order the database meets it: the start rule (checked
 * before a row is written), then the space's events, its closures and the change rooms.
 */
export function problemsOf(occurrence: Occurrence, there: WhatIsThere): BookingProblem[] {
  const problems: BookingProblem[] = []
  const start = startProblemOf(occurrence, there.startRule)
  if (start) problems.push({ status: 'hours', reason: start })
  for (const { event } of clashesOf(occurrence, there.events))
    problems.push({ status: 'clash', reason: `Clashes with ${occupantLabel(event)}` })
  for (const closure of closuresOf(occurrence, there.closures)) problems.push({ status: 'closed', reason: closureLabel(closure.reason) })
  for (const { changeRoom, holder } of changeRoomClashesOf(occurrence, there.changeRooms, there.changeRoomMinutes)) {
    problems.push({ status: 'changeRoom', reason: `Change room "${changeRoom.name}" is in use by ${occupantLabel(holder)}` })
  }
  return problems
}

/** Whether the booking is free, or the first thing in its way and why (docs/product.md#events). */
export function statusOf(occurrence: Occurrence, there: WhatIsThere): BookingVerdict {
  return problemsOf(occurrence, there)[0] ?? { status: 'free', reason: null }
}

/** The bookings among events planned or stored as rows: each row alone, or the parts that share an eventGroupId, in time order. */
export function groupIntoBookings<Row extends TimeRange & { eventGroupId: string | null }>(rows: readonly Row[]): Row[][] {
  const byGroup = new Map<string, Row[]>()
  const bookings: Row[][] = []
  for (const row of rows) {
    if (row.eventGroupId === null) {
      bookings.push([row])
      continue
    }
    const parts = byGroup.get(row.eventGroupId)
    if (parts) {
      parts.push(row)
      parts.sort((a, b) => a.start.getTime() - b.start.getTime())
      continue
    }
    const group = [row]
    byGroup.set(row.eventGroupId, group)
    bookings.push(group)
  }
  return bookings
}
