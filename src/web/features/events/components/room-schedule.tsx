import { useId, useState } from 'react'
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { localDayRange, todayInZone } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { formatLongDate } from '@web/lib/datetime'
import { usePermission } from '@web/features/auth'
import { useClosuresInRange } from '@web/features/closures'
import type { RoomWithFacility } from '@web/features/facilities'
import { useEventsInRange, usePastEvents, useUpcomingEvents, type ScheduledEvent } from '../api'
import { AddEventDialog, DeleteEventDialog, EditEventSheet } from './deferred-dialogs'
import type { EditTarget } from './edit-event-sheet'
import { EventCard } from './event-card'
import { EventListSection } from './event-list-section'
import { RoomDayGrid } from './room-day-grid'
import { LoadingList } from '@web/components/loading-screen'

/**
 * The room's schedule (docs/product.md#events): Add Event, and a day calendar or upcoming and past lists.
 * Add Event only for who may book (docs/product.md#teams).
 */
export function RoomSchedule({ room, facility }: RoomWithFacility) {
  const { timeZone } = facility
  const headingId = useId()
  const [date, setDate] = useState(() => todayInZone(timeZone, new Date()))
  const [isAdding, setIsAdding] = useState(false)
  const [editing, setEditing] = useState<EditTarget | null>(null)
  const [deleting, setDeleting] = useState<ScheduledEvent | null>(null)
  const canBook = usePermission('book')
  const edit = (event: ScheduledEvent) => setEditing({ event, facilityId: facility.id, timeZone })
  const bookable = { ...room, facilityId: facility.id, timeZone }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          Schedule
        </h2>
        {canBook ? (
          <Button onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" />
            Add Event
          </Button>
        ) : null}
      </div>
      <Tabs defaultValue="calendar" className="gap-4">
        <TabsList>
          <TabsTrigger value="calendar">Calendar View</TabsTrigger>
          <TabsTrigger value="list">List View</TabsTrigger>
        </TabsList>
        <TabsContent value="calendar">
          <RoomCalendar roomId={room.id} facilityId={facility.id} timeZone={timeZone} date={date} onDateChange={setDate} onSelect={edit} />
        </TabsContent>
        <TabsContent value="list">
          <RoomEventLists roomId={room.id} timeZone={timeZone} onEdit={edit} onDelete={setDeleting} />
        </TabsContent>
      </Tabs>
      <AddEventDialog room={canBook && isAdding ? bookable : null} date={date} onOpenChange={setIsAdding} />
      <EditEventSheet target={editing} onClose={() => setEditing(null)} />
      <DeleteEventDialog event={canBook ? deleting : null} onClose={() => setDeleting(null)} />
    </section>
  )
}

type RoomCalendarProps = {
  roomId: string
  facilityId: string
  timeZone: string
  date: string
  onDateChange: (date: string) => void
  onSelect: (event: ScheduledEvent) => void
}

function RoomCalendar({ roomId, facilityId, timeZone, date, onDateChange, onSelect }: RoomCalendarProps) {
  const { start, end } = localDayRange(date, timeZone)
  const events = useEventsInRange({ facilityId, roomId, from: start.toISOString(), to: end.toISOString() })
  // Those of its facility, its own, and its linked spaces': all close it.
  const closures = useClosuresInRange({ roomId, from: start.toISOString(), to: end.toISOString() })
  const today = todayInZone(timeZone, new Date())

  useQueryErrorToast(events, 'Failed to load schedules')
  useQueryErrorToast(closures, 'Failed to load closures')

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Previous day" onClick={() => onDateChange(addCalendarDays(date, -1))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label="Next day" onClick={() => onDateChange(addCalendarDays(date, 1))}>
          <ChevronRight aria-hidden="true" />
        </Button>
        {date === today ? null : (
          <Button variant="outline" onClick={() => onDateChange(today)}>
            Today
          </Button>
        )}
        <p className="font-medium" aria-live="polite">
          {formatLongDate(start, timeZone)}
        </p>
      </div>
      {events.isPending || closures.isPending ? (
        <LoadingList />
      ) : events.data?.length || closures.data?.length ? (
        <RoomDayGrid
          events={events.data ?? []}
          closures={closures.data ?? []}
          roomId={roomId}
          date={date}
          timeZone={timeZone}
          onSelect={onSelect}
        />
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-12 text-center text-sm text-muted-foreground">
          No events scheduled for this day
        </p>
      )}
    </div>
  )
}

type RoomEventListsProps = {
  roomId: string
  timeZone: string
  onEdit: (event: ScheduledEvent) => void
  onDelete: (event: ScheduledEvent) => void
}

// Upcoming while the end is in the future (docs/product.md#events); past events are dimmed, the latest first.
function RoomEventLists({ roomId, timeZone, onEdit, onDelete }: RoomEventListsProps) {
  const upcoming = useUpcomingEvents(roomId)
  const past = usePastEvents(roomId)
  const failure = upcoming.error ?? past.error

  useQueryErrorToast({ isError: failure !== null, error: failure }, 'Failed to load events')

  const list = (title: string, query: typeof upcoming, emptyText: string, isPast: boolean) => (
    <EventListSection
      title={title}
      events={query.data}
      isPending={query.isPending}
      emptyText={emptyText}
      render={(event) => (
        <EventCard event={event} timeZone={timeZone} isPast={isPast} onEdit={() => onEdit(event)} onDelete={() => onDelete(event)} />
      )}
    />
  )

  return (
    <div className="grid gap-8">
      {list('Upcoming Events', upcoming, 'No upcoming events', false)}
      {list('Past Events', past, 'No past events', true)}
    </div>
  )
}
