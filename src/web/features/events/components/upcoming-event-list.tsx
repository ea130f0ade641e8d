import { useId, useMemo, useState } from 'react'
import { Search } from 'lucide-react'
import { LIMITS } from '@shared/limits'
import { localDateOf } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { countOf } from '@web/lib/count'
import { formatLongDate } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useSettledValue } from '@web/lib/use-settled-value'
import { useClients } from '@web/features/clients'
import { useBookableRooms, useUpcomingPages, type ListedEvent, type UpcomingFilters } from '../api'
import { EventRow } from './event-row'
import { LoadingList } from '@web/components/loading-screen'

type UpcomingEventListProps = {
  onEdit: (event: ListedEvent) => void
  onDelete: (event: ListedEvent) => void
}

const NO_FILTERS: UpcomingFilters = { facilityId: null, roomId: null, clientId: null, q: '' }

// The server searches; waiting for a pause in the typing asks it once per word, not per key.
const SEARCH_DELAY_MS = 300

/**
 * All Events' list (docs/product.md#events): the upcoming events under a heading per day, each
 * day its events' facility's, narrowed by facility, space, client and a search, 50 at a time
 * with 'Load more'.
 */
export function UpcomingEventList({ onEdit, onDelete }: UpcomingEventListProps) {
  const headingId = useId()
  const [filters, setFilters] = useState<UpcomingFilters>(NO_FILTERS)
  const [search, setSearch] = useState('')
  // The facility, space and client apply at once; the search once the typing pauses.
  const settledSearch = useSettledValue(search.trim(), SEARCH_DELAY_MS).value
  const asked = useMemo(() => ({ ...filters, q: settledSearch }), [filters, settledSearch])
  const upcoming = useUpcomingPages(asked)
  useQueryErrorToast(upcoming, 'Failed to load events')

  const events = useMemo(() => upcoming.data?.pages.flatMap((page) => page.events) ?? [], [upcoming.data])
  const days = useMemo(() => groupByDay(events), [events])

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Upcoming Events
      </h2>
      <ListFilters
        filters={filters}
        onChange={setFilters}
        search={search}
        onSearch={setSearch}
        onClear={() => {
          setFilters(NO_FILTERS)
          setSearch('')
        }}
      />
      {upcoming.isPending ? (
        <LoadingList />
      ) : days.length ? (
        <>
          {/* Announced as it changes, so a screen reader hears what the filters or Load more left. */}
          <p className="text-sm text-muted-foreground" role="status">
            {upcoming.hasNextPage ? `Showing the first ${countOf(events.length, 'event')}` : `Showing ${countOf(events.length, 'event')}`}
          </p>
          <div className="grid gap-4">
            {days.map((day) => (
              <DaySection key={day.date} day={day} onEdit={onEdit} onDelete={onDelete} />
            ))}
          </div>
          {upcoming.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={upcoming.isFetchingNextPage}
              onClick={() => void upcoming.fetchNextPage()}
            >
              {upcoming.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          ) : null}
        </>
      ) : upcoming.isSuccess ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground" role="status">
          No upcoming events
        </p>
      ) : null}
    </section>
  )
}

type Day = { date: string; events: ListedEvent[] }

/**
 * The events under the day they start on in their own facility's zone (docs/product.md#events).
 * The list comes in start order, so facilities in different zones can interleave their days; each
 * day keeps one heading, days in date order, their events in start order.
 */
function groupByDay(events: ListedEvent[]): Day[] {
  const days = new Map<string, ListedEvent[]>()
  for (const event of events) {
    const date = localDateOf(new Date(event.startTime), event.timeZone)
    const day = days.get(date)
    if (day) day.push(event)
    else days.set(date, [event])
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, dayEvents]) => ({ date, events: dayEvents }))
}

function DaySection({ day, onEdit, onDelete }: { day: Day; onEdit: (event: ListedEvent) => void; onDelete: (event: ListedEvent) => void }) {
  const headingId = useId()
  const first = day.events[0]!
  return (
    <section aria-labelledby={headingId} className="grid gap-1.5">
      <h3 id={headingId} className="text-sm font-semibold">
        {formatLongDate(first.startTime, first.timeZone)}
      </h3>
      <ul className="divide-y overflow-hidden rounded-lg border bg-card" aria-labelledby={headingId}>
        {day.events.map((event) => (
          <li key={event.id}>
            <EventRow event={event} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </section>
  )
}

type ListFiltersProps = {
  filters: UpcomingFilters
  onChange: (filters: UpcomingFilters) => void
  search: string
  onSearch: (search: string) => void
  onClear: () => void
}

function ListFilters({ filters, onChange, search, onSearch, onClear }: ListFiltersProps) {
  // The spaces events can be in, each with its facility: both choices come from one list.
  const spaces = useBookableRooms(true)
  const clients = useClients()
  const facilities = useMemo(() => {
    const byId = new Map((spaces.data ?? []).map((space) => [space.facilityId, space.facilityName]))
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
  }, [spaces.data])
  const spaceChoices = (spaces.data ?? []).filter((space) => filters.facilityId === null || space.facilityId === filters.facilityId)
  const hasFilters = filters.facilityId !== null || filters.roomId !== null || filters.clientId !== null || search.trim() !== ''

  return (
    <div
      role="search"
      aria-label="Filter events"
      className="grid grid-cols-2 gap-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
    >
      <div className="relative col-span-2 lg:col-span-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          maxLength={LIMITS.eventsList.search}
          placeholder="Search title, teams or client"
          aria-label="Search events"
          className="pl-9"
        />
      </div>
      <NativeSelect
        aria-label="Facility"
        value={filters.facilityId ?? ''}
        onChange={(event) => {
          const facilityId = event.target.value || null
          // A space of another facility would leave nothing to list.
          const keepsSpace = spaces.data?.some((space) => space.id === filters.roomId && space.facilityId === facilityId)
          onChange({ ...filters, facilityId, roomId: facilityId === null || keepsSpace ? filters.roomId : null })
        }}
      >
        <NativeSelectOption value="">All facilities</NativeSelectOption>
        {facilities.map((facility) => (
          <NativeSelectOption key={facility.id} value={facility.id}>
            {facility.name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Space"
        value={filters.roomId ?? ''}
        onChange={(event) => onChange({ ...filters, roomId: event.target.value || null })}
      >
        <NativeSelectOption value="">All spaces</NativeSelectOption>
        {spaceChoices.map((space) => (
          <NativeSelectOption key={space.id} value={space.id}>
            {filters.facilityId ? space.name : `${space.name} - ${space.facilityName}`}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Client"
        value={filters.clientId ?? ''}
        onChange={(event) => onChange({ ...filters, clientId: event.target.value || null })}
      >
        <NativeSelectOption value="">All clients</NativeSelectOption>
        {(clients.data ?? []).map((client) => (
          <NativeSelectOption key={client.id} value={client.id}>
            {client.name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      {hasFilters ? (
        <Button variant="ghost" onClick={onClear} className="justify-self-start">
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}
