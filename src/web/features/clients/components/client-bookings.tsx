import { useId } from 'react'
import { MapPin } from 'lucide-react'
import { Link } from 'react-router'
import { LIMITS } from '@shared/limits'
import { formatSpan } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useClientBookings, type BookingsWhen, type ClientBooking } from '../api'
import { LoadingList } from '@web/components/loading-screen'

const SECTIONS: Record<BookingsWhen, { title: string; empty: string; cut: string }> = {
  upcoming: { title: 'Upcoming', empty: 'No upcoming bookings.', cut: `Showing the next ${LIMITS.eventsList.limit} bookings.` },
  past: { title: 'Past', empty: 'No past bookings.', cut: `Showing the latest ${LIMITS.eventsList.limit} bookings.` },
}

/** The client's events, upcoming beside past: every member reads them, as they read calendars. */
export function ClientBookings({ clientId }: { clientId: string }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8 grid gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Bookings
      </h2>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <BookingList clientId={clientId} when="upcoming" />
        <BookingList clientId={clientId} when="past" />
      </div>
    </section>
  )
}

function BookingList({ clientId, when }: { clientId: string; when: BookingsWhen }) {
  const bookings = useClientBookings(clientId, when)
  const headingId = useId()
  const section = SECTIONS[when]
  useQueryErrorToast(bookings, 'Failed to load events')

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h3 id={headingId} className="font-semibold">
        {section.title}
      </h3>
      {bookings.isPending ? (
        <LoadingList />
      ) : bookings.data?.length ? (
        <>
          <ul className="grid gap-2" aria-labelledby={headingId}>
            {bookings.data.map((booking) => (
              <li key={booking.id}>
                <BookingRow booking={booking} />
              </li>
            ))}
          </ul>
          {/* The API lists at most this many; saying so keeps a long history from reading as complete. */}
          {bookings.data.length === LIMITS.eventsList.limit ? <p className="text-sm text-muted-foreground">{section.cut}</p> : null}
        </>
      ) : bookings.isSuccess ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{section.empty}</p>
      ) : null}
    </section>
  )
}

function BookingRow({ booking }: { booking: ClientBooking }) {
  return (
    <div className="flex min-w-0 gap-3 rounded-lg border bg-card p-3">
      <span className="w-1 shrink-0 rounded-full" style={{ backgroundColor: booking.color }} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <p className="font-medium break-words">{booking.title}</p>
        {/* The facility's wall clock, wherever the viewer is (docs/product.md#events). */}
        <time dateTime={booking.startTime} className="text-muted-foreground">
          {formatSpan(booking.startTime, booking.endTime, booking.timeZone)}
        </time>
        <p className="flex min-w-0 items-center gap-1 text-muted-foreground">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <Link
            to={`/facility/${booking.facilityId}/room/${booking.roomId}`}
            className="min-w-0 break-words underline-offset-4 hover:text-foreground hover:underline"
          >
            {booking.roomName} · {booking.facilityName}
          </Link>
        </p>
      </div>
    </div>
  )
}
