import { tzOffset } from '@date-fns/tz'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DEFAULT_PRIME_TIME, splitPrimeMinutes, type PrimeTime } from './prime-time'

const TORONTO = 'America/Toronto'
const split = (start: string, end: string, timeZone = TORONTO, prime: PrimeTime = DEFAULT_PRIME_TIME) =>
  splitPrimeMinutes(new Date(start), new Date(end), timeZone, prime)
const ALL_DAY: PrimeTime = { weekdayStart: '00:00', weekdayEnd: '00:00', weekendStart: '00:00', weekendEnd: '00:00' }

describe('splitPrimeMinutes', () => {
  test('a weekday booking is split where prime time starts', () => {
    // Wednesday 15:00 to 17:00 EDT; weekday prime time starts at 16:00.
    expect(split('2024-06-05T19:00:00Z', '2024-06-05T21:00:00Z')).toEqual({ primeMinutes: 60, nonPrimeMinutes: 60 })
  })

  test('a weekend morning is prime from 07:00', () => {
    // Saturday 06:00 to 08:00 EDT
    expect(split('2024-06-08T10:00:00Z', '2024-06-08T12:00:00Z')).toEqual({ primeMinutes: 60, nonPrimeMinutes: 60 })
  })

  test('a booking wholly inside or outside prime time', () => {
    expect(split('2024-06-05T21:00:00Z', '2024-06-05T22:30:00Z')).toEqual({ primeMinutes: 90, nonPrimeMinutes: 0 })
    expect(split('2024-06-05T12:00:00Z', '2024-06-05T13:00:00Z')).toEqual({ primeMinutes: 0, nonPrimeMinutes: 60 })
  })

  test('crossing midnight from Friday into Saturday, each day by its own window', () => {
    // Friday 21:00 to Saturday 08:00 EDT: Friday 21:00 to 22:00 and Saturday 07:00 to 08:00 are prime.
    expect(split('2024-06-08T01:00:00Z', '2024-06-08T12:00:00Z')).toEqual({ primeMinutes: 120, nonPrimeMinutes: 540 })
  })

  test('crossing midnight from Sunday into Monday', () => {
    // Sunday 21:00 to Monday 01:00 EDT
    expect(split('2024-06-10T01:00:00Z', '2024-06-10T05:00:00Z')).toEqual({ primeMinutes: 60, nonPrimeMinutes: 180 })
  })

  test('an end of 00:00 is the midnight that ends the day', () => {
    const lateNights = { ...DEFAULT_PRIME_TIME, weekdayEnd: '00:00' }
    // Wednesday 23:00 to Thursday 01:00 EDT
    expect(split('2024-06-06T03:00:00Z', '2024-06-06T05:00:00Z', TORONTO, lateNights)).toEqual({
      primeMinutes: 60,
      nonPrimeMinutes: 60,
    })
  })

  test('the spring-forward day counts the 23 hours that pass', () => {
    // Saturday 2024-03-09 22:00 EST to Sunday 22:00 EDT: 23 hours. Sunday 07:00 to 22:00 is prime;
    // Saturday 22:00 to midnight and Sunday's 6 real hours before 07:00 are not.
    expect(split('2024-03-10T03:00:00Z', '2024-03-11T02:00:00Z')).toEqual({ primeMinutes: 900, nonPrimeMinutes: 480 })
  })

  test('the fall-back day counts the 25 hours that pass', () => {
    // Saturday 2024-11-02 22:00 EDT to Sunday 22:00 EST: 25 hours, 8 of them before Sunday's 07:00.
    expect(split('2024-11-03T02:00:00Z', '2024-11-04T03:00:00Z')).toEqual({ primeMinutes: 900, nonPrimeMinutes: 600 })
  })

  test('a prime window over the repeated hour is as long as the clock makes it', () => {
    // Sunday 2024-11-03 00:00 to 04:00 EST is 5 real hours.
    expect(split('2024-11-03T04:00:00Z', '2024-11-03T09:00:00Z', TORONTO, ALL_DAY)).toEqual({
      primeMinutes: 300,
      nonPrimeMinutes: 0,
    })
  })

  test('24 hours that wrap a 23-hour day touch three dates', () => {
    // Saturday 2024-03-09 23:30 EST to Monday 2024-03-11 00:30 EDT
    expect(split('2024-03-10T04:30:00Z', '2024-03-11T04:30:00Z')).toEqual({ primeMinutes: 900, nonPrimeMinutes: 540 })
  })

  test('a half-hour zone: St. John’s', () => {
    // Wednesday 15:30 to 17:00 NDT (UTC−2:30)
    expect(split('2024-06-05T18:00:00Z', '2024-06-05T19:30:00Z', 'America/St_Johns')).toEqual({
      primeMinutes: 60,
      nonPrimeMinutes: 30,
    })
  })

  test('a zone whose clocks change by half an hour: Lord Howe', () => {
    // Saturday 2024-04-06 23:00 +11 to Sunday 03:00 +10:30, the clocks going back from 02:00 to
    // 01:30: four and a half real hours.
    expect(split('2024-04-06T12:00:00Z', '2024-04-06T16:30:00Z', 'Australia/Lord_Howe')).toEqual({
      primeMinutes: 0,
      nonPrimeMinutes: 270,
    })
  })

  test('UTC midnight means nothing to a facility in another zone', () => {
    // Wednesday 19:00 to 21:00 EDT crosses UTC midnight, all of it prime.
    expect(split('2024-06-05T23:00:00Z', '2024-06-06T01:00:00Z')).toEqual({ primeMinutes: 120, nonPrimeMinutes: 0 })
  })

  test('seconds left over are dropped: whole elapsed minutes, whole prime minutes', () => {
    // Wednesday 15:59:30 to 16:01:00 EDT
    expect(split('2024-06-05T19:59:30Z', '2024-06-05T20:01:00Z')).toEqual({ primeMinutes: 1, nonPrimeMinutes: 0 })
    expect(split('2024-06-05T20:00:00Z', '2024-06-05T20:00:59Z')).toEqual({ primeMinutes: 0, nonPrimeMinutes: 0 })
    // 15:58:30 to 16:00:30: two whole minutes, of which prime time holds only 30 seconds.
    expect(split('2024-06-05T19:58:30Z', '2024-06-05T20:00:30Z')).toEqual({ primeMinutes: 0, nonPrimeMinutes: 2 })
  })

  test('an empty booking has no minutes', () => {
    expect(split('2024-06-05T20:00:00Z', '2024-06-05T20:00:00Z')).toEqual({ primeMinutes: 0, nonPrimeMinutes: 0 })
  })

  test('refuses an end before the start, invalid instants, prime time out of order and unknown zones', () => {
    expect(() => split('2024-06-05T21:00:00Z', '2024-06-05T20:00:00Z')).toThrow(RangeError)
    expect(() => split('not a date', '2024-06-05T20:00:00Z')).toThrow(RangeError)
    expect(() => split('2024-06-05T20:00:00Z', '2024-06-05T21:00:00Z', TORONTO, { ...DEFAULT_PRIME_TIME, weekdayEnd: '15:00' })).toThrow(
      RangeError,
    )
    expect(() => split('2024-06-05T20:00:00Z', '2024-06-05T21:00:00Z', TORONTO, { ...DEFAULT_PRIME_TIME, weekendStart: '7:00' })).toThrow(
      RangeError,
    )
    expect(() => split('2024-06-05T20:00:00Z', '2024-06-05T21:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError)
  })

  test('agrees with reading the wall clock minute by minute', () => {
    const zones = ['America/Toronto', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'UTC']
    // Windows on half hours away from the hours the clocks change in, where a wall time is ambiguous.
    const halfHour = fc.integer({ min: 10, max: 47 })
    const window = fc.tuple(fc.oneof(fc.constant(0), halfHour), fc.oneof(fc.constant(48), halfHour)).filter(([start, end]) => end > start)
    const clock = (halfHours: number) => `${String(Math.floor(halfHours / 2) % 24).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}`
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1) / 60_000, max: Date.UTC(2026, 0, 1) / 60_000 }),
        fc.integer({ min: 15, max: 24 * 60 }),
        fc.constantFrom(...zones),
        window,
        window,
        (startMinute, minutes, timeZone, [weekdayStart, weekdayEnd], [weekendStart, weekendEnd]) => {
          const prime = {
            weekdayStart: clock(weekdayStart),
            weekdayEnd: clock(weekdayEnd),
            weekendStart: clock(weekendStart),
            weekendEnd: clock(weekendEnd),
          }
          let expectedPrime = 0
          for (let minute = startMinute; minute < startMinute + minutes; minute += 1) {
            const instant = new Date(minute * 60_000)
            const wall = new Date(instant.getTime() + tzOffset(timeZone, instant) * 60_000)
            const isWeekend = wall.getUTCDay() === 0 || wall.getUTCDay() === 6
            const halfHours = (wall.getUTCHours() * 60 + wall.getUTCMinutes()) / 30
            const [from, to] = isWeekend ? [weekendStart, weekendEnd] : [weekdayStart, weekdayEnd]
            if (halfHours >= from && halfHours < to) expectedPrime += 1
          }
          const result = splitPrimeMinutes(new Date(startMinute * 60_000), new Date((startMinute + minutes) * 60_000), timeZone, prime)
          expect(result).toEqual({ primeMinutes: expectedPrime, nonPrimeMinutes: minutes - expectedPrime })
        },
      ),
      { numRuns: 100 },
    )
  })
})
