import { describe, expect, it } from 'vitest'
import { countOf } from './count'

describe('countOf', () => {
  it('uses the singular for exactly one and the plural otherwise, zero included', () => {
    expect(countOf(1, 'space')).toBe('1 space')
    expect(countOf(3, 'space')).toBe('3 spaces')
    expect(countOf(0, 'space')).toBe('0 spaces')
  })

  it('takes an irregular plural when given one', () => {
    expect(countOf(1, 'booked event stays', 'booked events stay')).toBe('1 booked event stays')
    expect(countOf(2, 'booked event stays', 'booked events stay')).toBe('2 booked events stay')
  })
})
