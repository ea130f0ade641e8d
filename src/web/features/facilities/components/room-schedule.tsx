import { useEffect, useId, useState } from 'react'
import { toast } from 'sonner'
import { localDayRange, todayInZone } from '@shared/scheduling/local-day'
import { errorDescription } from '@web/lib/api-client'
import { formatLongDate } from '@web/lib/datetime'
import { useEvents, type RoomWithFacility } from '../api'
import { EventListItem } from './event-list-item'

/**
 * The room's schedule, below the room's details. For now it lists today's events (the facility's
 * today); the scheduling issue replaces this component with the Calendar View / List View tabs
 * and the Add Event button of spec §2.
 */
export function RoomSchedule({ room, facility }: RoomWithFacility) {
  const headingId = useId()
  const [date] = useState(() => todayInZone(facility.timeZone, new Date()))
  const { start, end } = localDayRange(date, facility.timeZone)
  const events = useEvents({ facilityId: facility.id, roomId: room.id, from: start.toISOString(), to: end.toISOString() })

  useEffect(() => {
    if (events.isError) toast.error('Failed to load schedules', { description: errorDescription(events.error) })
  }, [events.isError, events.error])

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          Schedule
        </h2>
        <p className="text-sm text-muted-foreground">{formatLongDate(start, facility.timeZone)}</p>
      </div>
      {events.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading...
        </p>
      ) : events.data?.length ? (
        <ul className="grid gap-2">
          {events.data.map((event) => (
            <li key={event.id}>
              <EventListItem event={event} timeZone={facility.timeZone} showRoom={false} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          No events scheduled for this day
        </p>
      )}
    </section>
  )
}
