import { describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import { COLOR_PALETTE, contrastRatio, paletteColorOf, readableTextColor } from './colors'

describe('the colour palette', () => {
  it('has eight colours with distinct names and values, the default blue first', () => {
    expect(COLOR_PALETTE).toHaveLength(8)
    expect(new Set(COLOR_PALETTE.map(({ name }) => name)).size).toBe(8)
    expect(new Set(COLOR_PALETTE.map(({ hex }) => hex)).size).toBe(8)
    expect(COLOR_PALETTE[0].hex).toBe(LIMITS.event.defaultColor)
    expect(COLOR_PALETTE[0].hex).toBe(LIMITS.screen.defaultRoomColor)
  })

  it.each(COLOR_PALETTE)('$name carries its readable text at 5:1 or better', ({ hex }) => {
    expect(contrastRatio(hex, readableTextColor(hex))).toBeGreaterThanOrEqual(5)
  })

  it('finds a colour of the palette whatever its case, and nothing for another colour', () => {
    expect(paletteColorOf('#3B82F6')?.name).toBe('Blue')
    expect(paletteColorOf(' #facc15 ')?.name).toBe('Yellow')
    expect(paletteColorOf('#123456')).toBeUndefined()
    expect(paletteColorOf('#fff')).toBeUndefined()
  })
})

describe('contrast', () => {
  it('is 21 between black and white and 1 between a colour and itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21)
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21)
    expect(contrastRatio('#3b82f6', '#3b82f6')).toBe(1)
  })

  it('gives dark text on light colours and light text on dark ones', () => {
    expect(readableTextColor('#facc15')).toBe('#000000')
    expect(readableTextColor('#ffffff')).toBe('#000000')
    expect(readableTextColor('#1e3a8a')).toBe('#ffffff')
    expect(readableTextColor('#000')).toBe('#ffffff')
    expect(readableTextColor('#3b82f6')).toBe('#000000')
  })
})
