import { Suspense, useId, useMemo, useState, type ReactNode } from 'react'
import { CalendarDays, ChevronLeft, ChevronRight, GanttChart, List, Plus } from 'lucide-react'
import { LIMITS } from '@shared/limits'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, localDateOf, localDayRange, todayInZone } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { formatDate, formatLongDate, formatTimeOfDay } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import { DayClosures, useClosuresInRange, type Closure } from '@web/features/closures'
import { useEventsInRange, type PlacedEvent } from '@web/features/events'
import { FacilityTimeline } from '@web/features/timeline'
import { useRooms, type Facility } from '../api'
import { inTreeOrder } from '../room-tree'
import { EventListItem } from './event-list-item'
import { LoadingList } from '@web/components/loading-screen'
import { useSearchParams } from 'react-router'
import { readViewChoice, VIEW_STORAGE_KEY, writeViewChoice, type FacilityView, type TimelineSpan, type ViewChoice } from '../view-choice'

/** The chosen view, kept in the address and remembered across reloads (view-choice.ts). */
function useViewChoice(): [ViewChoice, (choice: Partial<ViewChoice>) => void] {
  const [params, setParams] = useSearchParams()
  const choice = readViewChoice(params, typeof localStorage === 'undefined' ? null : localStorage.getItem(VIEW_STORAGE_KEY))
  const choose = (change: Partial<ViewChoice>) => {
    const next = { ...choice, ...change }
    try {
      localStorage.setItem(VIEW_STORAGE_KEY, JSON.stringify(next))
    } catch {
      // Storage may be full or refused; the address still holds the choice.
    }
    setParams(writeViewChoice(params, next), { replace: true })
  }
  return [choice, choose]
}

type View = FacilityView

// List shows a week from the current date; Calendar shows the current date alone; the timeline
// has its own day and week (features/timeline).
const DAYS_SHOWN: Record<View, number> = { list: 7, calendar: 1, timeline: 1 }
const HOURS_PER_DAY = 24

/**
 * What the page does when the operator adds, edits, deletes or views an event here; an action
 * left out is not offered (a member who may not book only views, docs/product.md#teams).
 */
export type FacilityEventActions = {
  /** `date`: the first day on screen, in the facility's calendar. */
  onAdd?: (date: string) => void
  onEdit?: (event: PlacedEvent) => void
  onDelete?: (event: PlacedEvent) => void
  onView?: (event: PlacedEvent) => void
}

type FacilityEventsProps = { facility: Pick<Facility, 'id' | 'name' | 'timeZone'>; actions: FacilityEventActions }

/**
 * Reading A of the facility screen: the events of all its rooms, as a list of days or one day's
 * calendar, with adding, editing and deleting.
 */
export function FacilityEvents({ facility, actions }: FacilityEventsProps) {
  const { timeZone } = facility
  const headingId = useId()
  const [{ view, span }, choose] = useViewChoice()
  const setView = (next: View) => choose({ view: next })
  const [date, setDate] = useState(() => todayInZone(timeZone, new Date()))
  const days = DAYS_SHOWN[view]
  const lastDate = addCalendarDays(date, days - 1)
  const from = localDayRange(date, timeZone).start
  const to = localDayRange(lastDate, timeZone).end
  const range = { facilityId: facility.id, from: from.toISOString(), to: to.toISOString() }
  const events = useEventsInRange(range)
  const closures = useClosuresInRange(range)
  const isOnToday = date === todayInZone(timeZone, new Date())

  useQueryErrorToast(events, 'Failed to load events')
  useQueryErrorToast(closures, 'Failed to load closures')

  const unit = view === 'list' ? 'week' : 'day'
  const label =
    view === 'list'
      ? `${formatDate(from, timeZone)} - ${formatDate(localDayRange(lastDate, timeZone).start, timeZone)}`
      : formatLongDate(from, timeZone)

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          Events
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="View" className="inline-flex rounded-lg bg-muted p-[3px]">
            <ViewButton isActive={view === 'list'} onClick={() => setView('list')}>
              <List aria-hidden="true" />
              List
            </ViewButton>
            <ViewButton isActive={view === 'calendar'} onClick={() => setView('calendar')}>
              <CalendarDays aria-hidden="true" />
              Calendar
            </ViewButton>
            <ViewButton isActive={view === 'timeline'} onClick={() => setView('timeline')}>
              <GanttChart aria-hidden="true" />
              Timeline
            </ViewButton>
          </div>
          {actions.onAdd ? (
            <Button onClick={() => actions.onAdd?.(date)}>
              <Plus aria-hidden="true" />
              Add Event
            </Button>
          ) : null}
        </div>
      </div>
      {view === 'timeline' ? (
        <TimelineView
          facility={facility}
          date={date}
          onDateChange={setDate}
          span={span}
          onSpanChange={(next) => choose({ span: next })}
          actions={actions}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="icon" aria-label={`Previous ${unit}`} onClick={() => setDate(addCalendarDays(date, -days))}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon" aria-label={`Next ${unit}`} onClick={() => setDate(addCalendarDays(date, days))}>
              <ChevronRight aria-hidden="true" />
            </Button>
            {isOnToday ? null : (
              <Button variant="outline" onClick={() => setDate(todayInZone(timeZone, new Date()))}>
                Today
              </Button>
            )}
            <p className="font-medium" aria-live="polite">
              {label}
            </p>
          </div>
          {events.isPending || closures.isPending ? (
            <LoadingList />
          ) : view === 'list' ? (
            <EventDays
              events={events.data ?? []}
              closures={closures.data ?? []}
              dates={Array.from({ length: days }, (_, index) => addCalendarDays(date, index))}
              timeZone={timeZone}
              actions={actions}
            />
          ) : (
            <DayCalendar events={events.data ?? []} closures={closures.data ?? []} date={date} timeZone={timeZone} actions={actions} />
          )}
        </>
      )}
    </section>
  )
}

type TimelineViewProps = {
  facility: Pick<Facility, 'id' | 'name' | 'timeZone'>
  date: string
  onDateChange: (date: string) => void
  span: TimelineSpan
  onSpanChange: (span: TimelineSpan) => void
  actions: FacilityEventActions
}

/** The venue timeline of the facility's spaces, its code loaded when first shown. */
function TimelineView({ facility, date, onDateChange, span, onSpanChange, actions }: TimelineViewProps) {
  const rooms = useRooms(facility.id)
  const spaces = useMemo(() => inTreeOrder(rooms.data ?? []), [rooms.data])
  const open = actions.onEdit ?? actions.onView
  const loading = (
    <p className="text-sm text-muted-foreground" role="status">
      Loading...
    </p>
  )
  if (!rooms.data) return loading
  return (
    <Suspense fallback={loading}>
      <FacilityTimeline
        facility={facility}
        spaces={spaces}
        date={date}
        onDateChange={onDateChange}
        mode={span}
        onModeChange={onSpanChange}
        canBook={actions.onEdit !== undefined}
        onOpenEvent={(event) => open?.(event)}
      />
    </Suspense>
  )
}

function ViewButton({ isActive, onClick, children }: { isActive: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={isActive}
      onClick={onClick}
      className={cn('h-7 hover:bg-background/60', isActive && 'bg-background shadow-sm hover:bg-background')}
    >
      {children}
    </Button>
  )
}

function NoEvents({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{children}</p>
}

type EventDaysProps = {
  events: PlacedEvent[]
  closures: Closure[]
  /** The days shown, in order, on the facility's calendar. */
  dates: string[]
  timeZone: string
  actions: FacilityEventActions
}

/** The range's events and closures under a heading per day of the facility's calendar, empty days left out. */
function EventDays({ events, closures, dates, timeZone, actions }: EventDaysProps) {
  if (events.length === 0 && closures.length === 0) return <NoEvents>No events scheduled for these days</NoEvents>
  const eventsOf = (day: string) => events.filter((event) => localDateOf(new Date(event.startTime), timeZone) === day)
  const closesPartOf = (day: string) => {
    const { start, end } = localDayRange(day, timeZone)
    return closures.some((closure) => new Date(closure.startTime) < end && new Date(closure.endTime) > start)
  }
  const days = dates.flatMap((day) => {
    const dayEvents = eventsOf(day)
    return dayEvents.length > 0 || closesPartOf(day) ? [{ day, dayEvents }] : []
  })
  return (
    <div className="grid gap-6">
      {days.map(({ day, dayEvents }) => (
        <div key={day} className="grid gap-2">
          <h3 className="text-sm font-semibold text-muted-foreground">{formatLongDate(localDayRange(day, timeZone).start, timeZone)}</h3>
          <DayClosures closures={closures} date={day} showFacility={false} />
          <ul className="grid gap-2">
            {dayEvents.map((event) => (
              <li key={event.id}>
                <EventListItem
                  event={event}
                  timeZone={timeZone}
                  onEdit={actions.onEdit}
                  onDelete={actions.onDelete}
                  onView={actions.onView}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

/**
 * One day in hourly rows, each listing the events that start in that hour on the facility's
 * wall clock. The rows span 6 AM to 11 PM, widened to reach any earlier or later event.
 */
function DayCalendar({
  events,
  closures,
  date,
  timeZone,
  actions,
}: {
  events: PlacedEvent[]
  closures: Closure[]
  date: string
  timeZone: string
  actions: FacilityEventActions
}) {
  if (events.length === 0) {
    return (
      <div className="grid gap-3">
        <DayClosures closures={closures} date={date} showFacility={false} />
        <NoEvents>No events scheduled for this day</NoEvents>
      </div>
    )
  }
  const wallHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`
  // On a DST change day an hour can be missing or repeated; instants keep each event in the right row.
  const hourStarts = Array.from({ length: HOURS_PER_DAY }, (_, hour) => combineLocalDateTime(date, wallHour(hour), timeZone).getTime())
  const hourOf = (event: PlacedEvent) => {
    const start = new Date(event.startTime).getTime()
    return Math.max(
      0,
      hourStarts.findLastIndex((hourStart) => hourStart <= start),
    )
  }
  const eventHours = events.map(hourOf)
  const firstHour = Math.min(LIMITS.calendar.dayViewFirstHour, ...eventHours)
  const lastHour = Math.max(LIMITS.calendar.dayViewLastHour, ...eventHours)
  const hours = Array.from({ length: lastHour - firstHour + 1 }, (_, index) => firstHour + index)

  return (
    <div className="grid gap-3">
      <DayClosures closures={closures} date={date} showFacility={false} />
      <ol className="overflow-hidden rounded-lg border" aria-label={`Hours of ${formatLongDate(hourStarts[0]!, timeZone)}`}>
        {hours.map((hour) => {
          const hourEvents = events.filter((_, index) => eventHours[index] === hour)
          return (
            <li key={hour} className="grid min-h-12 grid-cols-[4.5rem_1fr] border-t first:border-t-0">
              <span className="border-r bg-muted/40 px-2 py-2 text-xs text-muted-foreground">{formatTimeOfDay(wallHour(hour))}</span>
              {hourEvents.length > 0 ? (
                <ul className="grid min-w-0 gap-2 p-2 lg:grid-cols-2">
                  {hourEvents.map((event) => (
                    <li key={event.id}>
                      <EventListItem
                        event={event}
                        timeZone={timeZone}
                        onEdit={actions.onEdit}
                        onDelete={actions.onDelete}
                        onView={actions.onView}
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <span />
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
