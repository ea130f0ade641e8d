import { useId } from 'react'
import { CalendarDays, DoorOpen, MapPin } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { LoadingList } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { formatDateTime, formatSpan } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { cn } from '@web/lib/utils'
import { usePortalBookings, type BookingsWhen, type PortalBooking } from './api'
import { FeedCard } from './components/feed-card'
import { ReleaseButton } from './components/release-button'
import { PortalPage } from './components/portal-page'
import { usePortalClient } from './portal-client'

const WHEN: Record<BookingsWhen, { label: string; empty: string }> = {
  upcoming: { label: 'Upcoming', empty: 'No upcoming bookings.' },
  past: { label: 'Past', empty: 'No past bookings.' },
}

/** 'My Bookings': the client's bookings, upcoming or past, and its calendar feed (docs/product.md#renters). */
export function PortalBookingsPage() {
  const { client } = usePortalClient()
  const [searchParams] = useSearchParams()
  const when: BookingsWhen = searchParams.get('when') === 'past' ? 'past' : 'upcoming'
  return (
    <PortalPage title="My Bookings" description={`The ice booked for ${client.clientName}, on the venue's clock.`}>
      <nav aria-label="Bookings" className="flex gap-1 rounded-lg bg-muted p-1">
        {(Object.keys(WHEN) as BookingsWhen[]).map((option) => (
          <Link
            key={option}
            to={option === 'past' ? '?when=past' : '.'}
            replace
            aria-current={option === when ? 'page' : undefined}
            className={cn(
              'flex h-8 flex-1 items-center justify-center rounded-md text-sm font-medium outline-hidden focus-visible:ring-2 focus-visible:ring-ring',
              option === when ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {WHEN[option].label}
          </Link>
        ))}
      </nav>
      <BookingList key={`${client.clientId}-${when}`} clientId={client.clientId} when={when} />
      <FeedCard clientId={client.clientId} clientName={client.clientName} />
    </PortalPage>
  )
}

function BookingList({ clientId, when }: { clientId: string; when: BookingsWhen }) {
  const bookings = usePortalBookings(clientId, when)
  const headingId = useId()
  useQueryErrorToast(bookings, 'Failed to load bookings')
  const rows = bookings.data?.pages.flatMap((page) => page.bookings) ?? []

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="sr-only">
        {WHEN[when].label} bookings
      </h2>
      {bookings.isPending ? (
        <LoadingList label="Loading bookings..." />
      ) : rows.length > 0 ? (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {rows.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ul>
      ) : bookings.isSuccess ? (
        <p className="rounded-lg border border-dashed bg-background px-4 py-8 text-center text-sm text-muted-foreground">
          {WHEN[when].empty}
        </p>
      ) : null}
      {bookings.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={bookings.isFetchingNextPage}
          onClick={() => void bookings.fetchNextPage()}
        >
          {bookings.isFetchingNextPage ? 'Loading...' : 'Show More'}
        </Button>
      ) : null}
    </section>
  )
}

function BookingCard({ booking }: { booking: PortalBooking }) {
  // Read at each render: a booking stops being releasable while the page is open.
  const isReleasable = booking.releasableUntil !== null && new Date(booking.releasableUntil).getTime() > Date.now()
  const span = formatSpan(booking.startTime, booking.endTime, booking.timeZone)
  return (
    <article
      aria-label={`${booking.title}, ${span}`}
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-sm"
    >
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <h3 className="font-semibold break-words">{booking.title}</h3>
        {/* The facility's wall clock, wherever the renter is (docs/product.md#across-the-app). */}
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <CalendarDays className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <time dateTime={booking.startTime}>{span}</time>
        </p>
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {booking.spaceName} · {booking.facilityName}
          </span>
        </p>
        {booking.changeRooms.length > 0 ? (
          <p className="flex items-start gap-1.5 text-muted-foreground">
            <DoorOpen className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {booking.changeRooms.length === 1 ? 'Change room' : 'Change rooms'}: {booking.changeRooms.join(', ')}
            </span>
          </p>
        ) : null}
        {isReleasable ? (
          <p className="text-xs text-muted-foreground">
            Can be released until {formatDateTime(booking.releasableUntil!, booking.timeZone)}
          </p>
        ) : null}
      </div>
      {isReleasable ? <ReleaseButton booking={booking} span={span} /> : null}
    </article>
  )
}
