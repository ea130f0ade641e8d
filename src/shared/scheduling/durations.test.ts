import { describe, expect, test } from 'vitest'
import { durationOptions, hoursForDuration, startTimeOptions } from './durations'

describe('durationOptions', () => {
  test('offers 12 multiples of the interval', () => {
    const options = durationOptions(30)
    expect(options).toHaveLength(12)
    expect(options[0]).toEqual({ minutes: 30, label: '30 min' })
    expect(options[11]).toEqual({ minutes: 360, label: '6 hrs' })
  })

  test('labels read N min below an hour, then hr or hrs', () => {
    expect(
      durationOptions(15)
        .map(({ label }) => label)
        .slice(0, 5),
    ).toEqual(['15 min', '30 min', '45 min', '1 hr', '1.25 hrs'])
    expect(
      durationOptions(90)
        .map(({ label }) => label)
        .slice(0, 3),
    ).toEqual(['1.5 hrs', '3 hrs', '4.5 hrs'])
    expect(durationOptions(60)[0]?.label).toBe('1 hr')
    expect(durationOptions(120)[11]).toEqual({ minutes: 1440, label: '24 hrs' })
  })
})

describe('startTimeOptions', () => {
  test('steps by the interval from the operating start while before the end', () => {
    expect(startTimeOptions('09:00', '11:00', 30)).toEqual(['09:00', '09:30', '10:00', '10:30'])
  })

  test('an interval that does not divide the hours stops before the end', () => {
    expect(startTimeOptions('09:00', '12:00', 90)).toEqual(['09:00', '10:30'])
  })

  test('a space open until 12:00 AM offers starts up to the last interval before midnight', () => {
    expect(startTimeOptions('22:00', '00:00', 30)).toEqual(['22:00', '22:30', '23:00', '23:30'])
  })

  test('the default hours with the default interval give 26 start times', () => {
    const options = startTimeOptions('09:00', '22:00', 30)
    expect(options).toHaveLength(26)
    expect(options.at(-1)).toBe('21:30')
  })

  test('a non-positive interval is refused rather than looping forever', () => {
    expect(() => startTimeOptions('09:00', '22:00', 0)).toThrow(RangeError)
  })
})

describe('hoursForDuration', () => {
  const at = (time: string) => new Date(`2024-06-01T${time}Z`)

  test('gives decimal hours with 2 places', () => {
    expect(hoursForDuration(at('10:00:00'), at('11:30:00'))).toBe('1.50')
    expect(hoursForDuration(at('10:00:00'), at('10:20:00'))).toBe('0.33')
    expect(hoursForDuration(at('10:00:00'), at('10:10:00'))).toBe('0.17')
    expect(hoursForDuration(at('10:00:00'), at('10:00:00'))).toBe('0.00')
  })

  test('a Part 1 ending at 23:59:59.999 still counts its full hour', () => {
    expect(hoursForDuration(at('23:00:00'), at('23:59:59.999'))).toBe('1.00')
  })

  test('a duration over a DST change counts real hours', () => {
    // 23:00 EDT to 01:00 EST on the fall-back night is three hours.
    expect(hoursForDuration(new Date('2024-11-03T03:00:00Z'), new Date('2024-11-03T06:00:00Z'))).toBe('3.00')
  })

  test('an end before the start is refused', () => {
    expect(() => hoursForDuration(at('11:00:00'), at('10:00:00'))).toThrow(RangeError)
  })
})
