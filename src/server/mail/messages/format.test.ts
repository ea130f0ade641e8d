import { describe, expect, it } from 'vitest'
import { formatInstant, formatTimeRange } from './format'

describe('message times', () => {
  it("words a booking in the facility's zone, naming the zone", () => {
    // 23:00 UTC is 6 pm in Toronto in January.
    expect(formatTimeRange(new Date('2027-01-02T23:00:00Z'), new Date('2027-01-03T00:00:00Z'), 'America/Toronto')).toBe(
      'Sat, Jan 2, 2027, 6:00 PM – 7:00 PM (America/Toronto)',
    )
  })

  it('names the end date of a booking past midnight', () => {
    expect(formatTimeRange(new Date('2027-01-03T04:00:00Z'), new Date('2027-01-03T06:00:00Z'), 'America/Toronto')).toBe(
      'Sat, Jan 2, 2027, 11:00 PM – Sun, Jan 3, 2027, 1:00 AM (America/Toronto)',
    )
  })

  it('words an instant', () => {
    expect(formatInstant(new Date('2027-01-02T12:30:00Z'), 'UTC')).toBe('Sat, Jan 2, 2027, 12:30 PM (UTC)')
  })
})
