import { z } from 'zod'
import { calendarDay, instant } from '@shared/response-fields'
import { INVOICE_STATUSES } from './ageing'

// What billing's settings, rates and invoice routes answer (ADR 0020, 0061). Money is an integer
// of the currency's minor units; rates of a percentage are thousandths of a percent.

const minor = z.number().int()

export const taxRate = z.object({ name: z.string(), rateThousandths: z.number().int() })

/** GET and PUT /api/billing/settings */
export const billingSettingsResponse = z.object({
  currency: z.string(),
  paymentTermsDays: z.number().int(),
  taxes: z.array(taxRate),
})
export type BillingSettings = z.infer<typeof billingSettingsResponse>

/** A rate in force: hourly, in minor units, from `effectiveFrom` on. */
export const rate = z.object({ primeRateMinor: minor, nonPrimeRateMinor: minor, effectiveFrom: instant })
export type Rate = z.infer<typeof rate>

/** GET /api/rooms/:roomId/rates: the space's rate in force (null: none yet) and the clients' own rates for it. */
export const roomRatesResponse = z.object({
  rate: rate.nullable(),
  clientRates: z.array(rate.extend({ clientId: z.uuid(), clientName: z.string() })),
})

/** PUT /api/rooms/:roomId/rates, PUT /api/clients/:clientId/rates/:roomId */
export const rateResponse = z.object({ rate })

/** GET /api/clients/:clientId/rates: the client's own rates in force ('Special Rates'). */
export const clientRatesResponse = z.object({
  rates: z.array(rate.extend({ roomId: z.uuid(), roomName: z.string(), facilityName: z.string() })),
})

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const
export const INVOICE_LINE_KINDS = ['booking', 'adjustment', 'prepaid', 'custom', 'discount'] as const
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number]

/** An invoice or credit note in a list; status is derived (docs/product.md#billing). */
export const invoiceSummary = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  /** '2027-0001', 'CN-2027-0001'; null while a draft. */
  number: z.string().nullable(),
  clientId: z.uuid(),
  clientName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  periodStart: calendarDay,
  periodEnd: calendarDay,
  issuedOn: calendarDay.nullable(),
  dueOn: calendarDay.nullable(),
  currency: z.string(),
  totalMinor: minor,
  /** Σ of the payments allocated to it. */
  paidMinor: minor,
  /** What is left to pay: 0 for a draft, a void invoice and a credit note. */
  balanceMinor: minor,
  createdAt: instant,
})
export type InvoiceSummary = z.infer<typeof invoiceSummary>

/** GET /api/invoices */
export const invoiceListResponse = z.object({ invoices: z.array(invoiceSummary), nextCursor: z.string().nullable() })

/** POST /api/invoices/generate: drafts made and drafts added to. */
export const generateInvoicesResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  invoices: z.array(invoiceSummary),
})

export const invoiceLine = z.object({
  id: z.uuid(),
  position: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  scheduleId: z.uuid().nullable(),
  roomName: z.string().nullable(),
  startTime: instant.nullable(),
  endTime: instant.nullable(),
  timeZone: z.string().nullable(),
  primeMinutes: z.number().int().nullable(),
  nonPrimeMinutes: z.number().int().nullable(),
  primeRateMinor: minor.nullable(),
  nonPrimeRateMinor: minor.nullable(),
  minutesDelta: z.number().int().nullable(),
  contractName: z.string().nullable(),
  amountMinor: minor,
  removedReason: z.string().nullable(),
})
export type InvoiceLine = z.infer<typeof invoiceLine>

/** Whom an invoice is addressed to: frozen when issued, the client's current details on a draft. */
export const billTo = z.object({
  name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  provinceState: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
})
export type BillTo = z.infer<typeof billTo>

const documentReference = z.object({ id: z.uuid(), number: z.string().nullable() })

export const invoiceDetail = invoiceSummary.extend({
  subtotalMinor: minor,
  taxMinor: minor,
  taxes: z.array(taxRate.extend({ amountMinor: minor })),
  lines: z.array(invoiceLine),
  billTo,
  /** A credit note's invoice. */
  voidsInvoice: documentReference.nullable(),
  /** The credit note that voids this invoice. */
  voidedBy: documentReference.nullable(),
  /** A credit note's reason for voiding. */
  reason: z.string().nullable(),
  payments: z.array(
    z.object({
      paymentId: z.uuid(),
      receivedOn: calendarDay,
      method: z.string(),
      reference: z.string().nullable(),
      /** The part of the payment allocated to this invoice. */
      amountMinor: minor,
    }),
  ),
  organisationName: z.string(),
  notes: z.string().nullable(),
})
export type InvoiceDetail = z.infer<typeof invoiceDetail>

/** GET /api/invoices/:id and every draft edit. */
export const invoiceResponse = z.object({ invoice: invoiceDetail })

/** POST /api/invoices/:id/issue and /void: the document issued, and whether its email was queued (false: the client has no email). */
export const issuedInvoiceResponse = z.object({ invoice: invoiceDetail, emailed: z.boolean() })
