import { describe, expect, test } from 'vitest'
import { combineLocalDateTime, isInDstGap, localDateOf, localDayRange, todayInZone } from './local-day'

const HOUR = 60 * 60 * 1000
const lengthOf = ({ start, end }: { start: Date; end: Date }) => (end.getTime() - start.getTime()) / HOUR

describe('isInDstGap', () => {
  test('is true only for the wall times the clocks jump over', () => {
    for (const time of ['02:00', '02:30', '02:59']) expect(isInDstGap('2024-03-10', time, 'America/Toronto')).toBe(true)
    for (const time of ['01:59', '03:00', '03:30']) expect(isInDstGap('2024-03-10', time, 'America/Toronto')).toBe(false)
    // A time that happens twice (fall back) exists; so does every time in a zone without DST.
    expect(isInDstGap('2024-11-03', '01:30', 'America/Toronto')).toBe(false)
    expect(isInDstGap('2024-03-10', '02:30', 'UTC')).toBe(false)
    // Europe springs forward at 01:00 UTC: 02:30 in Berlin, 01:30 in London.
    expect(isInDstGap('2024-03-31', '02:30', 'Europe/Berlin')).toBe(true)
    expect(isInDstGap('2024-03-31', '01:30', 'Europe/London')).toBe(true)
  })
})

describe('combineLocalDateTime', () => {
  test('reads the wall time in the facility zone, whatever the host zone', () => {
    expect(combineLocalDateTime('2024-06-01', '19:00', 'America/Toronto')).toEqual(new Date('2024-06-01T23:00:00Z'))
    expect(combineLocalDateTime('2024-01-15', '19:00', 'America/Toronto')).toEqual(new Date('2024-01-16T00:00:00Z'))
    expect(combineLocalDateTime('2024-06-01', '00:00', 'Asia/Kathmandu')).toEqual(new Date('2024-05-31T18:15:00Z'))
    expect(combineLocalDateTime('2024-06-01', '09:30', 'America/St_Johns')).toEqual(new Date('2024-06-01T12:00:00Z'))
  })

  test('a time skipped by spring forward moves forward by the gap', () => {
    // 02:30 does not exist in Toronto on 2024-03-10; 03:30 EDT does.
    expect(combineLocalDateTime('2024-03-10', '02:30', 'America/Toronto')).toEqual(new Date('2024-03-10T07:30:00Z'))
  })

  test('a time repeated by fall back means its first occurrence', () => {
    // 01:30 happens twice in Toronto on 2024-11-03; the first is EDT (UTC-4).
    expect(combineLocalDateTime('2024-11-03', '01:30', 'America/Toronto')).toEqual(new Date('2024-11-03T05:30:00Z'))
    // Lord Howe falls back half an hour: 01:45 happens at +11:00 and again at +10:30.
    expect(combineLocalDateTime('2024-04-07', '01:45', 'Australia/Lord_Howe')).toEqual(new Date('2024-04-06T14:45:00Z'))
  })

  test('an unknown zone is an error, never a silent UTC', () => {
    expect(() => combineLocalDateTime('2024-06-01', '10:00', 'Nowhere/Else')).toThrow(RangeError)
  })
})

describe('localDayRange', () => {
  test('an ordinary day lasts 24 hours from local midnight', () => {
    const day = localDayRange('2024-06-01', 'Asia/Kathmandu')
    expect(day.start).toEqual(new Date('2024-05-31T18:15:00Z'))
    expect(lengthOf(day)).toBe(24)
  })

  test('the spring-forward day lasts 23 hours and the fall-back day 25', () => {
    expect(localDayRange('2024-03-10', 'America/Toronto')).toEqual({
      start: new Date('2024-03-10T05:00:00Z'),
      end: new Date('2024-03-11T04:00:00Z'),
    })
    expect(localDayRange('2024-11-03', 'America/Toronto')).toEqual({
      start: new Date('2024-11-03T04:00:00Z'),
      end: new Date('2024-11-04T05:00:00Z'),
    })
  })

  test('a day whose midnight is skipped starts at its first instant', () => {
    // Chile springs forward at midnight: 2024-09-08 begins at 01:00 (UTC-3).
    const day = localDayRange('2024-09-08', 'America/Santiago')
    expect(day.start).toEqual(new Date('2024-09-08T04:00:00Z'))
    expect(lengthOf(day)).toBe(23)
  })
})

describe('localDateOf and todayInZone', () => {
  test('the same instant can be different dates in different zones', () => {
    const instant = new Date('2024-06-01T20:00:00Z')
    expect(localDateOf(instant, 'UTC')).toBe('2024-06-01')
    expect(localDateOf(instant, 'Asia/Kathmandu')).toBe('2024-06-02')
    expect(todayInZone('Pacific/Honolulu', instant)).toBe('2024-06-01')
  })

  test('the last millisecond of a local day still belongs to it', () => {
    const { end } = localDayRange('2024-11-03', 'America/Toronto')
    expect(localDateOf(new Date(end.getTime() - 1), 'America/Toronto')).toBe('2024-11-03')
    expect(localDateOf(end, 'America/Toronto')).toBe('2024-11-04')
  })
})
