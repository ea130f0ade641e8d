import { describe, expect, test } from 'vitest'
import { findFreeSlots, searchDates, type FreeSlotSearch, type SearchSpace } from './free-slots'

// 2026-11-30 is a Monday.
const MONDAY = '2026-11-30'
const at = (time: string, date = MONDAY) => new Date(`${date}T${time}:00Z`)
const span = (unitId: string, start: string, end: string) => ({ unitId, start: at(start), end: at(end) })

const sheet = (id: string, overrides: Partial<SearchSpace> = {}): SearchSpace => ({
  id,
  parentId: null,
  type: 'rink',
  operatingStartTime: '09:00',
  operatingEndTime: '12:00',
  bookingInterval: 60,
  changeoverMinutes: 0,
  ...overrides,
})

const full = sheet('full')
const halfA = sheet('halfA', { parentId: 'full' })
const halfB = sheet('halfB', { parentId: 'full' })

function search(overrides: Partial<FreeSlotSearch> = {}): FreeSlotSearch {
  return {
    spaces: [full, halfA, halfB],
    spaceIds: ['full'],
    dates: [MONDAY],
    weekdays: [1],
    durationMinutes: 60,
    earliestStart: '00:00',
    latestEnd: '23:59',
    occupancy: [],
    closures: [],
    timeZone: 'UTC',
    now: at('00:00'),
    maxResults: 100,
    ...overrides,
  }
}

const starts = (request: FreeSlotSearch) => findFreeSlots(request).slots.map((slot) => `${slot.spaceId} ${slot.startTime}`)

describe('findFreeSlots', () => {
  test('offers the starts of the grid within operating hours', () => {
    expect(starts(search())).toEqual(['full 09:00', 'full 10:00', 'full 11:00'])
    expect(starts(search({ durationMinutes: 120 }))).toEqual(['full 09:00', 'full 10:00'])
  })

  test('a slot sits on the booking interval counted from the opening', () => {
    const odd = sheet('odd', { operatingStartTime: '09:15', bookingInterval: 30 })
    expect(starts(search({ spaces: [odd], spaceIds: ['odd'], durationMinutes: 120 }))).toEqual(['odd 09:15', 'odd 09:45'])
  })

  test('a duration the dialog cannot offer for the interval finds nothing', () => {
    expect(starts(search({ durationMinutes: 45 }))).toEqual([])
  })

  test('the time window bounds the start and the end', () => {
    expect(starts(search({ earliestStart: '09:30', latestEnd: '11:30' }))).toEqual(['full 10:00'])
  })

  test('only the chosen weekdays and no time already past', () => {
    expect(starts(search({ weekdays: [2] }))).toEqual([])
    expect(starts(search({ now: at('09:30') }))).toEqual(['full 10:00', 'full 11:00'])
  })

  test('an existing booking blocks its own time', () => {
    expect(starts(search({ occupancy: [span('full', '10:00', '11:00')] }))).toEqual(['full 09:00', 'full 11:00'])
  })

  test('a booked half blocks the full sheet, and a booked full sheet blocks both halves, never the sibling', () => {
    // A half's booking holds the half; a full sheet's booking holds the sheet and both halves.
    const halfBooked = [span('halfA', '10:00', '11:00')]
    expect(starts(search({ occupancy: halfBooked }))).toEqual(['full 09:00', 'full 11:00'])
    expect(starts(search({ occupancy: halfBooked, spaceIds: ['halfB'] }))).toEqual(['halfB 09:00', 'halfB 10:00', 'halfB 11:00'])
    const fullBooked = [span('full', '10:00', '11:00'), span('halfA', '10:00', '11:00'), span('halfB', '10:00', '11:00')]
    expect(starts(search({ occupancy: fullBooked, spaceIds: ['halfA', 'halfB'] }))).toEqual([
      'halfA 09:00',
      'halfB 09:00',
      'halfA 11:00',
      'halfB 11:00',
    ])
  })

  test('a changeover pads the new booking and the booked spans carry their own', () => {
    const padded = sheet('full', { changeoverMinutes: 15 })
    // 09:00–10:00 plus 15 minutes of resurfacing reaches the 10:00 booking.
    expect(starts(search({ spaces: [padded], occupancy: [span('full', '10:00', '11:00')] }))).toEqual(['full 11:00'])
    // A booking 09:00–10:00 whose own changeover runs to 10:15 blocks the 10:00 start.
    expect(starts(search({ occupancy: [span('full', '09:00', '10:15')] }))).toEqual(['full 11:00'])
  })

  test('closures of the facility, the space, a whole or a part close it; a sibling closure does not', () => {
    const closure = (roomId: string | null) => [{ roomId, start: at('09:00'), end: at('10:00') }]
    expect(starts(search({ closures: closure(null) }))).toEqual(['full 10:00', 'full 11:00'])
    expect(starts(search({ closures: closure('halfA') }))).toEqual(['full 10:00', 'full 11:00'])
    expect(starts(search({ closures: closure('full'), spaceIds: ['halfA'] }))).toEqual(['halfA 10:00', 'halfA 11:00'])
    expect(starts(search({ closures: closure('halfB'), spaceIds: ['halfA'] }))).toEqual(['halfA 09:00', 'halfA 10:00', 'halfA 11:00'])
  })

  test('nothing crosses midnight: a slot ends by the closing of the day it starts on', () => {
    const late = sheet('late', { operatingStartTime: '21:00', operatingEndTime: '23:59', bookingInterval: 60 })
    expect(starts(search({ spaces: [late], spaceIds: ['late'], durationMinutes: 120 }))).toEqual(['late 21:00'])
  })

  test('reads the wall clock of the facility', () => {
    const [slot] = findFreeSlots(search({ timeZone: 'America/Toronto' })).slots
    expect(slot).toMatchObject({ startTime: '09:00', start: new Date('2026-11-30T14:00:00Z'), end: new Date('2026-11-30T15:00:00Z') })
  })

  test('results are ordered by start and cut at the limit', () => {
    const result = findFreeSlots(search({ spaceIds: ['halfA', 'halfB'], maxResults: 3 }))
    expect(result.truncated).toBe(true)
    expect(result.slots.map((slot) => `${slot.spaceId} ${slot.startTime}`)).toEqual(['halfA 09:00', 'halfB 09:00', 'halfA 10:00'])
  })

  test('searchDates lists every day of the weeks', () => {
    const dates = searchDates(MONDAY, 2)
    expect(dates).toHaveLength(14)
    expect(dates[13]).toBe('2026-12-13')
  })
})
