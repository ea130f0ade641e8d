import { describe, expect, test } from 'vitest'
import { roomInput } from './schema'

const messages = (value: unknown) => roomInput.safeParse(value).error?.issues.map(({ message }) => message)

describe('roomInput', () => {
  test('fills the spec defaults: 09:00 to 22:00 in 30-minute steps', () => {
    expect(roomInput.parse({ name: ' Rink A ', type: 'rink' })).toEqual({
      name: 'Rink A',
      type: 'rink',
      capacity: null,
      description: null,
      operatingStartTime: '09:00',
      operatingEndTime: '22:00',
      bookingInterval: 30,
      parentId: null,
      changeoverMinutes: 0,
    })
  })

  test('name and type are required', () => {
    expect(messages({ name: '', type: 'rink' })).toEqual(['Please enter a name'])
    expect(messages({ name: 'A' })).toEqual(['Please select a type'])
    expect(messages({ name: 'A', type: 'pool' })).toEqual(['Please select a type'])
  })

  test('every type of the wizard is accepted, including field and change_room', () => {
    for (const type of ['room', 'rink', 'court', 'field', 'change_room']) {
      expect(roomInput.safeParse({ name: 'A', type }).success).toBe(true)
    }
  })

  test('capacity is an optional whole number of at least 1', () => {
    expect(roomInput.parse({ name: 'A', type: 'rink', capacity: 1 }).capacity).toBe(1)
    expect(messages({ name: 'A', type: 'rink', capacity: 0 })).toEqual(['Capacity must be a whole number of at least 1'])
    expect(messages({ name: 'A', type: 'rink', capacity: 2.5 })).toEqual(['Capacity must be a whole number of at least 1'])
    expect(messages({ name: 'A', type: 'rink', capacity: Number.NaN })).toEqual(['Capacity must be a whole number of at least 1'])
  })

  test('capacity stays within what a space can hold', () => {
    expect(roomInput.parse({ name: 'A', type: 'rink', capacity: 100_000 }).capacity).toBe(100_000)
    expect(messages({ name: 'A', type: 'rink', capacity: 100_001 })).toEqual(['Capacity must be 100000 or less'])
    expect(messages({ name: 'A', type: 'rink', capacity: Number.MAX_SAFE_INTEGER })).toEqual(['Capacity must be 100000 or less'])
  })

  test('the closing time must be after the opening time', () => {
    expect(messages({ name: 'A', type: 'rink', operatingStartTime: '22:00', operatingEndTime: '09:00' })).toEqual([
      'Closing time must be after opening time',
    ])
    expect(messages({ name: 'A', type: 'rink', operatingStartTime: '09:00', operatingEndTime: '09:00' })).toEqual([
      'Closing time must be after opening time',
    ])
    expect(messages({ name: 'A', type: 'rink', operatingStartTime: '9am' })).toEqual(['Please enter an opening time'])
  })

  test('a closing time of 12:00 AM is the midnight that ends the day', () => {
    expect(roomInput.parse({ name: 'A', type: 'rink', operatingStartTime: '06:00', operatingEndTime: '00:00' }).operatingEndTime).toBe(
      '00:00',
    )
    expect(roomInput.parse({ name: 'A', type: 'rink', operatingStartTime: '00:00', operatingEndTime: '00:00' }).operatingEndTime).toBe(
      '00:00',
    )
  })

  test('the booking interval is one of 15, 30, 60, 90 or 120', () => {
    expect(roomInput.parse({ name: 'A', type: 'rink', bookingInterval: 90 }).bookingInterval).toBe(90)
    expect(messages({ name: 'A', type: 'rink', bookingInterval: 45 })).toEqual([
      'Please choose a booking interval of 15, 30, 60, 90 or 120 minutes',
    ])
  })

  test('the name and description have their maxima', () => {
    expect(messages({ name: 'x'.repeat(101), type: 'rink' })).toEqual(['Name must be 100 characters or less'])
    expect(messages({ name: 'A', type: 'rink', description: 'x'.repeat(501) })).toEqual(['Description must be 500 characters or less'])
  })

  test('a changeover is one of 0, 5, 10, 15, 20 or 30 minutes, and a change room is part of nothing', () => {
    expect(roomInput.parse({ name: 'A', type: 'rink', changeoverMinutes: 15 }).changeoverMinutes).toBe(15)
    expect(messages({ name: 'A', type: 'rink', changeoverMinutes: 7 })).toEqual([
      'Please choose a changeover of 0, 5, 10, 15, 20 or 30 minutes',
    ])
    expect(messages({ name: 'A', type: 'rink', parentId: 'full-sheet' })).toEqual(['Please choose a space of this facility'])
    expect(messages({ name: 'A', type: 'change_room', parentId: '6f1c7a5e-2b8d-4c1e-9a3f-0d2e4b6c8a10' })).toEqual([
      'A change room cannot be part of another space or have parts',
    ])
  })

  test("'Accept requests' is on or off, left out when not sent, and never on for a change room", () => {
    expect(roomInput.parse({ name: 'A', type: 'rink' })).not.toHaveProperty('acceptsRequests')
    expect(roomInput.parse({ name: 'A', type: 'rink', acceptsRequests: true }).acceptsRequests).toBe(true)
    expect(roomInput.parse({ name: 'A', type: 'change_room', acceptsRequests: false }).acceptsRequests).toBe(false)
    expect(messages({ name: 'A', type: 'rink', acceptsRequests: 'yes' })).toEqual(['Accept requests must be on or off'])
    expect(messages({ name: 'A', type: 'change_room', acceptsRequests: true })).toEqual(['A change room cannot accept requests'])
  })
})
