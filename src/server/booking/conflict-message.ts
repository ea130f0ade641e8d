import { tz } from '@date-fns/tz'
import { format } from 'date-fns'
import { closureLabel, occupantLabel } from '@shared/booking/rules'
import type { TimeRange } from '@shared/scheduling/overlap'
import { localDateOf } from '@shared/scheduling/local-day'

// A long series can collide with hundreds of events; the first few say enough to fix it.
const LISTED_CONFLICTS = 10

// pending: what is in the way is a renter's request holding the ice, not a booking (docs/product.md#renters).
// spaceName: the linked space (a whole or a part of the booked one) the clash is on, if not the booked space itself.
// changeover: set when the two events' own times do not meet and only a changeover keeps them
// apart: the other event ends (or starts) `at`, and `spaceName` needs `minutes` after its events.
export type Conflict = TimeRange & {
  id: string
  title: string
  pending?: boolean
  spaceName?: string | null
  changeover?: { side: 'ends' | 'starts'; at: Date; spaceName: string; minutes: number } | null
}

/**
 * The spec's 'Time slot conflicts with: "{title}" ({start} - {end})' for each conflicting event,
 * in the facility's zone, e.g. '"Jets practice" (Nov 21, 2026 7:00 PM - 8:00 PM)', followed by
 * ' on {space name}' when it is booked on a linked space (docs/product.md#linked-spaces). A renter's
 * request holding the ice reads 'a pending request "{title}" ({start} - {end})' (docs/product.md#renters).
 * The one place the server formats times for people.
 */
export function formatConflictMessage(conflicts: readonly Conflict[], timeZone: string): string {
  const distinct = [...new Map(conflicts.map((conflict) => [conflict.id, conflict])).values()].sort(
    // Ties (the halves of a sheet, booked at one hour) by space, then title, so the words never shuffle.
    (a, b) =>
      a.start.getTime() - b.start.getTime() || (a.spaceName ?? '').localeCompare(b.spaceName ?? '') || a.title.localeCompare(b.title),
  )
  // Refused for a changeover alone: say so, with the space whose changeover it is.
  const tooClose = distinct[0]?.changeover
  if (tooClose && distinct.every((conflict) => conflict.changeover)) {
    const at = format(tooClose.at, 'h:mm a', { in: tz(timeZone) })
    return `Too close to ${occupantLabel(distinct[0]!)} (${tooClose.side} ${at}): ${tooClose.spaceName} needs ${tooClose.minutes} minutes of changeover`
  }
  const listed = distinct
    .slice(0, LISTED_CONFLICTS)
    .map(
      (conflict) =>
        `${occupantLabel(conflict)} (${formatSpan(conflict.start, conflict.end, timeZone)})${conflict.spaceName ? ` on ${conflict.spaceName}` : ''}`,
    )
  const unlisted = distinct.length - listed.length
  return `Time slot conflicts with: ${listed.join(', ')}${unlisted > 0 ? `, and ${unlisted} more` : ''}`
}

/**
 * 'Change room "{name}" is in use by "{title}" ({start} - {end})': the change room an event asked
 * for while another event holds it, with that event's own times in the facility's zone; 'by a
 * pending request "{title}"' when a renter's request holds it.
 */
export function formatChangeRoomMessage(changeRoomName: string, holder: Conflict, timeZone: string): string {
  return `Change room "${changeRoomName}" is in use by ${occupantLabel(holder)} (${formatSpan(holder.start, holder.end, timeZone)})`
}

/** 'Closed: {reason} ({start} - {end})': the closure a booking falls in, in the facility's zone. */
export function formatClosureMessage(closure: { reason: string; start: Date; end: Date }, timeZone: string): string {
  return `${closureLabel(closure.reason)} (${formatSpan(closure.start, closure.end, timeZone)})`
}

function formatSpan(start: Date, end: Date, timeZone: string): string {
  const inZone = { in: tz(timeZone) }
  const startText = format(start, 'MMM d, yyyy h:mm a', inZone)
  const isSameDay = localDateOf(start, timeZone) === localDateOf(end, timeZone)
  const endText = format(end, isSameDay ? 'h:mm a' : 'MMM d, yyyy h:mm a', inZone)
  return `${startText} - ${endText}`
}
