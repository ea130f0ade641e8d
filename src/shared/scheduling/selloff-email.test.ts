import { describe, expect, test } from 'vitest'
import { buildSelloffEmail, formatEmailTime } from './selloff-email'
import type { Slot } from './slots'

const TORONTO = 'America/Toronto'
const slot = (start: string, end: string, isAvailable = true): Slot => ({
  start: new Date(start),
  end: new Date(end),
  isAvailable,
})
const NOW = new Date('2024-06-03T13:00:00Z') // 09:00 EDT

describe('formatEmailTime', () => {
  test('formats like 9:30 am in the facility zone', () => {
    expect(formatEmailTime(new Date('2024-06-03T13:30:00Z'), TORONTO)).toBe('9:30 am')
    expect(formatEmailTime(new Date('2024-06-03T16:00:00Z'), TORONTO)).toBe('12:00 pm')
    expect(formatEmailTime(new Date('2024-06-04T04:05:00Z'), TORONTO)).toBe('12:05 am')
    expect(formatEmailTime(new Date('2024-06-04T01:45:00Z'), TORONTO)).toBe('9:45 pm')
  })
})

describe('buildSelloffEmail', () => {
  test('merges free slots that follow one another into one block, not 30-minute fragments', () => {
    const email = buildSelloffEmail({
      facilityName: 'Maple Arena',
      timeZone: TORONTO,
      now: NOW,
      rooms: [
        {
          id: 'room-1',
          parentId: null,
          name: 'Rink A',
          type: 'rink',
          slots: [
            slot('2024-06-03T23:00:00Z', '2024-06-03T23:30:00Z'),
            slot('2024-06-03T23:30:00Z', '2024-06-04T00:00:00Z'),
            slot('2024-06-04T00:00:00Z', '2024-06-04T00:30:00Z'),
            slot('2024-06-04T00:30:00Z', '2024-06-04T01:00:00Z', false),
            slot('2024-06-04T01:00:00Z', '2024-06-04T01:30:00Z'),
          ],
        },
      ],
    })
    expect(email.body).toContain(['Rink A (Rink)', '• 7:00 pm - 8:30 pm', '• 9:00 pm - 9:30 pm'].join('\n'))
  })

  test('lists available slots per room and signs with the facility team', () => {
    const email = buildSelloffEmail({
      facilityName: 'Maple Arena',
      timeZone: TORONTO,
      now: NOW,
      rooms: [
        {
          id: 'room-2',
          parentId: null,
          name: 'Rink A',
          type: 'rink',
          slots: [
            slot('2024-06-03T13:30:00Z', '2024-06-03T14:00:00Z'),
            slot('2024-06-03T14:00:00Z', '2024-06-03T14:30:00Z', false),
            slot('2024-06-03T14:30:00Z', '2024-06-03T15:00:00Z'),
          ],
        },
        {
          id: 'court-1',
          parentId: null,
          name: 'Court 1',
          type: 'court',
          slots: [slot('2024-06-03T13:30:00Z', '2024-06-03T14:00:00Z', false)],
        },
      ],
    })
    expect(email.subject).toBe('Last Minute Availability at Maple Arena!')
    expect(email.body).toBe(
      [
        'Hi there,',
        '',
        'Here is our last-minute availability at Maple Arena:',
        '',
        'Rink A (Rink)',
        '• 9:30 am - 10:00 am',
        '• 10:30 am - 11:00 am',
        '',
        'Reply to this email to book your time. First come, first served!',
        '',
        'Best regards,',
        'Maple Arena Team',
      ].join('\n'),
    )
  })

  test('sells a sheet and its halves as one inventory', () => {
    const hour = (from: string, to: string, isAvailable = true) => slot(`2024-06-03T${from}:00Z`, `2024-06-03T${to}:00Z`, isAvailable)
    const email = buildSelloffEmail({
      facilityName: 'Maple Arena',
      timeZone: TORONTO,
      now: NOW,
      rooms: [
        { id: 'a', parentId: null, name: 'Rink A', type: 'rink', slots: [hour('23:00', '23:30'), hour('23:30', '23:59', false)] },
        { id: 'e', parentId: 'a', name: 'Half Ice East', type: 'rink', slots: [hour('23:00', '23:30'), hour('23:30', '23:59')] },
        { id: 'w', parentId: 'a', name: 'Half Ice West', type: 'rink', slots: [hour('23:00', '23:30'), hour('23:30', '23:59', false)] },
      ],
    })
    expect(email.body).toContain(
      ['Rink A: full sheet, or either half', '• 7:00 pm - 7:30 pm', '', 'Rink A: Half Ice East', '• 7:30 pm - 7:59 pm'].join('\n'),
    )
    expect(email.body).not.toContain('Half Ice West')
  })

  test('says so when nothing is available', () => {
    const email = buildSelloffEmail({
      facilityName: 'Maple Arena',
      timeZone: TORONTO,
      now: NOW,
      rooms: [
        {
          id: 'rink-a',
          parentId: null,
          name: 'Rink A',
          type: 'rink',
          slots: [slot('2024-06-03T13:30:00Z', '2024-06-03T14:00:00Z', false)],
        },
      ],
    })
    expect(email.body).toContain('\n\nNo availability at the moment\n\n')
    expect(email.body).not.toContain('Rink A')
  })

  test('a missing or blank facility name reads Our Facility', () => {
    const email = buildSelloffEmail({ facilityName: '  ', timeZone: TORONTO, now: NOW, rooms: [] })
    expect(email.subject).toBe('Last Minute Availability at Our Facility!')
    expect(email.body.endsWith('Our Facility Team')).toBe(true)
    expect(buildSelloffEmail({ timeZone: TORONTO, now: NOW, rooms: [] }).subject).toBe('Last Minute Availability at Our Facility!')
  })

  test('slots after midnight are marked as tomorrow', () => {
    const email = buildSelloffEmail({
      facilityName: 'Maple Arena',
      timeZone: TORONTO,
      now: new Date('2024-06-04T01:00:00Z'), // 21:00 EDT
      rooms: [
        {
          id: 'room-3',
          parentId: null,
          name: 'Rink A',
          type: 'rink',
          slots: [slot('2024-06-04T01:30:00Z', '2024-06-04T02:00:00Z'), slot('2024-06-04T10:00:00Z', '2024-06-04T10:30:00Z')],
        },
      ],
    })
    expect(email.body).toContain('• 9:30 pm - 10:00 pm\n• Tomorrow 6:00 am - 6:30 am')
  })
})
