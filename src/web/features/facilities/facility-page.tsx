import { useEffect, useRef, useState } from 'react'
import { ArrowLeft, DoorOpen, Globe, Hourglass, MapPin, Pencil, Plus } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import type { RoomDeleteQuery } from '@shared/rooms/schema'
import { todayInZone } from '@shared/scheduling/local-day'
import { usePermission } from '@web/features/auth'
import { CalendarFeedButton } from '@web/features/feeds'
import { FacilityClosures, type ClosableSpace } from '@web/features/closures'
import {
  AddEventDialog,
  DeleteEventDialog,
  EditEventSheet,
  SelectRoomDialog,
  type BookableRoomWithFacility,
  type EditTarget,
  type PlacedEvent,
} from '@web/features/events'
import { errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useDeleteRoom, useFacility, useRooms, type EventOutsideHours, type Facility, type Room } from './api'
import { ChangeRoomClashes } from './components/change-room-clashes'
import { DeleteRoomDialog } from './components/delete-room-dialog'
import { FacilityDialog, RoomDialog } from './components/deferred-dialogs'
import { EventsOutsideHoursNotice } from './components/events-outside-hours-notice'
import { FacilityEvents } from './components/facility-events'
import { RoomCard } from './components/room-card'
import { asTree, inTreeOrder, type TreeNode } from './room-tree'

export function FacilityPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const facility = useFacility(id)

  useEffect(() => {
    if (!facility.isError) return
    toast.error('Failed to load facility data', { description: errorDescription(facility.error) })
    navigate('/dashboard', { replace: true })
  }, [facility.isError, facility.error, navigate])

  if (!facility.data) return <LoadingScreen />

  return <FacilitySections facility={facility.data} />
}

function FacilitySections({ facility }: { facility: Facility }) {
  // A space's 'Book' button opens Add New Event for it directly: client, start, duration, save
  // (docs/product.md#events), without 'Select a Room' first.
  const [bookedFromCard, setBookedFromCard] = useState<Room | null>(null)
  const canBook = usePermission('book')
  return (
    <div className="grid gap-10">
      <FacilityHeader facility={facility} />
      {/* The desk's view first: its List, Calendar and Timeline switch is the first thing under the
          header, so the timeline is one click away; the spaces and closures follow. */}
      <FacilityEventsWithDialogs facility={facility} roomToBook={bookedFromCard} onRoomBooked={() => setBookedFromCard(null)} />
      <FacilityRooms facility={facility} onBook={canBook ? setBookedFromCard : undefined} />
      <FacilityClosuresSection facility={facility} />
      <ChangeRoomClashes facility={facility} />
    </div>
  )
}

/** The facility's closures, offered its spaces but change rooms, each part after its whole (docs/product.md#closures). */
function FacilityClosuresSection({ facility }: { facility: Facility }) {
  const rooms = useRooms(facility.id)
  const spaces: ClosableSpace[] = inTreeOrder(rooms.data ?? [])
    .filter(({ room }) => room.type !== 'change_room')
    .map(({ room, level }) => ({ id: room.id, name: room.name, level }))
  return <FacilityClosures facility={facility} spaces={spaces} />
}

/** The facility's events with the scheduling dialogs of All Events, its room picker kept to this facility. */
type FacilityEventsWithDialogsProps = {
  facility: Facility
  /** A space whose card's 'Book' was pressed: Add New Event opens for it on the facility's today. */
  roomToBook: Room | null
  onRoomBooked: () => void
}

function FacilityEventsWithDialogs({ facility, roomToBook, onRoomBooked }: FacilityEventsWithDialogsProps) {
  const [pickingRoomFor, setPickingRoomFor] = useState<string | null>(null)
  const [booking, setBooking] = useState<{ room: BookableRoomWithFacility; date: string } | null>(null)
  const [editing, setEditing] = useState<EditTarget | null>(null)
  const [deleting, setDeleting] = useState<PlacedEvent | null>(null)
  const { timeZone } = facility
  // The front desk only views events; who may book also adds, edits and deletes them (docs/product.md#teams).
  const canBook = usePermission('book')
  const open = (event: PlacedEvent) => setEditing({ event, facilityId: facility.id, timeZone })

  return (
    <>
      <FacilityEvents
        facility={facility}
        actions={canBook ? { onAdd: setPickingRoomFor, onEdit: open, onDelete: setDeleting } : { onView: open }}
      />
      <SelectRoomDialog
        facilityId={facility.id}
        open={canBook && pickingRoomFor !== null}
        onOpenChange={(open) => (open ? undefined : setPickingRoomFor(null))}
        onSelect={(room) => {
          setBooking({ room, date: pickingRoomFor ?? todayInZone(timeZone, new Date()) })
          setPickingRoomFor(null)
        }}
      />
      <AddEventDialog
        room={canBook ? (booking?.room ?? (roomToBook ? { ...roomToBook, timeZone } : null)) : null}
        date={booking?.date ?? todayInZone(timeZone, new Date())}
        onOpenChange={(open) => {
          if (open) return
          setBooking(null)
          onRoomBooked()
        }}
      />
      <EditEventSheet target={editing} onClose={() => setEditing(null)} />
      <DeleteEventDialog event={canBook ? deleting : null} onClose={() => setDeleting(null)} />
    </>
  )
}

function FacilityHeader({ facility }: { facility: Facility }) {
  const [isEditing, setIsEditing] = useState(false)
  const [outside, setOutside] = useState<{ events: EventOutsideHours[]; timeZone: string } | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  // The facility is the venue's: only an owner or a manager edits it (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')

  return (
    <header className="grid gap-3">
      <Button asChild variant="ghost" size="sm" className="-ml-2.5 w-fit">
        <Link to="/facilities">
          <ArrowLeft aria-hidden="true" />
          Back to Facilities
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">{facility.name}</h1>
        <div className="flex flex-wrap gap-2">
          <CalendarFeedButton scope="facility" targetId={facility.id} targetName={facility.name} />
          {canManageVenue ? (
            <Button ref={editButton} variant="outline" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit Facility
            </Button>
          ) : null}
        </div>
      </div>
      {facility.address ? (
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">{facility.address}</span>
        </p>
      ) : null}
      {facility.description ? <p className="max-w-prose break-words">{facility.description}</p> : null}
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Globe className="size-4 shrink-0" aria-hidden="true" />
        Time zone: {facility.timeZone.replaceAll('_', ' ')}
      </p>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Requests are held {hoursText(facility.holdRequestsHours)}. Renters can release bookings until{' '}
          {hoursText(facility.releaseUntilHours)} before they start.
        </span>
      </p>
      <FacilityDialog
        facility={facility}
        open={canManageVenue && isEditing}
        onOpenChange={setIsEditing}
        onSaved={(saved) => setOutside({ events: saved.eventsOutsideHours, timeZone: saved.facility.timeZone })}
      />
      <EventsOutsideHoursNotice
        events={outside?.events ?? null}
        timeZone={outside?.timeZone ?? facility.timeZone}
        onClose={() => setOutside(null)}
        returnFocusTo={editButton}
      />
    </header>
  )
}

function FacilityRooms({ facility, onBook }: { facility: Facility; onBook?: (room: Room) => void }) {
  const facilityId = facility.id
  const rooms = useRooms(facilityId)
  const deleteRoom = useDeleteRoom(facilityId)
  const [isCreating, setIsCreating] = useState(false)
  // The space last opened for editing stays set while its dialog closes, so the closing dialog
  // keeps its title instead of turning into Create New Space.
  const [editedRoom, setEditedRoom] = useState<Room | null>(null)
  const [isEditing, setIsEditing] = useState(false)
  const [outside, setOutside] = useState<EventOutsideHours[] | null>(null)
  // The card's Edit button that opened the dialog, for the notice to give focus back to.
  const editButton = useRef<HTMLElement>(null)
  const [pendingDeletion, setPendingDeletion] = useState<Room | null>(null)
  // Spaces are the venue's: only an owner or a manager adds, edits or deletes them (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')

  useQueryErrorToast(rooms, 'Failed to load rooms')

  const confirmDeletion = (parts?: RoomDeleteQuery['parts']) => {
    if (!pendingDeletion) return
    deleteRoom.mutate(
      { roomId: pendingDeletion.id, parts },
      {
        onSuccess: () => {
          toast.success('Room deleted successfully')
          setPendingDeletion(null)
        },
        onError: (error) => toast.error('Failed to delete room', { description: errorDescription(error) }),
      },
    )
  }

  const startEditing = (room: Room) => {
    editButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setEditedRoom(room)
    setIsEditing(true)
  }

  const addRoomButton = canManageVenue ? (
    <Button onClick={() => setIsCreating(true)}>
      <Plus aria-hidden="true" />
      Add Room
    </Button>
  ) : null

  return (
    <section aria-labelledby="rooms-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rooms-heading" className="text-xl font-semibold">
          Rooms &amp; Courts
        </h2>
        {rooms.data?.length ? addRoomButton : null}
      </div>
      {rooms.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading...
        </p>
      ) : rooms.data?.length ? (
        // Each whole with its parts listed under it, indented a step per level; a space without
        // parts is one card of the grid, a whole takes a row of its own.
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-labelledby="rooms-heading">
          {asTree(rooms.data).map((node) => (
            <RoomTreeItem
              key={node.room.id}
              node={node}
              onEdit={canManageVenue ? startEditing : undefined}
              onDelete={canManageVenue ? setPendingDeletion : undefined}
              onBook={onBook}
            />
          ))}
        </ul>
      ) : rooms.isSuccess ? (
        <EmptyState
          icon={DoorOpen}
          title="No rooms yet"
          description={
            canManageVenue
              ? 'Add the rooms, rinks, courts, fields and change rooms of this facility.'
              : 'An owner or a manager adds the rooms, rinks, courts, fields and change rooms of this facility.'
          }
          action={addRoomButton}
        />
      ) : null}
      <RoomDialog facilityId={facilityId} open={canManageVenue && isCreating} onOpenChange={setIsCreating} />
      {editedRoom ? (
        <RoomDialog
          // One form per space: another space's dialog starts from its own values.
          key={editedRoom.id}
          facilityId={facilityId}
          room={editedRoom}
          open={canManageVenue && isEditing}
          onOpenChange={setIsEditing}
          onSaved={(saved) => setOutside(saved.eventsOutsideHours)}
        />
      ) : null}
      <EventsOutsideHoursNotice events={outside} timeZone={facility.timeZone} onClose={() => setOutside(null)} returnFocusTo={editButton} />
      <DeleteRoomDialog
        room={pendingDeletion}
        rooms={rooms.data ?? []}
        open={canManageVenue && pendingDeletion !== null}
        onClose={() => setPendingDeletion(null)}
        isPending={deleteRoom.isPending}
        onConfirm={confirmDeletion}
      />
    </section>
  )
}

type RoomTreeItemProps = {
  node: TreeNode<Room>
  onEdit?: (room: Room) => void
  onDelete?: (room: Room) => void
  onBook?: (room: Room) => void
}

function RoomTreeItem({ node: { room, whole, parts }, onEdit, onDelete, onBook }: RoomTreeItemProps) {
  const card = <RoomCard room={room} wholeName={whole?.name} onEdit={onEdit} onDelete={onDelete} onBook={onBook} />
  if (parts.length === 0) return <li className="grid">{card}</li>
  return (
    <li className="col-span-full grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">{card}</div>
      <ul
        aria-label={`Parts of ${room.name}`}
        className="ml-2 grid gap-4 border-l-2 border-border pl-3 sm:ml-4 sm:grid-cols-2 sm:pl-4 xl:grid-cols-3"
      >
        {parts.map((part) => (
          <RoomTreeItem key={part.room.id} node={part} onEdit={onEdit} onDelete={onDelete} onBook={onBook} />
        ))}
      </ul>
    </li>
  )
}

const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`)
