import { describe, expect, it } from 'vitest'
import { lastMonthPeriod } from './period'

describe('lastMonthPeriod', () => {
  it('is the whole month before the one today lies in', () => {
    expect(lastMonthPeriod('2027-03-15')).toEqual({ periodStart: '2027-02-01', periodEnd: '2027-02-28' })
  })

  it('goes back across a new year', () => {
    expect(lastMonthPeriod('2027-01-01')).toEqual({ periodStart: '2026-12-01', periodEnd: '2026-12-31' })
  })

  it('ends on Feb 29 in a leap year', () => {
    expect(lastMonthPeriod('2028-03-31')).toEqual({ periodStart: '2028-02-01', periodEnd: '2028-02-29' })
  })

  it('is the same on the first and the last day of a month', () => {
    expect(lastMonthPeriod('2026-11-01')).toEqual(lastMonthPeriod('2026-11-30'))
    expect(lastMonthPeriod('2026-11-30')).toEqual({ periodStart: '2026-10-01', periodEnd: '2026-10-31' })
  })

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => lastMonthPeriod('2027-02-30')).toThrow(RangeError)
  })
})
