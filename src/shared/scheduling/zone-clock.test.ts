import { TZDate } from '@date-fns/tz'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wallClockOf, zoneOffsetMs } from './zone-clock'

const ZONES = ['America/Toronto', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC']

describe('the zone clock kept per quarter hour', () => {
  it('reads what the zone’s own clock reads at any instant, across every change of the clocks', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), fc.constantFrom(...ZONES), (instant, zone) => {
        const exact = new TZDate(instant, zone)
        const clock = wallClockOf(instant, zone)
        expect(clock).toMatchObject({
          year: exact.getFullYear(),
          month: exact.getMonth() + 1,
          day: exact.getDate(),
          weekday: exact.getDay(),
          hour: exact.getHours(),
          minute: exact.getMinutes(),
        })
        expect(zoneOffsetMs(instant, zone)).toBe(-exact.getTimezoneOffset() * 60_000)
      }),
      { numRuns: 2000 },
    )
  })

  it('reads each minute around Toronto’s and Lord Howe’s changes of the clocks right', () => {
    for (const [zone, from] of [
      ['America/Toronto', Date.UTC(2026, 2, 8, 6)],
      ['America/Toronto', Date.UTC(2026, 10, 1, 5)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 14)],
    ] as const) {
      for (let minute = 0; minute < 180; minute++) {
        const instant = from + minute * 60_000
        const exact = new TZDate(instant, zone)
        expect([wallClockOf(instant, zone).hour, wallClockOf(instant, zone).minute]).toEqual([exact.getHours(), exact.getMinutes()])
      }
    }
  })

  it('refuses an unknown zone', () => {
    expect(() => wallClockOf(0, 'Mars/Olympus_Mons')).toThrow(RangeError)
  })
})
