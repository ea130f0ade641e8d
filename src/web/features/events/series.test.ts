import { describe, expect, it } from 'vitest'
import type { CreateEventsResult, PreviewOccurrence } from './api'
import { countFree, createdMessage, describeSeries, previewSummary, seriesPreviewInput, updatedMessage } from './series'

const ROOM_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b'
const CHANGE_ROOM_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'

const series = {
  roomId: ROOM_ID,
  date: '2030-06-03',
  startTime: '19:00',
  durationMinutes: 60,
  recurrence: { frequency: 'daily' as const, endDate: '2030-06-07', weekdays: [] },
  eventType: 'practice' as const,
  changeRoom1Id: CHANGE_ROOM_ID,
  changeRoom2Id: '',
}

describe('seriesPreviewInput', () => {
  it('reads only what decides the dates and whether they are taken', () => {
    const input = seriesPreviewInput(series)
    expect(input).toMatchObject({
      roomId: ROOM_ID,
      date: '2030-06-03',
      startTime: '19:00',
      durationMinutes: 60,
      recurrence: { frequency: 'daily', endDate: '2030-06-07', weekdays: [] },
      changeRoom1Id: CHANGE_ROOM_ID,
      changeRoom2Id: null,
    })
    expect(input).not.toHaveProperty('clientId')
    expect(input).not.toHaveProperty('title')
  })

  it('is null while not repeating or while the series is incomplete', () => {
    expect(seriesPreviewInput({ ...series, recurrence: null })).toBeNull()
    expect(seriesPreviewInput({ ...series, startTime: '' })).toBeNull()
    expect(seriesPreviewInput({ ...series, recurrence: { ...series.recurrence, endDate: '' } })).toBeNull()
    expect(seriesPreviewInput({ ...series, recurrence: { frequency: 'weekly', endDate: '2030-06-07', weekdays: [] } })).toBeNull()
  })
})

describe('createdMessage', () => {
  const events = (count: number) => Array.from({ length: count }) as CreateEventsResult['events']

  it('counts the events written, and says how many dates were skipped', () => {
    expect(createdMessage({ events: events(3), isSplit: false, isRecurring: true, skipped: 2 })).toBe(
      'Created 3 recurring event(s)! (2 skipped)',
    )
    expect(createdMessage({ events: events(5), isSplit: false, isRecurring: true, skipped: 0 })).toBe('Created 5 recurring event(s)!')
  })

  it('keeps the single event texts', () => {
    expect(createdMessage({ events: events(1), isSplit: false, isRecurring: false, skipped: 0 })).toBe('Event created successfully!')
    expect(createdMessage({ events: events(2), isSplit: true, isRecurring: false, skipped: 0 })).toBe(
      'Event created and split across midnight!',
    )
  })
})

describe('previewSummary', () => {
  const occurrence = (status: PreviewOccurrence['status']): PreviewOccurrence => ({
    startTime: '2030-06-03T23:00:00.000Z',
    endTime: '2030-06-04T00:00:00.000Z',
    status,
    reason: status === 'free' ? null : 'Clashes with "Figure skating"',
  })

  it('counts the free and the taken dates', () => {
    const counts = countFree([occurrence('free'), occurrence('clash'), occurrence('changeRoom'), occurrence('free')])
    expect(counts).toEqual({ free: 2, taken: 2 })
    expect(previewSummary(counts)).toBe('2 of 4 dates are free; 2 taken.')
    expect(previewSummary({ free: 3, taken: 0 })).toBe('All 3 dates are free.')
    expect(previewSummary({ free: 0, taken: 2 })).toBe('None of the 2 dates is free.')
    expect(previewSummary({ free: 1, taken: 0 })).toBe('The one date is free.')
    expect(previewSummary({ free: 0, taken: 1 })).toBe('The one date is taken.')
  })
})

describe('describeSeries', () => {
  const base = { id: ROOM_ID, version: 1, changedCount: 0, startDate: '2026-09-07', endDate: '2027-03-31' }
  it('reads the rule in words', () => {
    expect(describeSeries({ ...base, frequency: 'weekly', weekdays: [1, 3], eventCount: 38 })).toBe(
      'Weekly on Mon, Wed until Mar 31, 2027, 38 events',
    )
    expect(describeSeries({ ...base, frequency: 'daily', weekdays: [], eventCount: 1 })).toBe('Daily until Mar 31, 2027, 1 event')
    expect(describeSeries({ ...base, frequency: 'monthly', weekdays: [], eventCount: 7 })).toBe(
      'Monthly on day 7 until Mar 31, 2027, 7 events',
    )
  })
})

describe('updatedMessage', () => {
  const result = { events: [], isSplit: false, changed: 5, skipped: 0, leftAsChanged: 0 }
  it("keeps the spec's toast for one event and counts a series edit", () => {
    expect(updatedMessage(result, false)).toBe('Event updated successfully!')
    expect(updatedMessage(result, true)).toBe('Updated 5 events in the series')
    expect(updatedMessage({ ...result, skipped: 1, leftAsChanged: 2 }, true)).toBe(
      'Updated 5 events in the series (1 taken date left as it was; 2 events changed by themselves kept)',
    )
  })
})
