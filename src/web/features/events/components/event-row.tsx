import { useId } from 'react'
import type { LucideIcon } from 'lucide-react'
import { DoorOpen, Eye, MapPin, Pencil, Repeat, Trash2, UserRound } from 'lucide-react'
import { EVENT_TYPE_LABELS } from '@shared/limits'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { formatEndTime, formatTime } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import { usePermission } from '@web/features/auth'
import { useSeries, type ListedEvent } from '../api'
import { isPending, PendingBadge, pendingHatch } from '../pending'
import { describeSeries } from '../series'

type EventRowProps = {
  event: ListedEvent
  /** Opens the event: the edit sheet, read-only for a member who may not book. */
  onEdit: (event: ListedEvent) => void
  onDelete: (event: ListedEvent) => void
}

/**
 * One event of All Events' list on one compact row (docs/product.md#events): colour, start and end
 * on the facility's clock, title, teams and description, space - facility, change rooms and
 * client, then edit and delete (or view, for a member who may not book). Its day is the heading
 * above it. Every text stays on one line, cut short with an ellipsis: the whole text is in the
 * page for screen readers and on hover (title), and the edit sheet shows it all. A renter's
 * pending request is hatched and marked 'Pending', and only viewed (docs/product.md#renters).
 */
export function EventRow({ event, onEdit, onDelete }: EventRowProps) {
  const titleId = useId()
  const canBook = usePermission('book')
  const isGame = event.eventType === 'game'
  const teams = isGame && (event.team1Name || event.team2Name) ? `${event.team1Name ?? 'TBD'} vs ${event.team2Name ?? 'TBD'}` : null
  const changeRooms = [event.changeRoom1Name, isGame ? event.changeRoom2Name : null].filter((name) => name !== null).join(' / ')
  const place = `${event.roomName} - ${event.facilityName}`
  const pending = isPending(event)
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-0.5 border-l-4 py-2 pr-2 pl-3',
        'md:grid-cols-[4.75rem_minmax(0,1fr)_minmax(0,1.1fr)_auto] md:gap-x-4',
      )}
      style={
        pending
          ? { ...pendingHatch(event.color), borderLeftColor: event.color, borderLeftStyle: 'dashed' }
          : { borderLeftColor: event.color }
      }
    >
      {/* The facility's wall clock, wherever the viewer is (docs/product.md#events). */}
      <p className="row-span-2 grid text-sm leading-5 tabular-nums md:row-span-1">
        <time dateTime={event.startTime} className="font-medium">
          {formatTime(event.startTime, event.timeZone)}
        </time>
        <span className="sr-only"> - </span>
        <time dateTime={event.endTime} className="text-muted-foreground">
          {formatEndTime(event.endTime, event.timeZone)}
        </time>
      </p>
      <div className="min-w-0">
        <div className="flex min-w-0 items-center gap-2">
          {pending ? <PendingBadge /> : null}
          <h4 id={titleId} className="truncate leading-5 font-medium" title={event.title}>
            {event.title}
          </h4>
          {isGame ? (
            <Badge variant="outline" className="py-0">
              {EVENT_TYPE_LABELS.game}
            </Badge>
          ) : null}
        </div>
        {teams ? (
          <p className="truncate text-sm leading-5" title={teams}>
            {teams}
          </p>
        ) : null}
        {event.description ? (
          <p className="truncate text-sm leading-5 text-muted-foreground" title={event.description}>
            {event.description}
          </p>
        ) : null}
      </div>
      {/*
        Below md the details run under the title and its buttons, flowing on one or two lines; from
        md they are a column of their own, in two columns that line up from row to row.
      */}
      <dl
        className={cn(
          'col-span-2 col-start-2 row-start-2 flex min-w-0 flex-wrap gap-x-3 text-sm leading-5 text-muted-foreground',
          'md:col-span-1 md:col-start-3 md:row-start-1 md:grid md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] md:gap-x-4',
        )}
      >
        <Detail icon={MapPin} label="Space" text={place} className="md:col-start-1 md:row-start-1" />
        {event.clientName ? (
          <Detail icon={UserRound} label="Client" text={event.clientName} className="md:col-start-2 md:row-start-1" />
        ) : null}
        {changeRooms ? (
          <Detail
            icon={DoorOpen}
            label={isGame && event.changeRoom2Name ? 'Change rooms, home / away' : 'Change room'}
            text={changeRooms}
            className="md:col-start-1 md:row-start-2"
          />
        ) : null}
        {event.seriesId ? <SeriesDetail seriesId={event.seriesId} className="md:col-start-2 md:row-start-2" /> : null}
      </dl>
      <div className="col-start-3 row-start-1 flex shrink-0 gap-1 md:col-start-4">
        {canBook && !pending ? (
          <>
            <Button variant="ghost" size="icon" aria-label={`Edit ${event.title}`} onClick={() => onEdit(event)}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete ${event.title}`} onClick={() => onDelete(event)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="icon" aria-label={`View ${event.title}`} onClick={() => onEdit(event)}>
            <Eye aria-hidden="true" />
          </Button>
        )}
      </div>
    </article>
  )
}

// The series' rule in words (docs/product.md#series), one request for all its events in the list.
function SeriesDetail({ seriesId, className }: { seriesId: string; className: string }) {
  const series = useSeries(seriesId)
  return <Detail icon={Repeat} label="Series" text={series.data ? describeSeries(series.data) : 'Loading...'} className={className} />
}

function Detail({ icon: Icon, label, text, className }: { icon: LucideIcon; label: string; text: string; className?: string }) {
  return (
    <div className={cn('flex max-w-full min-w-0 items-center gap-1', className)}>
      <dt className="shrink-0">
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate" title={text}>
        {text}
      </dd>
    </div>
  )
}
