import { describe, expect, test } from 'vitest'
import { dstGapMessage } from '@shared/scheduling/local-day'
import { RECURRENCE_MESSAGES } from '@shared/scheduling/recurrence'
import { findOverlapWithin, planNewEvents, splitIntoParts } from './plan-events'

const TORONTO = 'America/Toronto'
const base = { date: '2026-06-01', startTime: '19:00', durationMinutes: 60, title: 'Practice', recurrence: null }

describe('planNewEvents', () => {
  test('refuses a start the clocks jump over, alone or in a series, naming the day', () => {
    const message = dstGapMessage('2026-03-08', '02:30')
    expect(message).toBe(
      "02:30 does not exist on 2026-03-08 in this facility's time zone: the clocks go forward that night. Please choose another start time.",
    )
    expect(planNewEvents({ ...base, date: '2026-03-08', startTime: '02:30' }, TORONTO)).toEqual({ refusal: message, field: 'startTime' })
    const weekly = { frequency: 'weekly' as const, endDate: '2026-03-29', weekdays: [0] }
    expect(planNewEvents({ ...base, date: '2026-03-01', startTime: '02:30', recurrence: weekly }, TORONTO)).toEqual({
      refusal: message,
      field: 'startTime',
    })
    // The same wall time on other days, and in a zone without DST, is booked as asked.
    expect(planNewEvents({ ...base, date: '2026-03-09', startTime: '02:30' }, TORONTO)).toHaveProperty('events')
    expect(planNewEvents({ ...base, date: '2026-03-08', startTime: '02:30' }, 'UTC')).toHaveProperty('events')
    expect(planNewEvents({ ...base, date: '2026-11-01', startTime: '01:30' }, TORONTO)).toHaveProperty('events')
  })

  test('one event in the facility zone', () => {
    const plan = planNewEvents(base, TORONTO)
    const practice = {
      title: 'Practice',
      start: new Date('2026-06-01T23:00:00Z'),
      end: new Date('2026-06-02T00:00:00Z'),
      eventGroupId: null,
    }
    expect(plan).toEqual({ isSplit: false, events: [practice], occurrences: [[practice]] })
  })

  test('an event across midnight becomes two parts sharing a new group', () => {
    const plan = planNewEvents({ ...base, startTime: '23:00', durationMinutes: 120, title: 'Game' }, TORONTO)
    if ('refusal' in plan) throw new Error('refused')
    expect(plan.isSplit).toBe(true)
    expect(plan.occurrences).toEqual([plan.events])
    const [first, second] = plan.events
    expect(first).toMatchObject({
      title: 'Game (Part 1)',
      start: new Date('2026-06-02T03:00:00Z'),
      end: new Date('2026-06-02T03:59:59.999Z'),
    })
    expect(second).toMatchObject({ title: 'Game (Part 2)', start: new Date('2026-06-02T04:00:00Z'), end: new Date('2026-06-02T05:00:00Z') })
    expect(first!.eventGroupId).toMatch(/^[0-9a-f-]{36}$/)
    expect(second!.eventGroupId).toBe(first!.eventGroupId)
  })

  test('each split occurrence of a series gets a group of its own', () => {
    const plan = planNewEvents(
      { ...base, startTime: '23:00', durationMinutes: 120, recurrence: { frequency: 'daily', endDate: '2026-06-03', weekdays: [] } },
      TORONTO,
    )
    if ('refusal' in plan) throw new Error('refused')
    expect(plan.events).toHaveLength(6)
    expect(new Set(plan.events.map((event) => event.eventGroupId)).size).toBe(3)
  })

  test('a series refuses zero events and more than 365', () => {
    expect(planNewEvents({ ...base, recurrence: { frequency: 'daily', endDate: '2026-05-31', weekdays: [] } }, TORONTO)).toEqual({
      refusal: RECURRENCE_MESSAGES.none,
      field: 'recurrence.endDate',
    })
    expect(planNewEvents({ ...base, recurrence: { frequency: 'daily', endDate: '2027-06-01', weekdays: [] } }, TORONTO)).toEqual({
      refusal: RECURRENCE_MESSAGES.tooMany,
      field: 'recurrence.endDate',
    })
  })
})

describe('splitIntoParts', () => {
  test('an edited part that no longer crosses midnight is one event without a group', () => {
    const parts = splitIntoParts({ title: 'Game', start: new Date('2026-06-01T10:00:00Z'), end: new Date('2026-06-01T11:00:00Z') }, 'UTC')
    expect(parts).toEqual([
      { title: 'Game', start: new Date('2026-06-01T10:00:00Z'), end: new Date('2026-06-01T11:00:00Z'), eventGroupId: null },
    ])
  })
})

describe('findOverlapWithin', () => {
  const event = (start: string, end: string) => ({ title: 'x', start: new Date(start), end: new Date(end), eventGroupId: null })

  test('back-to-back events do not overlap', () => {
    expect(
      findOverlapWithin([event('2026-06-01T11:00:00Z', '2026-06-01T12:00:00Z'), event('2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z')]),
    ).toBeNull()
  })

  test('a daily 24-hour series overlaps itself across the 23-hour spring-forward day', () => {
    const plan = planNewEvents(
      {
        ...base,
        date: '2026-03-07',
        startTime: '12:00',
        durationMinutes: 1440,
        recurrence: { frequency: 'daily', endDate: '2026-03-09', weekdays: [] },
      },
      TORONTO,
    )
    if ('refusal' in plan) throw new Error('refused')
    expect(findOverlapWithin(plan.events)).not.toBeNull()
  })
})
