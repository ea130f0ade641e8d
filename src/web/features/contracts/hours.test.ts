import { describe, expect, test } from 'vitest'
import { formatHours, formatHoursCount, shortContractId, usedPercent } from './hours'

describe('contract hours for display', () => {
  test('drops trailing zeros only', () => {
    expect(formatHours('2.50')).toBe('2.5')
    expect(formatHours('10.00')).toBe('10')
    expect(formatHours('100.25')).toBe('100.25')
    expect(formatHours('-1.50')).toBe('-1.5')
    expect(formatHours('100')).toBe('100')
  })

  test('shows used divided by total as a whole percentage', () => {
    expect(usedPercent('2.50', '10.00')).toBe(25)
    expect(usedPercent('0.00', '10.00')).toBe(0)
    expect(usedPercent('12.00', '10.00')).toBe(120)
    expect(usedPercent('1.00', '3.00')).toBe(33)
  })

  test('shows the first 8 characters of the id', () => {
    expect(shortContractId('0b4e7d0c-1234-4abc-8def-0123456789ab')).toBe('0b4e7d0c')
  })
})

test('counts hours in words', () => {
  expect(formatHoursCount('1.00')).toBe('1 hour')
  expect(formatHoursCount('2.50')).toBe('2.5 hours')
})
