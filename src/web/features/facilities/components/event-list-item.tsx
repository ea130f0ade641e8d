import { Eye, MapPin, Pencil, Trash2 } from 'lucide-react'
import { EVENT_TYPE_LABELS } from '@shared/limits'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { formatTimeRange } from '@web/lib/datetime'
import { isPending, PendingBadge, pendingHatch, SeriesLine, type PlacedEvent } from '@web/features/events'

type EventListItemProps = {
  event: PlacedEvent
  /** The facility's zone: times are the facility's wall clock, wherever the viewer is. */
  timeZone: string
  showRoom?: boolean
  onEdit?: (event: PlacedEvent) => void
  onDelete?: (event: PlacedEvent) => void
  /** Opens the event read-only, for a member who may not book (docs/product.md#teams). */
  onView?: (event: PlacedEvent) => void
}

/** An event of a facility's list. A renter's pending request is hatched, marked 'Pending' and only viewed (docs/product.md#renters). */
export function EventListItem({ event, timeZone, showRoom = true, onEdit, onDelete, onView }: EventListItemProps) {
  const isGame = event.eventType === 'game'
  const pending = isPending(event)
  // A pending request opens its details, whoever looks: it is answered on the Requests page.
  const view = pending ? (onView ?? onEdit) : onView
  const edit = pending ? undefined : onEdit
  const remove = pending ? undefined : onDelete
  return (
    <div className="flex min-w-0 gap-3 rounded-lg border bg-card p-3" style={pending ? pendingHatch(event.color) : undefined}>
      <span className="w-1 shrink-0 rounded-full" style={{ backgroundColor: event.color }} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {pending ? <PendingBadge /> : null}
          <p className="min-w-0 font-medium break-words">{event.title}</p>
          <Badge variant="outline">{EVENT_TYPE_LABELS[event.eventType]}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={event.startTime}>{formatTimeRange(event.startTime, event.endTime, timeZone)}</time>
        </p>
        {showRoom ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            {event.roomName}
          </p>
        ) : null}
        {isGame && (event.team1Name || event.team2Name) ? (
          <p className="text-sm break-words">
            {event.team1Name ?? 'TBD'} vs {event.team2Name ?? 'TBD'}
          </p>
        ) : null}
        {event.seriesId ? <SeriesLine seriesId={event.seriesId} /> : null}
        {event.description ? <p className="text-sm break-words text-muted-foreground">{event.description}</p> : null}
      </div>
      {edit || remove || view ? (
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          {view ? (
            <Button variant="ghost" size="icon" aria-label={`View ${event.title}`} onClick={() => view(event)}>
              <Eye aria-hidden="true" />
            </Button>
          ) : null}
          {edit ? (
            <Button variant="ghost" size="icon" aria-label={`Edit ${event.title}`} onClick={() => edit(event)}>
              <Pencil aria-hidden="true" />
            </Button>
          ) : null}
          {remove ? (
            <Button variant="ghost" size="icon" aria-label={`Delete ${event.title}`} onClick={() => remove(event)}>
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
