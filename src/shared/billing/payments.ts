import { z } from 'zod'
import { calendarDate, optionalText } from '@shared/schema-fields'

// Payments received from clients (docs/product.md#billing, ADR 0062): what the Record Payment form
// sends, and the words the server answers a refused allocation with.

export const PAYMENT_METHODS = ['cash', 'cheque', 'e_transfer', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  e_transfer: 'E-transfer',
  card: 'Card',
  other: 'Other',
}

/**
 * Where a payment stands at its provider (ADR 0062). The 'manual' provider (cash, cheque,
 * e-transfer, the venue's own card terminal) records payments captured at once; only a captured
 * payment counts in a client's balance and credit.
 */
export const PAYMENT_STATUSES = ['pending', 'captured', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The largest amount of one payment, in minor units, as the payments table holds it. */
export const MAX_PAYMENT_MINOR = 100_000_000_000
export const MAX_REFERENCE_LENGTH = 100
/** Invoices one payment may settle at once. */
export const MAX_INVOICES_PER_PAYMENT = 50

export const PAYMENT_MESSAGES = {
  client: 'Please choose a client',
  amount: 'Please enter an amount greater than 0',
  amountTooLarge: 'The amount is too large',
  receivedOn: 'Please enter the date the payment was received',
  method: 'Please choose a payment method',
  invoiceIds: 'Please choose invoices from the list',
  tooManyInvoices: `A payment can settle at most ${MAX_INVOICES_PER_PAYMENT} invoices`,
  duplicateInvoice: 'Each invoice can be listed once',
  // The refusals of payment_allocations_within (src/server/modules/billing/sql), in words.
  otherClient: 'This invoice is for another client',
  draft: 'A draft invoice can’t take a payment. Issue it first.',
  creditNote: 'A credit note can’t take a payment',
  void: 'This invoice is void, so it can’t take a payment',
  notCaptured: 'Only a payment that has been received can settle invoices',
  beyondPayment: 'The payment is more than what is left to allocate',
  beyondInvoice: 'The payment is more than what is left to pay on this invoice',
} as const

/** POST /api/payments: the invoices, in the order given, are settled each up to its balance; the rest is the client's credit. */
export const recordPaymentInput = z.object({
  clientId: z.uuid({ error: PAYMENT_MESSAGES.client }),
  amountMinor: z
    .int({ error: PAYMENT_MESSAGES.amount })
    .min(1, PAYMENT_MESSAGES.amount)
    .max(MAX_PAYMENT_MINOR, PAYMENT_MESSAGES.amountTooLarge),
  receivedOn: calendarDate(PAYMENT_MESSAGES.receivedOn),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }),
  reference: optionalText(MAX_REFERENCE_LENGTH, 'Reference'),
  invoiceIds: z
    .array(z.uuid({ error: PAYMENT_MESSAGES.invoiceIds }), { error: PAYMENT_MESSAGES.invoiceIds })
    .max(MAX_INVOICES_PER_PAYMENT, PAYMENT_MESSAGES.tooManyInvoices)
    // Compared in lower case, as PostgreSQL compares uuids.
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, PAYMENT_MESSAGES.duplicateInvoice)
    .default([]),
})
export type RecordPaymentFormValues = z.input<typeof recordPaymentInput>
export type RecordPaymentInput = z.output<typeof recordPaymentInput>

/** A page of GET /api/payments. */
export const PAYMENTS_PER_PAGE = 100

/** The cursor of the payment list: the last row's received date, created_at and id. */
const PAYMENT_CURSOR =
  /^\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function paymentCursor(row: { receivedOn: string; createdAt: string | Date; id: string }): string {
  const createdAt = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString()
  return `${row.receivedOn}_${createdAt}_${row.id}`
}

/** Reads a cursor that paymentListQuery accepted. */
export function readPaymentCursor(cursor: string): { receivedOn: string; createdAt: string; id: string } {
  const [receivedOn, createdAt, id] = cursor.split('_') as [string, string, string]
  return { receivedOn, createdAt, id }
}

/**
 * GET /api/payments?clientId=: one client's payments, or the organisation's without it, newest
 * received first, PAYMENTS_PER_PAGE a page; `before` is the nextCursor of the page before.
 */
export const paymentListQuery = z.object({
  clientId: z.uuid({ error: 'Client not found' }).optional(),
  before: z.string().regex(PAYMENT_CURSOR, 'Invalid cursor').optional(),
})
