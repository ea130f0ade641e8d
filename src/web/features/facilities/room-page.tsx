import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ArrowLeft, Pencil } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { ROOM_TYPE_LABELS } from '@shared/limits'
import { LoadingScreen } from '@web/components/loading-screen'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { errorDescription } from '@web/lib/api-client'
import { formatTimeOfDay } from '@web/lib/datetime'
import { usePermission } from '@web/features/auth'
import { SpaceRatesCard } from '@web/features/billing'
import { CalendarFeedButton } from '@web/features/feeds'
import { RoomSchedule } from '@web/features/events'
import { useRoom, type EventOutsideHours } from './api'
import { RoomDialog } from './components/deferred-dialogs'
import { EventsOutsideHoursNotice } from './components/events-outside-hours-notice'

export function RoomPage() {
  const { facilityId = '', roomId = '' } = useParams()
  const navigate = useNavigate()
  const loaded = useRoom(roomId)
  // A real room reached through another facility's address is refused like a missing one.
  const isInOtherFacility = loaded.data !== undefined && loaded.data.facility.id !== facilityId
  const hasFailed = loaded.isError || isInOtherFacility
  const [isEditing, setIsEditing] = useState(false)
  const [outside, setOutside] = useState<EventOutsideHours[] | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  // The space is the venue's: only an owner or a manager edits it (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')

  useEffect(() => {
    if (!hasFailed) return
    toast.error('Failed to load room data', { description: errorDescription(loaded.error) })
    navigate('/dashboard', { replace: true })
  }, [hasFailed, loaded.error, navigate])

  if (!loaded.data || hasFailed) return <LoadingScreen />
  const { room, facility } = loaded.data

  return (
    <div className="grid gap-8">
      <header className="grid gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-2.5 w-fit">
          <Link to={`/facility/${facility.id}`}>
            <ArrowLeft aria-hidden="true" />
            Back to {facility.name}
          </Link>
        </Button>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">{room.name}</h1>
            <Badge variant={room.type === 'change_room' ? 'outline' : 'secondary'}>{ROOM_TYPE_LABELS[room.type]}</Badge>
          </div>
          <div className="flex flex-wrap gap-2">
            {room.type === 'change_room' ? null : <CalendarFeedButton scope="space" targetId={room.id} targetName={room.name} />}
            {canManageVenue ? (
              <Button ref={editButton} variant="outline" onClick={() => setIsEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit Space
              </Button>
            ) : null}
          </div>
        </div>
        {room.description ? <p className="max-w-prose break-words text-muted-foreground">{room.description}</p> : null}
        <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[repeat(5,max-content)]">
          <Detail term="Capacity">{room.capacity ?? 'Not set'}</Detail>
          <Detail term="Operating Hours">
            {formatTimeOfDay(room.operatingStartTime)} - {formatTimeOfDay(room.operatingEndTime)}
          </Detail>
          <Detail term="Booking Interval">{room.bookingInterval} minutes</Detail>
          <Detail term="Changeover">{room.changeoverMinutes === 0 ? 'None' : `${room.changeoverMinutes} minutes`}</Detail>
          {room.type === 'change_room' ? null : <Detail term="Requests">{room.acceptsRequests ? 'Accepted' : 'Not accepted'}</Detail>}
        </dl>
      </header>
      {/* A change room is never booked on its own, so it has no rates. */}
      {room.type === 'change_room' ? null : <SpaceRatesCard className="max-w-xl" roomId={room.id} roomName={room.name} />}
      <RoomSchedule room={room} facility={facility} />
      <RoomDialog
        key={room.id}
        facilityId={facility.id}
        room={room}
        open={canManageVenue && isEditing}
        onOpenChange={setIsEditing}
        onSaved={(saved) => setOutside(saved.eventsOutsideHours)}
      />
      <EventsOutsideHoursNotice events={outside} timeZone={facility.timeZone} onClose={() => setOutside(null)} returnFocusTo={editButton} />
    </div>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}
