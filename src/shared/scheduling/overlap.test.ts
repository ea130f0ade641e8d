import { describe, expect, test } from 'vitest'
import { findOverlapping, rangesOverlap } from './overlap'

const at = (time: string) => new Date(`2024-06-01T${time}:00Z`)
const range = (start: string, end: string) => ({ start: at(start), end: at(end) })

describe('rangesOverlap', () => {
  test('ranges that share any time overlap', () => {
    expect(rangesOverlap(range('10:00', '11:00'), range('10:30', '11:30'))).toBe(true)
    expect(rangesOverlap(range('10:00', '12:00'), range('10:30', '11:00'))).toBe(true)
    expect(rangesOverlap(range('10:30', '11:00'), range('10:00', '12:00'))).toBe(true)
  })

  test('back-to-back ranges touch without overlapping', () => {
    expect(rangesOverlap(range('10:00', '11:00'), range('11:00', '12:00'))).toBe(false)
    expect(rangesOverlap(range('11:00', '12:00'), range('10:00', '11:00'))).toBe(false)
  })

  test('separate ranges do not overlap', () => {
    expect(rangesOverlap(range('08:00', '09:00'), range('10:00', '11:00'))).toBe(false)
  })
})

test('findOverlapping keeps only the candidates that overlap', () => {
  const first = { ...range('09:00', '10:00'), title: 'Early' }
  const second = { ...range('10:30', '11:30'), title: 'Late' }
  expect(findOverlapping(range('10:00', '11:00'), [first, second])).toEqual([second])
})
