import { describe, expect, test } from 'vitest'
import { findFreeSlots, type FreeSlotSearch, type SearchSpace } from './free-slots'

// 2024-06-03 is a Monday; Toronto is on EDT, UTC-4.
const ZONE = 'America/Toronto'
const at = (local: string) => new Date(`${local}-04:00`)
const space = (id: string, overrides: Partial<SearchSpace> = {}): SearchSpace => ({
  id,
  parentId: null,
  type: 'rink',
  operatingStartTime: '09:00',
  operatingEndTime: '12:00',
  bookingInterval: 60,
  changeoverMinutes: 0,
  ...overrides,
})
const full = space('full')
const halfA = space('halfA', { parentId: 'full' })
const halfB = space('halfB', { parentId: 'full' })
const tree = [full, halfA, halfB]

function search(overrides: Partial<FreeSlotSearch> = {}) {
  return findFreeSlots({
    candidates: [full],
    tree,
    held: [],
    closures: [],
    timeZone: ZONE,
    firstDate: '2024-06-03',
    lastDate: '2024-06-03',
    weekdays: [],
    durationMinutes: 60,
    earliestStart: '00:00',
    latestEnd: '23:59',
    now: at('2024-06-01T00:00'),
    maxResults: 100,
    ...overrides,
  })
}
const starts = (overrides: Partial<FreeSlotSearch> = {}) =>
  search(overrides).slots.map((slot) => `${slot.spaceId} ${slot.date} ${slot.startTime}`)

describe('findFreeSlots', () => {
  test('offers the start list within operating hours, each slot ending by the closing', () => {
    expect(starts()).toEqual(['full 2024-06-03 09:00', 'full 2024-06-03 10:00', 'full 2024-06-03 11:00'])
    expect(starts({ durationMinutes: 120 })).toEqual(['full 2024-06-03 09:00', 'full 2024-06-03 10:00'])
    const [first] = search().slots
    expect(first).toMatchObject({ start: at('2024-06-03T09:00'), end: at('2024-06-03T10:00') })
  })

  test('follows the booking interval: starts on its grid, durations among its multiples', () => {
    const quarter = space('full', { bookingInterval: 15, operatingEndTime: '10:00' })
    expect(starts({ candidates: [quarter], tree: [quarter], durationMinutes: 30 })).toEqual([
      'full 2024-06-03 09:00',
      'full 2024-06-03 09:15',
      'full 2024-06-03 09:30',
    ])
    // 90 minutes is no multiple of an hour: the dialog could not offer it.
    expect(starts({ durationMinutes: 90 })).toEqual([])
  })

  test('keeps to the time window, the weekdays and the future', () => {
    expect(starts({ earliestStart: '10:00', latestEnd: '11:30' })).toEqual(['full 2024-06-03 10:00'])
    expect(starts({ lastDate: '2024-06-05', weekdays: [3] })).toEqual([
      'full 2024-06-05 09:00',
      'full 2024-06-05 10:00',
      'full 2024-06-05 11:00',
    ])
    expect(starts({ now: at('2024-06-03T09:30') })).toEqual(['full 2024-06-03 10:00', 'full 2024-06-03 11:00'])
  })

  test('a half is not free while the full sheet is booked, and the full sheet not while a half is', () => {
    const fullBooked = [full, halfA, halfB].map(({ id }) => ({
      unitId: id,
      during: { start: at('2024-06-03T09:00'), end: at('2024-06-03T10:00') },
    }))
    expect(starts({ candidates: [halfA], held: fullBooked })).toEqual(['halfA 2024-06-03 10:00', 'halfA 2024-06-03 11:00'])
    const halfBooked = [{ unitId: 'halfB', during: { start: at('2024-06-03T10:00'), end: at('2024-06-03T11:00') } }]
    expect(starts({ candidates: [full, halfA, halfB], held: halfBooked })).toEqual([
      'full 2024-06-03 09:00',
      'halfA 2024-06-03 09:00',
      'halfB 2024-06-03 09:00',
      'halfA 2024-06-03 10:00',
      'full 2024-06-03 11:00',
      'halfA 2024-06-03 11:00',
      'halfB 2024-06-03 11:00',
    ])
  })

  test('changeovers: the space’s own after the slot, and the one a booking holds after itself', () => {
    const booked = [{ unitId: 'full', during: { start: at('2024-06-03T10:00'), end: at('2024-06-03T11:15') } }]
    // The booking holds its changeover to 11:15, so 11:00 is taken.
    expect(starts({ held: booked })).toEqual(['full 2024-06-03 09:00'])
    const withChangeover = space('full', { changeoverMinutes: 15 })
    const later = [{ unitId: 'full', during: { start: at('2024-06-03T10:00'), end: at('2024-06-03T11:00') } }]
    // A 09:00 hour would need the ice until 10:15.
    expect(starts({ candidates: [withChangeover], tree: [withChangeover], held: later })).toEqual(['full 2024-06-03 11:00'])
  })

  test('closures of the space, of its whole, of a part and of the facility; never of a sibling', () => {
    const closure = (spaceId: string | null) => [{ spaceId, start: at('2024-06-03T09:30'), end: at('2024-06-03T10:30') }]
    const morning = ['2024-06-03 11:00']
    expect(starts({ candidates: [halfA], closures: closure('full') }).map((slot) => slot.slice(6))).toEqual(morning)
    expect(starts({ candidates: [full], closures: closure('halfB') }).map((slot) => slot.slice(5))).toEqual(morning)
    expect(starts({ candidates: [halfA], closures: closure(null) }).map((slot) => slot.slice(6))).toEqual(morning)
    expect(starts({ candidates: [halfA], closures: closure('halfB') })).toHaveLength(3)
  })

  test('midnight: a slot never runs past the closing into the next day', () => {
    const late = space('full', { operatingStartTime: '21:00', operatingEndTime: '23:59', bookingInterval: 60 })
    expect(starts({ candidates: [late], tree: [late] })).toEqual(['full 2024-06-03 21:00', 'full 2024-06-03 22:00'])
    expect(starts({ candidates: [late], tree: [late], durationMinutes: 180 })).toEqual([])
  })

  test('days follow the facility’s wall clock across a DST change', () => {
    // 2024-11-03: Toronto falls back at 02:00; a 09:00 start is still 09:00 local.
    const [slot] = search({ firstDate: '2024-11-03', lastDate: '2024-11-03' }).slots
    expect(slot!.start).toEqual(new Date('2024-11-03T09:00:00-05:00'))
  })

  test('stops at maxResults and says more were left', () => {
    expect(search({ maxResults: 2 })).toMatchObject({ isTruncated: true, slots: { length: 2 } })
    expect(search({ maxResults: 3 })).toMatchObject({ isTruncated: false, slots: { length: 3 } })
  })
})
