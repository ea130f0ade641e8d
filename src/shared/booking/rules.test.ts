import { describe, expect, it } from 'vitest'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { splitAtMidnight } from '@shared/scheduling/split-at-midnight'
import { changeRoomHoldsOf, groupIntoBookings, occupancyOf, problemsOf, statusOf, type Occurrence, type WhatIsThere } from './rules'

const ZONE = 'America/Toronto'
const at = (date: string, time: string) => combineLocalDateTime(date, time, ZONE)
const minutes = (count: number) => count * 60_000

// A booking on the facility's wall clock, split at its midnight as the server plans it.
function booking(date: string, time: string, durationMinutes: number, extra: Partial<Omit<Occurrence, 'parts'>> = {}): Occurrence {
  const start = at(date, time)
  const parts = splitAtMidnight({ title: '', start, end: new Date(start.getTime() + minutes(durationMinutes)) }, ZONE)
  return { parts: parts.map(({ start: from, end }) => ({ start: from, end })), changeoverMinutes: 0, changeRoomIds: [], ...extra }
}

const nothing: WhatIsThere = { events: [], closures: [], changeRooms: [], changeRoomMinutes: 0, startRule: null }

describe('the booking rules', () => {
  it('split at midnight: Part 1 holds no changeover, the last part holds it after its end', () => {
    const game = booking('2030-06-03', '23:00', 120, { changeoverMinutes: 15 })
    expect(game.parts).toHaveLength(2)
    expect(occupancyOf(game)).toEqual([
      { start: at('2030-06-03', '23:00'), end: new Date(at('2030-06-04', '00:00').getTime() - 1) },
      { start: at('2030-06-04', '00:00'), end: at('2030-06-04', '01:15') },
    ])
    expect(occupancyOf(booking('2030-06-03', '21:00', 60, { changeoverMinutes: 15 }))).toEqual([
      { start: at('2030-06-03', '21:00'), end: at('2030-06-03', '22:15') },
    ])
  })

  it('pads change room holds on both sides, but not at the midnight that splits a booking (as schedules_hold_change_rooms)', () => {
    const whole = booking('2030-06-03', '20:00', 60)
    expect(changeRoomHoldsOf(whole, 30)).toEqual([{ start: at('2030-06-03', '19:30'), end: at('2030-06-03', '21:30') }])
    const split = booking('2030-06-03', '23:00', 120)
    expect(changeRoomHoldsOf(split, 30)).toEqual([
      // Part 1: widened before its start only; Part 2: after its end only.
      { start: at('2030-06-03', '22:30'), end: new Date(at('2030-06-04', '00:00').getTime() - 1) },
      { start: at('2030-06-04', '00:00'), end: at('2030-06-04', '01:30') },
    ])
  })

  it('finds no change room clash in the split instant the trigger leaves unheld, and one at either padded end', () => {
    const split = booking('2030-06-03', '23:00', 120, { changeRoomIds: ['room-1'] })
    const midnight = at('2030-06-04', '00:00').getTime()
    const holdOf = (start: number, end: number) => ({
      ...nothing,
      changeRoomMinutes: 30,
      changeRooms: [{ id: 'room-1', name: 'Home', holds: [{ title: 'Other', held: { start: new Date(start), end: new Date(end) } }] }],
    })
    // Padding Part 1 after its end (as the explanation used to) would hold this millisecond too.
    expect(statusOf(split, holdOf(midnight - 1, midnight)).status).toBe('free')
    expect(statusOf(split, holdOf(at('2030-06-03', '22:00').getTime(), at('2030-06-03', '22:31').getTime()))).toEqual({
      status: 'changeRoom',
      reason: 'Change room "Home" is in use by "Other"',
    })
    expect(statusOf(split, holdOf(at('2030-06-04', '01:29').getTime(), at('2030-06-04', '03:00').getTime())).status).toBe('changeRoom')
    expect(statusOf(split, holdOf(at('2030-06-04', '01:30').getTime(), at('2030-06-04', '03:00').getTime())).status).toBe('free')
    // A change room not asked for is in nobody's way.
    expect(statusOf({ ...split, changeRoomIds: ['room-2'] }, holdOf(midnight - minutes(30), midnight)).status).toBe('free')
  })

  it('says a clash with the event, counting both changeovers', () => {
    const there = {
      ...nothing,
      events: [{ title: 'Jets practice', blocked: { start: at('2030-06-03', '10:00'), end: at('2030-06-03', '11:15') } }],
    }
    expect(statusOf(booking('2030-06-03', '11:00', 60), there)).toEqual({ status: 'clash', reason: 'Clashes with "Jets practice"' })
    expect(statusOf(booking('2030-06-03', '11:15', 60), there).status).toBe('free')
    expect(statusOf(booking('2030-06-03', '09:00', 60), there).status).toBe('free')
    expect(statusOf(booking('2030-06-03', '09:00', 60, { changeoverMinutes: 10 }), there).status).toBe('clash')
  })

  it('says a renter’s request holding the ice is pending, in a clash and in a change room (docs/product.md#renters)', () => {
    const blocked = { start: at('2030-06-03', '10:00'), end: at('2030-06-03', '11:00') }
    const there = { ...nothing, events: [{ title: 'Hawks U11', blocked, pending: true }] }
    expect(statusOf(booking('2030-06-03', '10:30', 60), there)).toEqual({
      status: 'clash',
      reason: 'Clashes with a pending request "Hawks U11"',
    })
    const changeRooms = [{ id: 'room-1', name: 'Home', holds: [{ title: 'Sharks U13', held: blocked, pending: true }] }]
    expect(
      statusOf(booking('2030-06-03', '11:30', 60, { changeRoomIds: ['room-1'] }), { ...nothing, changeRooms, changeRoomMinutes: 60 }),
    ).toEqual({ status: 'changeRoom', reason: 'Change room "Home" is in use by a pending request "Sharks U13"' })
  })

  it('says a closure by its reason, and lets a changeover run into it', () => {
    const there = { ...nothing, closures: [{ reason: 'Ice repair', start: at('2030-06-03', '12:00'), end: at('2030-06-03', '14:00') }] }
    expect(statusOf(booking('2030-06-03', '13:45', 60), there)).toEqual({ status: 'closed', reason: 'Closed: Ice repair' })
    expect(statusOf(booking('2030-06-03', '11:00', 60, { changeoverMinutes: 30 }), there).status).toBe('free')
  })

  it('judges the start by the space’s start rule, not the part after midnight', () => {
    const startRule = {
      space: { name: 'Studio', operatingStartTime: '08:00', operatingEndTime: '22:00', bookingInterval: 30 },
      timeZone: ZONE,
    }
    const there = { ...nothing, startRule }
    expect(statusOf(booking('2030-06-03', '22:00', 60), there)).toEqual({
      status: 'hours',
      reason: 'Studio takes bookings starting from 8:00 AM to 9:30 PM',
    })
    expect(statusOf(booking('2030-06-03', '09:15', 60), there)).toEqual({
      status: 'hours',
      reason: 'Starts must be on the 30-minute interval (8:00, 8:30, …)',
    })
    // Runs past the closing and past midnight: its Part 2 starting at 12:00 AM is no new start.
    expect(statusOf(booking('2030-06-03', '21:30', 180), there).status).toBe('free')
  })

  it('lists everything in the way in the order the database meets it', () => {
    const there: WhatIsThere = {
      events: [{ title: 'Game', blocked: { start: at('2030-06-03', '10:00'), end: at('2030-06-03', '11:00') } }],
      closures: [{ reason: 'Maintenance', start: at('2030-06-03', '10:30'), end: at('2030-06-03', '12:00') }],
      changeRooms: [
        { id: 'a', name: 'Away', holds: [{ title: 'Other', held: { start: at('2030-06-03', '09:00'), end: at('2030-06-03', '10:00') } }] },
      ],
      changeRoomMinutes: 15,
      startRule: { space: { name: 'Rink', operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 60 }, timeZone: ZONE },
    }
    expect(problemsOf(booking('2030-06-03', '10:00', 60, { changeRoomIds: ['a'] }), there).map(({ status }) => status)).toEqual([
      'clash',
      'closed',
      'changeRoom',
    ])
    expect(statusOf(booking('2030-06-03', '10:30', 60, { changeRoomIds: ['a'] }), there).status).toBe('hours')
  })

  it('groups rows into bookings by their group, parts in time order', () => {
    const row = (id: string, group: string | null, time: string) => ({
      id,
      eventGroupId: group,
      start: at('2030-06-03', time),
      end: at('2030-06-03', time),
    })
    expect(
      groupIntoBookings([row('b', 'g', '12:00'), row('c', null, '09:00'), row('a', 'g', '11:00')]).map((rows) => rows.map(({ id }) => id)),
    ).toEqual([['a', 'b'], ['c']])
  })
})
