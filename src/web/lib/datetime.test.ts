import { describe, expect, it } from 'vitest'
import { formatSpan } from './datetime'

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
