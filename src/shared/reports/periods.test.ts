import { describe, expect, it } from 'vitest'
import { periodDays, periodOf } from './periods'

describe('periodOf', () => {
  it('this week runs Monday to Sunday around today', () => {
    // 2026-11-29 is a Sunday, 2026-11-23 a Monday.
    expect(periodOf('this-week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(periodOf('this-week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(periodOf('this-week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
  })

  it('this week crosses a month and a year end', () => {
    // 2026-01-01 is a Thursday.
    expect(periodOf('this-week', '2026-01-01')).toEqual({ from: '2025-12-29', to: '2026-01-04' })
  })

  it('this month and last month, with February in a leap year', () => {
    expect(periodOf('this-month', '2028-02-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(periodOf('last-month', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(periodOf('this-month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })

  it('last month in January is last December', () => {
    expect(periodOf('last-month', '2027-01-10')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })

  it('this season from September to December runs to next April', () => {
    expect(periodOf('this-season', '2026-09-01')).toEqual({ from: '2026-09-01', to: '2027-04-30' })
    expect(periodOf('this-season', '2026-12-31')).toEqual({ from: '2026-09-01', to: '2027-04-30' })
  })

  it('this season from January to April began last September', () => {
    expect(periodOf('this-season', '2027-01-01')).toEqual({ from: '2026-09-01', to: '2027-04-30' })
    expect(periodOf('this-season', '2027-04-30')).toEqual({ from: '2026-09-01', to: '2027-04-30' })
  })

  it('this season from May to August is the season just ended', () => {
    expect(periodOf('this-season', '2027-05-01')).toEqual({ from: '2026-09-01', to: '2027-04-30' })
    expect(periodOf('this-season', '2027-08-31')).toEqual({ from: '2026-09-01', to: '2027-04-30' })
  })
})

describe('periodDays', () => {
  it('counts both ends', () => {
    expect(periodDays({ from: '2026-01-01', to: '2026-01-01' })).toBe(1)
    expect(periodDays({ from: '2026-01-01', to: '2026-12-31' })).toBe(365)
    expect(periodDays({ from: '2028-01-01', to: '2028-12-31' })).toBe(366)
  })
})
