import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { newEventId } from './event-id'

describe('newEventId', () => {
  it('is a version 7 UUID that sorts by the time it was made', () => {
    const earlier = newEventId(Date.UTC(2026, 10, 24, 12, 0, 0, 0))
    const later = newEventId(Date.UTC(2026, 10, 24, 12, 0, 0, 1))
    expect(z.uuid().safeParse(earlier).success).toBe(true)
    expect(earlier[14]).toBe('7')
    expect(['8', '9', 'a', 'b']).toContain(earlier[19])
    expect(earlier < later).toBe(true)
  })

  it('differs between two ids of the same millisecond', () => {
    const now = Date.now()
    expect(newEventId(now)).not.toBe(newEventId(now))
  })
})
