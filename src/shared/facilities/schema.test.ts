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
})
