import { describe, expect, test } from 'vitest'
import { facilityInput } from './schema'

const firstMessage = (value: unknown) => facilityInput.safeParse(value).error?.issues[0]?.message

describe('facilityInput', () => {
  test('trims the name, stores blank address and description as null, and defaults the zone to UTC', () => {
    expect(facilityInput.parse({ name: '  Maple Arena ', address: ' ', description: '' })).toEqual({
      name: 'Maple Arena',
      address: null,
      description: null,
      timeZone: 'UTC',
      changeRoomMinutes: 0,
    })
  })

  test('the change room time is a whole number of minutes from 0 to 60', () => {
    expect(facilityInput.parse({ name: 'A', changeRoomMinutes: 60 }).changeRoomMinutes).toBe(60)
    for (const changeRoomMinutes of [-1, 61, 7.5, '15']) {
      expect(firstMessage({ name: 'A', changeRoomMinutes })).toBe('Change room time must be a whole number of minutes from 0 to 60')
    }
  })

  test('the name is required and at most 100 characters', () => {
    expect(firstMessage({ name: '   ' })).toBe('Please enter a facility name')
    expect(facilityInput.safeParse({ name: 'x'.repeat(100) }).success).toBe(true)
    expect(firstMessage({ name: 'x'.repeat(101) })).toBe('Name must be 100 characters or less')
  })

  test('address and description have their maxima', () => {
    expect(facilityInput.safeParse({ name: 'A', address: 'x'.repeat(200), description: 'x'.repeat(500) }).success).toBe(true)
    expect(firstMessage({ name: 'A', address: 'x'.repeat(201) })).toBe('Address must be 200 characters or less')
    expect(firstMessage({ name: 'A', description: 'x'.repeat(501) })).toBe('Description must be 500 characters or less')
  })

  test('the time zone must be a real IANA zone', () => {
    expect(facilityInput.parse({ name: 'A', timeZone: 'America/Toronto' }).timeZone).toBe('America/Toronto')
    expect(firstMessage({ name: 'A', timeZone: 'Toronto' })).toBe('Please choose a time zone from the list')
    expect(firstMessage({ name: 'A', timeZone: '+05:00' })).toBe('Please choose a time zone from the list')
  })

  test("'Hold requests for' is 1 to 336 whole hours and 'Release until' 0 to 720, each kept when left out", () => {
    expect(facilityInput.parse({ name: 'A' })).not.toHaveProperty('holdRequestsHours')
    expect(facilityInput.parse({ name: 'A' })).not.toHaveProperty('releaseUntilHours')
    expect(facilityInput.parse({ name: 'A', holdRequestsHours: 336, releaseUntilHours: 0 })).toMatchObject({
      holdRequestsHours: 336,
      releaseUntilHours: 0,
    })
    for (const holdRequestsHours of [0, 337, 1.5, '24', null]) {
      expect(firstMessage({ name: 'A', holdRequestsHours })).toBe('Hold requests for must be a whole number of hours from 1 to 336')
    }
    for (const releaseUntilHours of [-1, 721, 2.5, '48', null]) {
      expect(firstMessage({ name: 'A', releaseUntilHours })).toBe('Release until must be a whole number of hours from 0 to 720')
    }
  })
})
