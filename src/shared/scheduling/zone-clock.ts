import { TZDate } from '@date-fns/tz'
import { formatCalendarDate } from './calendar-date'

// Wall-clock readings for work over thousands of instants at once ('Create Invoices' prices a
// month of bookings): a zone's offset is looked up once per 15-minute slot of UTC and reused for
// every instant in it. Every zone's offset today is a whole number of quarter hours and changes
// on a quarter hour, so one slot has one offset; a slot where the two ends disagree (an old
// offset of odd minutes) is never kept, and each of its instants is looked up on its own.

const SLOT_MS = 15 * 60 * 1000
const MAX_KEPT = 50_000
const offsets = new Map<string, number>()

function offsetMsAt(instantMs: number, timeZone: string): number {
  const offset = -new TZDate(instantMs, timeZone).getTimezoneOffset() * 60_000
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`)
  return offset
}

/** The zone's offset from UTC at the instant, in milliseconds (east positive). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const slot = Math.floor(instantMs / SLOT_MS)
  const key = `${timeZone}|${slot}`
  const kept = offsets.get(key)
  if (kept !== undefined) return kept
  const first = offsetMsAt(slot * SLOT_MS, timeZone)
  if (offsetMsAt(slot * SLOT_MS + SLOT_MS - 1, timeZone) !== first) return offsetMsAt(instantMs, timeZone)
  if (offsets.size >= MAX_KEPT) offsets.clear()
  offsets.set(key, first)
  return first
}

export type WallClock = {
  /** 'YYYY-MM-DD' */
  date: string
  year: number
  month: number
  day: number
  /** 0 Sunday … 6 Saturday */
  weekday: number
  hour: number
  minute: number
}

/** What the zone's wall clock reads at the instant. */
export function wallClockOf(instantMs: number, timeZone: string): WallClock {
  const local = new Date(instantMs + zoneOffsetMs(instantMs, timeZone))
  const year = local.getUTCFullYear()
  const month = local.getUTCMonth() + 1
  const day = local.getUTCDate()
  return {
    date: formatCalendarDate({ year, month, day }),
    year,
    month,
    day,
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  }
}
