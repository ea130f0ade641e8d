import { describe, expect, it } from 'vitest'
import { reportQuery } from './schema'

describe('reportQuery', () => {
  it('defaults to all facilities', () => {
    expect(reportQuery.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ facilityId: 'all', from: '2026-01-01', to: '2026-01-31' })
  })

  it('takes one facility by id', () => {
    const id = '0b6c2f5e-4a7e-4d8c-9f1a-2b3c4d5e6f70'
    expect(reportQuery.parse({ facilityId: id, from: '2026-01-01', to: '2026-01-01' }).facilityId).toBe(id)
  })

  it('refuses an end before the start', () => {
    const result = reportQuery.safeParse({ from: '2026-02-01', to: '2026-01-31' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['The end date must be on or after the start date'])
  })

  it('refuses more than 400 days and takes 400', () => {
    expect(reportQuery.safeParse({ from: '2026-01-01', to: '2027-02-04' }).success).toBe(true)
    const result = reportQuery.safeParse({ from: '2026-01-01', to: '2027-02-05' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['A period can be at most 400 days long'])
  })

  it('refuses a facility that is not an id and dates that do not exist', () => {
    const result = reportQuery.safeParse({ facilityId: 'nope', from: '2026-02-30', to: 'x' })
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['facilityId', 'from', 'to'])
  })
})
