import { describe, expect, it } from 'vitest'
import { readViewChoice, writeViewChoice } from './view-choice'

describe('readViewChoice', () => {
  it('takes the view and the timeline’s span from the address', () => {
    expect(readViewChoice(new URLSearchParams('view=timeline&span=week'), null)).toEqual({ view: 'timeline', span: 'week' })
  })

  it('falls back to the choice remembered across reloads, then to List and Day', () => {
    expect(readViewChoice(new URLSearchParams(), JSON.stringify({ view: 'calendar', span: 'week' }))).toEqual({
      view: 'calendar',
      span: 'week',
    })
    expect(readViewChoice(new URLSearchParams('view=timeline'), JSON.stringify({ view: 'list', span: 'week' }))).toEqual({
      view: 'timeline',
      span: 'week',
    })
    expect(readViewChoice(new URLSearchParams(), null)).toEqual({ view: 'list', span: 'day' })
  })

  it('ignores what it does not know', () => {
    expect(readViewChoice(new URLSearchParams('view=gantt&span=year'), '{not json')).toEqual({ view: 'list', span: 'day' })
  })
})

describe('writeViewChoice', () => {
  it('writes the choice and keeps the other params', () => {
    expect(writeViewChoice(new URLSearchParams('date=2026-12-01'), { view: 'timeline', span: 'week' }).toString()).toBe(
      'date=2026-12-01&view=timeline&span=week',
    )
  })
})
