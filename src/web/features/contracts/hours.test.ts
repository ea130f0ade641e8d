import { describe, expect, test } from 'vitest'
import {
  contractHoursWarning,
  datesChargedBy,
  namedContract,
  formatHours,
  formatHoursCount,
  formatHundredths,
  hundredthsOfMinutes,
  shortContractId,
  splitHours,
  sumHours,
  usedPercent,
} from './hours'

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

describe('booked, used, remaining and overdrawn', () => {
  test('the header adds up the cards: 45 h booked ahead is booked, not used, in both', () => {
    const seasonAhead = { totalHours: '100.00', hoursUsed: '45.00', hoursBooked: '45.00' }
    const overdrawn = { totalHours: '5.00', hoursUsed: '6.25', hoursBooked: '4.00' }
    expect(sumHours([seasonAhead])).toEqual({ total: 10_000, booked: 4500, used: 0, remaining: 5500, overdrawn: 0 })
    // An overdrawn contract does not eat into another's remaining hours: each card's figure is added.
    expect(sumHours([seasonAhead, overdrawn])).toEqual({ total: 10_500, booked: 4900, used: 225, remaining: 5500, overdrawn: 125 })
  })

  test('formats exact hundredths without trailing zeros', () => {
    expect(formatHundredths(400)).toBe('4')
    expect(formatHundredths(275)).toBe('2.75')
    expect(formatHundredths(150)).toBe('1.5')
    expect(formatHundredths(-125)).toBe('-1.25')
    expect(hundredthsOfMinutes(90)).toBe(150)
    expect(hundredthsOfMinutes(20)).toBe(33)
  })

  test('splits hours used into booked and used, and says what is overdrawn', () => {
    expect(splitHours({ totalHours: '10.00', hoursUsed: '7.50', hoursBooked: '3.00' })).toEqual({
      booked: 300,
      used: 450,
      remaining: 250,
      overdrawn: 0,
    })
    expect(splitHours({ totalHours: '5.00', hoursUsed: '6.25', hoursBooked: '4.00' })).toEqual({
      booked: 400,
      used: 225,
      remaining: 0,
      overdrawn: 125,
    })
  })

  test('warns when a booking needs more than the contract has left', () => {
    const contract = { totalHours: '10.00', hoursUsed: '7.25', hoursBooked: '0.00' }
    const season = namedContract('2026–27 Season', null)
    expect(contractHoursWarning(400, 'Lakeshore FSC', contract, season)).toBe(
      'This booking uses 4 h; Lakeshore FSC has 2.75 h left on its contract "2026–27 Season"',
    )
    expect(contractHoursWarning(275, 'Lakeshore FSC', contract, season)).toBeNull()
    expect(contractHoursWarning(150, 'Lakeshore FSC', { ...contract, hoursUsed: '11.25' }, namedContract('Winter', 'Apr 30, 2027'))).toBe(
      'This booking uses 1.5 h; Lakeshore FSC\'s contract "Winter" (ends Apr 30, 2027) is already overdrawn by 1.25 h',
    )
  })

  test('a contract charges the dates of a booking up to its end date, and all of them without one', () => {
    const dates = ['2027-04-23', '2027-04-30', '2027-05-07']
    expect(datesChargedBy(dates, '2027-04-30')).toBe(2)
    expect(datesChargedBy(dates, '2027-04-29')).toBe(1)
    expect(datesChargedBy(dates, null)).toBe(3)
  })
})
