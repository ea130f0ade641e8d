import { addCalendarDays, weekdayOf } from './calendar-date'
import { durationOptions, startTimeOptions } from './durations'
import { combineLocalDateTime } from './local-day'
import { isWithinOperatingHours } from './operating-hours'
import { rangesOverlap, type TimeRange } from './overlap'
import { closureCloses, partsOf, type TreeSpace } from './space-tree'

const MS_PER_MINUTE = 60_000

/** A space a slot may be found in, with the rules the booking dialog and the database apply to it. */
export interface SearchSpace extends TreeSpace {
  operatingStartTime: string
  operatingEndTime: string
  bookingInterval: number
  changeoverMinutes: number
}

/** A row of space_occupancy: a booking holds `unitId` over `during` (its times plus its changeover). */
export interface HeldUnit {
  unitId: string
  during: TimeRange
}

/** A closure of one space (and so its wholes and parts), or of the whole facility when spaceId is null. */
export interface ClosedSpan extends TimeRange {
  spaceId: string | null
}

export interface FreeSlotSearch {
  /** The spaces to search, in the order the answer lists a day's slots at the same start. */
  candidates: readonly SearchSpace[]
  /** Every space of the facility: linked spaces are found through it. */
  tree: readonly TreeSpace[]
  held: readonly HeldUnit[]
  closures: readonly ClosedSpan[]
  timeZone: string
  /** Local dates 'YYYY-MM-DD', both included. */
  firstDate: string
  lastDate: string
  /** 0 is Sunday; an empty list is every day. */
  weekdays: readonly number[]
  durationMinutes: number
  /** 'HH:MM' on the facility's wall clock: a slot starts at or after the first and ends by the second. */
  earliestStart: string
  latestEnd: string
  /** A slot starting before now is never offered. */
  now: Date
  maxResults: number
}

export interface FreeSlot extends TimeRange {
  spaceId: string
  /** The local date and start 'HH:MM' the booking dialog is opened with. */
  date: string
  startTime: string
}

/**
 * The slots a booking of `durationMinutes` would be accepted in (docs/product.md#find-ice), each
 * rule read from the function that already states it:
 * - a start the dialog offers (startTimeOptions) and a duration it offers (durationOptions);
 * - within the space's operating hours on the day it starts, so never across midnight
 *   (isWithinOperatingHours);
 * - no booking holding the space, one of its wholes or one of its parts over the slot plus the
 *   space's changeover, as the database's space_occupancy_no_overlap reads it (partsOf: a
 *   whole's booking holds its parts' units too);
 * - no closure of the space, a whole or a part (closureCloses).
 * Sorted by start, then by the candidates' order; at most maxResults, with whether more were left.
 */
export function findFreeSlots(search: FreeSlotSearch): { slots: FreeSlot[]; isTruncated: boolean } {
  const slots: FreeSlot[] = []
  const plans = search.candidates
    .filter((space) => durationOptions(space.bookingInterval).some(({ minutes }) => minutes === search.durationMinutes))
    .map((space) => ({
      space,
      units: new Set([space.id, ...partsOf(search.tree, space.id)]),
      closures: search.closures.filter((closure) => closureCloses(search.tree, closure.spaceId, space.id)),
      starts: startTimeOptions(space.operatingStartTime, space.operatingEndTime, space.bookingInterval),
    }))
    .map((plan) => ({ ...plan, held: search.held.filter((row) => plan.units.has(row.unitId)).map((row) => row.during) }))

  for (let date = search.firstDate; date <= search.lastDate; date = addCalendarDays(date, 1)) {
    if (search.weekdays.length > 0 && !search.weekdays.includes(weekdayOf(date))) continue
    const latestEnd = combineLocalDateTime(date, search.latestEnd, search.timeZone).getTime()
    const day: FreeSlot[] = []
    // The zone's arithmetic is the costly part, and the spaces of a facility mostly share their
    // starts and hours: each start's instant, and whether it fits hours alike, is worked out once a day.
    const instants = new Map<string, Date>()
    const fitting = new Map<string, boolean>()
    for (const { space, held, closures, starts } of plans) {
      const hours = `${space.operatingStartTime}|${space.operatingEndTime}|${space.bookingInterval}`
      for (const startTime of starts) {
        if (startTime < search.earliestStart) continue
        let start = instants.get(startTime)
        if (start === undefined) {
          start = combineLocalDateTime(date, startTime, search.timeZone)
          instants.set(startTime, start)
        }
        const end = new Date(start.getTime() + search.durationMinutes * MS_PER_MINUTE)
        if (start.getTime() < search.now.getTime() || end.getTime() > latestEnd) continue
        const slot = { start, end }
        const fitKey = `${startTime}|${hours}`
        let fits = fitting.get(fitKey)
        if (fits === undefined) {
          fits = isWithinOperatingHours(slot, space, search.timeZone)
          fitting.set(fitKey, fits)
        }
        if (!fits) continue
        const holding = { start, end: new Date(end.getTime() + space.changeoverMinutes * MS_PER_MINUTE) }
        if (held.some((during) => rangesOverlap(during, holding))) continue
        if (closures.some((closure) => rangesOverlap(closure, slot))) continue
        day.push({ spaceId: space.id, date, startTime, start, end })
      }
    }
    day.sort((a, b) => a.start.getTime() - b.start.getTime())
    for (const slot of day) {
      if (slots.length === search.maxResults) return { slots, isTruncated: true }
      slots.push(slot)
    }
  }
  return { slots, isTruncated: false }
}
