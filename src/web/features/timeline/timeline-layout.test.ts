import { describe, expect, it } from 'vitest'
import type { PlacedEvent } from '@web/features/events'
import {
  bookingFromSpan,
  cellShows,
  dayBounds,
  dayIndexOf,
  dropKind,
  hourMarks,
  otherTypeTarget,
  movedTimes,
  rowFlow,
  rowOffsets,
  rowsBetween,
  shiftedByDays,
  snapMinutes,
  timelineBars,
  timelineRange,
  timelineRows,
  type TimelineSpace,
} from './timeline-layout'

const ZONE = 'America/Toronto'

const space = (overrides: Partial<TimelineSpace> = {}): TimelineSpace => ({
  id: 'space',
  name: 'Full Sheet',
  facilityId: 'facility',
  type: 'rink',
  parentId: null,
  operatingStartTime: '06:00',
  operatingEndTime: '23:00',
  bookingInterval: 30,
  changeoverMinutes: 0,
  ...overrides,
})

const event = (overrides: Partial<PlacedEvent>): PlacedEvent => ({
  id: 'e1',
  roomId: 'space',
  title: 'U11 Practice',
  description: null,
  startTime: '2026-11-25T15:00:00.000Z',
  endTime: '2026-11-25T16:00:00.000Z',
  color: '#3b82f6',
  eventType: 'practice',
  team1Name: null,
  team2Name: null,
  changeRoom1Id: null,
  changeRoom2Id: null,
  clientId: null,
  eventGroupId: null,
  seriesId: null,
  followsRule: true,
  changeoverMinutes: 0,
  version: 1,
  kind: 'booking',
  roomName: 'Full Sheet',
  facilityId: 'facility',
  facilityName: 'Arena',
  timeZone: ZONE,
  ...overrides,
})

describe('timelineRows', () => {
  it('keeps the tree order and puts change rooms at the bottom as their own group', () => {
    const rows = timelineRows([
      { room: space({ id: 'a', name: 'Change Room 1', type: 'change_room' }), level: 1 },
      { room: space({ id: 'b', name: 'Full Sheet' }), level: 1 },
      { room: space({ id: 'c', name: 'Half Ice A', parentId: 'b' }), level: 2 },
    ])
    expect(rows.map((row) => [row.space.name, row.level, row.isChangeRoom])).toEqual([
      ['Full Sheet', 1, false],
      ['Half Ice A', 2, false],
      ['Change Room 1', 1, true],
    ])
  })
})

describe('timelineBars', () => {
  it('draws the two halves of a booking split at midnight as one bar named by its first half', () => {
    const bars = timelineBars([
      event({
        id: 'p2',
        title: 'Late Skate (Part 2)',
        eventGroupId: 'g',
        startTime: '2026-11-26T05:00:00.000Z',
        endTime: '2026-11-26T06:00:00.000Z',
        changeoverMinutes: 15,
      }),
      event({
        id: 'p1',
        title: 'Late Skate (Part 1)',
        eventGroupId: 'g',
        startTime: '2026-11-26T04:00:00.000Z',
        endTime: '2026-11-26T04:59:59.999Z',
      }),
    ])
    expect(bars).toHaveLength(1)
    expect(bars[0]).toMatchObject({
      title: 'Late Skate',
      start: Date.parse('2026-11-26T04:00:00.000Z'),
      end: Date.parse('2026-11-26T06:00:00.000Z'),
      changeoverMinutes: 15,
    })
    expect(bars[0]!.event.id).toBe('p1')
  })
})

describe('bookingFromSpan', () => {
  it('snaps a click to the space interval counted from its opening, one interval long', () => {
    const at = Date.parse('2026-11-25T15:17:00.000Z') // 10:17 in Toronto
    expect(bookingFromSpan(at, at, space({ bookingInterval: 30 }), ZONE)).toEqual({
      date: '2026-11-25',
      startTime: '10:00',
      durationMinutes: 30,
    })
  })

  it('covers a drag in whole intervals, whichever way it went', () => {
    const from = Date.parse('2026-11-25T16:40:00.000Z') // 11:40
    const to = Date.parse('2026-11-25T15:05:00.000Z') // 10:05
    expect(bookingFromSpan(from, to, space({ bookingInterval: 60, operatingStartTime: '06:30' }), ZONE)).toEqual({
      date: '2026-11-25',
      startTime: '09:30',
      durationMinutes: 180,
    })
  })
})

describe('moving and resizing', () => {
  it('snaps travel to whole intervals', () => {
    expect(snapMinutes(37, 30)).toBe(30)
    expect(snapMinutes(-46, 30)).toBe(-60)
  })

  it('keeps at least one interval when an end is dragged past the start', () => {
    const bar = { start: 0, end: 60 * 60_000 }
    expect(movedTimes(bar, { deltaMinutes: 0, endDeltaMinutes: -120 }, 15)).toEqual({ start: 0, end: 15 * 60_000 })
    expect(movedTimes(bar, { deltaMinutes: 30, endDeltaMinutes: 0 }, 15)).toEqual({ start: 30 * 60_000, end: 90 * 60_000 })
  })
})

describe('hourMarks', () => {
  it('gives a DST change day its 25 hours', () => {
    const range = timelineRange('2026-11-01', 'day', ZONE)
    const marks = hourMarks(range, ZONE)
    expect(marks).toHaveLength(25)
    expect(marks[0]).toMatchObject({ isMidnight: true, label: '12:00 AM' })
  })

  it('labels the hours in the app’s 12-hour format', () => {
    const marks = hourMarks(timelineRange('2026-11-25', 'day', ZONE), ZONE)
    expect(marks.map((mark) => mark.label).slice(0, 2)).toEqual(['12:00 AM', '1:00 AM'])
    expect(marks[13]!.label).toBe('1:00 PM')
  })

  it('a week runs seven local days', () => {
    expect(timelineRange('2026-11-25', 'week', ZONE).dates).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ])
  })
})

describe('rowFlow', () => {
  it('places each bar from the end of the one before it, and a changeover right after its bar', () => {
    expect(
      rowFlow([
        { span: { left: 40, width: 20 }, changeover: null },
        { span: { left: 100, width: 30 }, changeover: { left: 130, width: 5 } },
        { span: { left: 135, width: 10 }, changeover: null },
      ]),
    ).toEqual([
      { gap: 40, changeoverGap: 0 },
      { gap: 40, changeoverGap: 0 },
      { gap: 0, changeoverGap: 0 },
    ])
  })

  it('gives a bar that overlaps the one before it a negative gap, so it is drawn over it where its times say', () => {
    expect(
      rowFlow([
        { span: { left: 50, width: 40 }, changeover: { left: 90, width: 10 } },
        { span: { left: 70, width: 20 }, changeover: null },
        { span: { left: 200, width: 20 }, changeover: null },
      ]),
    ).toEqual([
      { gap: 50, changeoverGap: 0 },
      { gap: -30, changeoverGap: 0 },
      { gap: 110, changeoverGap: 0 },
    ])
  })
})

describe('dropKind', () => {
  const before = { start: 0, end: 60, roomId: 'a' }
  it('calls a drop that only changed the end a resize', () => {
    expect(dropKind(before, { ...before, end: 120 })).toBe('resized')
  })
  it('calls any other change a move', () => {
    expect(dropKind(before, { ...before, start: 30, end: 90 })).toBe('moved')
    expect(dropKind(before, { ...before, roomId: 'b' })).toBe('moved')
    expect(dropKind(before, { ...before, roomId: 'b', end: 120 })).toBe('moved')
  })
})

describe('otherTypeTarget', () => {
  const spaces = [
    { id: 'rink-a', type: 'rink' },
    { id: 'rink-b', type: 'rink' },
    { id: 'community', type: 'room' },
  ]
  it('names the target of another type, so the drop asks first', () => {
    expect(otherTypeTarget(spaces, 'rink-a', 'community')).toEqual({ id: 'community', type: 'room' })
  })
  it('is null within one type or one space', () => {
    expect(otherTypeTarget(spaces, 'rink-a', 'rink-b')).toBeNull()
    expect(otherTypeTarget(spaces, 'rink-a', 'rink-a')).toBeNull()
  })
})

describe('the week’s cells', () => {
  const range = timelineRange('2026-11-01', 'week', ZONE)
  const bounds = dayBounds(range, ZONE)

  it('puts an instant on its day of the facility’s calendar, across the end of summer time', () => {
    expect(bounds).toHaveLength(8)
    // Nov 1, 2026 is 25 hours long in Toronto.
    expect(bounds[1]! - bounds[0]!).toBe(25 * 3_600_000)
    expect(dayIndexOf(Date.parse('2026-11-01T04:00:00Z'), bounds)).toBe(0)
    expect(dayIndexOf(Date.parse('2026-11-02T04:59:00Z'), bounds)).toBe(0)
    expect(dayIndexOf(Date.parse('2026-11-02T05:00:00Z'), bounds)).toBe(1)
    expect(dayIndexOf(Date.parse('2026-11-07T23:00:00Z'), bounds)).toBe(6)
    // Outside the range: its first or its last day.
    expect(dayIndexOf(Date.parse('2026-10-30T00:00:00Z'), bounds)).toBe(0)
    expect(dayIndexOf(Date.parse('2026-11-20T00:00:00Z'), bounds)).toBe(6)
  })

  it('moves a booking by days keeping its wall-clock time', () => {
    // 6:30 PM EDT on Oct 31 to 6:30 PM EST on Nov 1: 25 hours later.
    const start = Date.parse('2026-10-31T22:30:00Z')
    const moved = shiftedByDays({ start, end: start + 3_600_000 }, 1, ZONE)
    expect(new Date(moved.start).toISOString()).toBe('2026-11-01T23:30:00.000Z')
    expect(moved.end - moved.start).toBe(3_600_000)
    expect(shiftedByDays({ start, end: start + 1 }, -2, ZONE).start).toBe(Date.parse('2026-10-29T22:30:00Z'))
  })

  it('lists a cell’s events while they fit, else the first ones and a count of the rest', () => {
    expect(cellShows([1, 2, 3], 4)).toEqual({ shown: [1, 2, 3], more: 0 })
    expect(cellShows([1, 2, 3, 4], 4)).toEqual({ shown: [1, 2, 3, 4], more: 0 })
    expect(cellShows([1, 2, 3, 4, 5, 6, 7], 4)).toEqual({ shown: [1, 2, 3], more: 4 })
  })
})

describe('the rows in view', () => {
  const offsets = rowOffsets([52, 52, 100, 52])

  it('adds the rows’ heights up', () => {
    expect(offsets).toEqual([0, 52, 104, 204, 256])
  })

  it('draws the rows that reach into the band, and none of an empty list', () => {
    expect(rowsBetween(offsets, 0, 10)).toEqual({ first: 0, last: 0 })
    expect(rowsBetween(offsets, 60, 110)).toEqual({ first: 1, last: 2 })
    expect(rowsBetween(offsets, 104, 204)).toEqual({ first: 2, last: 2 })
    expect(rowsBetween(offsets, -500, 5_000)).toEqual({ first: 0, last: 3 })
    expect(rowsBetween(offsets, 5_000, 6_000)).toEqual({ first: 3, last: 3 })
    expect(rowsBetween([0], 0, 100)).toEqual({ first: 0, last: -1 })
  })
})
