import { useId, useSyncExternalStore } from 'react'
import { Ban, ChevronLeft, ChevronRight } from 'lucide-react'
import { TZDate } from '@date-fns/tz'
import { LIMITS } from '@shared/limits'
import { addCalendarDays, addCalendarMonths, parseCalendarDate, weekdayOf } from '@shared/scheduling/calendar-date'
import { localDateOf, localDayRange } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip'
import { countOf } from '@web/lib/count'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { formatLongDate, formatMonthYear, formatTime, formatTimeOfDay, formatTimeRange } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import { closedLabel, closesDay, closurePlace, closureTimesOn, DayClosures, useClosuresInRange, type Closure } from '@web/features/closures'
import { useEventsInRange, useMonthDays, type PlacedEvent } from '../api'
import { isPending, PENDING_LABEL, PendingBadge, pendingHatch } from '../pending'
import { ViewToggle } from '@web/components/view-toggle'
import { LoadingList } from '@web/components/loading-screen'

export type CalendarMode = 'day' | 'month'

type EventsCalendarProps = {
  mode: CalendarMode
  onModeChange: (mode: CalendarMode) => void
  /** 'YYYY-MM-DD' in the viewer's zone: the day shown, or a day of the month shown. */
  date: string
  onDateChange: (date: string) => void
  /** The viewer's zone, which decides what today is and where the calendar's days begin. */
  timeZone: string
  onSelect: (event: PlacedEvent) => void
}

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const
const DAYS_PER_WEEK = 7
// A month's day lists this many closures; more go into its '+N more'.
const CLOSURES_PER_MONTH_DAY = 2
// A tooltip waits this long under a passing pointer, so moving across the month does not flash them.
const TOOLTIP_DELAY_MS = 300
const MODES = [
  { value: 'day', label: 'Day' },
  { value: 'month', label: 'Month' },
] as const

// Each event sits on its own facility's calendar: a 7 PM game in Toronto is on the Toronto date.
const localDateOfEvent = (event: PlacedEvent) => localDateOf(new Date(event.startTime), event.timeZone)
const localHourOfEvent = (event: PlacedEvent) => new TZDate(new Date(event.startTime).getTime(), event.timeZone).getHours()
const placeOf = (event: PlacedEvent) => `${event.roomName} - ${event.facilityName}`
// A renter's pending request is said to be one before its title (docs/product.md#renters).
const spokenTitleOf = (event: PlacedEvent) => (isPending(event) ? `${PENDING_LABEL}: ${event.title}` : event.title)

// Tailwind's `sm` breakpoint: below it a month's day is too narrow for titles, so it shows dots.
const phoneQuery = '(max-width: 639px)'
const subscribeToPhoneQuery = (onChange: () => void) => {
  const query = window.matchMedia(phoneQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const useIsPhone = () => useSyncExternalStore(subscribeToPhoneQuery, () => window.matchMedia(phoneQuery).matches)

/** The days a month grid shows: whole weeks, Sunday to Saturday, around the month of `date`. */
function monthGridDays(date: string): string[] {
  const { year, month } = parseCalendarDate(date)
  const first = `${year}-${String(month).padStart(2, '0')}-01`
  const last = addCalendarDays(addCalendarMonths(first, 1), -1)
  const gridStart = addCalendarDays(first, -weekdayOf(first))
  const gridEnd = addCalendarDays(last, DAYS_PER_WEEK - 1 - weekdayOf(last))
  const days: string[] = []
  for (let day = gridStart; day <= gridEnd; day = addCalendarDays(day, 1)) days.push(day)
  return days
}

/** All Events' calendar (docs/product.md#events): a day in hourly rows, or a month grid; one request per view. */
export function EventsCalendar({ mode, onModeChange, date, onDateChange, timeZone, onSelect }: EventsCalendarProps) {
  const today = localDateOf(new Date(), timeZone)
  const unit = mode === 'day' ? 'day' : 'month'
  const step = (direction: 1 | -1) => onDateChange(mode === 'day' ? addCalendarDays(date, direction) : addCalendarMonths(date, direction))
  const dayStart = localDayRange(date, timeZone).start

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ViewToggle label="Calendar mode" views={MODES} value={mode} onChange={onModeChange} />
        <div className="flex items-center gap-2">
          <Button variant="outline" onClick={() => onDateChange(today)}>
            Today
          </Button>
          <Button variant="outline" size="icon" aria-label={`Previous ${unit}`} onClick={() => step(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" aria-label={`Next ${unit}`} onClick={() => step(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <h2 className="text-lg font-semibold" aria-live="polite">
          {mode === 'day' ? formatLongDate(dayStart, timeZone) : formatMonthYear(dayStart, timeZone)}
        </h2>
      </div>
      {mode === 'day' ? (
        <DayView date={date} timeZone={timeZone} onSelect={onSelect} />
      ) : (
        <MonthView
          date={date}
          today={today}
          timeZone={timeZone}
          onSelect={onSelect}
          onSelectDay={onDateChange}
          onShowDay={(day) => {
            onDateChange(day)
            onModeChange('day')
          }}
        />
      )}
    </div>
  )
}

// A day's margin either side catches events of facilities in other zones whose date is shown.
function rangeAround(firstDay: string, lastDay: string, timeZone: string) {
  return {
    from: localDayRange(addCalendarDays(firstDay, -1), timeZone).start.toISOString(),
    to: localDayRange(addCalendarDays(lastDay, 1), timeZone).end.toISOString(),
  }
}

function useCalendarLoadError(query: { isError: boolean; error: unknown }) {
  useQueryErrorToast(query, 'Failed to load calendar')
}

// The closures of the range the events are asked for, of every facility.
function useCalendarClosures(range: { from: string; to: string }) {
  const query = useClosuresInRange(range)
  useQueryErrorToast(query, 'Failed to load closures')
  return query
}

/** An event with its colour, full title, times and place; a click opens it. A pending request is hatched and marked. */
function EventButton({ event, onSelect }: { event: PlacedEvent; onSelect: (event: PlacedEvent) => void }) {
  const pending = isPending(event)
  return (
    <button
      type="button"
      onClick={() => onSelect(event)}
      className="flex w-full min-w-0 gap-2 rounded-md border bg-card p-2 text-left text-sm outline-hidden transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      style={pending ? pendingHatch(event.color) : undefined}
    >
      <span className="w-1 shrink-0 rounded-full" style={{ backgroundColor: event.color }} aria-hidden="true" />
      <span className="grid min-w-0">
        {pending ? <PendingBadge /> : null}
        <span className="font-medium break-words">{event.title}</span>
        <span className="text-muted-foreground">{formatTimeRange(event.startTime, event.endTime, event.timeZone)}</span>
        <span className="break-words text-muted-foreground">{placeOf(event)}</span>
      </span>
    </button>
  )
}

function Loading() {
  return <LoadingList />
}

/**
 * Hourly rows from 6 AM to 11 PM, each listing the events that start in that hour (docs/product.md#events).
 * An event outside those hours widens the rows rather than disappearing.
 */
function DayView({ date, timeZone, onSelect }: { date: string; timeZone: string; onSelect: (event: PlacedEvent) => void }) {
  const range = rangeAround(date, date, timeZone)
  const query = useEventsInRange(range)
  const closures = useCalendarClosures(range)
  useCalendarLoadError(query)
  if (query.isPending || closures.isPending) return <Loading />
  const events = (query.data ?? []).filter((event) => localDateOfEvent(event) === date)
  const eventHours = events.map(localHourOfEvent)
  const firstHour = Math.min(LIMITS.calendar.dayViewFirstHour, ...eventHours)
  const lastHour = Math.max(LIMITS.calendar.dayViewLastHour, ...eventHours)
  const hours = Array.from({ length: lastHour - firstHour + 1 }, (_, index) => firstHour + index)

  return (
    <div className="grid gap-3">
      <DayClosures closures={closures.data ?? []} date={date} />
      <ol className="overflow-hidden rounded-lg border" aria-label="Hours">
        {hours.map((hour) => {
          const hourEvents = events.filter((_, index) => eventHours[index] === hour)
          return (
            <li key={hour} className="grid min-h-12 grid-cols-[4.5rem_1fr] border-t first:border-t-0">
              <span className="border-r bg-muted/40 px-2 py-2 text-xs text-muted-foreground">
                {formatTimeOfDay(`${String(hour).padStart(2, '0')}:00`)}
              </span>
              {hourEvents.length > 0 ? (
                <ul className="grid min-w-0 gap-2 p-2 lg:grid-cols-2">
                  {hourEvents.map((event) => (
                    <li key={event.id}>
                      <EventButton event={event} onSelect={onSelect} />
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

type MonthViewProps = {
  /** Any day of the month shown; on a phone, the day whose events are listed under the month. */
  date: string
  today: string
  timeZone: string
  onSelect: (event: PlacedEvent) => void
  /** A phone's tap on a day: that day's events are listed under the month. */
  onSelectDay: (day: string) => void
  onShowDay: (day: string) => void
}

/**
 * Seven columns, Sunday to Saturday; three events a day, then '+N more' (docs/product.md#events).
 * Each event's full title, times and place show on hover and on focus. A phone's day is too
 * narrow for titles: it shows a dot per event instead, and the day tapped lists its events below.
 */
function MonthView({ date, today, timeZone, onSelect, onSelectDay, onShowDay }: MonthViewProps) {
  const isPhone = useIsPhone()
  const days = monthGridDays(date)
  const month = parseCalendarDate(date).month
  // The server sends each day's first events and its total, not the whole month's events.
  const range = rangeAround(days[0]!, days.at(-1)!, timeZone)
  const query = useMonthDays(range)
  const closures = useCalendarClosures(range)
  useCalendarLoadError(query)
  if (query.isPending || closures.isPending) return <Loading />
  const monthDays = new Map((query.data ?? []).map((day) => [day.date, day]))
  const weeks = Array.from({ length: days.length / DAYS_PER_WEEK }, (_, week) =>
    days.slice(week * DAYS_PER_WEEK, (week + 1) * DAYS_PER_WEEK),
  )

  const grid = (
    <table className="w-full table-fixed border-collapse overflow-hidden rounded-lg border text-sm">
      <thead>
        <tr>
          {WEEKDAYS.map(([short, full]) => (
            <th key={short} scope="col" className="border-b bg-muted/40 py-2 text-xs font-medium text-muted-foreground">
              <abbr title={full} className="no-underline">
                {short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const monthDay = monthDays.get(day)
              const isToday = day === today
              const isOutside = parseCalendarDate(day).month !== month
              const dayClosures = (closures.data ?? []).filter((closure) => closesDay(closure, day))
              return (
                <td
                  key={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(
                    'border align-top',
                    isPhone ? 'h-14 p-0' : 'h-28 p-1',
                    isOutside && 'bg-muted/30',
                    isToday && 'bg-primary/5',
                  )}
                >
                  {isPhone ? (
                    <PhoneMonthDay
                      day={day}
                      dayStart={localDayRange(day, timeZone).start}
                      timeZone={timeZone}
                      events={monthDay?.events ?? []}
                      total={monthDay?.total ?? 0}
                      closures={dayClosures}
                      isToday={isToday}
                      isOutside={isOutside}
                      isSelected={day === date}
                      onSelectDay={onSelectDay}
                    />
                  ) : (
                    <MonthDay
                      day={day}
                      events={monthDay?.events ?? []}
                      total={monthDay?.total ?? 0}
                      closures={dayClosures}
                      isToday={isToday}
                      isOutside={isOutside}
                      onSelect={onSelect}
                      onShowDay={onShowDay}
                    />
                  )}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )

  if (!isPhone) return grid
  return (
    <div className="grid gap-4">
      {grid}
      <DayList day={date} timeZone={timeZone} closures={closures.data ?? []} onSelect={onSelect} />
    </div>
  )
}

type MonthDayProps = {
  day: string
  /** The day's first events, as many as a day shows. */
  events: PlacedEvent[]
  /** How many events the day has in all. */
  total: number
  closures: Closure[]
  isToday: boolean
  isOutside: boolean
}

function DayNumber({ day, isToday, isOutside }: { day: string; isToday: boolean; isOutside: boolean }) {
  return (
    <span
      className={cn(
        'flex size-6 items-center justify-center rounded-full text-xs',
        // Muted rather than faded: a faded number fails contrast (WCAG 1.4.3).
        isOutside && 'text-muted-foreground',
        isToday && 'bg-primary font-semibold text-primary-foreground',
      )}
    >
      {parseCalendarDate(day).day}
    </span>
  )
}

/** A day of the month on a wide screen: its closures and events by title, then '+N more', which opens the day. */
function MonthDay({
  day,
  events,
  total,
  closures,
  isToday,
  isOutside,
  onSelect,
  onShowDay,
}: MonthDayProps & { onSelect: (event: PlacedEvent) => void; onShowDay: (day: string) => void }) {
  const shownClosures = closures.slice(0, CLOSURES_PER_MONTH_DAY)
  const hidden = total - events.length + closures.length - shownClosures.length
  return (
    // A container: a narrow day gives the title the time's room; the tooltip still has the time.
    <div className="@container grid gap-0.5">
      <span className="justify-self-end">
        <DayNumber day={day} isToday={isToday} isOutside={isOutside} />
      </span>
      {shownClosures.map((closure) => (
        <MonthClosure key={closure.id} closure={closure} day={day} />
      ))}
      {events.map((event) => {
        const times = formatTimeRange(event.startTime, event.endTime, event.timeZone)
        const pending = isPending(event)
        return (
          // Gone as soon as the pointer leaves the event, so it never lingers over the events it covers.
          <Tooltip key={event.id} delayDuration={TOOLTIP_DELAY_MS} disableHoverableContent>
            <TooltipTrigger asChild>
              <button
                type="button"
                onClick={() => onSelect(event)}
                aria-label={`${spokenTitleOf(event)}, ${times}, ${placeOf(event)}`}
                className="flex min-w-0 items-center gap-1 rounded px-1 text-left text-xs leading-4 outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                {/* A line is too low for stripes behind its text: a pending request's swatch is hatched, and says so. */}
                {pending ? (
                  <>
                    <span
                      className="size-2.5 shrink-0 rounded-sm border"
                      style={{ ...pendingHatch(event.color, { stripePx: 2, strength: 70 }), borderColor: event.color }}
                      aria-hidden="true"
                    />
                    <PendingBadge className="px-0.5 text-[0.625rem] leading-3" />
                  </>
                ) : (
                  <span className="size-1.5 shrink-0 rounded-full" style={{ backgroundColor: event.color }} aria-hidden="true" />
                )}
                <span className="hidden shrink-0 text-muted-foreground @min-[9.5rem]:inline">
                  {formatTime(event.startTime, event.timeZone)}
                </span>
                <span className="truncate">{event.title}</span>
              </button>
            </TooltipTrigger>
            {/* For the eye: the title in full where the cell cuts it. A screen reader hears all of it in the label. */}
            <TooltipContent side="top" aria-hidden="true" className="grid max-w-72 gap-0.5 text-left text-pretty">
              <span className="font-semibold break-words">{spokenTitleOf(event)}</span>
              <span>{times}</span>
              <span className="break-words">{placeOf(event)}</span>
            </TooltipContent>
          </Tooltip>
        )
      })}
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => onShowDay(day)}
          className="rounded px-1 text-left text-xs font-medium text-muted-foreground outline-hidden hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          +{hidden} more
        </button>
      ) : null}
    </div>
  )
}

/**
 * A day of the month on a phone: one button, its number over a dot per event in the event's
 * colour (the day's first three, then '+N'), and a mark when something is closed. Its name reads
 * the date, the count and the closures.
 */
function PhoneMonthDay({
  day,
  dayStart,
  timeZone,
  events,
  total,
  closures,
  isToday,
  isOutside,
  isSelected,
  onSelectDay,
}: MonthDayProps & { dayStart: Date; timeZone: string; isSelected: boolean; onSelectDay: (day: string) => void }) {
  const more = total - events.length
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={() => onSelectDay(day)}
      className={cn(
        'flex size-full min-h-14 flex-col items-center gap-1 px-0.5 py-1 outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        isSelected && 'bg-accent ring-2 ring-primary ring-inset',
      )}
    >
      <span className="sr-only">
        {[formatLongDate(dayStart, timeZone), total > 0 && countOf(total, 'event'), ...closures.map(closedLabel)]
          .filter(Boolean)
          .join(', ')}
      </span>
      <span aria-hidden="true">
        <DayNumber day={day} isToday={isToday} isOutside={isOutside} />
      </span>
      <span className="flex flex-wrap items-center justify-center gap-0.5" aria-hidden="true">
        {closures.length > 0 && <Ban className="size-2.5 text-muted-foreground" />}
        {events.map((event) =>
          // A pending request's dot is a ring: held, not booked.
          isPending(event) ? (
            <span key={event.id} className="size-2 rounded-full border-2" style={{ borderColor: event.color }} />
          ) : (
            <span key={event.id} className="size-2 rounded-full" style={{ backgroundColor: event.color }} />
          ),
        )}
        {more > 0 && <span className="text-[11px] leading-none font-medium text-muted-foreground">+{more}</span>}
      </span>
    </button>
  )
}

/** The chosen day's closures and every event of it, under a phone's month. */
function DayList({
  day,
  timeZone,
  closures,
  onSelect,
}: {
  day: string
  timeZone: string
  closures: readonly Closure[]
  onSelect: (event: PlacedEvent) => void
}) {
  const headingId = useId()
  const query = useEventsInRange(rangeAround(day, day, timeZone))
  useCalendarLoadError(query)
  const events = (query.data ?? []).filter((event) => localDateOfEvent(event) === day)
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="font-semibold">
        {formatLongDate(localDayRange(day, timeZone).start, timeZone)}
      </h3>
      <DayClosures closures={closures} date={day} />
      {query.isPending || query.isPlaceholderData ? (
        <Loading />
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">No events scheduled for this day</p>
      ) : (
        <ul className="grid gap-2" aria-label="Events">
          {events.map((event) => (
            <li key={event.id}>
              <EventButton event={event} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A closure's line in a month's day: 'Closed: {reason}', read out with its times and place. */
function MonthClosure({ closure, day }: { closure: Closure; day: string }) {
  const details = `${closureTimesOn(closure, day)}, ${closurePlace(closure)}`
  return (
    <p
      title={`${closedLabel(closure)}, ${details}`}
      className="flex min-w-0 items-center gap-1 rounded bg-muted px-1 text-xs leading-4 font-medium text-muted-foreground"
    >
      <Ban className="size-3 shrink-0" aria-hidden="true" />
      <span className="truncate">{closedLabel(closure)}</span>
      <span className="sr-only">, {details}</span>
    </p>
  )
}
