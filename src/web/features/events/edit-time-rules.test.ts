import { describe, expect, it } from 'vitest'
import { editedTimeProblem, endKeepingDuration } from './edit-time-rules'

const TORONTO = 'America/Toronto'
const rink = { operatingStartTime: '09:00', operatingEndTime: '22:00', bookingInterval: 30 }
const original = { startTime: '2031-01-10T10:00', endTime: '2031-01-10T11:00', roomId: 'rink' }

describe('editedTimeProblem', () => {
  it('accepts what the add dialog offers: a start on the steps within the hours, 1 to 12 intervals', () => {
    expect(
      editedTimeProblem({ ...original, startTime: '2031-01-10T21:30', endTime: '2031-01-11T03:30' }, original, rink, TORONTO),
    ).toBeNull()
    expect(
      editedTimeProblem({ ...original, startTime: '2031-01-10T09:00', endTime: '2031-01-10T09:30' }, original, rink, TORONTO),
    ).toBeNull()
  })

  it('refuses a start off the steps or outside the hours, naming them', () => {
    const message = 'Start times are every 30 min from 9:00 AM to 9:30 PM'
    expect(editedTimeProblem({ ...original, startTime: '2031-01-10T10:15', endTime: '2031-01-10T11:15' }, original, rink, TORONTO)).toEqual(
      {
        field: 'startTime',
        message,
      },
    )
    expect(
      editedTimeProblem({ ...original, startTime: '2031-01-10T22:00', endTime: '2031-01-10T23:00' }, original, rink, TORONTO)?.message,
    ).toBe(message)
    expect(
      editedTimeProblem({ ...original, startTime: '2031-01-10T06:00', endTime: '2031-01-10T07:00' }, original, rink, TORONTO)?.field,
    ).toBe('startTime')
  })

  it('refuses a new start the clocks jump over, with the server’s message', () => {
    const allNight = { operatingStartTime: '00:00', operatingEndTime: '23:30', bookingInterval: 30 }
    // Toronto springs forward at 02:00 on Sunday 9 March 2031.
    const edited = { ...original, startTime: '2031-03-09T02:30', endTime: '2031-03-09T04:00' }
    expect(editedTimeProblem(edited, original, allNight, TORONTO)).toEqual({
      field: 'startTime',
      message:
        "02:30 does not exist on 2031-03-09 in this facility's time zone: the clocks go forward that night. Please choose another start time.",
    })
    expect(editedTimeProblem({ ...edited, startTime: '2031-03-09T03:00' }, original, allNight, TORONTO)).toBeNull()
  })

  it('refuses a duration that is not a choice of the add dialog', () => {
    expect(editedTimeProblem({ ...original, endTime: '2031-01-10T11:10' }, original, rink, TORONTO)).toEqual({
      field: 'endTime',
      message: 'The duration must be 30 min to 6 hrs, in steps of 30 min',
    })
    expect(editedTimeProblem({ ...original, endTime: '2031-01-10T16:30' }, original, rink, TORONTO)?.field).toBe('endTime')
  })

  it('leaves an event whose times and space are unchanged alone, even off the steps', () => {
    const offGrid = { startTime: '2031-01-10T06:10', endTime: '2031-01-10T07:05', roomId: 'rink' }
    expect(editedTimeProblem(offGrid, offGrid, rink, TORONTO)).toBeNull()
    // Moved to another space, the new space's rules apply.
    expect(editedTimeProblem({ ...offGrid, roomId: 'studio' }, offGrid, rink, TORONTO)?.field).toBe('startTime')
  })

  it('judges only the length when the start stays put, as for a split part that starts at midnight', () => {
    const part2 = { startTime: '2031-01-11T00:00', endTime: '2031-01-11T01:00', roomId: 'rink' }
    expect(editedTimeProblem({ ...part2, endTime: '2031-01-11T02:00' }, part2, rink, TORONTO)).toBeNull()
    expect(editedTimeProblem({ ...part2, endTime: '2031-01-11T02:10' }, part2, rink, TORONTO)?.field).toBe('endTime')
  })

  it('leaves unreadable or backwards times to the schema', () => {
    expect(editedTimeProblem({ ...original, startTime: '' }, original, rink, TORONTO)).toBeNull()
    expect(editedTimeProblem({ ...original, endTime: '2031-01-10T09:00' }, original, rink, TORONTO)).toBeNull()
  })

  it('counts elapsed time across a DST change, as the server books it', () => {
    // Clocks go back at 2:00 on Nov 2, 2031: 1:30 to 1:30 wall clock is an hour; 23:30 to 1:30 is three.
    const night = { operatingStartTime: '00:00', operatingEndTime: '23:30', bookingInterval: 60 }
    expect(
      editedTimeProblem({ startTime: '2031-11-01T23:00', endTime: '2031-11-02T01:00', roomId: 'r' }, original, night, TORONTO),
    ).toBeNull()
  })
})

describe('endKeepingDuration', () => {
  it('moves the end with the start', () => {
    expect(
      endKeepingDuration({ startTime: '2031-01-10T10:00', endTime: '2031-01-10T11:30' }, '2031-01-10T14:00', TORONTO)?.toISOString(),
    ).toBe('2031-01-10T20:30:00.000Z')
  })

  it('keeps the elapsed length across a DST change', () => {
    // 90 minutes from 0:30 on the night clocks go back ends at 1:00 on the second 1 AM hour.
    expect(
      endKeepingDuration({ startTime: '2031-11-01T10:00', endTime: '2031-11-01T11:30' }, '2031-11-02T00:30', TORONTO)?.toISOString(),
    ).toBe('2031-11-02T06:00:00.000Z')
  })

  it('gives nothing for unreadable or empty values', () => {
    expect(endKeepingDuration({ startTime: '', endTime: '2031-01-10T11:30' }, '2031-01-10T14:00', TORONTO)).toBeNull()
    expect(endKeepingDuration({ startTime: '2031-01-10T10:00', endTime: '2031-01-10T11:30' }, '', TORONTO)).toBeNull()
  })
})
