import { describe, expect, test } from 'vitest'
import { isWithinOperatingHours, startProblem, type BookableSpace, type OperatingHours } from './operating-hours'

const TORONTO = 'America/Toronto'
const hours: OperatingHours = { operatingStartTime: '09:00', operatingEndTime: '22:00', bookingInterval: 30 }
// 2024-06-03 in Toronto is EDT, UTC-4.
const event = (start: string, end: string) => ({ start: new Date(`${start}-04:00`), end: new Date(`${end}-04:00`) })
const fits = (start: string, end: string, overrides: Partial<OperatingHours> = {}, zone = TORONTO) =>
  isWithinOperatingHours(event(start, end), { ...hours, ...overrides }, zone)

describe('isWithinOperatingHours', () => {
  test('a space that closes at 12:00 AM takes an event up to midnight, and a Part 1 stored as ending at 23:59:59.999', () => {
    const untilMidnight = { operatingEndTime: '00:00' }
    expect(fits('2024-06-03T22:30', '2024-06-03T23:30', untilMidnight)).toBe(true)
    expect(fits('2024-06-03T23:00', '2024-06-03T23:59:59.999', untilMidnight)).toBe(true)
    expect(fits('2024-06-03T23:00', '2024-06-04T00:30', untilMidnight)).toBe(false)
  })

  test('an event from the opening to the closing fits, read on the facility’s clock', () => {
    expect(fits('2024-06-03T09:00', '2024-06-03T22:00')).toBe(true)
    expect(fits('2024-06-03T10:30', '2024-06-03T11:30')).toBe(true)
  })

  test('starting before the opening or ending after the closing does not', () => {
    expect(fits('2024-06-03T08:30', '2024-06-03T09:30')).toBe(false)
    expect(fits('2024-06-03T21:30', '2024-06-03T22:30')).toBe(false)
    expect(fits('2024-06-03T10:00', '2024-06-03T11:00', { operatingStartTime: '10:30' })).toBe(false)
    expect(fits('2024-06-03T10:00', '2024-06-03T11:00', { operatingEndTime: '10:59' })).toBe(false)
  })

  test('the start must sit on the booking grid measured from the opening', () => {
    expect(fits('2024-06-03T10:15', '2024-06-03T11:15')).toBe(false)
    expect(fits('2024-06-03T10:15', '2024-06-03T11:15', { bookingInterval: 15 })).toBe(true)
    expect(fits('2024-06-03T10:30', '2024-06-03T12:00', { bookingInterval: 90 })).toBe(true)
    expect(fits('2024-06-03T10:00', '2024-06-03T11:30', { bookingInterval: 90 })).toBe(false)
    expect(fits('2024-06-03T09:45', '2024-06-03T10:45', { operatingStartTime: '09:15', bookingInterval: 30 })).toBe(true)
  })

  test('seconds off the minute are off the grid', () => {
    expect(isWithinOperatingHours({ start: new Date('2024-06-03T14:00:01Z'), end: new Date('2024-06-03T15:00:00Z') }, hours, TORONTO)).toBe(
      false,
    )
  })

  test('an event running into the next local day ends after the closing, even at midnight', () => {
    expect(fits('2024-06-03T21:00', '2024-06-04T00:00', { operatingEndTime: '23:59' })).toBe(false)
    expect(fits('2024-06-03T23:00', '2024-06-03T23:59:59.999', { operatingEndTime: '23:59' })).toBe(false)
    expect(fits('2024-06-03T23:00', '2024-06-03T23:59', { operatingEndTime: '23:59' })).toBe(true)
  })

  test('the same instants read in another zone give another answer', () => {
    // 10:00–11:00 in Toronto is 14:00–15:00 UTC, 23:00–00:00 in Tokyo.
    expect(fits('2024-06-03T10:00', '2024-06-03T11:00', {}, 'UTC')).toBe(true)
    expect(fits('2024-06-03T10:00', '2024-06-03T11:00', {}, 'Asia/Tokyo')).toBe(false)
    expect(fits('2024-06-03T06:00', '2024-06-03T07:00', {}, 'UTC')).toBe(true)
    expect(fits('2024-06-03T06:00', '2024-06-03T07:00')).toBe(false)
  })

  test('on a DST change day the grid is read on the wall clock', () => {
    // 2024-03-10 springs forward in Toronto: 10:00 EDT is 14:00Z, eight wall hours after 01:00 EST.
    const start = new Date('2024-03-10T14:00:00Z')
    const end = new Date('2024-03-10T15:30:00Z')
    expect(
      isWithinOperatingHours({ start, end }, { operatingStartTime: '01:00', operatingEndTime: '22:00', bookingInterval: 90 }, TORONTO),
    ).toBe(true)
  })
})

describe('startProblem', () => {
  const rinkA: BookableSpace = { name: 'Rink A', operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 30 }
  const at = (local: string) => new Date(`${local}-04:00`)

  test('a start on the interval from the opening up to the last start before the closing is fine', () => {
    expect(startProblem(at('2024-06-03T06:00'), rinkA, TORONTO)).toBeNull()
    expect(startProblem(at('2024-06-03T22:30'), rinkA, TORONTO)).toBeNull()
    // The spec's 9:00 PM game of 4 hours: only the start is held to the hours.
    expect(startProblem(at('2024-06-03T21:00'), { ...rinkA, operatingEndTime: '22:00' }, TORONTO)).toBeNull()
  })

  test('a start before the opening, or at or after the closing, names the space and its first and last starts', () => {
    const message = 'Rink A takes bookings starting from 6:00 AM to 10:30 PM'
    expect(startProblem(at('2024-06-03T05:30'), rinkA, TORONTO)).toEqual({ rule: 'hours', message })
    expect(startProblem(at('2024-06-03T23:00'), rinkA, TORONTO)).toEqual({ rule: 'hours', message })
    expect(startProblem(at('2024-06-03T03:00'), rinkA, TORONTO)?.rule).toBe('hours')
  })

  test('a start between the interval’s steps names the interval and its first steps', () => {
    const quarter = { ...rinkA, operatingStartTime: '09:00', bookingInterval: 15 }
    expect(startProblem(at('2024-06-03T10:07'), quarter, TORONTO)).toEqual({
      rule: 'interval',
      message: 'Starts must be on the 15-minute interval (9:00, 9:15, …)',
    })
    expect(startProblem(at('2024-06-03T10:00:30'), quarter, TORONTO)?.rule).toBe('interval')
  })

  test('the steps count from the opening, and a space open until midnight takes its last step', () => {
    const ninety = { ...rinkA, operatingStartTime: '09:00', operatingEndTime: '22:00', bookingInterval: 90 }
    expect(startProblem(at('2024-06-03T10:30'), ninety, TORONTO)).toBeNull()
    expect(startProblem(at('2024-06-03T10:00'), ninety, TORONTO)?.rule).toBe('interval')
    expect(startProblem(at('2024-06-03T22:00'), ninety, TORONTO)?.message).toBe('Rink A takes bookings starting from 9:00 AM to 9:00 PM')
    expect(startProblem(at('2024-06-03T23:30'), { ...rinkA, operatingEndTime: '00:00' }, TORONTO)).toBeNull()
  })

  test('read on the facility’s wall clock across a DST change', () => {
    // 2024-11-03: Toronto falls back at 2:00 AM; 10:00 EST is still on a grid that opened at 09:00.
    expect(startProblem(new Date('2024-11-03T10:00:00-05:00'), { ...rinkA, operatingStartTime: '09:00' }, TORONTO)).toBeNull()
  })
})
