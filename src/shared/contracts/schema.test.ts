import { describe, expect, test } from 'vitest'
import { contractInput, usageInput } from './schema'

const CLIENT_ID = '0b4e7d0c-1234-4abc-8def-0123456789ab'
const messages = (value: unknown) => contractInput.safeParse(value).error?.issues.map(({ message }) => message)
const valid = { clientId: CLIENT_ID, name: '2024–25 Season', startDate: '2024-06-01', totalHours: 10 }

describe('contractInput', () => {
  // Hours used left out: a new contract starts at 0, an edit keeps them as they are (the contracts service).
  test('defaults to active, with hours used left out', () => {
    expect(contractInput.parse(valid)).toEqual({
      ...valid,
      endDate: null,
      status: 'active',
      notes: null,
      appliesTo: 'all',
      roomTypes: [],
      spaceIds: [],
    })
  })

  test('applies everywhere by default; by type or by space it names at least one, and keeps only its own list', () => {
    const spaceId = '1b4e7d0c-1234-4abc-8def-0123456789ab'
    expect(messages({ ...valid, appliesTo: 'types' })).toEqual(['Choose at least one space type'])
    expect(messages({ ...valid, appliesTo: 'spaces' })).toEqual(['Choose at least one space'])
    expect(messages({ ...valid, appliesTo: 'types', roomTypes: ['change_room'] })).toEqual(['Please choose space types from the list'])
    expect(contractInput.parse({ ...valid, appliesTo: 'types', roomTypes: ['court', 'rink', 'rink'], spaceIds: [spaceId] })).toMatchObject({
      roomTypes: ['rink', 'court'],
      spaceIds: [],
    })
    expect(
      contractInput.parse({ ...valid, appliesTo: 'spaces', roomTypes: ['rink'], spaceIds: [spaceId, spaceId.toUpperCase()] }),
    ).toMatchObject({
      roomTypes: [],
      spaceIds: [spaceId],
    })
    expect(contractInput.parse({ ...valid, roomTypes: ['rink'], spaceIds: [spaceId] })).toMatchObject({ roomTypes: [], spaceIds: [] })
  })

  test('a name is required, one line, at most 100 characters', () => {
    expect(messages({ ...valid, name: undefined })).toEqual(['Please enter a name for the contract'])
    expect(messages({ ...valid, name: ' \u200b ' })).toEqual(['Please enter a name for the contract'])
    expect(messages({ ...valid, name: 'x'.repeat(101) })).toEqual(['Name must be 100 characters or less'])
    expect(contractInput.parse({ ...valid, name: ' 2026–27\nSeason\u202e ' }).name).toBe('2026–27 Season')
  })

  test('an end date is optional, a real date, and never before the start date', () => {
    expect(contractInput.parse({ ...valid, endDate: '' }).endDate).toBeNull()
    expect(contractInput.parse({ ...valid, endDate: '2024-06-01' }).endDate).toBe('2024-06-01')
    expect(messages({ ...valid, endDate: '2024-05-31' })).toEqual(['End date must be on or after the start date'])
    expect(messages({ ...valid, endDate: '2024-02-30' })).toEqual(['Please enter the end date as a date'])
    expect(messages({ ...valid, endDate: '2101-01-01' })).toEqual(['Please choose a date between 2000 and 2100'])
    expect(messages({ ...valid, endDate: 20250101 })).toHaveLength(1)
  })

  test('client, start date and total hours are required', () => {
    expect(messages({ ...valid, clientId: '' })).toEqual(['Please fill in all required fields'])
    expect(messages({ ...valid, startDate: '' })).toEqual(['Please fill in all required fields'])
    expect(messages({ ...valid, totalHours: undefined })).toEqual(['Please fill in all required fields'])
    expect(messages({ ...valid, totalHours: Number.NaN })).toEqual(['Please fill in all required fields'])
  })

  test('total hours must be greater than 0, in steps of 0.01', () => {
    expect(messages({ ...valid, totalHours: 0 })).toEqual(['Total hours must be greater than 0'])
    expect(contractInput.safeParse({ ...valid, totalHours: 0.01 }).success).toBe(true)
    expect(contractInput.safeParse({ ...valid, totalHours: 12.34 }).success).toBe(true)
    expect(messages({ ...valid, totalHours: 1.005 })).toEqual(['Hours can have at most 2 decimal places'])
  })

  test('hours used must be between 0 and total hours', () => {
    expect(contractInput.safeParse({ ...valid, hoursUsed: 10 }).success).toBe(true)
    expect(messages({ ...valid, hoursUsed: 10.01 })).toEqual(['Hours used must be between 0 and total hours'])
    expect(messages({ ...valid, hoursUsed: -1 })).toEqual(['Hours used must be between 0 and total hours'])
  })

  test('status is one of active, expired, completed and notes have a maximum', () => {
    expect(contractInput.parse({ ...valid, status: 'completed' }).status).toBe('completed')
    expect(contractInput.safeParse({ ...valid, status: 'paused' }).success).toBe(false)
    expect(messages({ ...valid, notes: 'x'.repeat(501) })).toEqual(['Notes must be 500 characters or less'])
  })
})

describe('usageInput', () => {
  const usage = { contractId: CLIENT_ID, usageDate: '2024-06-01', hours: 2.5, description: '' }
  const usageMessages = (value: unknown) => usageInput.safeParse(value).error?.issues.map(({ message }) => message)

  test('accepts hours in steps of 0.25 from 0.25', () => {
    expect(usageInput.parse(usage)).toEqual({ ...usage, description: null })
    expect(usageInput.safeParse({ ...usage, hours: 0.25 }).success).toBe(true)
  })

  test('every problem gets the one spec message', () => {
    const invalid = ['Please fill in all required fields with valid data']
    expect(usageMessages({ ...usage, hours: 0 })).toEqual(invalid)
    expect(usageMessages({ ...usage, hours: 0.3 })).toEqual(invalid)
    expect(usageMessages({ ...usage, hours: Number.NaN })).toEqual(invalid)
    expect(usageMessages({ ...usage, contractId: '' })).toEqual(invalid)
    expect(usageMessages({ ...usage, usageDate: '2024-02-30' })).toEqual(invalid)
  })
})
