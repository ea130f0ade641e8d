import { describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import { defaultEventTitle, isTitleDefault } from './default-title'

describe('defaultEventTitle', () => {
  it('is the client’s name and the event type', () => {
    expect(defaultEventTitle('Lakeshore FSC', 'practice')).toBe('Lakeshore FSC Practice')
    expect(defaultEventTitle('  Lakeshore FSC ', 'game')).toBe('Lakeshore FSC Game')
  })

  it('is empty without a client, so the title is still asked for', () => {
    expect(defaultEventTitle(undefined, 'practice')).toBe('')
    expect(defaultEventTitle('   ', 'practice')).toBe('')
  })

  it('cuts a long name so the type stays and the title fits the limit', () => {
    const title = defaultEventTitle('A'.repeat(LIMITS.event.title), 'practice')
    expect(title).toHaveLength(LIMITS.event.title)
    expect(title.endsWith('A Practice')).toBe(true)
  })
})

describe('isTitleDefault', () => {
  it('lets an empty title or the last default be replaced, never a typed one', () => {
    expect(isTitleDefault('', 'Lakeshore FSC Practice')).toBe(true)
    expect(isTitleDefault('  ', '')).toBe(true)
    expect(isTitleDefault(undefined, '')).toBe(true)
    expect(isTitleDefault('Lakeshore FSC Practice', 'Lakeshore FSC Practice')).toBe(true)
    expect(isTitleDefault('Learn to Skate', 'Lakeshore FSC Practice')).toBe(false)
  })
})
