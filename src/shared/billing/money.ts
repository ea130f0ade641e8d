// Money is an integer count of the currency's minor units (cents), never a float (ADR 0060).
// Amounts cross this module as safe integers; every product and quotient is taken in BigInt, and
// every decimal string is built from the integer's digits, so no binary fraction is ever made.

const CURRENCY_CODE = /^[A-Z]{3}$/
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)

// ISO 4217's minor units where the engine's CLDR data disagrees or may disagree with it. CLDR
// gives some currencies the digits people use in cash (0 for IDR, HUF, COP...), but an invoice
// counts the units ISO defines; the currencies that are not 2 are listed too, so that an engine
// with older or newer CLDR data cannot change what an amount in the database means.
const ISO_MINOR_UNITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries('BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ').map((code) => [code, 0])),
  ...Object.fromEntries('BHD IQD JOD KWD LYD OMR TND'.split(' ').map((code) => [code, 3])),
  ...Object.fromEntries('CLF UYW'.split(' ').map((code) => [code, 4])),
  ...Object.fromEntries('AFN ALL COP HUF IDR IRR KPW LAK LBP MGA MMK PKR SLL SOS SYP YER'.split(' ').map((code) => [code, 2])),
}

// Precious metals, fund units and the testing codes: ISO gives them no minor unit, so no amount
// of them can be counted in minor units or invoiced.
const WITHOUT_MINOR_UNIT = new Set('XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX'.split(' '))

let supportedCurrencies: ReadonlySet<string> | null | undefined

/** Whether `code` is an ISO 4217 currency this engine knows and amounts can be counted in. */
export function isCurrencyCode(code: string): boolean {
  if (!CURRENCY_CODE.test(code) || WITHOUT_MINOR_UNIT.has(code)) return false
  supportedCurrencies ??= typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null
  return supportedCurrencies ? supportedCurrencies.has(code) : code in ISO_MINOR_UNITS || isFormattable(code)
}

/** The ISO 4217 minor-unit exponent: 2 for CAD (cents), 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  if (!isCurrencyCode(currency)) throw new RangeError(`Unknown currency "${currency}"`)
  return (
    ISO_MINOR_UNITS[currency] ?? new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  )
}

/**
 * The amount as the locale writes money: formatMoney(123456, 'CAD') is '$1,234.56'. A negative
 * amount takes the locale's own sign, which for en-CA is a minus before the symbol: '-$12.00'
 * (never parentheses), the same form parseMoney reads back.
 *
 * Intl is handed a decimal string, never a number (engines since 2023 format such strings
 * exactly; an older one reads it as a number, which still shows 15 significant digits exactly).
 */
export function formatMoney(minor: number, currency: string, locale = 'en-CA'): string {
  assertSafeInteger(minor, 'amount')
  const digits = currencyDigits(currency)
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return formatter.format(formatScaledInteger(minor, digits) as Intl.StringNumericLiteral)
}

/**
 * An amount typed by an operator, in minor units: '12', '12.5', '12.50', '1,234.56', '$12.50',
 * 'CAD 12.50'. Null when it is not an amount, has more decimals than the currency has (12.505
 * dollars), is negative without `allowNegative`, or is too large to count exactly. The comma
 * groups thousands and the point separates decimals, as in the app's en-CA formatting.
 */
export function parseMoney(text: string, currency: string, { allowNegative = false }: { allowNegative?: boolean } = {}): number | null {
  const digits = currencyDigits(currency)
  let rest = text.trim()
  let isNegative = false
  const takeSign = () => {
    if (rest.startsWith('-') || rest.startsWith('\u2212')) {
      isNegative = true
      rest = rest.slice(1).trim()
    }
  }
  // The sign may come before or after the symbol: '-$12.50' and '$-12.50'.
  takeSign()
  const symbol = currencySymbols(currency).find((candidate) => rest.startsWith(candidate))
  if (symbol) rest = rest.slice(symbol.length).trim()
  if (!isNegative) takeSign()

  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d+))?$/.exec(rest)
  if (!match) return null
  const whole = (match[1] ?? '').replaceAll(',', '')
  const fraction = match[2] ?? ''
  if (whole === '' && fraction === '') return null
  if (fraction.length > digits) return null
  const magnitude = BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0')
  if (isNegative && magnitude !== 0n && !allowNegative) return null
  const value = isNegative ? -magnitude : magnitude
  return value > MAX_SAFE || value < MIN_SAFE ? null : Number(value)
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero: 5/2 is 3 and
 * -5/2 is -3. The one rounding rule of billing (ADR 0060). Computed in BigInt, so a product of
 * two safe integers passed as a bigint never loses a digit.
 */
export function roundHalfAwayFromZero(numerator: bigint | number, denominator: bigint | number): number {
  const top = toBigInt(numerator, 'numerator')
  const bottom = toBigInt(denominator, 'denominator')
  if (bottom === 0n) throw new RangeError('Division by zero')
  let quotient = top / bottom
  const remainder = top % bottom
  if (2n * abs(remainder) >= abs(bottom)) quotient += top < 0n === bottom < 0n ? 1n : -1n
  return toSafeNumber(quotient)
}

/**
 * An integer scaled by 10^digits as a decimal string, built from its digits alone:
 * formatScaledInteger(-1205, 2) is '-12.05', and with `trimZeros` formatScaledInteger(1500, 3)
 * is '1.5' and formatScaledInteger(2000, 3) is '2'.
 */
export function formatScaledInteger(value: number, digits: number, { trimZeros = false }: { trimZeros?: boolean } = {}): string {
  assertSafeInteger(value, 'value')
  const sign = value < 0 ? '-' : ''
  const text = String(Math.abs(value)).padStart(digits + 1, '0')
  const whole = text.slice(0, text.length - digits)
  let fraction = text.slice(text.length - digits)
  if (trimZeros) fraction = fraction.replace(/0+$/, '')
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`
}

/** Throws a RangeError unless `value` is a safe integer: every amount, rate and count of billing. */
export function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Expected the ${name} to be a safe integer, got ${value}`)
}

/** A BigInt result back to a number, refusing one that a number cannot hold exactly. */
export function toSafeNumber(value: bigint): number {
  if (value > MAX_SAFE || value < MIN_SAFE) throw new RangeError(`${value} is beyond a safe integer`)
  return Number(value)
}

function toBigInt(value: bigint | number, name: string): bigint {
  if (typeof value === 'bigint') return value
  assertSafeInteger(value, name)
  return BigInt(value)
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value
}

// The ways an operator may write the currency before an amount: its code and the symbols the
// app's locale shows ('$', 'US$', '€'), longest first so that 'US$' is not read as 'US' + '$'.
function currencySymbols(currency: string): string[] {
  const symbols = new Set([currency])
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    const parts = new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay }).formatToParts(0)
    const symbol = parts.find((part) => part.type === 'currency')?.value
    if (symbol) symbols.add(symbol)
  }
  return [...symbols].sort((a, b) => b.length - a.length)
}

function isFormattable(code: string): boolean {
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code })
    return true
  } catch {
    return false
  }
}
