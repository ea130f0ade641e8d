import { useId } from 'react'
import { TriangleAlert } from 'lucide-react'
import { formatSpan } from '@web/lib/datetime'
import { useChangeRoomClashes, type ChangeRoomClash, type Facility } from '../api'

/** The server lists at most this many; a full list may have more behind it. */
const LISTED_AT_MOST = 100

/**
 * Change room assignments that clashed before change rooms became exclusive, while they still do.
 * Nothing is moved: the operator edits one event of each pair. Renders nothing when there are none.
 */
export function ChangeRoomClashes({ facility }: { facility: Pick<Facility, 'id' | 'timeZone'> }) {
  const headingId = useId()
  const clashes = useChangeRoomClashes(facility.id)
  if (!clashes.data?.length) return null

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        Change room clashes
      </h2>
      <p className="text-sm">
        These events were given the same change room at overlapping times before change rooms became exclusive. Edit one of each pair to
        resolve it.
      </p>
      <ul className="grid gap-2" aria-labelledby={headingId}>
        {clashes.data.map((clash) => (
          <li
            key={`${clash.changeRoomId}-${clash.event.id}-${clash.clashesWith.id}`}
            className="rounded-md border bg-card p-3 text-sm break-words"
          >
            {describeClash(clash, facility.timeZone)}
          </li>
        ))}
      </ul>
      {clashes.data.length >= LISTED_AT_MOST ? (
        <p className="text-sm text-muted-foreground">Only the first {LISTED_AT_MOST} are listed.</p>
      ) : null}
    </section>
  )
}

/** '{change room}: "{title}" ({start} - {end}) clashes with "{title}" ({start} - {end})', on the facility's clock. */
function describeClash({ changeRoomName, event, clashesWith }: ChangeRoomClash, timeZone: string): string {
  const describe = ({ title, startTime, endTime }: ChangeRoomClash['event']) => `"${title}" (${formatSpan(startTime, endTime, timeZone)})`
  return `${changeRoomName}: ${describe(event)} clashes with ${describe(clashesWith)}`
}
