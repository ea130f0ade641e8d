import { describe, expect, it } from 'vitest'
import type { Closure } from './api'
import { closesDay, closurePlace, closureSpokenOn, closureTimesOn } from './wording'

const closure = (overrides: Partial<Closure>): Closure => ({
  id: '00000000-0000-4000-8000-000000000001',
  facilityId: '00000000-0000-4000-8000-000000000002',
  facilityName: 'Maple Arena',
  timeZone: 'America/Toronto',
  spaceId: null,
  spaceName: null,
  reason: 'Christmas Day',
  // Dec 25, 2026 on Toronto's wall clock (UTC-5), the whole day.
  startTime: '2026-12-25T05:00:00.000Z',
  endTime: '2026-12-26T05:00:00.000Z',
  ...overrides,
})

describe('closures on a calendar', () => {
  it('closes the days it reaches on its facility calendar, and not the next one it ends at the start of', () => {
    const christmas = closure({})
    expect(['2026-12-24', '2026-12-25', '2026-12-26'].map((day) => closesDay(christmas, day))).toEqual([false, true, false])
  })

  it('gives its times on each day it reaches', () => {
    const maintenance = closure({ startTime: '2026-12-25T23:00:00.000Z', endTime: '2026-12-27T19:00:00.000Z' })
    expect(['2026-12-25', '2026-12-26', '2026-12-27'].map((day) => closureTimesOn(maintenance, day))).toEqual([
      'From 6:00 PM',
      'All day',
      'Until 2:00 PM',
    ])
    expect(closureTimesOn(closure({}), '2026-12-25')).toBe('All day')
  })

  it('is read out with its start and end, dated when on another day', () => {
    expect(closureSpokenOn(closure({ startTime: '2026-12-25T11:00:00.000Z', endTime: '2026-12-25T19:00:00.000Z' }), '2026-12-25')).toBe(
      'Closed: Christmas Day, 6:00 AM to 2:00 PM',
    )
    expect(closureSpokenOn(closure({}), '2026-12-25')).toBe('Closed: Christmas Day, 12:00 AM to Dec 26, 2026, 12:00 AM')
  })

  it('names the space, or the whole facility', () => {
    expect(closurePlace(closure({}))).toBe('Whole facility - Maple Arena')
    expect(closurePlace(closure({ spaceName: 'Half Ice A' }))).toBe('Half Ice A - Maple Arena')
  })
})
