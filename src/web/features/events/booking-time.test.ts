import { describe, expect, it } from 'vitest'
import {
  bookedStartTimes,
  eventsHoldingSpace,
  eventsWindowOfDay,
  instantOfDateTimeLocal,
  timeOfEditedEvent,
  timeOfNewEvent,
} from './booking-time'

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

describe('bookedStartTimes', () => {
  const hourly = ['08:00', '09:00', '10:00', '11:00', '12:00']
  // 10:00 to 11:00 on the facility's clock (14:00Z to 15:00Z in June, Toronto).
  const practice = { startTime: '2030-06-03T14:00:00.000Z', endTime: '2030-06-03T15:00:00.000Z', changeoverMinutes: 0 }
  const booked = (durationMinutes: number, changeoverMinutes: number, events = [practice]) => [
    ...bookedStartTimes({ date: '2030-06-03', durationMinutes, changeoverMinutes }, hourly, events, TORONTO),
  ]

  it('marks the starts whose booking would overlap an event, back to back left free', () => {
    expect(booked(60, 0)).toEqual(['10:00'])
  })

  it('weighs the chosen duration: a longer booking runs into the event', () => {
    expect(booked(120, 0)).toEqual(['09:00', '10:00'])
  })

  it('counts the changeover after the event, and the one after the new booking', () => {
    expect(booked(60, 0, [{ ...practice, changeoverMinutes: 15 }])).toEqual(['10:00', '11:00'])
    expect(booked(60, 15)).toEqual(['09:00', '10:00'])
  })

  it('splits a booking at the facility’s midnight, its changeover after the last part', () => {
    // 1:00 AM to 2:00 AM on Jun 4 (05:00Z to 06:00Z).
    const early = { startTime: '2030-06-04T05:00:00.000Z', endTime: '2030-06-04T06:00:00.000Z', changeoverMinutes: 0 }
    const lateStarts = ['22:00', '23:00']
    expect([...bookedStartTimes({ date: '2030-06-03', durationMinutes: 120, changeoverMinutes: 0 }, lateStarts, [early], TORONTO)]).toEqual(
      [],
    )
    expect([
      ...bookedStartTimes({ date: '2030-06-03', durationMinutes: 120, changeoverMinutes: 15 }, lateStarts, [early], TORONTO),
    ]).toEqual(['23:00'])
  })

  it('marks nothing without events, or while the date or duration cannot be read', () => {
    expect(booked(60, 0, [])).toEqual([])
    expect(bookedStartTimes({ date: '', durationMinutes: 60, changeoverMinutes: 0 }, hourly, [practice], TORONTO).size).toBe(0)
    expect(
      bookedStartTimes({ date: '2030-06-03', durationMinutes: Number.NaN, changeoverMinutes: 0 }, hourly, [practice], TORONTO).size,
    ).toBe(0)
  })

  it('reads the starts on the facility’s clock and the duration as elapsed time across a DST change', () => {
    // Clocks go back at 2:00 on Nov 3, 2030: the event holds the repeated hour's first half, 1:00 to 1:30 EST.
    const night = { startTime: '2030-11-03T06:00:00.000Z', endTime: '2030-11-03T06:30:00.000Z', changeoverMinutes: 0 }
    const starts = ['00:00', '01:00', '02:00']
    const at = (durationMinutes: number) => [
      ...bookedStartTimes({ date: '2030-11-03', durationMinutes, changeoverMinutes: 0 }, starts, [night], TORONTO),
    ]
    // 1:00 EDT for an hour ends as the clock reads 1:00 EST again, just as the event begins.
    expect(at(60)).toEqual([])
    expect(at(90)).toEqual(['01:00'])
  })
})

describe('eventsHoldingSpace', () => {
  const spaces = [
    { id: 'sheet', parentId: null, type: 'rink' },
    { id: 'halfA', parentId: 'sheet', type: 'rink' },
    { id: 'halfB', parentId: 'sheet', type: 'rink' },
  ]
  // Both halves booked at 9:00 (13:00Z in June, Toronto).
  const half = (roomId: string) => ({
    roomId,
    startTime: '2030-06-03T13:00:00.000Z',
    endTime: '2030-06-03T14:00:00.000Z',
    changeoverMinutes: 0,
  })
  const events = [half('halfA'), half('halfB')]
  const starts = ['08:00', '09:00', '10:00']
  const marked = (roomId: string) => [
    ...bookedStartTimes(
      { date: '2030-06-03', durationMinutes: 60, changeoverMinutes: 0 },
      starts,
      eventsHoldingSpace(events, spaces, roomId),
      TORONTO,
    ),
  ]

  it('marks a whole’s start that its parts hold', () => {
    expect(marked('sheet')).toEqual(['09:00'])
  })

  it('marks a part’s start that its whole or itself holds, never a sibling’s', () => {
    expect(eventsHoldingSpace(events, spaces, 'halfA').map(({ roomId }) => roomId)).toEqual(['halfA'])
    expect(marked('halfA')).toEqual(['09:00'])
  })

  it('reads only the space’s own events until the facility’s spaces have loaded', () => {
    expect(eventsHoldingSpace(events, undefined, 'sheet')).toEqual([])
  })
})

describe('eventsWindowOfDay', () => {
  it('reaches back by the longest changeover and on by the longest event and its changeover', () => {
    expect(eventsWindowOfDay('2030-06-03', TORONTO)).toEqual({ from: '2030-06-03T03:30:00.000Z', to: '2030-06-05T04:30:00.000Z' })
  })

  it('is null while the date cannot be read', () => {
    expect(eventsWindowOfDay('', TORONTO)).toBeNull()
    expect(eventsWindowOfDay('2030-6-3', TORONTO)).toBeNull()
    expect(eventsWindowOfDay(undefined, TORONTO)).toBeNull()
  })
})
