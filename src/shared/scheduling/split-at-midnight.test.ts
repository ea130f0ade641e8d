import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { localDateOf } from './local-day'
import { splitAtMidnight, stripSplitSuffix } from './split-at-midnight'

const TORONTO = 'America/Toronto'
const KATHMANDU = 'Asia/Kathmandu'
const event = (start: string, end: string) => ({
  title: 'Game',
  start: new Date(start),
  end: new Date(end),
  color: '#ff0000',
})

describe('splitAtMidnight', () => {
  test('an event within one local day stays whole', () => {
    const practice = event('2024-06-01T22:00:00Z', '2024-06-01T23:30:00Z')
    expect(splitAtMidnight(practice, TORONTO)).toEqual([practice])
  })

  test('an event ending exactly at local midnight is not split', () => {
    // 22:00 to 00:00 EDT
    const late = event('2024-06-02T02:00:00Z', '2024-06-02T04:00:00Z')
    expect(splitAtMidnight(late, TORONTO)).toEqual([late])
  })

  test('an event starting exactly at local midnight is not split', () => {
    const early = event('2024-06-02T04:00:00Z', '2024-06-02T06:00:00Z')
    expect(splitAtMidnight(early, TORONTO)).toEqual([early])
  })

  test('an event crossing local midnight becomes Part 1 and Part 2, keeping its other fields', () => {
    // 23:00 to 01:00 EDT
    const [first, second] = splitAtMidnight(event('2024-06-02T03:00:00Z', '2024-06-02T05:00:00Z'), TORONTO)
    expect(first).toEqual({
      title: 'Game (Part 1)',
      start: new Date('2024-06-02T03:00:00Z'),
      end: new Date('2024-06-02T03:59:59.999Z'),
      color: '#ff0000',
    })
    expect(second).toEqual({
      title: 'Game (Part 2)',
      start: new Date('2024-06-02T04:00:00Z'),
      end: new Date('2024-06-02T05:00:00Z'),
      color: '#ff0000',
    })
  })

  test('UTC midnight means nothing to a facility in another zone', () => {
    // 19:00 to 21:00 EDT crosses UTC midnight but not Toronto's.
    const evening = event('2024-06-01T23:00:00Z', '2024-06-02T01:00:00Z')
    expect(splitAtMidnight(evening, TORONTO)).toHaveLength(1)
  })

  test('on the fall-back night, 23:00 to 01:00 splits at local midnight', () => {
    // 2024-11-02 23:00 EDT to 2024-11-03 01:00 EDT (the first of the two 01:00s)
    const parts = splitAtMidnight(event('2024-11-03T03:00:00Z', '2024-11-03T05:00:00Z'), TORONTO)
    expect(parts.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual([
      ['2024-11-03T03:00:00.000Z', '2024-11-03T03:59:59.999Z'],
      ['2024-11-03T04:00:00.000Z', '2024-11-03T05:00:00.000Z'],
    ])
  })

  test('on the fall-back night, Part 2 keeps the repeated hour', () => {
    // 23:00 EDT to 01:00 EST: three real hours, two of them after midnight.
    const [, second] = splitAtMidnight(event('2024-11-03T03:00:00Z', '2024-11-03T06:00:00Z'), TORONTO)
    expect(second?.start).toEqual(new Date('2024-11-03T04:00:00Z'))
    expect(second?.end).toEqual(new Date('2024-11-03T06:00:00Z'))
  })

  test('on the spring-forward night, 23:00 to 03:30 splits at local midnight', () => {
    // 2024-03-09 23:00 EST to 2024-03-10 03:30 EDT
    const [first, second] = splitAtMidnight(event('2024-03-10T04:00:00Z', '2024-03-10T07:30:00Z'), TORONTO)
    expect(first?.end).toEqual(new Date('2024-03-10T04:59:59.999Z'))
    expect(second?.start).toEqual(new Date('2024-03-10T05:00:00Z'))
  })

  test('Kathmandu splits at its own +05:45 midnight', () => {
    // 2024-06-01 23:00 to 2024-06-02 01:00 NPT
    const [first, second] = splitAtMidnight(event('2024-06-01T17:15:00Z', '2024-06-01T19:15:00Z'), KATHMANDU)
    expect(first?.end).toEqual(new Date('2024-06-01T18:14:59.999Z'))
    expect(second?.start).toEqual(new Date('2024-06-01T18:15:00Z'))
  })

  test('24 hours wrapping the 23-hour spring-forward day lose no time', () => {
    // 2024-03-09 23:30 EST plus 24 hours ends 2024-03-11 00:30 EDT.
    const [first, second] = splitAtMidnight(event('2024-03-10T04:30:00Z', '2024-03-11T04:30:00Z'), TORONTO)
    expect(first?.end).toEqual(new Date('2024-03-10T04:59:59.999Z'))
    expect(second?.start).toEqual(new Date('2024-03-10T05:00:00Z'))
    expect(second?.end).toEqual(new Date('2024-03-11T04:30:00Z'))
  })

  test('splitting an already split part does not stack suffixes', () => {
    const part = { ...event('2024-06-02T03:00:00Z', '2024-06-02T05:00:00Z'), title: 'Game (Part 1)' }
    expect(splitAtMidnight(part, TORONTO).map(({ title }) => title)).toEqual(['Game (Part 1)', 'Game (Part 2)'])
  })
})

test('stripSplitSuffix removes only a trailing part suffix', () => {
  expect(stripSplitSuffix('Game (Part 2)')).toBe('Game')
  expect(stripSplitSuffix('Game (Part 2) rematch')).toBe('Game (Part 2) rematch')
  expect(stripSplitSuffix('Game')).toBe('Game')
})

describe('splitAtMidnight properties', () => {
  const zones = ['UTC', TORONTO, KATHMANDU, 'America/St_Johns', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Chatham']
  const MINUTE = 60_000

  test('parts are at most two, contiguous but for 1 ms, cover the event and carry suffixes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // Events start on whole minutes, as the forms and the API produce them.
        fc.integer({ min: 0, max: 11 * 365 * 24 * 60 }).map((minute) => new Date(Date.UTC(2020, 0, 1) + minute * MINUTE)),
        fc.integer({ min: 1, max: 24 * 60 }),
        fc.string({ maxLength: 20 }),
        (timeZone, start, minutes, title) => {
          const original = { title, start, end: new Date(start.getTime() + minutes * MINUTE) }
          const parts = splitAtMidnight(original, timeZone)
          const lastMoment = new Date(original.end.getTime() - 1)

          if (parts.length === 1) {
            expect(parts[0]).toBe(original)
            expect(localDateOf(lastMoment, timeZone)).toBe(localDateOf(start, timeZone))
            return
          }
          expect(parts).toHaveLength(2)
          const [first, second] = parts as [typeof original, typeof original]
          expect(first.start).toEqual(original.start)
          expect(second.end).toEqual(original.end)
          expect(second.start.getTime() - first.end.getTime()).toBe(1)
          expect(first.end.getTime()).toBeGreaterThan(first.start.getTime())
          expect(second.end.getTime()).toBeGreaterThan(second.start.getTime())
          expect(localDateOf(first.end, timeZone)).toBe(localDateOf(start, timeZone))
          expect(localDateOf(second.start, timeZone)).not.toBe(localDateOf(start, timeZone))
          expect(first.title).toBe(`${stripSplitSuffix(title)} (Part 1)`)
          expect(second.title).toBe(`${stripSplitSuffix(title)} (Part 2)`)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
