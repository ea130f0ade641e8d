import { describe, expect, it } from 'vitest'
import { formatDaysOrSpan, formatEndTime, formatSpan, formatSpokenDay, formatSpokenTimeRange, formatTimeRange } from './datetime'

// A Part 1 as the spec stores it: 10:00 PM to 23:59:59.999 on Nov 20 in Toronto (EST, UTC-5).
const PART_START = '2026-11-21T03:00:00Z'
const PART_END = '2026-11-21T04:59:59.999Z'

describe('an end stored at 23:59:59.999', () => {
  it('reads 12:00 AM on the list, the board and the timeline, never 11:59 PM', () => {
    expect(formatEndTime(PART_END, 'America/Toronto')).toBe('12:00 AM')
    expect(formatTimeRange(PART_START, PART_END, 'America/Toronto')).toBe('10:00 PM - 12:00 AM')
    expect(formatSpokenTimeRange(PART_START, PART_END, 'America/Toronto')).toBe('10:00 PM to 12:00 AM')
    expect(formatSpan(PART_START, PART_END, 'America/Toronto')).toBe('Nov 20, 2026, 10:00 PM - 12:00 AM')
  })

  it('leaves an end on the minute as it is', () => {
    expect(formatEndTime('2026-11-21T03:30:00Z', 'America/Toronto')).toBe('10:30 PM')
  })
})

describe('formatSpan', () => {
  it('names the day once when the span stays within it on the given clock', () => {
    expect(formatSpan('2026-11-20T14:30:00Z', '2026-11-20T16:00:00Z', 'America/Toronto')).toBe('Nov 20, 2026, 9:30 AM - 11:00 AM')
  })

  it('names both days when the span crosses midnight on the given clock', () => {
    expect(formatSpan('2026-11-21T04:00:00Z', '2026-11-21T06:00:00Z', 'America/Toronto')).toBe(
      'Nov 20, 2026, 11:00 PM - Nov 21, 2026, 1:00 AM',
    )
  })
})

describe('formatDaysOrSpan', () => {
  it('reads midnight to midnight on the given clock as whole days', () => {
    expect(formatDaysOrSpan('2026-12-25T05:00:00Z', '2026-12-26T05:00:00Z', 'America/Toronto')).toBe('Dec 25, 2026 (all day)')
    expect(formatDaysOrSpan('2026-12-24T05:00:00Z', '2026-12-27T05:00:00Z', 'America/Toronto')).toBe(
      'Dec 24, 2026 - Dec 26, 2026 (all day)',
    )
  })

  it('reads any other span with its times', () => {
    expect(formatDaysOrSpan('2026-12-25T05:00:00Z', '2026-12-25T17:00:00Z', 'America/Toronto')).toBe('Dec 25, 2026, 12:00 AM - 12:00 PM')
  })
})

describe('formatSpokenTimeRange', () => {
  it('says a shared AM or PM once, as a sentence reads it', () => {
    expect(formatSpokenTimeRange('2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z', 'America/Toronto')).toBe('10:00 to 11:00 AM')
    expect(formatSpokenTimeRange('2026-11-25T16:00:00Z', '2026-11-25T18:00:00Z', 'America/Toronto')).toBe('11:00 AM to 1:00 PM')
    expect(formatSpokenTimeRange('2026-11-26T04:00:00Z', '2026-11-26T05:30:00Z', 'America/Toronto')).toBe('11:00 PM to 12:30 AM')
    expect(formatSpokenTimeRange('2026-11-26T05:00:00Z', '2026-11-26T06:00:00Z', 'Asia/Kathmandu')).toBe('10:45 to 11:45 AM')
  })
})

describe('formatSpokenDay', () => {
  it('says the weekday and date in the zone, as a week timeline reads a bar', () => {
    expect(formatSpokenDay('2026-12-07T12:00:00Z', 'America/Toronto')).toBe('Monday, Dec 7')
    // Late on Monday evening in Toronto is already Tuesday in UTC.
    expect(formatSpokenDay('2026-12-08T03:30:00Z', 'America/Toronto')).toBe('Monday, Dec 7')
    expect(formatSpokenDay('2026-12-08T03:30:00Z', 'Asia/Kathmandu')).toBe('Tuesday, Dec 8')
  })
})
