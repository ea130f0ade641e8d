import { describe, expect, test } from 'vitest'
import { createEventInput, isSixDigitHexColor, normalizeEventKind, updateEventInput } from './schema'

const ROOM_ID = '11111111-1111-4111-8111-111111111111'
const CLIENT_ID = '22222222-2222-4222-8222-222222222222'
const CHANGE_ROOM_1 = '33333333-3333-4333-8333-333333333333'
const CHANGE_ROOM_2 = '44444444-4444-4444-8444-444444444444'

const practice = {
  roomId: ROOM_ID,
  clientId: CLIENT_ID,
  date: '2024-06-01',
  startTime: '19:00',
  durationMinutes: 60,
  title: 'Practice',
}
const messages = (value: unknown) => createEventInput.safeParse(value).error?.issues.map(({ message }) => message)

describe('createEventInput', () => {
  test('fills the defaults: practice, #3b82f6, no recurrence, all or nothing', () => {
    expect(createEventInput.parse(practice)).toEqual({
      ...practice,
      description: null,
      color: '#3b82f6',
      eventType: 'practice',
      team1Name: null,
      team2Name: null,
      changeRoom1Id: null,
      changeRoom2Id: null,
      recurrence: null,
      skipTaken: false,
    })
    expect(messages({ ...practice, skipTaken: 'yes' })).toEqual(['skipTaken must be true or false'])
  })

  test('home and away never share a change room, said even while another field is missing', () => {
    const game = { ...practice, eventType: 'game', changeRoom1Id: CHANGE_ROOM_1, changeRoom2Id: CHANGE_ROOM_1 }
    expect(messages(game)).toEqual(['Home and away need different change rooms'])
    expect(messages({ ...game, startTime: '' })).toEqual(['Please select a date and time', 'Home and away need different change rooms'])
    expect(messages({ ...game, changeRoom2Id: CHANGE_ROOM_2 })).toBeUndefined()
    // A practice has no away room: what the form still holds for it is cleared, not refused.
    expect(createEventInput.parse({ ...game, eventType: 'practice' }).changeRoom2Id).toBeNull()
  })

  test('a client is required', () => {
    expect(messages({ ...practice, clientId: '' })).toEqual(['Please select a client'])
    expect(messages({ ...practice, clientId: undefined })).toEqual(['Please select a client'])
  })

  test('a date and a start time are required', () => {
    expect(messages({ ...practice, date: '' })).toEqual(['Please select a date and time'])
    expect(messages({ ...practice, startTime: '' })).toEqual(['Please select a date and time'])
    expect(messages({ ...practice, date: '2024-02-30' })).toEqual(['Please select a date and time'])
  })

  test('the title is required and at most 100 characters', () => {
    expect(messages({ ...practice, title: '  ' })).toEqual(['Please enter a title'])
    expect(createEventInput.safeParse({ ...practice, title: 'x'.repeat(100) }).success).toBe(true)
    expect(messages({ ...practice, title: 'x'.repeat(101) })).toEqual(['Title must be 100 characters or less'])
    expect(messages({ ...practice, description: 'x'.repeat(501) })).toEqual(['Description must be 500 characters or less'])
  })

  test('the duration is at most 24 hours', () => {
    expect(createEventInput.safeParse({ ...practice, durationMinutes: 1440 }).success).toBe(true)
    expect(messages({ ...practice, durationMinutes: 1441 })).toEqual(['An event can last at most 24 hours'])
    expect(messages({ ...practice, durationMinutes: 0 })).toEqual(['Please choose a duration'])
  })

  test('the colour is hex with 3 or 6 digits', () => {
    expect(createEventInput.parse({ ...practice, color: '#abc' }).color).toBe('#abc')
    expect(createEventInput.safeParse({ ...practice, color: 'blue' }).success).toBe(false)
  })

  test('a game keeps its teams and away change room', () => {
    const game = {
      ...practice,
      eventType: 'game',
      team1Name: 'Jets',
      team2Name: 'Sharks',
      changeRoom1Id: CHANGE_ROOM_1,
      changeRoom2Id: CHANGE_ROOM_2,
    }
    expect(createEventInput.parse(game)).toMatchObject({ team1Name: 'Jets', team2Name: 'Sharks', changeRoom2Id: CHANGE_ROOM_2 })
  })

  test('a practice drops the team names and the away change room but keeps its change room', () => {
    const parsed = createEventInput.parse({
      ...practice,
      team1Name: 'Jets',
      team2Name: 'Sharks',
      changeRoom1Id: CHANGE_ROOM_1,
      changeRoom2Id: CHANGE_ROOM_2,
    })
    expect(parsed).toMatchObject({ team1Name: null, team2Name: null, changeRoom1Id: CHANGE_ROOM_1, changeRoom2Id: null })
  })

  test('recurrence needs an end date, and weekly needs a weekday', () => {
    expect(messages({ ...practice, recurrence: { frequency: 'daily' } })).toEqual(['Please select an end date for recurring events'])
    expect(messages({ ...practice, recurrence: { frequency: 'weekly', endDate: '2024-06-30', weekdays: [] } })).toEqual([
      'Please select at least one day for weekly recurrence',
    ])
    expect(messages({ ...practice, recurrence: { frequency: 'weekly', endDate: '2024-06-30', weekdays: [7] } })).toBeDefined()
  })

  test('weekdays come out sorted and once each', () => {
    const parsed = createEventInput.parse({
      ...practice,
      recurrence: { frequency: 'weekly', endDate: '2024-06-30', weekdays: [3, 1, 3] },
    })
    expect(parsed.recurrence).toEqual({ frequency: 'weekly', endDate: '2024-06-30', weekdays: [1, 3] })
  })

  test('what the form submits parses again to the same value on the server', () => {
    const once = createEventInput.parse({
      ...practice,
      eventType: 'game',
      team1Name: 'Jets',
      changeRoom1Id: '',
      recurrence: { frequency: 'monthly', endDate: '2024-12-31' },
    })
    expect(createEventInput.parse(JSON.parse(JSON.stringify(once)))).toEqual(once)
  })
})

describe('updateEventInput', () => {
  const edit = {
    clientId: CLIENT_ID,
    title: 'Game (Part 1)',
    startTime: '2024-06-01T23:00:00-04:00',
    endTime: '2024-06-02T03:59:59.999Z',
    version: 3,
  }
  const updateMessages = (value: unknown) => updateEventInput.safeParse(value).error?.issues.map(({ message }) => message)

  test('needs the version the edit was based on, a whole number from 1', () => {
    const { version: _version, ...blind } = edit
    expect(updateMessages(blind)).toEqual(['Please give the version of the event this edit is based on'])
    for (const version of [0, 1.5, '3', null]) expect(updateEventInput.safeParse({ ...edit, version }).success).toBe(false)
  })

  test('turns ISO instants into dates', () => {
    const parsed = updateEventInput.parse(edit)
    expect(parsed.startTime).toEqual(new Date('2024-06-02T03:00:00Z'))
    expect(parsed.endTime).toEqual(new Date('2024-06-02T03:59:59.999Z'))
  })

  test('the end must be after the start', () => {
    expect(updateMessages({ ...edit, endTime: edit.startTime })).toEqual(['End time must be after start time'])
    expect(updateMessages({ ...edit, endTime: '2024-06-01T22:00:00-04:00' })).toEqual(['End time must be after start time'])
  })

  test('the event lasts at most 24 hours', () => {
    expect(updateMessages({ ...edit, endTime: '2024-06-03T03:00:00.001Z' })).toEqual(['An event can last at most 24 hours'])
  })

  test('the title limit ignores a part suffix the split added', () => {
    expect(updateEventInput.safeParse({ ...edit, title: `${'x'.repeat(100)} (Part 2)` }).success).toBe(true)
    expect(updateMessages({ ...edit, title: 'x'.repeat(101) })).toEqual(['Title must be 100 characters or less'])
  })

  test('a start or end that is not an instant is refused', () => {
    expect(updateMessages({ ...edit, startTime: '' })).toEqual(['Please select a date and time'])
    expect(updateMessages({ ...edit, endTime: '2024-06-02T10:00' })).toEqual(['Please select a date and time'])
  })

  test('saving as a practice clears the game fields', () => {
    const parsed = updateEventInput.parse({ ...edit, eventType: 'practice', team1Name: 'Jets', changeRoom2Id: CHANGE_ROOM_2 })
    expect(parsed).toMatchObject({ team1Name: null, changeRoom2Id: null })
  })

  test('what the sheet submits parses again to the same value on the server', () => {
    const once = updateEventInput.parse(edit)
    expect(updateEventInput.parse(JSON.parse(JSON.stringify(once)))).toEqual(once)
  })
})

test('normalizeEventKind leaves a game untouched', () => {
  const game = { eventType: 'game', team1Name: 'A', team2Name: 'B', changeRoom2Id: CHANGE_ROOM_2 } as const
  expect(normalizeEventKind(game)).toBe(game)
})

test('the colour picker is used only for 6-digit hex values', () => {
  expect(isSixDigitHexColor('#3b82f6')).toBe(true)
  expect(isSixDigitHexColor('#abc')).toBe(false)
})
