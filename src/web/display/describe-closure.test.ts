import { describe, expect, it } from 'vitest'
import type { PublicBoardClosure } from '@shared/screens/public-board'
import { describeClosures } from './describe-closure'

const ZONE = 'America/Toronto'
// Noon on Dec 25, 2026 in Toronto (UTC-5).
const NOON = new Date('2026-12-25T17:00:00.000Z')

const closure = (reason: string, startTime: string, endTime: string): PublicBoardClosure => ({ reason, startTime, endTime })

describe('describeClosures', () => {
  it('reads a closure over the whole local day as all day', () => {
    const lines = describeClosures([closure('Christmas Day', '2026-12-25T05:00:00.000Z', '2026-12-26T05:00:00.000Z')], NOON, ZONE)
    expect(lines).toEqual([{ label: 'Closed: Christmas Day', times: 'All day', isOn: true }])
  })

  it('gives the end of one that began before today and the start of one that goes on past it', () => {
    const lines = describeClosures(
      [
        closure('Power outage', '2026-12-24T20:00:00.000Z', '2026-12-25T19:00:00.000Z'),
        closure('Ice plant maintenance', '2026-12-25T23:00:00.000Z', '2026-12-27T05:00:00.000Z'),
      ],
      NOON,
      ZONE,
    )
    expect(lines.map(({ times }) => times)).toEqual(['Until 2:00 PM', 'From 6:00 PM'])
  })

  it('gives both times of one within the day, and leaves out those already over', () => {
    const lines = describeClosures(
      [
        closure('Resurfacing', '2026-12-25T12:00:00.000Z', '2026-12-25T14:00:00.000Z'),
        closure('Ice plant maintenance', '2026-12-25T20:00:00.000Z', '2026-12-25T22:30:00.000Z'),
      ],
      NOON,
      ZONE,
    )
    expect(lines).toEqual([{ label: 'Closed: Ice plant maintenance', times: '3:00 PM - 5:30 PM', isOn: false }])
  })
})
