import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { splitPrimeMinutes, type PrimeTime } from './prime-time'
import { priceBooking } from './pricing'
import { computeInvoiceTotals, discountFromPercent, negateTotals, type InvoiceTotals } from './totals'

// From booking to invoice over random bookings, rates, discounts and taxes: the figures always
// add up to the cent and follow the one rounding rule of ADR 0060.

const ZONES = ['America/Toronto', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'UTC']
const MS_PER_MINUTE = 60_000

// The definition, written independently of roundHalfAwayFromZero: the nearest integer to
// numerator / denominator (denominator > 0), a half going away from zero.
function nearestHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const magnitude = (2n * (numerator < 0n ? -numerator : numerator) + denominator) / (2n * denominator)
  return numerator < 0n ? -magnitude : magnitude
}

const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([hours, minutes]) => hours * 60 + minutes)
const asClock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
// A window that ends after it starts, or at the midnight that ends the day ('00:00').
const primeWindow = fc
  .tuple(clock, fc.option(clock, { nil: undefined }))
  .filter(([start, end]) => end === undefined || end > start)
  .map(([start, end]) => ({ start: asClock(start), end: end === undefined ? '00:00' : asClock(end) }))
const primeTime: fc.Arbitrary<PrimeTime> = fc.tuple(primeWindow, primeWindow).map(([weekday, weekend]) => ({
  weekdayStart: weekday.start,
  weekdayEnd: weekday.end,
  weekendStart: weekend.start,
  weekendEnd: weekend.end,
}))

const booking = fc.record({
  startMinute: fc.integer({ min: Date.UTC(2024, 0, 1) / MS_PER_MINUTE, max: Date.UTC(2028, 0, 1) / MS_PER_MINUTE }),
  minutes: fc.integer({ min: 15, max: 24 * 60 }),
  timeZone: fc.constantFrom(...ZONES),
  prime: primeTime,
  primeRateMinor: fc.integer({ min: 0, max: 100_000 }),
  nonPrimeRateMinor: fc.integer({ min: 0, max: 100_000 }),
})

const tax = fc.record({
  name: fc.constantFrom('HST', 'GST', 'PST', 'QST'),
  rateThousandths: fc.oneof(fc.constantFrom(5000, 7000, 9975, 13000, 15000), fc.integer({ min: 0, max: 100_000 })),
})

const invoice = fc.record({
  bookings: fc.array(booking, { maxLength: 4 }),
  discountPercents: fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 2 }),
  adjustments: fc.array(fc.integer({ min: -100_000_000, max: 100_000_000 }), { maxLength: 3 }),
  taxes: fc.array(tax, { maxLength: 3 }),
})

function everyFigure(totals: InvoiceTotals): number[] {
  return [totals.subtotalMinor, ...totals.taxes.map((each) => each.amountMinor), totals.totalMinor]
}

describe('an invoice from random bookings', () => {
  test('the figures add up exactly and follow the rounding rule', () => {
    fc.assert(
      fc.property(invoice, ({ bookings, discountPercents, adjustments, taxes }) => {
        const bookingAmounts = bookings.map(({ startMinute, minutes, timeZone, prime, primeRateMinor, nonPrimeRateMinor }) => {
          const start = new Date(startMinute * MS_PER_MINUTE)
          const end = new Date((startMinute + minutes) * MS_PER_MINUTE)
          const split = splitPrimeMinutes(start, end, timeZone, prime)
          expect(split.primeMinutes + split.nonPrimeMinutes).toBe(minutes)
          expect(split.primeMinutes).toBeGreaterThanOrEqual(0)
          expect(split.nonPrimeMinutes).toBeGreaterThanOrEqual(0)

          const amount = priceBooking({ ...split, primeRateMinor, nonPrimeRateMinor })
          const exact = BigInt(split.primeMinutes) * BigInt(primeRateMinor) + BigInt(split.nonPrimeMinutes) * BigInt(nonPrimeRateMinor)
          expect(BigInt(amount)).toBe(nearestHalfAwayFromZero(exact, 60n))
          return amount
        })
        const bookingSum = bookingAmounts.reduce((sum, amount) => sum + amount, 0)
        const discounts = discountPercents.map((percent) => discountFromPercent(bookingSum, percent))
        for (const [index, discount] of discounts.entries()) {
          expect(discount).toBeLessThanOrEqual(0)
          const percent = BigInt(discountPercents[index] ?? 0)
          expect(BigInt(discount)).toBe(nearestHalfAwayFromZero(-BigInt(bookingSum) * percent, 100_000n))
        }
        const lines = [...bookingAmounts, ...discounts, ...adjustments].map((amountMinor) => ({ amountMinor }))

        const totals = computeInvoiceTotals(lines, taxes)

        const lineSum = lines.reduce((sum, line) => sum + BigInt(line.amountMinor), 0n)
        expect(BigInt(totals.subtotalMinor)).toBe(lineSum)
        expect(totals.taxes.map(({ name, rateThousandths }) => ({ name, rateThousandths }))).toEqual(taxes)
        for (const [index, { rateThousandths }] of taxes.entries()) {
          const expected = nearestHalfAwayFromZero(lineSum * BigInt(rateThousandths), 100_000n)
          expect(BigInt(totals.taxes[index]?.amountMinor ?? Number.NaN)).toBe(expected)
        }
        const taxSum = totals.taxes.reduce((sum, each) => sum + BigInt(each.amountMinor), 0n)
        expect(BigInt(totals.totalMinor)).toBe(lineSum + taxSum)

        const credit = negateTotals(totals)
        const creditFigures = everyFigure(credit)
        for (const [index, figure] of everyFigure(totals).entries()) expect(figure + (creditFigures[index] ?? 0)).toBe(0)
        expect(credit.taxes.map(({ name, rateThousandths }) => ({ name, rateThousandths }))).toEqual(taxes)

        for (const figure of [...bookingAmounts, ...discounts, ...everyFigure(totals), ...creditFigures]) {
          expect(Number.isSafeInteger(figure)).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })

  test('any safe lines and taxes add up exactly', () => {
    // The database bounds a line to ±10^11 minor units (a billion dollars); up to 50 of them.
    const line = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }).map((amountMinor) => ({ amountMinor }))
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), fc.array(tax, { maxLength: 3 }), (lines, taxes) => {
        const totals = computeInvoiceTotals(lines, taxes)
        const lineSum = lines.reduce((sum, each) => sum + BigInt(each.amountMinor), 0n)
        expect(BigInt(totals.subtotalMinor)).toBe(lineSum)
        for (const [index, { rateThousandths }] of taxes.entries()) {
          expect(BigInt(totals.taxes[index]?.amountMinor ?? Number.NaN)).toBe(
            nearestHalfAwayFromZero(lineSum * BigInt(rateThousandths), 100_000n),
          )
        }
        expect(totals.totalMinor).toBe(totals.subtotalMinor + totals.taxes.reduce((sum, each) => sum + each.amountMinor, 0))
        const credit = negateTotals(totals)
        expect(everyFigure(credit).map((figure, index) => figure + (everyFigure(totals)[index] ?? 0))).toEqual(
          everyFigure(totals).map(() => 0),
        )
        expect(everyFigure(totals).every(Number.isSafeInteger)).toBe(true)
        expect(everyFigure(credit).every(Number.isSafeInteger)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  test('the credit note of an invoice computed from negated lines is its exact negation', () => {
    // Rounding halves away from zero is symmetric, so negating the lines negates every figure.
    const line = fc.integer({ min: -100_000_000, max: 100_000_000 }).map((amountMinor) => ({ amountMinor }))
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(tax, { maxLength: 3 }), (lines, taxes) => {
        const negatedLines = lines.map(({ amountMinor }) => ({ amountMinor: amountMinor === 0 ? 0 : -amountMinor }))
        expect(computeInvoiceTotals(negatedLines, taxes)).toEqual(negateTotals(computeInvoiceTotals(lines, taxes)))
      }),
      { numRuns: 500 },
    )
  })
})
