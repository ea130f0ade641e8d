import { describe, expect, it } from 'vitest'
import { createStreamSlots } from './stream-slots'

describe('the board stream slots', () => {
  it('gives an address so many streams at once, and one more each time one ends', () => {
    const slots = createStreamSlots(2)
    const first = slots.take('198.51.100.1')
    const second = slots.take('198.51.100.1')
    expect(first).not.toBeNull()
    expect(second).not.toBeNull()
    expect(slots.take('198.51.100.1')).toBeNull()
    expect(slots.take('198.51.100.2')).not.toBeNull()

    first!()
    expect(slots.heldBy('198.51.100.1')).toBe(1)
    expect(slots.take('198.51.100.1')).not.toBeNull()
    expect(slots.take('198.51.100.1')).toBeNull()
  })

  it('counts a stream’s end once, however often it is reported', () => {
    const slots = createStreamSlots(2)
    const release = slots.take('198.51.100.1')!
    slots.take('198.51.100.1')
    release()
    release()
    expect(slots.heldBy('198.51.100.1')).toBe(1)
  })
})
