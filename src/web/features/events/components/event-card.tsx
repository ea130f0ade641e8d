import { Eye, MapPin, Pencil, Trash2 } from 'lucide-react'
import { EVENT_TYPE_LABELS } from '@shared/limits'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { formatDate, formatTimeRange } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import { usePermission } from '@web/features/auth'
import type { PlacedEvent, ScheduledEvent } from '../api'
import { isPending, PendingBadge, pendingHatch } from '../pending'
import { SeriesLine } from './series-controls'

type EventCardProps = {
  /** A list's event carries its kind: a renter's pending request is hatched, marked 'Pending' and only viewed (docs/product.md#renters). */
  event: ScheduledEvent & Partial<Pick<PlacedEvent, 'kind'>>
  /** The facility's zone: times are its wall clock, wherever the viewer is. */
  timeZone: string
  /** 'Rink A - Maple Arena' in lists across rooms; left out on a room's own page. */
  place?: string
  isPast?: boolean
  /** Opens the event: the edit sheet, read-only for a member who may not book. */
  onEdit: () => void
  onDelete: () => void
}

/**
 * One event in a list (docs/product.md#events): colour bar, title, date and times, place, teams, description, edit and delete.
 * A member who may not book only views it (docs/product.md#teams).
 */
export function EventCard({ event, timeZone, place, isPast = false, onEdit, onDelete }: EventCardProps) {
  const isGame = event.eventType === 'game'
  const canBook = usePermission('book')
  const pending = isPending(event)
  return (
    <article
      aria-label={event.title}
      className={cn('flex min-w-0 gap-3 rounded-lg border bg-card p-3 sm:p-4', isPast && 'opacity-60')}
      style={pending ? pendingHatch(event.color) : undefined}
    >
      <span className="w-1.5 shrink-0 rounded-full" style={{ backgroundColor: event.color }} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {pending ? <PendingBadge /> : null}
          <h3 className="min-w-0 font-medium break-words">{event.title}</h3>
          <Badge variant="outline">{EVENT_TYPE_LABELS[event.eventType]}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={event.startTime}>
            {formatDate(event.startTime, timeZone)} · {formatTimeRange(event.startTime, event.endTime, timeZone)}
          </time>
        </p>
        {place ? (
          <p className="flex items-start gap-1 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{place}</span>
          </p>
        ) : null}
        {isGame && (event.team1Name || event.team2Name) ? (
          <p className="text-sm font-medium break-words">
            {event.team1Name ?? 'TBD'} vs {event.team2Name ?? 'TBD'}
          </p>
        ) : null}
        {event.seriesId ? <SeriesLine seriesId={event.seriesId} /> : null}
        {event.description ? <p className="text-sm break-words text-muted-foreground">{event.description}</p> : null}
      </div>
      {canBook && !pending ? (
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          <Button variant="ghost" size="icon" aria-label={`Edit ${event.title}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${event.title}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0">
          <Button variant="ghost" size="icon" aria-label={`View ${event.title}`} onClick={onEdit}>
            <Eye aria-hidden="true" />
          </Button>
        </div>
      )}
    </article>
  )
}
