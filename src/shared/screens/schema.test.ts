import { describe, expect, test } from 'vitest'
import { DEFAULT_TICKER_TEXT, screenInput, slugify } from './schema'

const ROOM_A = '11111111-1111-4111-8111-111111111111'
const ROOM_B = '22222222-2222-4222-8222-222222222222'
const messages = (value: unknown) => screenInput.safeParse(value).error?.issues.map(({ message }) => message)

describe('slugify', () => {
  test('lowercases and turns each run of other characters into one hyphen', () => {
    expect(slugify('Main Lobby Screen')).toBe('main-lobby-screen')
    expect(slugify('  Rink #1 -- North!! ')).toBe('rink-1-north')
    expect(slugify('--Hello__World--')).toBe('hello-world')
  })

  test('drops accents instead of the letters that carry them', () => {
    expect(slugify('Café Québec')).toBe('cafe-quebec')
  })

  test('a name without letters or digits has an empty slug', () => {
    expect(slugify('!!! ---')).toBe('')
    expect(slugify('東京')).toBe('')
  })
})

describe('screenInput', () => {
  const valid = { name: 'Lobby', rooms: [{ roomId: ROOM_A }] }

  test('fills the defaults: dark theme, ticker on with a welcome, room colour #3b82f6', () => {
    expect(screenInput.parse(valid)).toEqual({
      name: 'Lobby',
      location: null,
      size: null,
      theme: 'dark',
      rooms: [{ roomId: ROOM_A, color: '#3b82f6' }],
      showTicker: true,
      tickerText: DEFAULT_TICKER_TEXT,
    })
  })

  test('at least one room is required', () => {
    expect(messages({ ...valid, rooms: [] })).toEqual(['Please select at least one room to display'])
    expect(messages({ name: 'Lobby' })).toEqual(['Please select at least one room to display'])
  })

  test('a room is listed once', () => {
    expect(messages({ ...valid, rooms: [{ roomId: ROOM_A }, { roomId: ROOM_A, color: '#fff' }] })).toEqual([
      'Each room can be shown only once',
    ])
    expect(screenInput.safeParse({ ...valid, rooms: [{ roomId: ROOM_A }, { roomId: ROOM_B }] }).success).toBe(true)
  })

  test('the name is required, at most 100 characters, and must give a slug', () => {
    expect(messages({ ...valid, name: '  ' })).toEqual(['Please enter a screen name'])
    expect(messages({ ...valid, name: 'x'.repeat(101) })).toEqual(['Name must be 100 characters or less'])
    expect(messages({ ...valid, name: '***' })).toEqual(['The name needs at least one letter (a-z) or digit to build the screen address'])
  })

  test('location, size and ticker text have their maxima', () => {
    expect(messages({ ...valid, location: 'x'.repeat(101) })).toEqual(['Location must be 100 characters or less'])
    expect(messages({ ...valid, size: 'x'.repeat(51) })).toEqual(['Size must be 50 characters or less'])
    expect(screenInput.safeParse({ ...valid, tickerText: 'x'.repeat(500) }).success).toBe(true)
    expect(messages({ ...valid, tickerText: 'x'.repeat(501) })).toEqual(['Ticker text must be 500 characters or less'])
  })

  test('the theme is dark or light', () => {
    expect(screenInput.parse({ ...valid, theme: 'light' }).theme).toBe('light')
    expect(messages({ ...valid, theme: 'blue' })).toEqual(['Please choose dark or light'])
  })
})
