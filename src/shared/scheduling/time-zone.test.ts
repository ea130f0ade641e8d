import { expect, test } from 'vitest'
import { isValidTimeZone, timeZoneOptions } from './time-zone'

test('IANA zone names are accepted', () => {
  expect(isValidTimeZone('UTC')).toBe(true)
  expect(isValidTimeZone('America/Toronto')).toBe(true)
  expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true)
  expect(isValidTimeZone('Etc/GMT+5')).toBe(true)
})

test('unknown names and fixed offsets are refused', () => {
  expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
  expect(isValidTimeZone('+05:00')).toBe(false)
  expect(isValidTimeZone('')).toBe(false)
})

test('the picker offers UTC first and every zone once', () => {
  const options = timeZoneOptions()
  expect(options[0]).toBe('UTC')
  expect(options).toContain('America/Toronto')
  expect(new Set(options).size).toBe(options.length)
})
