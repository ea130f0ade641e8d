import { describe, expect, test } from 'vitest'
import { hoursText, priceBooking } from './pricing'

describe('priceBooking', () => {
  test('prices minutes at hourly rates', () => {
    expect(priceBooking({ primeMinutes: 60, nonPrimeMinutes: 0, primeRateMinor: 25000, nonPrimeRateMinor: 18000 })).toBe(25000)
    expect(priceBooking({ primeMinutes: 60, nonPrimeMinutes: 60, primeRateMinor: 25000, nonPrimeRateMinor: 18000 })).toBe(43000)
    expect(priceBooking({ primeMinutes: 0, nonPrimeMinutes: 90, primeRateMinor: 25000, nonPrimeRateMinor: 18000 })).toBe(27000)
  })

  test('rounds once per line, halves away from zero', () => {
    // 30 minutes at 2501 cents an hour is 1250.5 cents on each side: one rounding of the sum
    // gives 2501, where rounding each side would give 2502.
    expect(priceBooking({ primeMinutes: 30, nonPrimeMinutes: 30, primeRateMinor: 2501, nonPrimeRateMinor: 2501 })).toBe(2501)
    expect(priceBooking({ primeMinutes: 30, nonPrimeMinutes: 0, primeRateMinor: 2501, nonPrimeRateMinor: 0 })).toBe(1251)
    // 20 minutes at 100 cents an hour is 33.33… cents.
    expect(priceBooking({ primeMinutes: 20, nonPrimeMinutes: 0, primeRateMinor: 100, nonPrimeRateMinor: 0 })).toBe(33)
    expect(priceBooking({ primeMinutes: 0, nonPrimeMinutes: 40, primeRateMinor: 0, nonPrimeRateMinor: 100 })).toBe(67)
  })

  test('a zero rate or no minutes cost nothing', () => {
    expect(priceBooking({ primeMinutes: 0, nonPrimeMinutes: 0, primeRateMinor: 25000, nonPrimeRateMinor: 18000 })).toBe(0)
    expect(priceBooking({ primeMinutes: 90, nonPrimeMinutes: 30, primeRateMinor: 0, nonPrimeRateMinor: 0 })).toBe(0)
  })

  test('never overflows: the product is taken exactly', () => {
    // 999,999,937 × 99,999,989 = 99,999,982,700,000,693: beyond 2^53, where a float would lose the last digits.
    expect(priceBooking({ primeMinutes: 999_999_937, nonPrimeMinutes: 0, primeRateMinor: 99_999_989, nonPrimeRateMinor: 0 })).toBe(
      1_666_666_378_333_345,
    )
  })

  test('refuses negative or fractional minutes and rates', () => {
    const valid = { primeMinutes: 60, nonPrimeMinutes: 60, primeRateMinor: 100, nonPrimeRateMinor: 100 }
    for (const field of Object.keys(valid)) {
      for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => priceBooking({ ...valid, [field]: bad })).toThrow(RangeError)
      }
    }
  })
})

describe('hoursText', () => {
  test.each([
    [90, '1.5'],
    [15, '0.25'],
    [60, '1'],
    [30, '0.5'],
    [45, '0.75'],
    [3, '0.05'],
    [0, '0'],
    [1440, '24'],
    [-30, '-0.5'],
    [20, '0.33'],
    [40, '0.67'],
    [1, '0.02'],
    [-40, '-0.67'],
    [100, '1.67'],
  ])('%i minutes are %s h', (minutes, text) => {
    expect(hoursText(minutes)).toBe(text)
  })

  test('refuses a fraction of a minute', () => {
    expect(() => hoursText(1.5)).toThrow(RangeError)
  })
})
