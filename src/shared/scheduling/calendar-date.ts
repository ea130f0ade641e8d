// Calendar dates as 'YYYY-MM-DD' strings: a day on the facility's wall calendar, not an instant.
// The arithmetic runs on UTC dates so that neither the host zone nor DST can shift a day.
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const MS_PER_DAY = 24 * 60 * 60 * 1000

export interface CalendarDateParts {
  year: number
  /** 1 to 12 */
  month: number
  day: number
}

export function parseCalendarDate(date: string): CalendarDateParts {
  const match = CALENDAR_DATE.exec(date)
  const parts = match && { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  if (!parts || formatCalendarDate(parts) !== date || !isRealDate(parts)) {
    throw new RangeError(`Expected a date as YYYY-MM-DD, got "${date}"`)
  }
  return parts
}

export function formatCalendarDate({ year, month, day }: CalendarDateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function addCalendarDays(date: string, days: number): string {
  return fromUtcMidnight(toUtcMidnight(date) + days * MS_PER_DAY)
}

/** Adds calendar months, clamping to the month's last day: Jan 31 + 1 month is Feb 28 (or 29). */
export function addCalendarMonths(date: string, months: number): string {
  const { year, month, day } = parseCalendarDate(date)
  const monthIndex = year * 12 + (month - 1) + months
  const targetYear = Math.floor(monthIndex / 12)
  const targetMonth = (monthIndex % 12) + 1
  return formatCalendarDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  })
}

/** 0 is Sunday and 6 is Saturday, the numbering of the recurrence weekdays. */
export function weekdayOf(date: string): number {
  return new Date(toUtcMidnight(date)).getUTCDay()
}

function toUtcMidnight(date: string): number {
  const { year, month, day } = parseCalendarDate(date)
  return Date.UTC(year, month - 1, day)
}

function fromUtcMidnight(timestamp: number): string {
  const utc = new Date(timestamp)
  return formatCalendarDate({
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
  })
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function isRealDate({ year, month, day }: CalendarDateParts): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}
