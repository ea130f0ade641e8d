import { describe, expect, it } from 'vitest'
import { firstReplanInDstGap, replanOccurrence } from './series-edit'

const zone = 'America/Toronto'

describe('replanOccurrence', () => {
  it('moves another occurrence to the new wall-clock time and length, on its own date', () => {
    // Edited: Mon Nov 30 2026 19:00–20:00 EST becomes 18:30–20:00.
    const edit = {
      before: new Date('2026-12-01T00:00:00Z'),
      start: new Date('2026-11-30T23:30:00Z'),
      end: new Date('2026-12-01T01:00:00Z'),
    }
    const next = replanOccurrence(new Date('2026-12-08T00:00:00Z'), edit, zone)
    expect(next).toEqual({ start: new Date('2026-12-07T23:30:00Z'), end: new Date('2026-12-08T01:00:00Z') })
  })

  it('keeps the wall-clock time across DST and shifts the day as the edited one shifted', () => {
    // Edited: Mon Oct 26 2026 19:00 EDT moved to Tue Oct 27 18:00 EDT, one hour long.
    const edit = {
      before: new Date('2026-10-26T23:00:00Z'),
      start: new Date('2026-10-27T22:00:00Z'),
      end: new Date('2026-10-27T23:00:00Z'),
    }
    // Mon Nov 2 2026 19:00 EST (after the fall back) goes to Tue Nov 3 18:00 EST.
    const next = replanOccurrence(new Date('2026-11-03T00:00:00Z'), edit, zone)
    expect(next).toEqual({ start: new Date('2026-11-03T23:00:00Z'), end: new Date('2026-11-04T00:00:00Z') })
  })
})

describe('firstReplanInDstGap', () => {
  it('names the first occurrence whose new start the clocks jump over, and nothing otherwise', () => {
    // Edited: Sun Mar 1 2026 19:00 EST moved to 02:30 the same day; the next Sunday springs forward.
    const edit = {
      before: new Date('2026-03-02T00:00:00Z'),
      start: new Date('2026-03-01T07:30:00Z'),
      end: new Date('2026-03-01T08:30:00Z'),
    }
    const sundays = ['2026-03-09T00:00:00Z', '2026-03-16T00:00:00Z'].map((iso) => new Date(iso))
    expect(firstReplanInDstGap(sundays, edit, zone)).toEqual({ date: '2026-03-08', time: '02:30' })
    expect(firstReplanInDstGap(sundays.slice(1), edit, zone)).toBeNull()
    expect(firstReplanInDstGap(sundays, edit, 'UTC')).toBeNull()
  })
})
