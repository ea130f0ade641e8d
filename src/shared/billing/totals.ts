import { assertSafeInteger, formatScaledInteger, roundHalfAwayFromZero, toSafeNumber } from './money'

/** A tax of the organisation: 'HST' at 13 % is { name: 'HST', rateThousandths: 13000 }. */
export interface TaxRate {
  name: string
  /** The percentage × 1000, 0 to 100000: 13 % is 13000, 9.975 % is 9975. */
  rateThousandths: number
}

export interface TaxAmount extends TaxRate {
  amountMinor: number
}

export interface InvoiceTotals {
  subtotalMinor: number
  taxes: TaxAmount[]
  totalMinor: number
}

/** The percentage scale of rateThousandths: 100 % is 100000. */
const WHOLE = 100_000n
const MAX_RATE_THOUSANDTHS = 100_000

/**
 * An invoice's totals (ADR 0060): the subtotal is the exact sum of its lines (charges positive,
 * discounts and adjustments negative); each tax is taken on that subtotal, on its own (never on
 * another tax) and rounded once to the minor unit, halves away from zero; the total is the
 * subtotal plus the taxes. Taxes keep their order.
 */
export function computeInvoiceTotals(lines: readonly { amountMinor: number }[], taxes: readonly TaxRate[]): InvoiceTotals {
  let subtotal = 0n
  for (const { amountMinor } of lines) {
    assertSafeInteger(amountMinor, 'line amount')
    subtotal += BigInt(amountMinor)
  }
  const subtotalMinor = toSafeNumber(subtotal)
  const taxAmounts = taxes.map(({ name, rateThousandths }) => {
    assertRate(rateThousandths)
    return { name, rateThousandths, amountMinor: roundHalfAwayFromZero(subtotal * BigInt(rateThousandths), WHOLE) }
  })
  const total = taxAmounts.reduce((sum, tax) => sum + BigInt(tax.amountMinor), subtotal)
  return { subtotalMinor, taxes: taxAmounts, totalMinor: toSafeNumber(total) }
}

/**
 * A discount line's amount for a percentage of the subtotal: negative (or 0), rounded half away
 * from zero. discountFromPercent(10050, 10000) is -1005; 12.5 % of 1 cent is -0 cents, written 0.
 */
export function discountFromPercent(subtotalMinor: number, percentThousandths: number): number {
  assertSafeInteger(subtotalMinor, 'subtotal')
  assertRate(percentThousandths)
  return roundHalfAwayFromZero(-BigInt(subtotalMinor) * BigInt(percentThousandths), WHOLE)
}

/**
 * A credit note's totals for an invoice's: every figure negated exactly, the names and rates kept,
 * so that the two add up to zero to the cent. Never recomputed from the negated lines: the same
 * numbers with the other sign cannot round differently.
 */
export function negateTotals(totals: InvoiceTotals): InvoiceTotals {
  return {
    subtotalMinor: negate(totals.subtotalMinor),
    taxes: totals.taxes.map((tax) => ({ ...tax, amountMinor: negate(tax.amountMinor) })),
    totalMinor: negate(totals.totalMinor),
  }
}

/** '13 %', '9.975 %', '0.5 %': the rate as the app writes it, with a space before the sign. */
export function formatTaxRate(rateThousandths: number): string {
  assertRate(rateThousandths)
  return `${formatScaledInteger(rateThousandths, 3, { trimZeros: true })} %`
}

/**
 * A rate typed as a percentage ('13', '9.975', '0.5', '13 %') in thousandths of a percent; null
 * when it is not a number from 0 to 100 with at most 3 decimals.
 */
export function parseTaxRate(text: string): number | null {
  const match = /^(\d{1,3})?(?:\.(\d{1,3}))?\s*%?$/.exec(text.trim())
  if (!match || (match[1] === undefined && match[2] === undefined)) return null
  const rate = Number(match[1] ?? '0') * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
  return rate <= MAX_RATE_THOUSANDTHS ? rate : null
}

function assertRate(rateThousandths: number): void {
  assertSafeInteger(rateThousandths, 'rate')
  if (rateThousandths < 0 || rateThousandths > MAX_RATE_THOUSANDTHS) {
    throw new RangeError(`Expected a rate from 0 to ${MAX_RATE_THOUSANDTHS} thousandths, got ${rateThousandths}`)
  }
}

// -0 is not 0 to Object.is, which tests and some serialisers use.
function negate(value: number): number {
  assertSafeInteger(value, 'amount')
  return value === 0 ? 0 : -value
}
