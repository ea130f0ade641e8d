import { z } from 'zod'
import { calendarDate, optionalText, requiredText, whenValid } from '@shared/schema-fields'
import { INVOICE_STATUSES } from './invoice-status'
import { isCurrencyCode } from './money'

// The requests of billing's settings, rates and invoices (docs/product.md#billing, ADR 0061).
// Money is an integer of the currency's minor units (ADR 0060); a rate of a percentage is in
// thousandths of a percent (13 % is 13000).

export const BILLING_LIMITS = {
  taxes: 3,
  taxName: 50,
  maxRateThousandths: 100_000,
  maxPaymentTermsDays: 365,
  /** An hourly rate: at most 1,000,000.00 in a 2-digit currency. */
  maxHourlyRateMinor: 100_000_000,
  /** A line's amount: at most 1,000,000,000.00 in a 2-digit currency. */
  maxLineAmountMinor: 100_000_000_000,
  lineDescription: 300,
  reason: 200,
  /** The longest period one 'Create Invoices' covers. */
  maxPeriodDays: 366,
  pageSize: 50,
} as const

export const BILLING_MESSAGES = {
  currency: 'Please choose a currency',
  paymentTerms: `Payment terms must be a whole number of days from 0 to ${BILLING_LIMITS.maxPaymentTermsDays}`,
  taxes: `An invoice can carry at most ${BILLING_LIMITS.taxes} taxes`,
  taxName: 'Please enter the name of the tax',
  taxRate: 'A tax rate must be from 0 % to 100 % with at most 3 decimals',
  taxNamesUnique: 'Each tax needs its own name',
  rate: 'Please enter a rate of 0 or more',
  rateTooHigh: 'That rate is too high',
  periodStart: 'Please enter the first day of the period',
  periodEnd: 'Please enter the last day of the period',
  periodOrder: 'The period must end on or after its first day',
  periodLength: `A period can be at most ${BILLING_LIMITS.maxPeriodDays} days`,
  client: 'Please choose a client from the list',
  lineDescription: 'Please enter a description',
  lineAmount: 'Please enter an amount greater than 0',
  lineAmountTooHigh: 'That amount is too high',
  discountOne: 'Enter either a percentage or an amount',
  discountPercent: 'A discount must be more than 0 % and at most 100 %',
  reason: 'Please enter a reason',
  status: 'Please choose a valid status',
  cursor: 'Invalid cursor',
} as const

const wholeNumber = (message: string) => z.number({ error: message }).int(message)

const taxInput = z.object({
  name: requiredText(BILLING_LIMITS.taxName, { label: 'Tax name', required: BILLING_MESSAGES.taxName }),
  rateThousandths: wholeNumber(BILLING_MESSAGES.taxRate)
    .min(0, BILLING_MESSAGES.taxRate)
    .max(BILLING_LIMITS.maxRateThousandths, BILLING_MESSAGES.taxRate),
})

/** PUT /api/billing/settings: the currency, payment terms and the taxes every invoice carries, in order. */
export const billingSettingsInput = z.object({
  currency: z
    .string({ error: BILLING_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .refine((code) => isCurrencyCode(code), BILLING_MESSAGES.currency),
  paymentTermsDays: wholeNumber(BILLING_MESSAGES.paymentTerms)
    .min(0, BILLING_MESSAGES.paymentTerms)
    .max(BILLING_LIMITS.maxPaymentTermsDays, BILLING_MESSAGES.paymentTerms),
  taxes: z
    .array(taxInput, { error: BILLING_MESSAGES.taxes })
    .max(BILLING_LIMITS.taxes, BILLING_MESSAGES.taxes)
    .refine((taxes) => new Set(taxes.map((tax) => tax.name.toLowerCase())).size === taxes.length, BILLING_MESSAGES.taxNamesUnique),
})
export type BillingSettingsInput = z.output<typeof billingSettingsInput>

const hourlyRate = wholeNumber(BILLING_MESSAGES.rate)
  .min(0, BILLING_MESSAGES.rate)
  .max(BILLING_LIMITS.maxHourlyRateMinor, BILLING_MESSAGES.rateTooHigh)

/** PUT /api/rooms/:roomId/rates and /api/clients/:clientId/rates/:roomId: hourly rates in minor units, from now on. */
export const rateInput = z.object({ primeRateMinor: hourlyRate, nonPrimeRateMinor: hourlyRate })
export type RateInput = z.output<typeof rateInput>

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000
}

/** POST /api/invoices/generate: 'Create Invoices' for the bookings of a period, of one client or all. */
export const generateInvoicesInput = z
  .object({
    periodStart: calendarDate(BILLING_MESSAGES.periodStart),
    periodEnd: calendarDate(BILLING_MESSAGES.periodEnd),
    clientId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .pipe(z.uuid({ error: BILLING_MESSAGES.client }).nullable()),
  })
  .refine(({ periodStart, periodEnd }) => periodEnd >= periodStart, {
    message: BILLING_MESSAGES.periodOrder,
    path: ['periodEnd'],
    ...whenValid('periodStart', 'periodEnd'),
  })
  .refine(({ periodStart, periodEnd }) => daysBetween(periodStart, periodEnd) < BILLING_LIMITS.maxPeriodDays, {
    message: BILLING_MESSAGES.periodLength,
    path: ['periodEnd'],
    ...whenValid('periodStart', 'periodEnd'),
  })
export type GenerateInvoicesInput = z.output<typeof generateInvoicesInput>

const lineDescription = requiredText(BILLING_LIMITS.lineDescription, { label: 'Description', required: BILLING_MESSAGES.lineDescription })
const positiveAmount = wholeNumber(BILLING_MESSAGES.lineAmount)
  .positive(BILLING_MESSAGES.lineAmount)
  .max(BILLING_LIMITS.maxLineAmountMinor, BILLING_MESSAGES.lineAmountTooHigh)

/** POST /api/invoices/:id/lines: a custom line of a draft ('Add Line'); discounts are their own. */
export const invoiceLineInput = z.object({ description: lineDescription, amountMinor: positiveAmount })
export type InvoiceLineInput = z.output<typeof invoiceLineInput>

/**
 * POST /api/invoices/:id/discount ('Add Discount'): a percentage of the subtotal of the draft's
 * other lines, or an amount; the line is negative either way.
 */
export const invoiceDiscountInput = z
  .object({
    description: optionalText(BILLING_LIMITS.lineDescription, 'Description'),
    percentThousandths: wholeNumber(BILLING_MESSAGES.discountPercent)
      .positive(BILLING_MESSAGES.discountPercent)
      .max(BILLING_LIMITS.maxRateThousandths, BILLING_MESSAGES.discountPercent)
      .nullish()
      .transform((value) => value ?? null),
    amountMinor: positiveAmount.nullish().transform((value) => value ?? null),
  })
  .refine(({ percentThousandths, amountMinor }) => (percentThousandths === null) !== (amountMinor === null), {
    message: BILLING_MESSAGES.discountOne,
    path: ['amountMinor'],
    ...whenValid('percentThousandths', 'amountMinor'),
  })
export type InvoiceDiscountInput = z.output<typeof invoiceDiscountInput>

const reason = requiredText(BILLING_LIMITS.reason, { label: 'Reason', required: BILLING_MESSAGES.reason })

/** POST /api/invoices/:id/lines/:lineId/remove: a booking taken off a draft, with the reason it is not billed. */
export const removeInvoiceLineInput = z.object({ reason })
export type RemoveInvoiceLineInput = z.output<typeof removeInvoiceLineInput>

/** POST /api/invoices/:id/void: why the issued invoice is cancelled by a credit note. */
export const voidInvoiceInput = z.object({ reason })
export type VoidInvoiceInput = z.output<typeof voidInvoiceInput>

/** The cursor of the invoice list: the last row's created_at and id. */
const INVOICE_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function invoiceCursor(row: { createdAt: string; id: string }): string {
  return `${row.createdAt}_${row.id}`
}

/** GET /api/invoices: newest first, 50 a page; status is the derived one. */
export const invoiceListQuery = z.object({
  status: z.enum(INVOICE_STATUSES, { error: BILLING_MESSAGES.status }).optional(),
  clientId: z.uuid({ error: BILLING_MESSAGES.client }).optional(),
  before: z.string().regex(INVOICE_CURSOR, BILLING_MESSAGES.cursor).optional(),
})
export type InvoiceListQuery = z.output<typeof invoiceListQuery>
