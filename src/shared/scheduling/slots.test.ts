import { describe, expect, test } from 'vitest'
import { computeSlots, type SlotRequest } from './slots'

const TORONTO = 'America/Toronto'
// 2024-06-03 in Toronto is EDT, UTC-4: local 10:00 is 14:00Z.
const local = (time: string, date = '2024-06-03') => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return new Date(Date.parse(`${date}T00:00:00Z`) + ((hours + 4) * 60 + minutes) * 60_000)
}
const request = (overrides: Partial<SlotRequest>): SlotRequest => ({
  operatingStart: '09:00',
  operatingEnd: '22:00',
  bookingInterval: 60,
  events: [],
  now: local('07:00'),
  hoursAhead: 4,
  timeZone: TORONTO,
  ...overrides,
})
const startsOf = (slots: ReturnType<typeof computeSlots>) => slots.map(({ start }) => start.toISOString())

describe('computeSlots', () => {
  test('before opening, slots start at the operating start', () => {
    const slots = computeSlots(request({ now: local('07:00'), hoursAhead: 4 }))
    expect(startsOf(slots)).toEqual([local('09:00').toISOString(), local('10:00').toISOString()])
    expect(slots[0]?.end).toEqual(local('10:00'))
  })

  test('during opening hours, slots start at the next boundary of the room grid', () => {
    const slots = computeSlots(request({ operatingStart: '09:15', now: local('10:20'), hoursAhead: 3 }))
    expect(startsOf(slots)).toEqual([local('11:15').toISOString(), local('12:15').toISOString()])
  })

  test('a slot starting this very minute is still offered', () => {
    const slots = computeSlots(request({ now: local('10:00'), hoursAhead: 2 }))
    expect(startsOf(slots)).toEqual([local('10:00').toISOString(), local('11:00').toISOString()])
  })

  test('a room without an interval steps by 30 minutes', () => {
    const slots = computeSlots(request({ bookingInterval: null, now: local('09:00'), hoursAhead: 1 }))
    expect(startsOf(slots)).toEqual([local('09:00').toISOString(), local('09:30').toISOString()])
  })

  test('the window end cuts slots before the operating end does', () => {
    const slots = computeSlots(request({ bookingInterval: 90, now: local('09:00'), hoursAhead: 4 }))
    // 09:00 and 10:30 fit; 12:00 to 13:30 would end after 13:00.
    expect(startsOf(slots)).toEqual([local('09:00').toISOString(), local('10:30').toISOString()])
  })

  test('the operating end cuts slots before the window end does', () => {
    const slots = computeSlots(request({ operatingEnd: '21:30', now: local('19:00'), hoursAhead: 4 }))
    expect(startsOf(slots)).toEqual([local('19:00').toISOString(), local('20:00').toISOString()])
  })

  test('a slot overlapping an event is booked, the rest available', () => {
    const slots = computeSlots(request({ now: local('09:00'), hoursAhead: 3, events: [{ start: local('10:30'), end: local('11:15') }] }))
    expect(slots.map(({ isAvailable }) => isAvailable)).toEqual([true, false, false])
  })

  test('an event ending exactly at a slot start, or starting at its end, leaves it free', () => {
    const slots = computeSlots(
      request({
        now: local('09:00'),
        hoursAhead: 3,
        events: [
          { start: local('08:00'), end: local('09:00') },
          { start: local('12:00'), end: local('13:00') },
        ],
      }),
    )
    expect(slots.map(({ isAvailable }) => isAvailable)).toEqual([true, true, true])
  })

  test('a window crossing midnight includes the next day’s opening hours', () => {
    const slots = computeSlots(request({ operatingStart: '06:00', operatingEnd: '23:00', now: local('21:10'), hoursAhead: 12 }))
    expect(startsOf(slots)).toEqual([
      local('22:00').toISOString(),
      local('06:00', '2024-06-04').toISOString(),
      local('07:00', '2024-06-04').toISOString(),
      local('08:00', '2024-06-04').toISOString(),
    ])
  })

  test('after closing, with tomorrow out of reach, there are no slots', () => {
    expect(computeSlots(request({ now: local('22:30'), hoursAhead: 4 }))).toEqual([])
  })

  test('after today’s closing, a window reaching tomorrow offers only tomorrow’s first slots', () => {
    const slots = computeSlots(request({ operatingStart: '06:00', now: local('22:30'), hoursAhead: 9 }))
    expect(startsOf(slots)).toEqual([local('06:00', '2024-06-04').toISOString()])
  })

  test('an event that began before now books the slots it still covers', () => {
    const slots = computeSlots(request({ now: local('09:40'), hoursAhead: 3, events: [{ start: local('08:00'), end: local('10:30') }] }))
    expect(startsOf(slots)).toEqual([local('10:00').toISOString(), local('11:00').toISOString()])
    expect(slots.map(({ isAvailable }) => isAvailable)).toEqual([false, true])
  })

  test('after midnight, the new day’s hours apply, not yesterday’s', () => {
    const slots = computeSlots(request({ now: local('01:00', '2024-06-04'), hoursAhead: 9 }))
    expect(startsOf(slots)).toEqual([local('09:00', '2024-06-04').toISOString()])
  })

  test('slots follow the facility’s wall clock in another zone', () => {
    // Kathmandu is UTC+05:45: now is 07:45 local and 09:00 local is 03:15Z.
    const slots = computeSlots(request({ timeZone: 'Asia/Kathmandu', now: new Date('2024-06-03T02:00:00Z'), hoursAhead: 3 }))
    expect(startsOf(slots)).toEqual(['2024-06-03T03:15:00.000Z'])
  })

  test('across the spring-forward gap, slots last real hours from the opening', () => {
    // 2024-03-10 in Toronto: 00:00 EST is 05:00Z and the clock jumps from 02:00 to 03:00 at 07:00Z.
    const slots = computeSlots(
      request({ operatingStart: '00:00', operatingEnd: '23:00', now: new Date('2024-03-10T05:00:00Z'), hoursAhead: 4 }),
    )
    expect(startsOf(slots)).toEqual([
      '2024-03-10T05:00:00.000Z',
      '2024-03-10T06:00:00.000Z',
      '2024-03-10T07:00:00.000Z',
      '2024-03-10T08:00:00.000Z',
    ])
  })
})
