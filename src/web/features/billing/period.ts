import { endOfMonth, startOfMonth, subMonths } from 'date-fns'
import { formatCalendarDate, parseCalendarDate } from '@shared/scheduling/calendar-date'

export type BillingPeriod = { periodStart: string; periodEnd: string }

/**
 * The calendar month before the one `today` ('YYYY-MM-DD') lies in, first and last day: what
 * 'Create Invoices' bills unless the operator picks other dates. Counted on a local date at noon,
 * so neither the browser's zone nor a DST change can move a day.
 */
export function lastMonthPeriod(today: string): BillingPeriod {
  const { year, month } = parseCalendarDate(today)
  const previousMonth = subMonths(new Date(year, month - 1, 1, 12), 1)
  return { periodStart: toCalendarDate(startOfMonth(previousMonth)), periodEnd: toCalendarDate(endOfMonth(previousMonth)) }
}

function toCalendarDate(date: Date): string {
  return formatCalendarDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() })
}
