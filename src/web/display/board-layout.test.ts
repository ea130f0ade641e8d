import { describe, expect, it } from 'vitest'
import type { PublicBoardRoom } from '@shared/screens/public-board'
import { boardLayout, columnsFor, heightPerEm } from './board-layout'

const room = (events: number, closures = 0): PublicBoardRoom => ({
  name: 'Rink',
  color: '#2563eb',
  timeZone: 'America/Toronto',
  events: Array.from({ length: events }, () => ({
    title: 'Skate',
    startTime: '2026-11-20T14:00:00.000Z',
    endTime: '2026-11-20T15:00:00.000Z',
    eventType: 'practice' as const,
    team1Name: null,
    team2Name: null,
    changeRoom1Name: null,
    changeRoom2Name: null,
  })),
  closures: Array.from({ length: closures }, () => ({
    reason: 'Ice plant',
    startTime: '2026-11-20T14:00:00.000Z',
    endTime: '2026-11-20T15:00:00.000Z',
  })),
})
const rooms = (count: number, events = 2) => Array.from({ length: count }, () => room(events))

describe('the lobby board’s layout', () => {
  it('gives fewer rooms wider blocks: one room the whole width, two halves, three thirds', () => {
    expect(columnsFor(1, 'landscape')).toBe(1)
    expect(columnsFor(2, 'landscape')).toBe(2)
    expect(columnsFor(3, 'landscape')).toBe(3)
    expect(columnsFor(4, 'landscape')).toBe(2)
    expect(columnsFor(6, 'landscape')).toBe(3)
    expect(columnsFor(8, 'landscape')).toBe(4)
    expect(columnsFor(4, 'portrait')).toBe(1)
    expect(columnsFor(5, 'portrait')).toBe(2)
    expect(columnsFor(5, 'phone')).toBe(1)
  })

  it('widens the blocks of a short last row so they fill it', () => {
    expect(boardLayout(rooms(4), 'landscape')).toMatchObject({ tracks: 2, spans: [1, 1, 1, 1] })
    expect(boardLayout(rooms(5), 'landscape')).toMatchObject({ tracks: 6, spans: [2, 2, 2, 3, 3] })
    expect(boardLayout(rooms(7), 'landscape')).toMatchObject({ tracks: 12, spans: [3, 3, 3, 3, 4, 4, 4] })
    expect(boardLayout(rooms(3), 'portrait')).toMatchObject({ tracks: 1, spans: [1, 1, 1] })
    expect(boardLayout(rooms(5), 'portrait')).toMatchObject({ tracks: 2, spans: [1, 1, 1, 1, 2] })
  })

  it('lets each row of blocks take the height its events take, the busiest sharing what is left', () => {
    expect(boardLayout(rooms(1), 'landscape').rows).toBe('repeat(1, minmax(min(22vmin, 100%), auto))')
    expect(boardLayout(rooms(5), 'landscape').rows).toBe('repeat(2, minmax(min(22vmin, 100%), auto))')
  })

  it('sets a quiet board’s type as large as lets every event of its busiest rooms be seen, closures counted as events', () => {
    // A heading and three events' worth of height, at the least.
    expect(heightPerEm([[2]])).toBeCloseTo(1 / (2.2 + 3 * 3.3))
    expect(heightPerEm([[5, 1]])).toBeCloseTo(1 / (2.2 + 5 * 3.3))
    expect(heightPerEm([[12]])).toBeLessThan(heightPerEm([[2]]))
    // Rows stack: each needs its busiest room's height.
    expect(heightPerEm([[6], [1]])).toBeCloseTo(1 / (2.2 + 6 * 3.3 + 2.2 + 3 * 3.3))
    expect(boardLayout([room(0, 4)], 'landscape').textSize).toContain(heightPerEm([[4]]).toFixed(5))
  })

  it('sizes the type by the narrower of width and height, never below the board’s usual size', () => {
    const { textSize } = boardLayout(rooms(2), 'landscape')
    expect(textSize).toBe(
      `clamp(max(1rem, 3vmin), min(calc((100cqw - 1 * var(--board-gap)) / 36), calc((100cqh - 0 * var(--board-gap)) * ${heightPerEm([[2, 2]]).toFixed(5)})), 7vmin)`,
    )
  })

  it('lets a phone list the rooms as a page, in the page’s own type size', () => {
    expect(boardLayout(rooms(3), 'phone')).toEqual({ tracks: 1, spans: [1, 1, 1], rows: undefined, textSize: undefined })
  })
})
