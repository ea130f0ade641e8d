import { tz } from '@date-fns/tz'
import { format } from 'date-fns'
import type { TimeRange } from '@shared/scheduling/overlap'
import { localDateOf } from '@shared/scheduling/local-day'

// A long series can collide with hundreds of events; the first few say enough to fix it.
const LISTED_CONFLICTS = 10

export type Conflict = TimeRange & { id: string; title: string }

/**
 * The spec's 'Time slot conflicts with: "{title}" ({start} - {end})' for each conflicting event,
 * in the facility's zone, e.g. '"Jets practice" (Nov 21, 2026 7:00 PM - 8:00 PM)'.
 * The one place the server formats times for people.
 */
export function formatConflictMessage(conflicts: readonly Conflict[], timeZone: string): string {
  const distinct = [...new Map(conflicts.map((conflict) => [conflict.id, conflict])).values()].sort(
    (a, b) => a.start.getTime() - b.start.getTime(),
  )
  const listed = distinct.slice(0, LISTED_CONFLICTS).map(({ title, start, end }) => `"${title}" (${formatSpan(start, end, timeZone)})`)
  const unlisted = distinct.length - listed.length
  return `Time slot conflicts with: ${listed.join(', ')}${unlisted > 0 ? `, and ${unlisted} more` : ''}`
}

function formatSpan(start: Date, end: Date, timeZone: string): string {
  const inZone = { in: tz(timeZone) }
  const startText = format(start, 'MMM d, yyyy h:mm a', inZone)
  const isSameDay = localDateOf(start, timeZone) === localDateOf(end, timeZone)
  const endText = format(end, isSameDay ? 'h:mm a' : 'MMM d, yyyy h:mm a', inZone)
  return `${startText} - ${endText}`
}
