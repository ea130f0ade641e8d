import { expect, test } from 'vitest'
import { formatTimeOfDay, parseClosingTime, parseTimeOfDay } from './time-of-day'

test('a closing time of 00:00 is the midnight that ends the day; any other reads as itself', () => {
  expect(parseClosingTime('00:00')).toBe(24 * 60)
  expect(parseClosingTime('22:00')).toBe(22 * 60)
})

test('times of day convert to minutes since midnight and back', () => {
  expect(parseTimeOfDay('00:00')).toBe(0)
  expect(parseTimeOfDay('09:30')).toBe(570)
  expect(parseTimeOfDay('23:59')).toBe(1439)
  expect(formatTimeOfDay(570)).toBe('09:30')
})

test('a malformed time is refused', () => {
  expect(() => parseTimeOfDay('9:30')).toThrow(RangeError)
  expect(() => parseTimeOfDay('24:00')).toThrow(RangeError)
})
