import { describe, expect, test } from 'vitest'
import { addCalendarDays, addCalendarMonths, parseCalendarDate, weekdayOf } from './calendar-date'

describe('calendar dates', () => {
  test('adding days crosses month and year ends', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addCalendarDays('2024-12-31', 1)).toBe('2025-01-01')
    expect(addCalendarDays('2025-03-01', -1)).toBe('2025-02-28')
  })

  test('adding months clamps to the last day of a shorter month', () => {
    expect(addCalendarMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addCalendarMonths('2025-01-31', 1)).toBe('2025-02-28')
    expect(addCalendarMonths('2025-01-31', 2)).toBe('2025-03-31')
    expect(addCalendarMonths('2025-11-30', 3)).toBe('2026-02-28')
  })

  test('weekdays run from 0 on Sunday to 6 on Saturday', () => {
    expect(weekdayOf('2024-06-02')).toBe(0)
    expect(weekdayOf('2024-06-08')).toBe(6)
  })

  test('a date that does not exist is refused', () => {
    expect(() => parseCalendarDate('2023-02-29')).toThrow(RangeError)
    expect(() => parseCalendarDate('2024-1-05')).toThrow(RangeError)
  })
})
