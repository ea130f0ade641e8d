import { useEffect, useRef } from 'react'
import { Ban } from 'lucide-react'
import { TZDate } from '@date-fns/tz'
import { localDayRange } from '@shared/scheduling/local-day'
import { SPLIT_TITLE_SUFFIXES } from '@shared/scheduling/split-at-midnight'
import { formatLongDate, formatTimeOfDay, formatTimeRange } from '@web/lib/datetime'
import { closedLabel, closureSpokenOn, closureTimesOn, type Closure } from '@web/features/closures'
import type { PlacedEvent, ScheduledEvent } from '../api'
import { isPending, PendingBadge, pendingHatch } from '../pending'

// The day's events carry their kind: a renter's pending request is hatched and marked (docs/product.md#renters).
type DayEvent = ScheduledEvent & Partial<Pick<PlacedEvent, 'kind'>>

type RoomDayGridProps = {
  events: DayEvent[]
  /** The closures that close the room during the day: its facility's, its own, or a linked space's. */
  closures: Closure[]
  roomId: string
  /** 'YYYY-MM-DD' on the facility's calendar */
  date: string
  timeZone: string
  onSelect: (event: DayEvent) => void
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)
const HOUR_HEIGHT_REM = 4
const MINUTES_PER_HOUR = 60
// Short events still get a block tall enough to read and to tap.
const MIN_BLOCK_MINUTES = 30
const FIRST_VISIBLE_HOUR = 8

const [PART_1_SUFFIX, PART_2_SUFFIX] = SPLIT_TITLE_SUFFIXES

// Minutes since midnight on the facility's wall clock, so blocks line up with the hour labels.
function wallClockMinutes(instant: Date, timeZone: string): number {
  const local = new TZDate(instant.getTime(), timeZone)
  return local.getHours() * MINUTES_PER_HOUR + local.getMinutes() + local.getSeconds() / 60
}

function splitLabel(event: ScheduledEvent): string | null {
  if (!event.eventGroupId) return null
  if (event.title.endsWith(PART_1_SUFFIX)) return 'Continues to next day'
  if (event.title.endsWith(PART_2_SUFFIX)) return 'Started previous day'
  return null
}

const hourLabel = (hour: number) => formatTimeOfDay(`${String(hour).padStart(2, '0')}:00`)

// A shorter changeover is too thin a stripe to hold its label.
const MIN_LABELLED_CHANGEOVER_MINUTES = 10
// Diagonal stripes: time the space is blocked but nothing is booked.
const HATCHED =
  'repeating-linear-gradient(135deg, var(--muted) 0 6px, color-mix(in oklab, var(--muted-foreground) 35%, var(--muted)) 6px 12px)'
// A shorter closure shows its reason alone, without its times.
const MIN_TIMED_CLOSURE_MINUTES = 45

/** One day of a room as a 24-hour grid, each event placed by its time on the facility's clock (docs/product.md#events). */
export function RoomDayGrid({ events, closures, roomId, date, timeZone, onSelect }: RoomDayGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const day = localDayRange(date, timeZone)
  // Each closure over its span on this day only; nothing can be booked there.
  const closed = closures.flatMap((closure) => {
    const start = Math.max(new Date(closure.startTime).getTime(), day.start.getTime())
    const stop = Math.min(new Date(closure.endTime).getTime(), day.end.getTime())
    if (stop <= start) return []
    const top = wallClockMinutes(new Date(start), timeZone)
    const length = Math.max((stop - start) / 60_000, MIN_BLOCK_MINUTES)
    return [{ closure, top, height: Math.min(length, 24 * MINUTES_PER_HOUR - top) }]
  })
  const blocks = events.map((event) => {
    const start = new Date(Math.max(new Date(event.startTime).getTime(), day.start.getTime()))
    const end = new Date(Math.min(new Date(event.endTime).getTime(), day.end.getTime()))
    const top = wallClockMinutes(start, timeZone)
    const length = Math.max((end.getTime() - start.getTime()) / 60_000, MIN_BLOCK_MINUTES)
    return { event, top, height: Math.min(length, 24 * MINUTES_PER_HOUR - top) }
  })
  // The changeover after each event (docs/product.md#linked-spaces), from its end, on this day only.
  const changeovers = events.flatMap((event) => {
    const end = new Date(event.endTime).getTime()
    const start = Math.max(end, day.start.getTime())
    const stop = Math.min(end + event.changeoverMinutes * 60_000, day.end.getTime())
    if (stop <= start) return []
    const top = wallClockMinutes(new Date(start), timeZone)
    return [{ event, top, height: Math.min((stop - start) / 60_000, 24 * MINUTES_PER_HOUR - top) }]
  })
  // A closure from midnight says nothing of where the day's business starts.
  const firstTop = blocks[0]?.top ?? closed.find(({ top }) => top > 0)?.top

  // Opens on the first event of the day, else on a closure starting during it, or on the morning when the day is empty.
  useEffect(() => {
    const firstHour = firstTop === undefined ? FIRST_VISIBLE_HOUR : Math.floor(firstTop / MINUTES_PER_HOUR)
    const remInPixels = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16
    scroller.current?.scrollTo({ top: firstHour * HOUR_HEIGHT_REM * remInPixels })
  }, [date, firstTop])

  const toRem = (minutes: number) => `${(minutes / MINUTES_PER_HOUR) * HOUR_HEIGHT_REM}rem`

  return (
    <div
      ref={scroller}
      className="max-h-[36rem] overflow-y-auto rounded-lg border"
      tabIndex={0}
      aria-label={`Schedule of ${formatLongDate(day.start, timeZone)}`}
    >
      <div className="relative" style={{ height: toRem(24 * MINUTES_PER_HOUR) }}>
        <div aria-hidden="true">
          {HOURS.map((hour) => (
            <div key={hour} className="flex border-t first:border-t-0" style={{ height: toRem(MINUTES_PER_HOUR) }}>
              <span className="w-16 shrink-0 -translate-y-px px-2 pt-1 text-xs text-muted-foreground sm:w-20">{hourLabel(hour)}</span>
              <span className="flex-1 border-l" />
            </div>
          ))}
        </div>
        {closed.length > 0 ? (
          <ul aria-label={`Closures of ${formatLongDate(day.start, timeZone)}`}>
            {closed.map(({ closure, top, height }) => (
              <li key={closure.id} className="absolute right-1 left-16 px-1 sm:left-20" style={{ top: toRem(top), height: toRem(height) }}>
                <div
                  className="flex size-full min-w-0 flex-col overflow-hidden rounded-md border border-dashed border-muted-foreground/50 bg-muted px-2 py-1 text-xs text-muted-foreground"
                  data-closure=""
                >
                  <span className="sr-only">{closureSpokenOn(closure, date)}</span>
                  <span aria-hidden="true" className="flex min-w-0 items-center gap-1 font-semibold text-foreground">
                    <Ban className="size-3 shrink-0" />
                    <span className="truncate">{closedLabel(closure)}</span>
                  </span>
                  {height >= MIN_TIMED_CLOSURE_MINUTES ? (
                    <span aria-hidden="true" className="truncate">
                      {closureTimesOn(closure, date)}
                      {closure.spaceId === roomId ? '' : ` · ${closure.spaceName ?? 'Whole facility'}`}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {/* Under the events, and announced with them instead: the event's button says it is followed by one. */}
        <div aria-hidden="true">
          {changeovers.map(({ event, top, height }) => (
            <div key={event.id} className="absolute right-1 left-16 px-1 sm:left-20" style={{ top: toRem(top), height: toRem(height) }}>
              <div className="flex size-full items-center overflow-hidden rounded-sm px-2" style={{ backgroundImage: HATCHED }}>
                {height >= MIN_LABELLED_CHANGEOVER_MINUTES ? (
                  <span className="rounded-sm bg-background px-1 text-[0.5625rem] leading-none font-medium text-foreground">
                    Changeover
                  </span>
                ) : null}
              </div>
            </div>
          ))}
        </div>
        <ol aria-label={`Events of ${formatLongDate(day.start, timeZone)}`}>
          {blocks.map(({ event, top, height }) => {
            const label = splitLabel(event)
            const pending = isPending(event)
            return (
              <li key={event.id} className="absolute right-1 left-16 px-1 sm:left-20" style={{ top: toRem(top), height: toRem(height) }}>
                <button
                  type="button"
                  onClick={() => onSelect(event)}
                  className="flex size-full min-w-0 flex-col overflow-hidden rounded-md border border-l-4 bg-card px-2 py-1 text-left text-xs shadow-xs outline-hidden transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  style={pending ? { ...pendingHatch(event.color), borderLeftColor: event.color } : { borderLeftColor: event.color }}
                >
                  {pending ? <PendingBadge /> : null}
                  <span className="truncate font-medium text-foreground">{event.title}</span>
                  <span className="truncate text-muted-foreground">{formatTimeRange(event.startTime, event.endTime, timeZone)}</span>
                  {label ? <span className="truncate text-muted-foreground italic">{label}</span> : null}
                  {event.changeoverMinutes > 0 ? <span className="sr-only">, then {event.changeoverMinutes} min changeover</span> : null}
                </button>
              </li>
            )
          })}
        </ol>
      </div>
    </div>
  )
}
