import { describe, expect, it } from 'vitest'
import { countBelow } from './count-below'

describe('the events below a room block’s window', () => {
  it('counts each event that ends past the bottom edge, one cut in half included', () => {
    expect(countBelow([100, 200, 300, 400], 250)).toBe(2)
    expect(countBelow([100, 200, 300, 400], 300)).toBe(1)
  })

  it('is none when every event is in view, a subpixel overshoot included', () => {
    expect(countBelow([100, 200, 300.6], 300)).toBe(0)
    expect(countBelow([], 300)).toBe(0)
  })
})
