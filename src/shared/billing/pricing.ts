import { assertSafeInteger, formatScaledInteger, roundHalfAwayFromZero } from './money'

export interface BookingPriceInput {
  primeMinutes: number
  nonPrimeMinutes: number
  /** Hourly rates in minor units. */
  primeRateMinor: number
  nonPrimeRateMinor: number
}

const MINUTES_PER_HOUR = 60n

/**
 * A booking line's amount in minor units: its minutes at the hourly rates, summed exactly and
 * rounded once, halves away from zero (ADR 0060). 30 prime and 30 non-prime minutes at $25.01 an
 * hour are $25.01, where rounding each part (1250.5 cents) would make them $25.02.
 */
export function priceBooking({ primeMinutes, nonPrimeMinutes, primeRateMinor, nonPrimeRateMinor }: BookingPriceInput): number {
  assertNonNegative(primeMinutes, 'prime minutes')
  assertNonNegative(nonPrimeMinutes, 'non-prime minutes')
  assertNonNegative(primeRateMinor, 'prime rate')
  assertNonNegative(nonPrimeRateMinor, 'non-prime rate')
  const minuteAmounts = BigInt(primeMinutes) * BigInt(primeRateMinor) + BigInt(nonPrimeMinutes) * BigInt(nonPrimeRateMinor)
  return roundHalfAwayFromZero(minuteAmounts, MINUTES_PER_HOUR)
}

/**
 * Minutes as decimal hours for a line's description ('+0.5 h'): 90 is '1.5', 15 is '0.25' and 60
 * is '1'. A whole number of minutes is an exact decimal of at most 2 places when it is a multiple
 * of 3; any other (20 minutes, 0.333… h) is rounded to 2 places, halves away from zero ('0.33').
 */
export function hoursText(minutes: number): string {
  assertSafeInteger(minutes, 'minutes')
  // Hundredths of an hour: minutes × 100 / 60.
  const hundredths = roundHalfAwayFromZero(BigInt(minutes) * 5n, 3n)
  return formatScaledInteger(hundredths, 2, { trimZeros: true })
}

function assertNonNegative(value: number, name: string): void {
  assertSafeInteger(value, name)
  if (value < 0) throw new RangeError(`Expected the ${name} to be 0 or more, got ${value}`)
}
