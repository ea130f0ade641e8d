import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  calendarDate,
  cleanLine,
  cleanMultiline,
  DATE_RANGE_MESSAGE,
  hexColor,
  instantInRange,
  optionalId,
  optionalText,
  requiredText,
  whenValid,
} from './schema-fields'

describe('schema fields', () => {
  test('required text is trimmed and limited', () => {
    const name = requiredText(5, { label: 'Name', required: 'Please enter a name' })
    expect(name.parse('  Rink ')).toBe('Rink')
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Please enter a name')
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Please enter a name')
    expect(name.safeParse('123456').error?.issues[0]?.message).toBe('Name must be 5 characters or less')
  })

  test('blank, null and missing optional text become null', () => {
    const notes = optionalText(5, 'Notes')
    expect(notes.parse('  ')).toBeNull()
    expect(notes.parse(null)).toBeNull()
    expect(notes.parse(undefined)).toBeNull()
    expect(notes.parse(' ok ')).toBe('ok')
  })

  test('names lose control, bidirectional and zero-width characters; descriptions keep their line breaks', () => {
    expect(cleanLine('A\r\nB\tC\u0000\u007F\u0085D')).toBe('A B C D')
    expect(cleanLine('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069')).toBe('abcdefgh')
    expect(cleanLine('x\u200By\u200Cz\u200Dw\u2060v\uFEFF')).toBe('xyzwv')
    expect(cleanLine('مرحبا 👩🏒 e\u0301')).toBe('مرحبا 👩🏒 e\u0301')
    expect(cleanMultiline('one\r\ntwo\rthree\n\u202Efour\u0000\u200B')).toBe('one\ntwo\nthree\nfour')
    const name = requiredText(20, { label: 'Name', required: 'Please enter a name' })
    expect(name.parse(' \u202ERink\r\n1 ')).toBe('Rink 1')
    expect(name.safeParse('\u200B\u202E\r\n').error?.issues[0]?.message).toBe('Please enter a name')
    expect(optionalText(20, 'Address').parse('1 Main St\r\nTown')).toBe('1 Main St Town')
    expect(optionalText(50, 'Description', { multiline: true }).parse('Line 1\r\nLine 2\u202E')).toBe('Line 1\nLine 2')
  })

  test('an empty id choice means none', () => {
    const id = optionalId('Pick one')
    expect(id.parse('')).toBeNull()
    expect(id.safeParse('nope').error?.issues[0]?.message).toBe('Pick one')
  })

  test('calendar dates exist and lie between 2000 and 2100, with one message for the range', () => {
    const date = calendarDate('Pick a date')
    expect(date.safeParse('2026-03-08').success).toBe(true)
    expect(date.safeParse('2024-02-29').success).toBe(true)
    expect(date.safeParse('2000-01-01').success).toBe(true)
    expect(date.safeParse('2100-12-31').success).toBe(true)
    expect(date.safeParse('2026-02-29').error?.issues[0]?.message).toBe('Pick a date')
    for (const outside of ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expect(date.safeParse(outside).error?.issues.map(({ message }) => message)).toEqual([DATE_RANGE_MESSAGE])
    }
    expect(DATE_RANGE_MESSAGE).toBe('Please choose a date between 2000 and 2100')
  })

  test('instants are read with their offset and held to the same years', () => {
    const instant = instantInRange('Pick a time')
    expect(instant.parse('2026-03-08T02:30:00-05:00')).toEqual(new Date('2026-03-08T07:30:00Z'))
    expect(instant.safeParse('2026-03-08T02:30').error?.issues[0]?.message).toBe('Pick a time')
    for (const outside of ['0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(instant.safeParse(outside).error?.issues.map(({ message }) => message)).toEqual([DATE_RANGE_MESSAGE])
    }
  })

  test('colours are 3- or 6-digit hex', () => {
    expect(hexColor.safeParse('#3b82f6').success).toBe(true)
    expect(hexColor.safeParse('#FFF').success).toBe(true)
    expect(hexColor.safeParse('#ffff').success).toBe(false)
    expect(hexColor.safeParse('red').success).toBe(false)
  })

  test('a cross-field rule reports alongside errors in other fields', () => {
    const range = z
      .object({ label: z.string().min(1, 'Label'), from: z.number(), to: z.number() })
      .refine(({ from, to }) => to > from, { message: 'Order', path: ['to'], ...whenValid('from', 'to') })
    expect(range.safeParse({ label: '', from: 2, to: 1 }).error?.issues.map(({ message }) => message)).toEqual(['Label', 'Order'])
  })

  test('a cross-field rule does not run on a value that is not an object', () => {
    const range = z
      .object({ from: z.number(), to: z.number() })
      .refine(({ from, to }) => to > from, { message: 'Order', path: ['to'], ...whenValid('from', 'to') })
    for (const value of [null, [], 'range', 5]) expect(range.safeParse(value).success).toBe(false)
  })
})
