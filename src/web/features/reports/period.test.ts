import { describe, expect, it } from 'vitest'
import { periodProblem, readPeriod, writePeriod } from './period'

const TODAY = '2026-11-18'

describe('the period in a page’s address', () => {
  it('reads a preset from today, whatever dates came with it', () => {
    const params = new URLSearchParams({ period: 'last-month', from: '2020-01-01', to: '2020-01-31' })
    expect(readPeriod(params, TODAY, 'this-month')).toEqual({ choice: 'last-month', from: '2026-10-01', to: '2026-10-31' })
  })

  it('reads two dates without a preset as a custom range', () => {
    const params = new URLSearchParams({ from: '2026-09-03', to: '2026-09-20' })
    expect(readPeriod(params, TODAY, 'this-month')).toEqual({ choice: 'custom', from: '2026-09-03', to: '2026-09-20' })
  })

  it('falls back to the page’s own preset', () => {
    expect(readPeriod(new URLSearchParams(), TODAY, 'this-season')).toEqual({ choice: 'this-season', from: '2026-09-01', to: '2027-04-30' })
    expect(readPeriod(new URLSearchParams({ period: 'fortnight' }), TODAY, 'this-month').choice).toBe('this-month')
  })

  it('writes the choice and its dates, keeping the other parameters', () => {
    const written = writePeriod(new URLSearchParams({ facilityId: 'all', period: 'this-week' }), {
      choice: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(Object.fromEntries(written)).toEqual({ facilityId: 'all', from: '2026-01-01', to: '2026-01-31' })
  })

  it('names what is wrong with a custom range as the server would', () => {
    expect(periodProblem({ from: '2026-01-01', to: '2026-01-31' }, 400)).toBeNull()
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-31' }, 400)).toEqual({
      field: 'to',
      message: 'The end date must be on or after the start date',
    })
    expect(periodProblem({ from: '2024-01-01', to: '2026-01-31' }, 400)).toEqual({
      field: 'to',
      message: 'A period can be at most 400 days long',
    })
    expect(periodProblem({ from: '', to: '2026-01-31' }, 400)).toEqual({
      field: 'from',
      message: 'Please enter a start date as YYYY-MM-DD',
    })
  })
})
