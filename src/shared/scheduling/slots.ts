import { LIMITS } from '@shared/limits'
import { addCalendarDays } from './calendar-date'
import { combineLocalDateTime, localDateOf, localDayRange } from './local-day'
import { rangesOverlap, type TimeRange } from './overlap'
import { MINUTES_PER_DAY, parseClosingTime } from './time-of-day'

const MS_PER_MINUTE = 60_000
const MS_PER_HOUR = 60 * MS_PER_MINUTE

export interface SlotRequest {
  /** The room's opening and closing times, 'HH:MM' on the facility's wall clock. */
  operatingStart: string
  operatingEnd: string
  /** Minutes; a room without one steps by LIMITS.marketing.fallbackBookingInterval. */
  bookingInterval: number | null
  /** The room's events; only those overlapping the window matter. */
  events: readonly TimeRange[]
  now: Date
  hoursAhead: number
  timeZone: string
}

export interface Slot extends TimeRange {
  isAvailable: boolean
}

/**
 * A room's bookable slots between now and now + hoursAhead (docs/product.md#marketing, 'Marketing slots').
 *
 * Each local day the window touches contributes its own opening hours, so a late-evening
 * window includes tomorrow's first slots, and a day whose hours are over contributes none.
 * Slots sit on the room's booking grid, which starts at the operating start: the first is at
 * the opening, or at the first grid point at or after now when that is later (a slot starting
 * this very minute can still be sold). Each slot ends by the closing time and by the window's end.
 */
export function computeSlots(request: SlotRequest): Slot[] {
  const step = stepMinutes(request.bookingInterval) * MS_PER_MINUTE
  const now = request.now.getTime()
  const windowEnd = now + request.hoursAhead * MS_PER_HOUR
  const lastDay = localDateOf(new Date(windowEnd), request.timeZone)
  const slots: Slot[] = []

  for (let day = localDateOf(request.now, request.timeZone); day <= lastDay; day = addCalendarDays(day, 1)) {
    const opening = combineLocalDateTime(day, request.operatingStart, request.timeZone).getTime()
    // A closing of 12:00 AM is the midnight that ends the day.
    const closing =
      parseClosingTime(request.operatingEnd) === MINUTES_PER_DAY
        ? localDayRange(day, request.timeZone).end.getTime()
        : combineLocalDateTime(day, request.operatingEnd, request.timeZone).getTime()
    const latestEnd = Math.min(closing, windowEnd)
    for (let start = firstSlotStart(opening, now, step); start + step <= latestEnd; start += step) {
      const slot = { start: new Date(start), end: new Date(start + step) }
      slots.push({ ...slot, isAvailable: !request.events.some((event) => rangesOverlap(event, slot)) })
    }
  }
  return slots
}

function stepMinutes(bookingInterval: number | null): number {
  return bookingInterval !== null && bookingInterval > 0 ? bookingInterval : LIMITS.marketing.fallbackBookingInterval
}

function firstSlotStart(opening: number, now: number, step: number): number {
  if (now <= opening) return opening
  return opening + Math.ceil((now - opening) / step) * step
}
