import { describe, expect, test } from 'vitest'
import { formatChangeRoomMessage, formatConflictMessage } from './conflict-message'

const conflict = (id: string, title: string, start: string, end: string) => ({ id, title, start: new Date(start), end: new Date(end) })

describe('formatConflictMessage', () => {
  test('names the event with its times in the facility zone', () => {
    const message = formatConflictMessage(
      [conflict('a', 'Jets practice', '2026-11-22T00:00:00Z', '2026-11-22T01:00:00Z')],
      'America/Toronto',
    )
    expect(message).toBe('Time slot conflicts with: "Jets practice" (Nov 21, 2026 7:00 PM - 8:00 PM)')
  })

  test('lists each distinct conflict once, earliest first', () => {
    const early = conflict('a', 'Early', '2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z')
    const late = conflict('b', 'Late', '2026-06-02T09:00:00Z', '2026-06-02T10:00:00Z')
    expect(formatConflictMessage([late, early, late], 'UTC')).toBe(
      'Time slot conflicts with: "Early" (Jun 1, 2026 9:00 AM - 10:00 AM), "Late" (Jun 2, 2026 9:00 AM - 10:00 AM)',
    )
  })

  test('an event that ends on another local day shows both dates', () => {
    const message = formatConflictMessage([conflict('a', 'Overnight', '2026-06-01T22:00:00Z', '2026-06-02T02:00:00Z')], 'UTC')
    expect(message).toBe('Time slot conflicts with: "Overnight" (Jun 1, 2026 10:00 PM - Jun 2, 2026 2:00 AM)')
  })

  test('a Part 1 ends at 11:59 PM of its day', () => {
    const message = formatConflictMessage([conflict('a', 'Game (Part 1)', '2026-06-01T23:00:00Z', '2026-06-01T23:59:59.999Z')], 'UTC')
    expect(message).toBe('Time slot conflicts with: "Game (Part 1)" (Jun 1, 2026 11:00 PM - 11:59 PM)')
  })

  test('a long list stops after ten and counts the rest', () => {
    const conflicts = Array.from({ length: 14 }, (_, day) =>
      conflict(
        String(day),
        `Day ${day + 1}`,
        `2026-06-${String(day + 1).padStart(2, '0')}T09:00:00Z`,
        `2026-06-${String(day + 1).padStart(2, '0')}T10:00:00Z`,
      ),
    )
    const message = formatConflictMessage(conflicts, 'UTC')
    expect(message).toContain('"Day 10"')
    expect(message).not.toContain('"Day 11"')
    expect(message.endsWith(', and 4 more')).toBe(true)
  })

  test('a title is quoted as typed, never interpreted', () => {
    const message = formatConflictMessage([conflict('a', '<b>"Bold"</b>', '2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z')], 'UTC')
    expect(message).toContain('"<b>"Bold"</b>"')
  })

  test('a clash on a linked space names that space after the times', () => {
    const onWhole = { ...conflict('a', 'Senior game', '2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z'), spaceName: 'Full Sheet' }
    const sameSpace = { ...conflict('b', 'Learn to skate', '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z'), spaceName: null }
    expect(formatConflictMessage([sameSpace, onWhole], 'UTC')).toBe(
      'Time slot conflicts with: "Senior game" (Jun 1, 2026 9:00 AM - 10:00 AM) on Full Sheet, "Learn to skate" (Jun 1, 2026 10:00 AM - 11:00 AM)',
    )
  })

  test('a refusal for a changeover alone says so, naming the space that needs it', () => {
    const game = conflict('a', 'U13 A Game', '2026-06-01T10:30:00Z', '2026-06-01T11:30:00Z')
    const changeover = { side: 'ends' as const, at: game.end, spaceName: 'Rink B', minutes: 15 }
    expect(formatConflictMessage([{ ...game, changeover }], 'UTC')).toBe(
      'Too close to "U13 A Game" (ends 11:30 AM): Rink B needs 15 minutes of changeover',
    )
    // With a real overlap among the clashes, the usual list.
    const overlap = conflict('b', 'Public skate', '2026-06-01T12:00:00Z', '2026-06-01T13:00:00Z')
    expect(formatConflictMessage([{ ...game, changeover }, overlap], 'UTC')).toMatch(/^Time slot conflicts with: "U13 A Game"/)
  })

  test('a renter’s request holding the ice is named as pending, beside bookings (docs/product.md#renters)', () => {
    const hold = { ...conflict('a', 'Hawks U11', '2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z'), pending: true }
    const booking = conflict('b', 'Learn to skate', '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z')
    expect(formatConflictMessage([booking, hold], 'UTC')).toBe(
      'Time slot conflicts with: a pending request "Hawks U11" (Jun 1, 2026 9:00 AM - 10:00 AM), "Learn to skate" (Jun 1, 2026 10:00 AM - 11:00 AM)',
    )
    const changeover = { side: 'ends' as const, at: hold.end, spaceName: 'Rink B', minutes: 15 }
    expect(formatConflictMessage([{ ...hold, changeover }], 'UTC')).toBe(
      'Too close to a pending request "Hawks U11" (ends 10:00 AM): Rink B needs 15 minutes of changeover',
    )
    expect(formatChangeRoomMessage('Home', hold, 'UTC')).toBe(
      'Change room "Home" is in use by a pending request "Hawks U11" (Jun 1, 2026 9:00 AM - 10:00 AM)',
    )
  })
})
