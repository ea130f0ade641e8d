import { describe, expect, it } from 'vitest'
import { formatHoursWithUnit, formatReportHours, formatShare } from './numbers'

describe('the reports’ numbers', () => {
  it('shows hours with up to two decimals and thousands grouped', () => {
    expect(formatReportHours(12.5)).toBe('12.5')
    expect(formatReportHours(0.25)).toBe('0.25')
    expect(formatReportHours(1234)).toBe('1,234')
    expect(formatHoursWithUnit(3)).toBe('3 h')
  })

  it('shows a share as a percentage with one decimal at most', () => {
    expect(formatShare(0.4567)).toBe('45.7%')
    expect(formatShare(1)).toBe('100%')
    expect(formatShare(0)).toBe('0%')
    expect(formatShare(0.4567, { isWhole: true })).toBe('46%')
  })
})
