import { currencyDigits, formatMoney, formatScaledInteger } from '@shared/billing/money'
import { formatCalendarDay } from '@web/lib/datetime'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/billing/payments'
import type { InvoiceSummary } from './api'

/**
 * An amount as a money input's starting text: '1234.56' for 123456 CAD, no symbol and no
 * grouping, which parseMoney reads back to the same minor units.
 */
export function moneyInputValue(minor: number, currency: string): string {
  return formatScaledInteger(minor, currencyDigits(currency))
}

/** '$120.00/h', a rate per hour. */
export function formatHourlyRate(minor: number, currency: string): string {
  return `${formatMoney(minor, currency)}/h`
}

/** 'Jan 1, 2027 – Jan 31, 2027', an invoice's billing period. */
export function formatPeriod(start: string, end: string): string {
  return start === end ? formatCalendarDay(start) : `${formatCalendarDay(start)} – ${formatCalendarDay(end)}`
}

/**
 * The client's invoices a payment settles, oldest first: issued invoices (not credit notes, not
 * void) with something left to pay, by issue date and then number. A payment recorded on the
 * client page is allocated to them in this order; what is left stays as the client's credit.
 */
export function openInvoicesOldestFirst(invoices: readonly InvoiceSummary[]): InvoiceSummary[] {
  return invoices
    .filter(
      (invoice) =>
        invoice.kind === 'invoice' &&
        invoice.issuedOn !== null &&
        invoice.status !== 'void' &&
        invoice.status !== 'draft' &&
        invoice.balanceMinor > 0,
    )
    .toSorted((a, b) => compare(a.issuedOn!, b.issuedOn!) || compare(a.number ?? '', b.number ?? '') || compare(a.createdAt, b.createdAt))
}

/**
 * '3 invoices created', with the drafts that grew ('1 draft updated') when some clients already
 * had one; 'No bookings to invoice' when nothing was billed.
 */
export function generatedText(created: number, updated: number): string {
  const updatedText = `${updated} ${updated === 1 ? 'draft' : 'drafts'} updated`
  if (created === 0) return updated === 0 ? 'No bookings to invoice' : updatedText
  const createdText = `${created} ${created === 1 ? 'invoice' : 'invoices'} created`
  return updated === 0 ? createdText : `${createdText}, ${updatedText}`
}

/** 'E-transfer': a payment's method as the form names it; an unknown one as it was stored. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
