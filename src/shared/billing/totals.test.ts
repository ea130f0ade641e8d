import { describe, expect, test } from 'vitest'
import { computeInvoiceTotals, discountFromPercent, formatTaxRate, negateTotals, parseTaxRate } from './totals'

const HST = { name: 'HST', rateThousandths: 13000 }
const GST = { name: 'GST', rateThousandths: 5000 }
const QST = { name: 'QST', rateThousandths: 9975 }
const lines = (...amounts: number[]) => amounts.map((amountMinor) => ({ amountMinor }))

describe('computeInvoiceTotals', () => {
  test('the subtotal is the sum of the lines, the tax is taken on it, the total adds them', () => {
    expect(computeInvoiceTotals(lines(25000, 18000), [HST])).toEqual({
      subtotalMinor: 43000,
      taxes: [{ name: 'HST', rateThousandths: 13000, amountMinor: 5590 }],
      totalMinor: 48590,
    })
  })

  test('tax is rounded once on the subtotal, not per line', () => {
    // 13 % of 1 cent is 0.13 cents: per line, three lines of 1 cent would carry no tax at all;
    // 13 % of 111 cents is 14.43 cents.
    expect(computeInvoiceTotals(lines(1, 1, 1, 108), [HST]).taxes[0]?.amountMinor).toBe(14)
    // Per line, 4 × round(0.65) would be 4 cents; on the subtotal 13 % of 20 is 2.6, so 3.
    expect(computeInvoiceTotals(lines(5, 5, 5, 5), [HST]).taxes[0]?.amountMinor).toBe(3)
  })

  test('halves are rounded away from zero', () => {
    // 5 % of 10 cents is 0.5 cents; of -10 cents, -0.5.
    expect(computeInvoiceTotals(lines(10), [GST]).taxes[0]?.amountMinor).toBe(1)
    expect(computeInvoiceTotals(lines(-10), [GST]).taxes[0]?.amountMinor).toBe(-1)
    expect(computeInvoiceTotals(lines(30), [GST]).taxes[0]?.amountMinor).toBe(2)
  })

  test('two taxes are each taken on the subtotal, never one on the other', () => {
    // Quebec: GST 5 % and QST 9.975 % of $100.00.
    expect(computeInvoiceTotals(lines(10000), [GST, QST])).toEqual({
      subtotalMinor: 10000,
      taxes: [
        { name: 'GST', rateThousandths: 5000, amountMinor: 500 },
        { name: 'QST', rateThousandths: 9975, amountMinor: 998 },
      ],
      totalMinor: 11498,
    })
  })

  test('discounts and adjustments are negative lines', () => {
    const totals = computeInvoiceTotals(lines(43000, discountFromPercent(43000, 10000), -2500), [HST])
    expect(totals.subtotalMinor).toBe(36200)
    expect(totals.taxes[0]?.amountMinor).toBe(4706)
    expect(totals.totalMinor).toBe(40906)
  })

  test('no lines and no taxes make a zero invoice', () => {
    expect(computeInvoiceTotals([], [])).toEqual({ subtotalMinor: 0, taxes: [], totalMinor: 0 })
    expect(computeInvoiceTotals(lines(12345), [])).toEqual({ subtotalMinor: 12345, taxes: [], totalMinor: 12345 })
  })

  test('a 0 % tax is shown at 0', () => {
    expect(computeInvoiceTotals(lines(12345), [{ name: 'Exempt', rateThousandths: 0 }]).taxes[0]?.amountMinor).toBe(0)
  })

  test('tax on a large subtotal is exact', () => {
    const subtotal = 9_007_199_254_740 // about 90 billion dollars
    // 13 % of it is 1,170,935,903,116.2 cents.
    expect(computeInvoiceTotals(lines(subtotal), [HST]).taxes[0]?.amountMinor).toBe(1_170_935_903_116)
  })

  test('refuses amounts that are not safe integers, rates out of range and totals beyond a safe integer', () => {
    expect(() => computeInvoiceTotals(lines(10.5), [])).toThrow(RangeError)
    expect(() => computeInvoiceTotals(lines(Number.NaN), [])).toThrow(RangeError)
    expect(() => computeInvoiceTotals(lines(1), [{ name: 'Bad', rateThousandths: -1 }])).toThrow(RangeError)
    expect(() => computeInvoiceTotals(lines(1), [{ name: 'Bad', rateThousandths: 100001 }])).toThrow(RangeError)
    expect(() => computeInvoiceTotals(lines(1), [{ name: 'Bad', rateThousandths: 13.5 }])).toThrow(RangeError)
    expect(() => computeInvoiceTotals(lines(Number.MAX_SAFE_INTEGER, 1), [])).toThrow(RangeError)
    expect(() => computeInvoiceTotals(lines(Number.MAX_SAFE_INTEGER), [HST])).toThrow(RangeError)
  })
})

describe('discountFromPercent', () => {
  test('is negative, rounded half away from zero', () => {
    expect(discountFromPercent(10050, 10000)).toBe(-1005)
    expect(discountFromPercent(10000, 12500)).toBe(-1250)
    // 12.5 % of 4 cents is 0.5 cents.
    expect(discountFromPercent(4, 12500)).toBe(-1)
    expect(discountFromPercent(3, 12500)).toBe(0)
    expect(discountFromPercent(43000, 100000)).toBe(-43000)
  })

  test('is never -0', () => {
    expect(Object.is(discountFromPercent(0, 10000), 0)).toBe(true)
    expect(Object.is(discountFromPercent(1000, 0), 0)).toBe(true)
  })

  test('refuses a percentage out of range', () => {
    expect(() => discountFromPercent(1000, 100001)).toThrow(RangeError)
    expect(() => discountFromPercent(1000, -1)).toThrow(RangeError)
    expect(() => discountFromPercent(10.5, 1000)).toThrow(RangeError)
  })
})

describe('negateTotals', () => {
  test('negates every figure and keeps names and rates', () => {
    const invoice = computeInvoiceTotals(lines(10000), [GST, QST])
    expect(negateTotals(invoice)).toEqual({
      subtotalMinor: -10000,
      taxes: [
        { name: 'GST', rateThousandths: 5000, amountMinor: -500 },
        { name: 'QST', rateThousandths: 9975, amountMinor: -998 },
      ],
      totalMinor: -11498,
    })
  })

  test('a zero stays 0, never -0', () => {
    const negated = negateTotals(computeInvoiceTotals([], [GST]))
    expect(Object.is(negated.subtotalMinor, 0)).toBe(true)
    expect(Object.is(negated.taxes[0]?.amountMinor, 0)).toBe(true)
    expect(Object.is(negated.totalMinor, 0)).toBe(true)
  })

  test('leaves the invoice’s own figures untouched', () => {
    const invoice = computeInvoiceTotals(lines(10000), [GST])
    negateTotals(invoice)
    expect(invoice.taxes[0]?.amountMinor).toBe(500)
  })
})

describe('formatTaxRate', () => {
  test.each([
    [13000, '13 %'],
    [9975, '9.975 %'],
    [5000, '5 %'],
    [14975, '14.975 %'],
    [500, '0.5 %'],
    [0, '0 %'],
    [100000, '100 %'],
  ])('%i is %s', (rate, text) => {
    expect(formatTaxRate(rate)).toBe(text)
  })

  test('refuses a rate out of range', () => {
    expect(() => formatTaxRate(-1)).toThrow(RangeError)
    expect(() => formatTaxRate(100001)).toThrow(RangeError)
  })
})

describe('parseTaxRate', () => {
  test.each([
    ['13', 13000],
    ['9.975', 9975],
    ['0.5', 500],
    ['.5', 500],
    ['5.00', 5000],
    [' 13 ', 13000],
    ['13 %', 13000],
    ['13%', 13000],
    ['0', 0],
    ['100', 100000],
  ])('reads "%s" as %i', (text, rate) => {
    expect(parseTaxRate(text)).toBe(rate)
  })

  test.each(['', '%', '.', '13.', '9.9751', '100.001', '101', '1000', '-5', '13,5', 'abc', '1e1', '+5'])('refuses "%s"', (text) => {
    expect(parseTaxRate(text)).toBeNull()
  })

  test('reads back what formatTaxRate writes', () => {
    for (const rate of [0, 1, 10, 100, 500, 9975, 13000, 14975, 99999, 100000]) {
      expect(parseTaxRate(formatTaxRate(rate))).toBe(rate)
    }
  })
})
