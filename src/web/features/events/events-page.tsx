import { useState } from 'react'
import { CalendarDays, List, Plus } from 'lucide-react'
import { todayInZone } from '@shared/scheduling/local-day'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { browserTimeZone } from '@web/lib/datetime'
import { usePermission } from '@web/features/auth'
import type { BookableRoomWithFacility, PlacedEvent, ScheduledEvent } from './api'
import { AddEventDialog, DeleteEventDialog, EditEventSheet, SelectRoomDialog } from './components/deferred-dialogs'
import type { EditTarget } from './components/edit-event-sheet'
import { EventsCalendar, type CalendarMode } from './components/events-calendar'
import { UpcomingEventList } from './components/upcoming-event-list'
import { ViewToggle } from '@web/components/view-toggle'

type View = 'list' | 'calendar'

const VIEWS = [
  { value: 'list', label: 'List', icon: List },
  { value: 'calendar', label: 'Calendar', icon: CalendarDays },
] as const

const editTargetOf = (event: PlacedEvent): EditTarget => ({ event, facilityId: event.facilityId, timeZone: event.timeZone })

/** All Events (docs/product.md#events): the upcoming list or a day or month calendar across every facility. */
export function EventsPage() {
  // The calendar's days are the viewer's; each event still shows its own facility's times.
  const [viewerTimeZone] = useState(browserTimeZone)
  const [view, setView] = useState<View>('list')
  const [calendarMode, setCalendarMode] = useState<CalendarMode>('month')
  const [calendarDate, setCalendarDate] = useState(() => todayInZone(viewerTimeZone, new Date()))
  const [isPickingRoom, setIsPickingRoom] = useState(false)
  const [bookingRoom, setBookingRoom] = useState<BookableRoomWithFacility | null>(null)
  const [editing, setEditing] = useState<EditTarget | null>(null)
  const [deleting, setDeleting] = useState<ScheduledEvent | null>(null)
  // The front desk reads the events; only who may book adds, edits and deletes them (docs/product.md#teams).
  const canBook = usePermission('book')

  // A booking starts on the day the calendar shows, or on the room's today from the list.
  const bookingDate = view === 'calendar' || !bookingRoom ? calendarDate : todayInZone(bookingRoom.timeZone, new Date())

  return (
    <div>
      <PageHeader
        title="All Events"
        description="Every event across your facilities"
        actions={
          <>
            <ViewToggle label="View" views={VIEWS} value={view} onChange={setView} />
            {canBook ? (
              <Button onClick={() => setIsPickingRoom(true)}>
                <Plus aria-hidden="true" />
                Add Event
              </Button>
            ) : null}
          </>
        }
      />
      {view === 'list' ? (
        <UpcomingEventList onEdit={(event) => setEditing(editTargetOf(event))} onDelete={setDeleting} />
      ) : (
        <EventsCalendar
          mode={calendarMode}
          onModeChange={setCalendarMode}
          date={calendarDate}
          onDateChange={setCalendarDate}
          timeZone={viewerTimeZone}
          onSelect={(event) => setEditing(editTargetOf(event))}
        />
      )}
      <SelectRoomDialog
        open={canBook && isPickingRoom}
        onOpenChange={setIsPickingRoom}
        onSelect={(room) => {
          setIsPickingRoom(false)
          setBookingRoom(room)
        }}
      />
      <AddEventDialog
        room={canBook ? bookingRoom : null}
        date={bookingDate}
        onOpenChange={(open) => (open ? undefined : setBookingRoom(null))}
      />
      <EditEventSheet target={editing} onClose={() => setEditing(null)} />
      <DeleteEventDialog event={canBook ? deleting : null} onClose={() => setDeleting(null)} />
    </div>
  )
}
