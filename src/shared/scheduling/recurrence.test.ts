import { TZDate } from '@date-fns/tz'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addCalendarDays, formatCalendarDate } from './calendar-date'
import { localDateOf } from './local-day'
import { RECURRENCE_MESSAGES, checkOccurrenceCount, countWithSplits, expandRecurrence, type RecurrenceRequest } from './recurrence'

const TORONTO = 'America/Toronto'
const localTimes = (request: RecurrenceRequest, timeZone: string) =>
  expandRecurrence(request, timeZone).map(({ start }) => {
    const local = new TZDate(start.getTime(), timeZone)
    return `${localDateOf(start, timeZone)} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`
  })

describe('expandRecurrence', () => {
  test('daily runs from the date to the end date inclusive', () => {
    const request = { date: '2024-06-01', startTime: '18:00', durationMinutes: 60, frequency: 'daily', endDate: '2024-06-03' } as const
    expect(localTimes(request, TORONTO)).toEqual(['2024-06-01 18:00', '2024-06-02 18:00', '2024-06-03 18:00'])
  })

  test('each occurrence lasts the duration', () => {
    const [first] = expandRecurrence(
      { date: '2024-06-01', startTime: '18:00', durationMinutes: 90, frequency: 'daily', endDate: '2024-06-01' },
      TORONTO,
    )
    expect(first).toEqual({ start: new Date('2024-06-01T22:00:00Z'), end: new Date('2024-06-01T23:30:00Z') })
  })

  test('weekly emits each selected weekday from the start date on', () => {
    // 2024-06-05 is a Wednesday; Monday the 3rd is before the start and is not emitted.
    const request = {
      date: '2024-06-05',
      startTime: '19:00',
      durationMinutes: 60,
      frequency: 'weekly',
      endDate: '2024-06-17',
      weekdays: [1, 3],
    } as const
    expect(localTimes(request, TORONTO)).toEqual(['2024-06-05 19:00', '2024-06-10 19:00', '2024-06-12 19:00', '2024-06-17 19:00'])
  })

  test('Mondays and Wednesdays for 4 weeks make 8 events', () => {
    const request = {
      date: '2024-06-03',
      startTime: '19:00',
      durationMinutes: 60,
      frequency: 'weekly',
      endDate: '2024-06-28',
      weekdays: [1, 3],
    } as const
    expect(expandRecurrence(request, TORONTO)).toHaveLength(8)
  })

  test('a weekly 19:00 practice stays at 19:00 local time across both DST changes', () => {
    const request = {
      date: '2024-03-02',
      startTime: '19:00',
      durationMinutes: 60,
      frequency: 'weekly',
      endDate: '2024-11-30',
      weekdays: [6],
    } as const
    const occurrences = expandRecurrence(request, TORONTO)
    expect(localTimes(request, TORONTO).every((time) => time.endsWith(' 19:00'))).toBe(true)
    const startOn = (date: string) => occurrences.find(({ start }) => localDateOf(start, TORONTO) === date)?.start
    // EST (UTC-5) before 2024-03-10, EDT (UTC-4) until 2024-11-03, then EST again.
    expect(startOn('2024-03-09')).toEqual(new Date('2024-03-10T00:00:00Z'))
    expect(startOn('2024-03-16')).toEqual(new Date('2024-03-16T23:00:00Z'))
    expect(startOn('2024-11-02')).toEqual(new Date('2024-11-02T23:00:00Z'))
    expect(startOn('2024-11-09')).toEqual(new Date('2024-11-10T00:00:00Z'))
  })

  test('monthly counts from the original date, clamping the 31st in short months', () => {
    const request = { date: '2024-01-31', startTime: '10:00', durationMinutes: 60, frequency: 'monthly', endDate: '2024-05-31' } as const
    expect(localTimes(request, 'UTC')).toEqual([
      '2024-01-31 10:00',
      '2024-02-29 10:00',
      '2024-03-31 10:00',
      '2024-04-30 10:00',
      '2024-05-31 10:00',
    ])
  })

  test('monthly ignores weekdays', () => {
    const request = {
      date: '2024-01-15',
      startTime: '10:00',
      durationMinutes: 60,
      frequency: 'monthly',
      endDate: '2024-03-15',
      weekdays: [0],
    } as const
    expect(expandRecurrence(request, 'UTC')).toHaveLength(3)
  })

  test('an end date before the start gives no occurrences', () => {
    const request = { date: '2024-06-10', startTime: '10:00', durationMinutes: 60, frequency: 'daily', endDate: '2024-06-09' } as const
    expect(expandRecurrence(request, 'UTC')).toEqual([])
  })

  test('weekly without weekdays gives no occurrences', () => {
    const request = {
      date: '2024-06-10',
      startTime: '10:00',
      durationMinutes: 60,
      frequency: 'weekly',
      endDate: '2099-12-31',
      weekdays: [],
    } as const
    expect(expandRecurrence(request, 'UTC')).toEqual([])
  })

  test('a start time inside the spring-forward gap moves forward by the gap that day only', () => {
    const request = { date: '2024-03-09', startTime: '02:30', durationMinutes: 30, frequency: 'daily', endDate: '2024-03-11' } as const
    expect(localTimes(request, TORONTO)).toEqual(['2024-03-09 02:30', '2024-03-10 03:30', '2024-03-11 02:30'])
  })

  test('an endless series stops one past the cap', () => {
    const request = { date: '2024-01-01', startTime: '10:00', durationMinutes: 60, frequency: 'daily', endDate: '9999-12-31' } as const
    expect(expandRecurrence(request, 'UTC')).toHaveLength(366)
  })
})

describe('counting against the 365 cap', () => {
  const daily = (endDate: string, startTime = '10:00') =>
    ({ date: '2024-01-01', startTime, durationMinutes: 120, frequency: 'daily', endDate }) as const

  test('split halves count as events', () => {
    const occurrences = expandRecurrence(daily('2024-01-03', '23:00'), TORONTO)
    expect(occurrences).toHaveLength(3)
    expect(countWithSplits(occurrences, TORONTO)).toBe(6)
  })

  test('365 events are accepted and 366 refused', () => {
    const lastAccepted = addCalendarDays('2024-01-01', 364)
    const accepted = expandRecurrence(daily(lastAccepted), 'UTC')
    expect(checkOccurrenceCount(countWithSplits(accepted, 'UTC'))).toBeNull()

    const refused = expandRecurrence(daily(addCalendarDays(lastAccepted, 1)), 'UTC')
    expect(checkOccurrenceCount(countWithSplits(refused, 'UTC'))).toBe(RECURRENCE_MESSAGES.tooMany)
  })

  test('183 nightly games that cross midnight make 366 events and are refused', () => {
    const occurrences = expandRecurrence(daily(addCalendarDays('2024-01-01', 182), '23:00'), TORONTO)
    expect(countWithSplits(occurrences, TORONTO)).toBe(366)
    expect(checkOccurrenceCount(366)).toBe('Too many recurring events. Maximum 365 occurrences.')
  })

  test('zero events are refused with the spec message', () => {
    expect(checkOccurrenceCount(0)).toBe('No events to create. Check your recurrence settings.')
  })
})

describe('expandRecurrence properties', () => {
  const zones = ['UTC', TORONTO, 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Europe/London']

  test('every occurrence starts at the same local wall time, unless that time does not exist that day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 3650 }).map((days) => addCalendarDays('2020-01-01', days)),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 3 }).map((quarter) => quarter * 15),
        fc.constantFrom('daily', 'weekly', 'monthly'),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        (timeZone, date, spanDays, hours, minutes, frequency, weekdays) => {
          const startTime = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
          const request = { date, startTime, durationMinutes: 60, frequency, endDate: addCalendarDays(date, spanDays), weekdays }
          const occurrences = expandRecurrence(request, timeZone)
          for (const { start, end } of occurrences) {
            const local = new TZDate(start.getTime(), timeZone)
            const occurrenceDate = formatCalendarDate({ year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() })
            const wallMinutes = local.getHours() * 60 + local.getMinutes()
            const shift = wallMinutes - (hours * 60 + minutes)
            if (shift !== 0) {
              // Only a wall time that the clock skipped may move: forward, by at most the gap (1 hour).
              expect(shift).toBeGreaterThan(0)
              expect(shift).toBeLessThanOrEqual(60)
              const skipped = new TZDate(start.getTime() - shift * 60_000, timeZone)
              expect(skipped.getHours() * 60 + skipped.getMinutes()).not.toBe(hours * 60 + minutes)
            }
            expect(occurrenceDate >= date && occurrenceDate <= request.endDate).toBe(true)
            expect(end.getTime() - start.getTime()).toBe(60 * 60_000)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
