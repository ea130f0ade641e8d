import { parseCalendarDate } from '@shared/scheduling/calendar-date'
import type { InvoiceStatus } from './invoice-status'
import { assertSafeInteger } from './money'

export const AGE_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const
export type AgeBucket = (typeof AGE_BUCKETS)[number]

export { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from './invoice-status'

const MS_PER_DAY = 24 * 60 * 60 * 1000

/**
 * The ageing column of an amount due on `dueOn`, by whole days past due on `today` (both dates
 * on the organisation's calendar): not yet due and due today are 'current', the day after is
 * '1-30', and from the 91st day on it is '90+'.
 */
export function ageBucket(dueOn: string, today: string): AgeBucket {
  const daysPastDue = daysBetween(dueOn, today)
  if (daysPastDue <= 0) return 'current'
  if (daysPastDue <= 30) return '1-30'
  if (daysPastDue <= 60) return '31-60'
  if (daysPastDue <= 90) return '61-90'
  return '90+'
}

export interface InvoiceStatusInput {
  kind: 'invoice' | 'credit_note'
  status: 'draft' | 'issued'
  /** Whether a credit note voids this invoice. */
  voided: boolean
  totalMinor: number
  paidMinor: number
  /** Null while a draft: an invoice is given its due date when it is issued. */
  dueOn: string | null
  today: string
}

/**
 * The status an invoice shows, first match wins: Draft; Void; Paid (paid at least the total, so
 * an issued invoice of 0 is paid); Overdue (a balance left after the due date, even when partly
 * paid, since what matters is that money is late); Partly paid; Issued.
 *
 * A credit note is owed to the client, never by them, so it is Draft, Void or Issued and never
 * paid or overdue.
 */
export function invoiceStatus({ kind, status, voided, totalMinor, paidMinor, dueOn, today }: InvoiceStatusInput): InvoiceStatus {
  assertSafeInteger(totalMinor, 'total')
  assertSafeInteger(paidMinor, 'amount paid')
  if (status === 'draft') return 'draft'
  if (voided) return 'void'
  if (kind === 'credit_note') return 'issued'
  if (paidMinor >= totalMinor) return 'paid'
  if (dueOn !== null && daysBetween(dueOn, today) > 0) return 'overdue'
  if (paidMinor > 0) return 'partly_paid'
  return 'issued'
}

// Calendar dates, so the difference is whole days whatever the zone or DST.
function daysBetween(from: string, to: string): number {
  return (utcMidnight(to) - utcMidnight(from)) / MS_PER_DAY
}

function utcMidnight(date: string): number {
  const { year, month, day } = parseCalendarDate(date)
  return Date.UTC(year, month - 1, day)
}
