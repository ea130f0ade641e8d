import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { currencyDigits, formatMoney, formatScaledInteger, isCurrencyCode, parseMoney, roundHalfAwayFromZero } from './money'

describe('currencyDigits', () => {
  test.each([
    ['CAD', 2],
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
  ])('%s has %i decimals', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits)
  })

  test('follows ISO 4217 where CLDR gives the digits used in cash', () => {
    expect(currencyDigits('IDR')).toBe(2)
    expect(currencyDigits('HUF')).toBe(2)
    expect(currencyDigits('IQD')).toBe(3)
  })

  test('refuses what is not a currency', () => {
    expect(() => currencyDigits('cad')).toThrow(RangeError)
    expect(() => currencyDigits('QQQ')).toThrow(RangeError)
    expect(() => currencyDigits('XAU')).toThrow(RangeError)
  })
})

describe('isCurrencyCode', () => {
  test('knows the currencies of the world', () => {
    expect(isCurrencyCode('CAD')).toBe(true)
    expect(isCurrencyCode('JPY')).toBe(true)
  })

  test('refuses lower case, other lengths, unknown codes and units without a minor unit', () => {
    for (const code of ['cad', 'CA', 'CADD', '', 'C1D', 'QQQ', 'XXX', 'XAU', 'XDR']) {
      expect(isCurrencyCode(code)).toBe(false)
    }
  })
})

describe('formatMoney', () => {
  test('writes minor units as the locale writes money', () => {
    expect(formatMoney(123456, 'CAD')).toBe('$1,234.56')
    expect(formatMoney(5, 'CAD')).toBe('$0.05')
    expect(formatMoney(0, 'CAD')).toBe('$0.00')
    expect(formatMoney(1200, 'CAD')).toBe('$12.00')
  })

  test('puts the minus before the symbol', () => {
    expect(formatMoney(-1200, 'CAD')).toBe('-$12.00')
    expect(formatMoney(-5, 'CAD')).toBe('-$0.05')
  })

  test('uses the currency’s own decimals', () => {
    expect(formatMoney(1234, 'JPY')).toBe('JP¥1,234')
    expect(formatMoney(1234, 'KWD')).toBe('KWD\u00a01.234')
    expect(formatMoney(123456, 'USD')).toBe('US$1,234.56')
    // CLDR would show whole rupiah; the invoice shows the cents it counts.
    expect(formatMoney(123456, 'IDR')).toBe('IDR\u00a01,234.56')
  })

  test('shows the largest safe amount to the last digit', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'CAD')).toBe('$90,071,992,547,409.91')
    expect(formatMoney(Number.MIN_SAFE_INTEGER, 'CAD')).toBe('-$90,071,992,547,409.91')
  })

  test('another locale writes it its own way', () => {
    expect(formatMoney(123456, 'CAD', 'fr-CA')).toBe('1\u00a0234,56\u00a0$')
  })

  test('refuses amounts that are not safe integers', () => {
    for (const amount of [12.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatMoney(amount, 'CAD')).toThrow(RangeError)
    }
  })
})

describe('parseMoney', () => {
  test.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1,234.56', 123456],
    ['$12.50', 1250],
    ['  $ 12.50 ', 1250],
    ['CAD 12.50', 1250],
    ['0.05', 5],
    ['.5', 50],
    ['0', 0],
    ['1,000,000', 100000000],
  ])('reads "%s" as %i', (text, minor) => {
    expect(parseMoney(text, 'CAD')).toBe(minor)
  })

  test.each(['', ' ', '.', '12.', '12.505', '1,23.00', '12,5', '1,2345', 'abc', '$', '12$', '1e3', '+12', '12 .50', '--12'])(
    'refuses "%s"',
    (text) => {
      expect(parseMoney(text, 'CAD')).toBeNull()
    },
  )

  test('refuses a negative amount unless asked for', () => {
    expect(parseMoney('-12.50', 'CAD')).toBeNull()
    expect(parseMoney('-12.50', 'CAD', { allowNegative: true })).toBe(-1250)
    expect(parseMoney('-$12.50', 'CAD', { allowNegative: true })).toBe(-1250)
    expect(parseMoney('$-12.50', 'CAD', { allowNegative: true })).toBe(-1250)
    expect(parseMoney('-0', 'CAD')).toBe(0)
  })

  test('allows only the currency’s decimals', () => {
    expect(parseMoney('1234', 'JPY')).toBe(1234)
    expect(parseMoney('1234.5', 'JPY')).toBeNull()
    expect(parseMoney('1.234', 'KWD')).toBe(1234)
    expect(parseMoney('US$12.50', 'USD')).toBe(1250)
  })

  test('refuses an amount too large to count exactly', () => {
    expect(parseMoney('90,071,992,547,409.91', 'CAD')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMoney('90071992547409.92', 'CAD')).toBeNull()
  })

  test('reads back what formatMoney writes', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('CAD', 'USD', 'JPY', 'KWD', 'EUR'), (minor, currency) => {
        expect(parseMoney(formatMoney(minor, currency), currency, { allowNegative: true })).toBe(minor)
      }),
      { numRuns: 300 },
    )
  })
})

describe('roundHalfAwayFromZero', () => {
  test.each([
    [5, 2, 3],
    [-5, 2, -3],
    [5, -2, -3],
    [-5, -2, 3],
    [7, 3, 2],
    [8, 3, 3],
    [-7, 3, -2],
    [-8, 3, -3],
    [6, 3, 2],
    [0, 7, 0],
    [1, 2, 1],
    [-1, 2, -1],
    [1, 3, 0],
  ])('%i / %i is %i', (numerator, denominator, expected) => {
    expect(roundHalfAwayFromZero(numerator, denominator)).toBe(expected)
  })

  test('takes products beyond a safe integer as bigints', () => {
    const product = BigInt(Number.MAX_SAFE_INTEGER) * 100_000n
    expect(roundHalfAwayFromZero(product, 100_000n)).toBe(Number.MAX_SAFE_INTEGER)
  })

  test('never gives -0', () => {
    expect(Object.is(roundHalfAwayFromZero(-1, 3), 0)).toBe(true)
  })

  test('refuses a division by zero, a fraction, and a result beyond a safe integer', () => {
    expect(() => roundHalfAwayFromZero(1, 0)).toThrow(RangeError)
    expect(() => roundHalfAwayFromZero(1.5, 2)).toThrow(RangeError)
    expect(() => roundHalfAwayFromZero(1, 0.5)).toThrow(RangeError)
    expect(() => roundHalfAwayFromZero(BigInt(Number.MAX_SAFE_INTEGER) * 2n, 1n)).toThrow(RangeError)
  })

  test('is the nearest integer, halves away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -BigInt(Number.MAX_SAFE_INTEGER), max: BigInt(Number.MAX_SAFE_INTEGER) }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (numerator, denominator) => {
          const rounded = BigInt(roundHalfAwayFromZero(numerator, denominator))
          // |numerator - rounded × denominator| ≤ denominator / 2, a tie going away from zero.
          const distance = 2n * (numerator - rounded * denominator)
          expect(distance <= denominator && distance >= -denominator).toBe(true)
          if (distance === denominator) expect(numerator < 0n).toBe(true)
          if (distance === -denominator) expect(numerator > 0n).toBe(true)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('formatScaledInteger', () => {
  test('places the decimal point by the digits', () => {
    expect(formatScaledInteger(123456, 2)).toBe('1234.56')
    expect(formatScaledInteger(5, 2)).toBe('0.05')
    expect(formatScaledInteger(-1205, 2)).toBe('-12.05')
    expect(formatScaledInteger(42, 0)).toBe('42')
    expect(formatScaledInteger(1500, 3, { trimZeros: true })).toBe('1.5')
    expect(formatScaledInteger(2000, 3, { trimZeros: true })).toBe('2')
    expect(formatScaledInteger(0, 2, { trimZeros: true })).toBe('0')
  })
})
