import { z } from 'zod'
import { calendarDay, instant } from '@shared/response-fields'
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments'
import { invoiceSummary } from './responses'

// What the payment and receivables routes answer (ADR 0020, 0062). Money is an integer of the
// currency's minor units.

const minor = z.number().int()

/** What a payment settles of one invoice. */
export const paymentAllocation = z.object({
  invoiceId: z.uuid(),
  /** The invoice's number ('2027-0001'). */
  number: z.string().nullable(),
  amountMinor: minor,
})

/**
 * A payment received. Its allocations are those to invoices that are not void: a voided
 * invoice's allocations are released, and unallocatedMinor (the payment's part of the client's
 * credit) grows by them.
 */
export const payment = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  amountMinor: minor,
  currency: z.string(),
  receivedOn: calendarDay,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  /** The provider it went through (ADR 0062): 'manual' for cash, cheque, e-transfer and the venue's own card terminal. */
  provider: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  allocations: z.array(paymentAllocation),
  unallocatedMinor: minor,
  createdAt: instant,
})
export type Payment = z.infer<typeof payment>

/** POST /api/payments */
export const paymentResponse = z.object({ payment })

/** GET /api/payments?clientId=: newest received first, a page at a time (nextCursor: null on the last). */
export const paymentListResponse = z.object({ payments: z.array(payment), nextCursor: z.string().nullable() })

/**
 * GET /api/clients/:id/billing. balanceMinor: what the client owes, the issued invoices and
 * credit notes less the payments received (negative: the venue owes them). creditMinor: what
 * their payments left unallocated, which the next issued invoice takes first.
 */
export const clientBillingResponse = z.object({
  currency: z.string(),
  balanceMinor: minor,
  creditMinor: minor,
  invoices: z.array(invoiceSummary),
  payments: z.array(payment),
})
export type ClientBilling = z.infer<typeof clientBillingResponse>

const receivableAmounts = {
  /** Not yet due, or due today. */
  currentMinor: minor,
  days1to30Minor: minor,
  days31to60Minor: minor,
  days61to90Minor: minor,
  over90Minor: minor,
  /** Σ of the five columns: what the client owes on open invoices. */
  totalMinor: minor,
  /** Their payments' unallocated amounts. */
  creditMinor: minor,
}

export const receivablesRow = z.object({ clientId: z.uuid(), clientName: z.string(), ...receivableAmounts })

/**
 * GET /api/billing/receivables ('Accounts Receivable'): each client with something owed or in
 * credit, by client name, the open invoices' balances by days past their due date on `asOf`
 * (today in the organisation's zone).
 */
export const receivablesResponse = z.object({
  currency: z.string(),
  asOf: calendarDay,
  rows: z.array(receivablesRow),
  totals: z.object(receivableAmounts),
})
export type Receivables = z.infer<typeof receivablesResponse>
