import { describe, expect, it } from 'vitest'
import { readableTextColor } from './readable-text-color'

describe('the text colour on a room’s colour', () => {
  it('is dark on light colours and light on dark ones', () => {
    expect(readableTextColor('#facc15')).toBe('#000000')
    expect(readableTextColor('#ffffff')).toBe('#000000')
    expect(readableTextColor('#1e3a8a')).toBe('#ffffff')
    expect(readableTextColor('#000')).toBe('#ffffff')
    expect(readableTextColor('#3b82f6')).toBe('#000000')
  })
})
