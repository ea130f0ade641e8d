import { describe, expect, it } from 'vitest'
import { instantOfDateTimeLocal, timeOfEditedEvent, timeOfNewEvent } from './booking-time'

const TORONTO = 'America/Toronto'

describe('timeOfNewEvent', () => {
  it('reads the date and start time on the facility’s clock and adds the duration', () => {
    expect(timeOfNewEvent({ date: '2030-06-03', startTime: '10:00', durationMinutes: 90 }, TORONTO)).toEqual({
      from: '2030-06-03T14:00:00.000Z',
      to: '2030-06-03T15:30:00.000Z',
    })
  })

  it('adds the duration as elapsed time across a DST change', () => {
    // Clocks go back at 2:00 on Nov 3, 2030: 1:00 EDT plus two hours is 2:00 EST.
    expect(timeOfNewEvent({ date: '2030-11-03', startTime: '01:00', durationMinutes: 120 }, TORONTO)).toEqual({
      from: '2030-11-03T05:00:00.000Z',
      to: '2030-11-03T07:00:00.000Z',
    })
  })

  it('is null while the time is incomplete or unreadable', () => {
    expect(timeOfNewEvent({ date: '2030-06-03', startTime: '', durationMinutes: 60 }, TORONTO)).toBeNull()
    expect(timeOfNewEvent({ date: '', startTime: '10:00', durationMinutes: 60 }, TORONTO)).toBeNull()
    expect(timeOfNewEvent({ date: '2030-02-30', startTime: '10:00', durationMinutes: 60 }, TORONTO)).toBeNull()
    expect(timeOfNewEvent({ date: '2030-06-03', startTime: '10:00', durationMinutes: Number.NaN }, TORONTO)).toBeNull()
    expect(timeOfNewEvent({ date: '2030-06-03', startTime: '10:00', durationMinutes: 0 }, TORONTO)).toBeNull()
  })

  it('is null for a duration longer than the longest event', () => {
    expect(timeOfNewEvent({ date: '2030-06-03', startTime: '10:00', durationMinutes: 24 * 60 + 1 }, TORONTO)).toBeNull()
  })
})

describe('timeOfEditedEvent', () => {
  it('reads both datetime-local values on the facility’s clock', () => {
    expect(timeOfEditedEvent({ startTime: '2030-06-03T23:00', endTime: '2030-06-04T01:00' }, TORONTO)).toEqual({
      from: '2030-06-04T03:00:00.000Z',
      to: '2030-06-04T05:00:00.000Z',
    })
  })

  it('is null when the end is not after the start, the event is too long, or a value is unreadable', () => {
    expect(timeOfEditedEvent({ startTime: '2030-06-03T10:00', endTime: '2030-06-03T10:00' }, TORONTO)).toBeNull()
    expect(timeOfEditedEvent({ startTime: '2030-06-03T10:00', endTime: '2030-06-04T10:01' }, TORONTO)).toBeNull()
    expect(timeOfEditedEvent({ startTime: '2030-06-03T10:00', endTime: '' }, TORONTO)).toBeNull()
  })
})

describe('instantOfDateTimeLocal', () => {
  it('is empty for what it cannot read, so the schema answers with its own message', () => {
    expect(instantOfDateTimeLocal('2030-06-03T10:00', 'UTC')).toBe('2030-06-03T10:00:00.000Z')
    expect(instantOfDateTimeLocal('2030-06-03', 'UTC')).toBe('')
    expect(instantOfDateTimeLocal(undefined, 'UTC')).toBe('')
  })
})
