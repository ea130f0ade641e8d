import { createPortal, flushSync } from 'react-dom'
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react'
import { ChevronLeft, ChevronRight, Printer } from 'lucide-react'
import { Link } from 'react-router'
import { readableTextColor } from '@shared/colors'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { closureCloses, partsOf } from '@shared/scheduling/space-tree'
import { localDayRange, todayInZone } from '@shared/scheduling/local-day'
import { ROOM_TYPE_LABELS, type RoomType } from '@shared/limits'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Button } from '@web/components/ui/button'
import { ViewToggle } from '@web/components/view-toggle'
import { useIsMobile } from '@web/components/ui/use-mobile'
import { useClients } from '@web/features/clients'
import { useClosuresInRange, type Closure } from '@web/features/closures'
import {
  AddEventDialog,
  isPending,
  PENDING_LABEL,
  PendingBadge,
  pendingHatch,
  useEventsInRange,
  type PlacedEvent,
} from '@web/features/events'
import {
  formatDate,
  formatLongDate,
  formatShortDay,
  formatSpokenDay,
  formatSpokenTimeRange,
  formatTime,
  formatTimeRange,
  formatTimesOnDay,
} from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { cn } from '@web/lib/utils'
import {
  bookingFromSpan,
  cellShows,
  dayBounds,
  dayIndexOf,
  earliestOpening,
  fractionOf,
  hourMarks,
  instantAt,
  movedTimes,
  otherTypeTarget,
  rowFlow,
  rowOffsets,
  rowsBetween,
  shiftedByDays,
  snapMinutes,
  stepDays,
  timelineBars,
  timelineRange,
  timelineRows,
  type TimelineBar,
  type TimelineMode,
  type TimelineRow,
  type TimelineSpace,
} from './timeline-layout'
import { useMoveBooking, type Placement } from './use-move-booking'
import { useTimelineChanges } from './use-timeline-changes'
import './timeline.css'

export type FacilityTimelineProps = {
  facility: { id: string; name: string; timeZone: string }
  /** The facility's spaces in tree order, each with its level (1 for a space that is part of nothing). */
  spaces: { room: TimelineSpace; level: number }[]
  /** The day on screen ('YYYY-MM-DD' in the facility's zone), shared with the page's other views. */
  date: string
  onDateChange: (date: string) => void
  /** Day or Week, chosen by the page (which keeps it in the address). */
  mode: TimelineMode
  onModeChange: (mode: TimelineMode) => void
  /** Who may book drags, moves and adds; everyone else only reads. */
  canBook: boolean
  /** Opens the event in the page's edit sheet (read-only for who may not book). */
  onOpenEvent: (event: PlacedEvent) => void
}

const ROW_HEIGHT = 52
// The width at a bar's end that resizes it rather than moving it: its grip (ADR 0041).
const RESIZE_GRIP_PX = 8
const HEADER_WIDTH = 176
const PX_PER_HOUR = 96
// A week is a column a day, each at least this wide, so that all seven fit at 1280 px beside
// narrower space names; below that the columns scroll sideways under their headers.
const WEEK_HEADER_WIDTH = 128
const MIN_DAY_WIDTH = 104
// A week's cell lists its events a line each, up to CELL_LINES lines (the last a count of the rest).
const CHIP_HEIGHT = 20
const CHIP_GAP = 2
const CELL_PADDING = 4
const CELL_LINES = 4
const MS_PER_MINUTE = 60_000
// A pointer that travels less than this is a click, not a drag.
const DRAG_THRESHOLD_PX = 4

const HATCH: CSSProperties = {
  backgroundImage: 'repeating-linear-gradient(135deg, var(--color-muted-foreground) 0 1px, transparent 1px 6px)',
}

/** A bar being dragged or moved with the keyboard: where it would land now. */
type Preview = { bar: TimelineBar; placement: Placement; source: 'pointer' | 'keyboard' }

/**
 * The venue timeline (docs/product.md#timeline): the facility's spaces as rows and time across,
 * a day or a week. Booking, moving and resizing by hand all end in the booking engine.
 */
export default function FacilityTimeline({
  facility,
  spaces,
  date,
  onDateChange,
  mode,
  onModeChange,
  canBook,
  onOpenEvent,
}: FacilityTimelineProps) {
  const { timeZone } = facility
  const isPhone = useIsMobile()
  // A phone shows one space's day at a time, as a list.
  const shownMode = isPhone ? 'day' : mode
  const range = useMemo(() => timelineRange(date, shownMode, timeZone), [date, shownMode, timeZone])
  const query = { facilityId: facility.id, from: range.start.toISOString(), to: range.end.toISOString() }
  // Every bar is worked out afresh from each answer: comparing it with the last would only add to a big week's cost.
  const events = useEventsInRange(query, { shareUnchanged: false })
  const closures = useClosuresInRange(query)
  const clients = useClients()
  useTimelineChanges(facility.id)
  useQueryErrorToast(events, 'Failed to load events')
  useQueryErrorToast(closures, 'Failed to load closures')
  const now = useNow()
  const [isPrinting, setPrinting] = useState(false)
  const today = todayInZone(timeZone, new Date(now))
  const rows = useMemo(() => timelineRows(spaces), [spaces])
  const spaceNames = useMemo(() => new Map(rows.map((row) => [row.space.id, row.space.name])), [rows])
  const bars = useMemo(() => timelineBars(events.data ?? []), [events.data])
  const clientNames = useMemo(() => new Map((clients.data ?? []).map((client) => [client.id, client.name])), [clients.data])
  const describe = useCallback(
    (bar: TimelineBar, placement?: Placement) => eventSentence(bar, placement, spaceNames, clientNames, timeZone, shownMode),
    [spaceNames, clientNames, timeZone, shownMode],
  )

  const step = stepDays(shownMode)
  const label =
    shownMode === 'day'
      ? formatLongDate(range.start, timeZone)
      : `${formatDate(range.start, timeZone)} - ${formatDate(localDayRange(range.dates.at(-1)!, timeZone).start, timeZone)}`

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        {isPhone ? null : (
          <ViewToggle
            label="Timeline range"
            views={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
            value={mode}
            onChange={onModeChange}
          />
        )}
        <Button
          variant="outline"
          size="icon"
          aria-label={`Previous ${shownMode}`}
          onClick={() => onDateChange(addCalendarDays(date, -step))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label={`Next ${shownMode}`} onClick={() => onDateChange(addCalendarDays(date, step))}>
          <ChevronRight aria-hidden="true" />
        </Button>
        {date === today ? null : (
          <Button variant="outline" onClick={() => onDateChange(today)}>
            Today
          </Button>
        )}
        <p className="font-medium" aria-live="polite">
          {label}
        </p>
        {isPhone ? null : (
          <Button variant="outline" className="ml-auto" onClick={() => printDaySheet(setPrinting)}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        )}
      </div>
      {events.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading...
        </p>
      ) : isPhone ? (
        <SpaceDayList
          rows={rows}
          bars={bars}
          closures={closures.data ?? []}
          range={range}
          facilityId={facility.id}
          timeZone={timeZone}
          clientNames={clientNames}
          onOpenEvent={onOpenEvent}
        />
      ) : (
        <TimelineGrid
          facilityId={facility.id}
          rows={rows}
          bars={bars}
          closures={closures.data ?? []}
          range={range}
          mode={shownMode}
          timeZone={timeZone}
          now={now}
          isToday={range.dates.includes(today)}
          today={today}
          isRefreshing={events.isPlaceholderData}
          canBook={canBook}
          onOpenEvent={onOpenEvent}
          onOpenDay={(day) => {
            onDateChange(day)
            onModeChange('day')
          }}
          describe={describe}
          clientNames={clientNames}
        />
      )}
      {isPrinting ? (
        <PrintSheet
          facilityName={facility.name}
          rows={rows}
          bars={bars}
          closures={closures.data ?? []}
          date={date}
          timeZone={timeZone}
          clientNames={clientNames}
        />
      ) : null}
    </div>
  )
}

/** The clock, ticking each half minute: the now-line moves with it. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(id)
  }, [])
  return now
}

// The day sheet is the only thing on paper: the rest of the page is hidden while it prints (timeline.css).
// It is drawn only for the print, since it lists every space's day, however many.
function printDaySheet(setPrinting: (isPrinting: boolean) => void) {
  flushSync(() => setPrinting(true))
  document.body.dataset.printing = 'timeline'
  const done = () => {
    delete document.body.dataset.printing
    setPrinting(false)
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}

/**
 * "U11 Practice, Half Ice A, 10:00 to 11:00 AM, Bayview Minor Hockey": what a screen reader hears
 * of a bar. A week's bars say their day too ("…, Half Ice A, Monday, Dec 7, 10:00 to 11:00 AM, …"):
 * a weekly practice is otherwise the same sentence on every day. A renter's pending request starts
 * with 'Pending: ' (docs/product.md#renters).
 */
function eventSentence(
  bar: TimelineBar,
  placement: Placement | undefined,
  spaceNames: ReadonlyMap<string, string>,
  clientNames: ReadonlyMap<string, string>,
  timeZone: string,
  mode: TimelineMode,
): string {
  const roomId = placement?.roomId ?? bar.event.roomId
  const space = spaceNames.get(roomId) ?? bar.event.roomName
  const teams = [bar.event.team1Name, bar.event.team2Name].filter(Boolean).join(' vs ')
  const client = bar.event.clientId ? clientNames.get(bar.event.clientId) : undefined
  const start = placement?.start ?? bar.start
  const times = formatSpokenTimeRange(start, placement?.end ?? bar.end, timeZone)
  const day = mode === 'week' ? formatSpokenDay(start, timeZone) : null
  return [titleOf(bar), space, day, times, teams, client].filter(Boolean).join(', ')
}

/** A bar's title, 'Pending: {title}' for a renter's request holding the ice, where it is written rather than drawn. */
function titleOf(bar: TimelineBar): string {
  return isPending(bar.event) ? `${PENDING_LABEL}: ${bar.title}` : bar.title
}

type Range = ReturnType<typeof timelineRange>

/**
 * The rows to draw: those on screen, plus a screen's height above and below, as the page scrolls,
 * so that what is drawn grows with the screen, not the venue. `offsets` are the rows' tops from the list's top, then its height.
 */
function useRowsInView(list: RefObject<HTMLElement | null>, offsets: readonly number[]) {
  const [band, setBand] = useState(() => ({ first: 0, last: Math.min(offsets.length - 2, 30) }))
  const measure = useCallback(() => {
    const element = list.current
    if (!element) return
    const top = -element.getBoundingClientRect().top
    const margin = window.innerHeight
    const next = rowsBetween(offsets, top - margin, top + window.innerHeight + margin)
    setBand((current) => (current.first === next.first && current.last === next.last ? current : next))
  }, [list, offsets])
  useLayoutEffect(() => {
    measure()
    // Captured, so that a scroll of whatever holds the page counts as well as the window's.
    document.addEventListener('scroll', measure, { capture: true, passive: true })
    window.addEventListener('resize', measure)
    return () => {
      document.removeEventListener('scroll', measure, { capture: true })
      window.removeEventListener('resize', measure)
    }
  }, [measure])
  return band
}

type TimelineGridProps = {
  facilityId: string
  rows: TimelineRow[]
  bars: TimelineBar[]
  closures: Closure[]
  range: Range
  mode: TimelineMode
  timeZone: string
  now: number
  isToday: boolean
  today: string
  /** The last range's events are on screen while the new range's load. */
  isRefreshing: boolean
  canBook: boolean
  onOpenEvent: (event: PlacedEvent) => void
  /** Shows one day of the week in the Day view: a day's header, or a cell's count of events. */
  onOpenDay: (date: string) => void
  describe: (bar: TimelineBar, placement?: Placement) => string
  clientNames: ReadonlyMap<string, string>
}

/** What a week's cell holds: its closures, then its events in start order. */
type WeekCell = { closures: Closure[]; placed: { bar: TimelineBar; placement: Placement }[] }

function TimelineGrid({
  facilityId,
  rows,
  bars,
  closures,
  range,
  mode,
  timeZone,
  now,
  isToday,
  today,
  isRefreshing,
  canBook,
  onOpenEvent,
  onOpenDay,
  describe,
  clientNames,
}: TimelineGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const isWeek = mode === 'week'
  const headerWidth = isWeek ? WEEK_HEADER_WIDTH : HEADER_WIDTH
  const hours = (range.end.getTime() - range.start.getTime()) / (60 * MS_PER_MINUTE)
  const trackWidth = Math.round(hours * PX_PER_HOUR)
  const pxPerMinute = trackWidth / ((range.end.getTime() - range.start.getTime()) / MS_PER_MINUTE)
  const bounds = useMemo(() => dayBounds(range, timeZone), [range, timeZone])
  const { move: moveNow, dropped } = useMoveBooking()
  // A drop into a space of another type (a game from a rink to a meeting room) waits for a yes.
  const [pendingMove, setPendingMove] = useState<{ bar: TimelineBar; placement: Placement; target: TimelineSpace } | null>(null)
  const move = async (bar: TimelineBar, placement: Placement) => {
    const target = otherTypeTarget(
      rows.map((row) => row.space),
      bar.event.roomId,
      placement.roomId,
    )
    if (target) setPendingMove({ bar, placement, target })
    else await moveNow(bar, placement)
  }
  const [preview, setPreviewState] = useState<Preview | null>(null)
  // The drop reads where the bar is now, outside React's update cycle.
  const previewRef = useRef<Preview | null>(null)
  const setPreview = (next: Preview | null) => {
    previewRef.current = next
    setPreviewState(next)
  }
  const [booking, setBooking] = useState<{ space: TimelineSpace; date: string; startTime?: string; durationMinutes?: number } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const bookableRows = rows.filter((row) => !row.isChangeRoom)

  // A day opens on the current time when today is on screen, else at the earliest opening; the
  // rest of the 24 hours is a scroll away. A week opens on today's column where it does not all fit.
  const rangeKey = `${range.start.getTime()}-${mode}`
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const visible = element.clientWidth - headerWidth
    const todayIndex = range.dates.indexOf(today)
    const target = isWeek
      ? todayIndex > 0
        ? ((element.scrollWidth - headerWidth) / range.dates.length) * todayIndex
        : 0
      : isToday
        ? fractionOf(Date.now(), range) * trackWidth - visible / 4
        : earliestOpening(rows) * pxPerMinute
    element.scrollLeft = Math.max(0, target)
    // Only a new range scrolls; a refetch leaves the operator where they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rangeKey])

  // Each bar where it is drawn: where it was dropped while its move is being saved, else where it is stored.
  const barsByRoom = useMemo(() => {
    const byRoom = new Map<string, { bar: TimelineBar; placement: Placement }[]>()
    for (const bar of bars) {
      const placement = dropped.get(bar.event.id) ?? { start: bar.start, end: bar.end, roomId: bar.event.roomId }
      const inRoom = byRoom.get(placement.roomId)
      if (inRoom) inRoom.push({ bar, placement })
      else byRoom.set(placement.roomId, [{ bar, placement }])
    }
    // In the order they are drawn, left to right (inFlow), or down a week's cell.
    for (const inRoom of byRoom.values()) inRoom.sort((a, b) => a.placement.start - b.placement.start)
    return byRoom
  }, [bars, dropped])

  // Linked spaces: a booking of a whole uses its parts and a part's uses its wholes, so each row
  // of a day shows, faintly, the bookings of its linked spaces (docs/product.md#linked-spaces).
  // Each space's parts are worked out once: per pair of rows, a venue of 200 spaces took seconds.
  const linkedRoomIds = useMemo(() => {
    const spaces = rows.map((row) => row.space)
    const parts = new Map(spaces.map((space) => [space.id, partsOf(spaces, space.id)]))
    return new Map(
      rows
        .filter((row) => !row.isChangeRoom)
        .map((row) => {
          const related = new Set(parts.get(row.space.id))
          for (const [id, itsParts] of parts) if (itsParts.has(row.space.id)) related.add(id)
          return [row.space.id, [...related]]
        }),
    )
  }, [rows])
  const linkedOf = (roomId: string) =>
    (linkedRoomIds.get(roomId) ?? []).flatMap((id) => (barsByRoom.get(id) ?? []).map(({ placement }) => placement))

  const changeRoomUses = useMemo(() => {
    const uses = new Map<string, TimelineBar[]>()
    for (const bar of bars)
      for (const id of [bar.event.changeRoom1Id, bar.event.changeRoom2Id]) {
        if (!id) continue
        const used = uses.get(id)
        if (used) used.push(bar)
        else uses.set(id, [bar])
      }
    return uses
  }, [bars])

  const closuresByRoom = useMemo(() => {
    const spaces = rows.map((row) => row.space)
    return new Map(
      rows.map((row) => [
        row.space.id,
        row.isChangeRoom ? [] : closures.filter((closure) => closureCloses(spaces, closure.spaceId, row.space.id)),
      ]),
    )
  }, [rows, closures])

  // A week: each space's days, its events listed in each. A change room lists the games that use it.
  const placedIn = useCallback(
    (row: TimelineRow) =>
      row.isChangeRoom
        ? (changeRoomUses.get(row.space.id) ?? [])
            .map((bar) => ({ bar, placement: { start: bar.start, end: bar.end, roomId: row.space.id } }))
            .sort((a, b) => a.placement.start - b.placement.start)
        : (barsByRoom.get(row.space.id) ?? []),
    [changeRoomUses, barsByRoom],
  )
  const closedDays = useCallback(
    (row: TimelineRow) =>
      (closuresByRoom.get(row.space.id) ?? []).map((closure) => {
        const start = Date.parse(closure.startTime)
        const end = Date.parse(closure.endTime)
        return { closure, days: range.dates.map((_, day) => start < bounds[day + 1]! && end > bounds[day]!) }
      }),
    [closuresByRoom, range.dates, bounds],
  )
  // Worked out for the rows drawn only, when first drawn: a venue's other rows cost nothing.
  const weekCellCache = useMemo(() => new Map<string, WeekCell[]>(), [placedIn, closedDays]) // eslint-disable-line react-hooks/exhaustive-deps
  const weekCellsOf = (row: TimelineRow): WeekCell[] => {
    const cached = weekCellCache.get(row.space.id)
    if (cached) return cached
    const days: WeekCell[] = range.dates.map(() => ({ closures: [], placed: [] }))
    for (const item of placedIn(row)) days[dayIndexOf(item.placement.start, bounds)]!.placed.push(item)
    for (const { closure, days: closes } of closedDays(row))
      closes.forEach((isClosed, day) => isClosed && days[day]!.closures.push(closure))
    weekCellCache.set(row.space.id, days)
    return days
  }

  // Each row's height: a day's is fixed; a week's fits its fullest cell, up to CELL_LINES lines,
  // counted without building the cells.
  const rowHeights = useMemo(
    () =>
      rows.map((row, index) => {
        const border = 1 + (row.isChangeRoom && !rows[index - 1]?.isChangeRoom ? 4 : 0)
        if (!isWeek) return ROW_HEIGHT + border
        const events = range.dates.map(() => 0)
        for (const item of row.isChangeRoom ? (changeRoomUses.get(row.space.id) ?? []) : (barsByRoom.get(row.space.id) ?? []))
          events[dayIndexOf('placement' in item ? item.placement.start : item.start, bounds)]! += 1
        const closed = closedDays(row)
        const lines = Math.max(
          1,
          ...events.map((count, day) => closed.filter(({ days }) => days[day]).length + Math.min(count, CELL_LINES)),
        )
        return Math.max(ROW_HEIGHT, 2 * CELL_PADDING + lines * CHIP_HEIGHT + (lines - 1) * CHIP_GAP) + border
      }),
    [rows, isWeek, range.dates, changeRoomUses, barsByRoom, closedDays, bounds],
  )
  const offsets = useMemo(() => rowOffsets(rowHeights), [rowHeights])
  const band = useRowsInView(list, offsets)

  const rowIndexOf = (roomId: string) => bookableRows.findIndex((row) => row.space.id === roomId)
  const placementAfter = (bar: TimelineBar, rowShift: number, deltaMinutes: number, endDeltaMinutes: number): Placement => {
    const from = Math.max(0, rowIndexOf(bar.event.roomId))
    const target = bookableRows[Math.max(0, Math.min(bookableRows.length - 1, from + rowShift))]!
    const interval = target.space.bookingInterval
    return {
      ...movedTimes(
        bar,
        { deltaMinutes: snapMinutes(deltaMinutes, interval), endDeltaMinutes: snapMinutes(endDeltaMinutes, interval) },
        interval,
      ),
      roomId: target.space.id,
    }
  }
  // A week's move: whole days along, whole spaces down, at the same time of day.
  const placementAfterDays = (bar: TimelineBar, rowShift: number, days: number): Placement => {
    const from = Math.max(0, rowIndexOf(bar.event.roomId))
    const target = bookableRows[Math.max(0, Math.min(bookableRows.length - 1, from + rowShift))]!
    const firstDay = -dayIndexOf(bar.start, bounds)
    const shift = Math.max(firstDay, Math.min(range.dates.length - 1 + firstDay, days))
    return { ...shiftedByDays(bar, shift, timeZone), roomId: target.space.id }
  }

  // --- Pointer: drag across empty time to book, drag a bar to move it, drag its end to resize it.
  // In a week, a bar is dragged to another day or space; a click on an empty day books it.
  const gesture = useRef<{ bar: TimelineBar; kind: 'move' | 'resize'; x: number; y: number; hasMoved: boolean } | null>(null)
  const wasDragged = useRef(false)

  // A renter's pending request is answered on the Requests page, never moved or resized here.
  const startBarDrag = (bar: TimelineBar, kind: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    if (!canBook || event.button !== 0 || isPending(bar.event)) return
    event.currentTarget.setPointerCapture(event.pointerId)
    event.stopPropagation()
    gesture.current = { bar, kind: isWeek ? 'move' : kind, x: event.clientX, y: event.clientY, hasMoved: false }
    wasDragged.current = false
  }
  const dragBar = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current
    if (!current) return
    const dx = event.clientX - current.x
    const dy = event.clientY - current.y
    if (!current.hasMoved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return
    current.hasMoved = true
    if (isWeek) {
      // The cell under the pointer, the bar being captured by the pointer notwithstanding.
      const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-week-cell]')
      const row = cell ? bookableRows.findIndex((candidate) => candidate.space.id === cell.dataset.roomId) : -1
      if (!cell || row < 0) return
      const days = Number(cell.dataset.day) - dayIndexOf(current.bar.start, bounds)
      const placement = placementAfterDays(current.bar, row - rowIndexOf(current.bar.event.roomId), days)
      setPreview({ bar: current.bar, placement, source: 'pointer' })
      return
    }
    const minutes = dx / pxPerMinute
    const placement =
      current.kind === 'move'
        ? placementAfter(current.bar, Math.round(dy / ROW_HEIGHT), minutes, 0)
        : placementAfter(current.bar, 0, 0, minutes)
    setPreview({ bar: current.bar, placement, source: 'pointer' })
  }
  const dropBar = () => {
    const current = gesture.current
    gesture.current = null
    if (!current?.hasMoved) return
    wasDragged.current = true
    const last = previewRef.current
    setPreview(null)
    if (last) void move(last.bar, last.placement)
  }

  const [selection, setSelection] = useState<{ roomId: string; from: number; to: number } | null>(null)
  const startSelecting = (row: TimelineRow) => (event: PointerEvent<HTMLDivElement>) => {
    if (!canBook || row.isChangeRoom || event.button !== 0 || event.target !== event.currentTarget) return
    // A drag across a row selects time, not the page's text.
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    const instant = instantAtPointer(event)
    setSelection({ roomId: row.space.id, from: instant, to: instant })
  }
  const instantAtPointer = (event: PointerEvent<HTMLElement>) => {
    const track = event.currentTarget.getBoundingClientRect()
    return instantAt(Math.max(0, Math.min(1, (event.clientX - track.left) / track.width)), range)
  }
  const extendSelection = (event: PointerEvent<HTMLDivElement>) => {
    if (!selection) return
    setSelection({ ...selection, to: instantAtPointer(event) })
  }
  const endSelecting = (row: TimelineRow) => () => {
    if (!selection) return
    setSelection(null)
    setBooking({ space: row.space, ...bookingFromSpan(selection.from, selection.to, row.space, timeZone) })
  }

  // --- Keyboard: Enter opens, M starts a move, arrows shift it, Enter drops and Escape cancels.
  const onBarKey = (bar: TimelineBar) => (event: KeyboardEvent<HTMLElement>) => {
    const moving = preview?.source === 'keyboard' && preview.bar.event.id === bar.event.id ? preview : null
    if (!moving) {
      if (event.key === 'Enter') {
        event.preventDefault()
        onOpenEvent(bar.event)
      } else if ((event.key === 'm' || event.key === 'M') && canBook && !isPending(bar.event)) {
        event.preventDefault()
        const placement = { start: bar.start, end: bar.end, roomId: bar.event.roomId }
        setPreview({ bar, placement, source: 'keyboard' })
        setAnnouncement(`Moving ${describe(bar)}. Arrow keys move it, Enter drops it, Escape cancels.`)
      }
      return
    }
    // A day's arrows step by the space's booking interval; a week's by a day.
    const shift = (rowShift: number, steps: number) => {
      event.preventDefault()
      const rowNow = rowIndexOf(moving.placement.roomId) - rowIndexOf(bar.event.roomId)
      let placement: Placement
      if (isWeek) {
        const daysNow = Math.round((moving.placement.start - bar.start) / (24 * 60 * MS_PER_MINUTE))
        placement = placementAfterDays(bar, rowNow + rowShift, daysNow + steps)
      } else {
        const interval = bookableRows[Math.max(0, rowIndexOf(moving.placement.roomId) + rowShift)]?.space.bookingInterval ?? 0
        const deltaNow = (moving.placement.start - bar.start) / MS_PER_MINUTE
        placement = placementAfter(bar, rowNow + rowShift, deltaNow + steps * interval, 0)
      }
      setPreview({ ...moving, placement })
      setAnnouncement(describe(bar, placement))
    }
    if (event.key === 'ArrowLeft') shift(0, -1)
    else if (event.key === 'ArrowRight') shift(0, 1)
    else if (event.key === 'ArrowUp') shift(-1, 0)
    else if (event.key === 'ArrowDown') shift(1, 0)
    else if (event.key === 'Enter') {
      event.preventDefault()
      setPreview(null)
      setAnnouncement('')
      void move(bar, moving.placement)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      setPreview(null)
      setAnnouncement('Move cancelled.')
    }
  }

  const marks = useMemo(() => hourMarks(range, timeZone), [range, timeZone])
  // The hour lines are the track's background (hours are evenly spaced instants, even on a DST
  // day); only midnights are elements. Thousands of line elements would slow every drag.
  const trackLines: CSSProperties = {
    backgroundImage: `repeating-linear-gradient(to right, var(--color-border) 0 1px, transparent 1px ${PX_PER_HOUR}px)`,
  }
  const midnights = useMemo(() => marks.filter((mark) => mark.isMidnight), [marks])
  const spanOf = (start: number, end: number) => {
    const left = Math.max(0, fractionOf(start, range)) * trackWidth
    const right = Math.min(1, fractionOf(end, range)) * trackWidth
    return { left, width: Math.max(2, right - left) }
  }
  const position = (start: number, end: number): CSSProperties => spanOf(start, end)
  // A row's bars and their changeovers in the row's flow, not each placed absolutely: every one of
  // a week's 2,000 bars was then a layer of its own for the browser to paint (ADR 0041).
  const inFlow = (placed: { bar: TimelineBar; placement: Placement }[]) => {
    const boxes = placed.map(({ bar, placement }) => ({
      span: spanOf(placement.start, placement.end),
      changeover: bar.changeoverMinutes > 0 ? spanOf(placement.end, placement.end + bar.changeoverMinutes * MS_PER_MINUTE) : null,
    }))
    return rowFlow(boxes).map(({ gap, changeoverGap }, index) => ({
      ...placed[index]!,
      gap,
      width: boxes[index]!.span.width,
      changeoverGap,
      changeoverWidth: boxes[index]!.changeover?.width ?? 0,
    }))
  }

  // A bar's sentence, worked out when the bar is first drawn rather than on every pointer move,
  // and only for the bars in view; a bar dropped and not yet saved is described where it was dropped.
  const labels = useMemo(() => new Map<string, string>(), [bars, dropped, describe]) // eslint-disable-line react-hooks/exhaustive-deps
  const labelOf = (bar: TimelineBar, placement: Placement) => {
    if (dropped.has(bar.event.id)) return describe(bar, placement)
    let label = labels.get(bar.event.id)
    if (label === undefined) {
      label = describe(bar)
      labels.set(bar.event.id, label)
    }
    return label
  }

  // The bars' handlers stay the same functions from render to render, so a drag re-renders only
  // the bar it moves (EventBar is memoised) and a long week stays smooth under the pointer.
  const latest = useRef({ startBarDrag, dragBar, dropBar, onBarKey, onOpenEvent, wasDragged })
  useLayoutEffect(() => {
    latest.current = { startBarDrag, dragBar, dropBar, onBarKey, onOpenEvent, wasDragged }
  })
  const barHandlers = useMemo<BarHandlers>(
    () => ({
      pointerDown: (bar, kind, event) => latest.current.startBarDrag(bar, kind)(event),
      pointerMove: (event) => latest.current.dragBar(event),
      pointerUp: () => latest.current.dropBar(),
      click: (bar) => {
        const { wasDragged: dragged, onOpenEvent: open } = latest.current
        if (dragged.current) dragged.current = false
        else open(bar.event)
      },
      keyDown: (bar, event) => latest.current.onBarKey(bar)(event),
    }),
    [],
  )
  const nowLeft = fractionOf(now, range)

  // The rows drawn: those in view and a screen's height around them, and the rows of a bar being
  // moved, so that neither the bar nor where it would land goes while the keyboard moves it.
  const kept = preview
    ? [
        rows.findIndex((row) => row.space.id === preview.bar.event.roomId),
        rows.findIndex((row) => row.space.id === preview.placement.roomId),
      ].filter((index) => index >= 0)
    : []
  const first = Math.min(band.first, ...kept)
  const last = Math.min(rows.length - 1, Math.max(band.last, ...kept))
  const ghostDay = preview && isWeek ? dayIndexOf(preview.placement.start, bounds) : -1

  const spaceName = (row: TimelineRow, index: number) => {
    const isFirstChangeRoom = row.isChangeRoom && !rows[index - 1]?.isChangeRoom
    return (
      <div
        className="sticky left-0 z-20 flex shrink-0 items-center border-r bg-background pr-2 text-sm"
        style={{ width: headerWidth, paddingLeft: 12 * row.level }}
      >
        <Link
          to={`/facility/${facilityId}/room/${row.space.id}`}
          className="truncate font-medium underline-offset-4 hover:underline"
          title={row.space.name}
        >
          {row.space.name}
        </Link>
        {isFirstChangeRoom ? <span className="sr-only"> (change rooms)</span> : null}
      </div>
    )
  }

  const weekRow = (row: TimelineRow) =>
    weekCellsOf(row).map((cell, day) => {
      const { shown, more } = cellShows(cell.placed, CELL_LINES)
      const isGhost = preview !== null && ghostDay === day && preview.placement.roomId === row.space.id
      const date = range.dates[day]!
      return (
        <div
          key={date}
          data-week-cell=""
          data-room-id={row.space.id}
          data-day={day}
          className={cn(
            '@container flex min-w-0 flex-1 flex-col gap-0.5 overflow-hidden border-l',
            row.isChangeRoom ? 'bg-muted/30' : canBook && 'cursor-cell',
            date === today && 'bg-primary/5',
            isGhost && 'ring-2 ring-foreground/70 ring-inset',
          )}
          style={{ minWidth: MIN_DAY_WIDTH, padding: CELL_PADDING }}
          onClick={(click) => {
            if (!canBook || row.isChangeRoom || click.target !== click.currentTarget) return
            setBooking({ space: row.space, date })
          }}
        >
          {cell.closures.map((closure) => (
            <div key={closure.id} className="h-5 shrink-0 truncate rounded bg-muted-foreground/25 px-1 text-xs leading-5 font-medium">
              Closed: {closure.reason}
            </div>
          ))}
          {shown.map(({ bar, placement }) =>
            row.isChangeRoom ? (
              <div
                key={bar.event.id}
                className="h-5 shrink-0 truncate rounded border border-dashed border-muted-foreground/60 px-1 text-xs leading-[18px] text-muted-foreground"
              >
                {titleOf(bar)}
              </div>
            ) : (
              <WeekChip
                key={bar.event.id}
                bar={bar}
                time={formatTime(placement.start, timeZone)}
                label={labelOf(bar, placement)}
                isMoving={preview?.bar.event.id === bar.event.id}
                canBook={canBook}
                handlers={barHandlers}
              />
            ),
          )}
          {more > 0 ? (
            <button
              type="button"
              className="h-5 shrink-0 truncate rounded px-1 text-left text-xs font-medium underline-offset-2 hover:underline focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={`${more} more event${more === 1 ? '' : 's'} on ${row.space.name}, ${formatSpokenDay(bounds[day]!, timeZone)}`}
              onClick={() => onOpenDay(date)}
            >
              +{more} more
            </button>
          ) : null}
          {isGhost ? (
            <div
              aria-hidden="true"
              data-testid="timeline-ghost"
              className="h-5 shrink-0 rounded border-2 border-dashed border-foreground/70 bg-background/40"
            />
          ) : null}
        </div>
      )
    })

  const dayRow = (row: TimelineRow) => {
    const ghost = preview && preview.placement.roomId === row.space.id ? preview : null
    return (
      <div
        className={cn('relative isolate flex shrink-0 py-1', row.isChangeRoom ? 'bg-muted/30' : canBook && 'cursor-cell')}
        style={{ width: trackWidth, height: ROW_HEIGHT, ...trackLines }}
        data-testid={`track-${row.space.name}`}
        onPointerDown={startSelecting(row)}
        onPointerMove={extendSelection}
        onPointerUp={endSelecting(row)}
        onPointerCancel={() => setSelection(null)}
      >
        {midnights.map((mark) => (
          <span
            key={mark.instant}
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 -z-10 border-l border-foreground/20"
            style={{ left: fractionOf(mark.instant, range) * trackWidth }}
          />
        ))}
        {(closuresByRoom.get(row.space.id) ?? []).map((closure) => (
          <div
            key={closure.id}
            className="pointer-events-none absolute inset-y-0 -z-10 flex items-center overflow-hidden bg-muted-foreground/25 px-2 text-xs font-medium whitespace-nowrap"
            style={position(Date.parse(closure.startTime), Date.parse(closure.endTime))}
          >
            Closed: {closure.reason}
          </div>
        ))}
        {row.isChangeRoom
          ? null
          : linkedOf(row.space.id).map((placement, linkedIndex) => (
              <div
                key={linkedIndex}
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-2 -z-10 rounded bg-foreground/5"
                style={position(placement.start, placement.end)}
              />
            ))}
        {row.isChangeRoom
          ? (changeRoomUses.get(row.space.id) ?? []).map((bar) => (
              <div
                key={bar.event.id}
                className="pointer-events-none absolute inset-y-2 flex items-center overflow-hidden rounded border border-dashed border-muted-foreground/60 px-2 text-xs whitespace-nowrap text-muted-foreground"
                style={position(bar.start, bar.end)}
              >
                {titleOf(bar)}
              </div>
            ))
          : inFlow(barsByRoom.get(row.space.id) ?? []).map(({ bar, placement, gap, width, changeoverGap, changeoverWidth }) => (
              <EventBar
                key={bar.event.id}
                bar={bar}
                gap={gap}
                width={width}
                changeoverGap={changeoverGap}
                changeoverWidth={changeoverWidth}
                label={labelOf(bar, placement)}
                client={bar.event.clientId ? (clientNames.get(bar.event.clientId) ?? null) : null}
                isMoving={preview?.bar.event.id === bar.event.id}
                canBook={canBook}
                handlers={barHandlers}
              />
            ))}
        {ghost ? (
          <div
            aria-hidden="true"
            data-testid="timeline-ghost"
            className="pointer-events-none absolute inset-y-1 z-10 rounded-md border-2 border-dashed border-foreground/70 bg-background/40"
            style={position(ghost.placement.start, ghost.placement.end)}
          />
        ) : null}
        {selection?.roomId === row.space.id ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-1 rounded-md bg-primary/25 ring-2 ring-primary"
            style={position(Math.min(selection.from, selection.to), Math.max(selection.from, selection.to) + 1)}
          />
        ) : null}
      </div>
    )
  }

  return (
    <div className="timeline-screen grid gap-2">
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      <ConfirmDialog
        open={pendingMove !== null}
        onOpenChange={(open) => (open ? undefined : setPendingMove(null))}
        title={`Move to a ${pendingMove ? (ROOM_TYPE_LABELS[pendingMove.target.type as RoomType] ?? pendingMove.target.type).toLowerCase() : 'space'}?`}
        description={pendingMove ? `"${pendingMove.bar.title}" is in a space of another type. Move it to ${pendingMove.target.name}?` : ''}
        confirmLabel="Move"
        onConfirm={() => {
          const chosen = pendingMove
          setPendingMove(null)
          if (chosen) void moveNow(chosen.bar, chosen.placement)
        }}
      />
      <div
        ref={scroller}
        className="relative overflow-x-auto rounded-lg border select-none"
        data-testid="timeline-scroller"
        aria-busy={isRefreshing}
      >
        <div
          className="relative"
          style={isWeek ? { minWidth: headerWidth + range.dates.length * MIN_DAY_WIDTH } : { width: headerWidth + trackWidth }}
        >
          {isWeek ? (
            <div className="flex border-b bg-muted/40">
              <div
                className="sticky left-0 z-20 flex shrink-0 items-center border-r bg-muted px-3 py-1 text-xs font-medium"
                style={{ width: headerWidth }}
              >
                Space
              </div>
              {range.dates.map((date, day) => (
                <div key={date} className="flex min-w-0 flex-1 border-l" style={{ minWidth: MIN_DAY_WIDTH }}>
                  <button
                    type="button"
                    className={cn(
                      'h-7 w-full truncate px-2 text-left text-xs font-medium underline-offset-2 hover:underline focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
                      date === today && 'font-semibold text-primary',
                    )}
                    aria-current={date === today ? 'date' : undefined}
                    title={`Show ${formatSpokenDay(bounds[day]!, timeZone)} as a day`}
                    onClick={() => onOpenDay(date)}
                  >
                    {formatShortDay(bounds[day]!, timeZone)}
                  </button>
                </div>
              ))}
            </div>
          ) : (
            <div className="flex border-b bg-muted/40" aria-hidden="true">
              <div className="sticky left-0 z-20 shrink-0 border-r bg-muted px-3 py-1 text-xs font-medium" style={{ width: headerWidth }}>
                Space
              </div>
              <div className="relative h-7" style={{ width: trackWidth }}>
                {marks.map((mark) => (
                  <span
                    key={mark.instant}
                    className={cn(
                      'absolute top-0 h-full border-l pl-1 text-xs leading-7 whitespace-nowrap text-muted-foreground',
                      mark.isMidnight && 'border-foreground/30 font-medium text-foreground',
                    )}
                    style={{ left: fractionOf(mark.instant, range) * trackWidth }}
                  >
                    {mark.label}
                  </span>
                ))}
              </div>
            </div>
          )}
          <ul
            ref={list}
            aria-label="Spaces"
            style={{ paddingTop: offsets[first] ?? 0, paddingBottom: offsets.at(-1)! - (offsets[last + 1] ?? offsets.at(-1)!) }}
          >
            {rows.slice(first, last + 1).map((row, shownIndex) => {
              const index = first + shownIndex
              const isFirstChangeRoom = row.isChangeRoom && !rows[index - 1]?.isChangeRoom
              return (
                <li
                  key={row.space.id}
                  aria-setsize={rows.length}
                  aria-posinset={index + 1}
                  className={cn('flex border-b', isFirstChangeRoom && 'border-t-4 border-t-muted')}
                  style={{ height: rowHeights[index] }}
                >
                  {spaceName(row, index)}
                  {isWeek ? weekRow(row) : dayRow(row)}
                </li>
              )
            })}
          </ul>
          {!isWeek && nowLeft >= 0 && nowLeft <= 1 ? (
            <div
              aria-hidden="true"
              data-testid="timeline-now"
              className="pointer-events-none absolute top-0 bottom-0 z-10 w-0.5 bg-red-600"
              style={{ left: headerWidth + nowLeft * trackWidth }}
            />
          ) : null}
        </div>
      </div>
      {canBook ? (
        <p className="text-xs text-muted-foreground">
          {isWeek
            ? 'Click an empty day to book it. Drag an event to another day or space to move it. On a focused event, M moves it with the arrow keys: left and right by a day, up and down by a space.'
            : 'Drag across empty time to book. Drag an event to move it, or its right edge to change its end. On a focused event, M moves it with the arrow keys.'}
        </p>
      ) : null}
      <AddEventDialog
        room={booking ? { ...booking.space, timeZone } : null}
        date={booking?.date ?? ''}
        startTime={booking?.startTime}
        durationMinutes={booking?.durationMinutes}
        onOpenChange={(open) => (open ? undefined : setBooking(null))}
      />
    </div>
  )
}

type BarHandlers = {
  pointerDown: (bar: TimelineBar, kind: 'move' | 'resize', event: PointerEvent<HTMLElement>) => void
  pointerMove: (event: PointerEvent<HTMLElement>) => void
  pointerUp: () => void
  click: (bar: TimelineBar) => void
  keyDown: (bar: TimelineBar, event: KeyboardEvent<HTMLElement>) => void
}

type EventBarProps = {
  bar: TimelineBar
  /** Pixels from the end of what the row draws before it, and across. */
  gap: number
  width: number
  /** Its changeover, hatched after it: pixels from the bar's end, and across (0 for none). */
  changeoverGap: number
  changeoverWidth: number
  label: string
  /** Who booked it: the third line, where the bar is tall enough to show it. */
  client: string | null
  isMoving: boolean
  canBook: boolean
  handlers: BarHandlers
}

/**
 * One booking of a day: its colour, title, teams and client; its changeover hatched after it. A
 * renter's pending request is drawn hatched in its colour under 'Pending', and is not dragged.
 */
const EventBar = memo(function EventBar({
  bar,
  gap,
  width,
  changeoverGap,
  changeoverWidth,
  label,
  client,
  isMoving,
  canBook,
  handlers,
}: EventBarProps) {
  const { event } = bar
  const teams = [event.team1Name, event.team2Name].filter(Boolean).join(' vs ')
  const pending = isPending(event)
  const canMove = canBook && !pending
  // A press within the last RESIZE_GRIP_PX of the bar resizes it; elsewhere it moves it.
  const isOnGrip = (pointer: PointerEvent<HTMLElement>) =>
    pointer.clientX >= pointer.currentTarget.getBoundingClientRect().right - RESIZE_GRIP_PX
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={label}
        data-event-id={event.id}
        className={cn(
          // In the row's flow, with no shadow and no clip of its own (ADR 0041).
          'flex min-w-0 shrink-0 touch-none flex-col justify-center rounded-md border text-left text-xs leading-tight outline-none focus-visible:ring-3 focus-visible:ring-ring',
          pending ? 'border-dashed' : 'border-black/10',
          canMove && 'cursor-grab active:cursor-grabbing',
          isMoving && 'opacity-50',
        )}
        style={{
          marginLeft: gap,
          width,
          // Never wider than its time: a short bar's padding gives way, so the bars after it keep their places.
          paddingInline: Math.min(8, Math.max(0, (width - 2) / 2)),
          ...(pending
            ? { ...pendingHatch(event.color), borderColor: event.color }
            : { backgroundColor: event.color, color: readableTextColor(event.color) }),
        }}
        data-pending={pending ? '' : undefined}
        onPointerDown={(pointer) => handlers.pointerDown(bar, isOnGrip(pointer) ? 'resize' : 'move', pointer)}
        onPointerMove={(pointer) => {
          // The grip is a cursor, not an element (ADR 0041); set while hovering, not while dragging.
          if (canMove && pointer.buttons === 0) pointer.currentTarget.style.cursor = isOnGrip(pointer) ? 'ew-resize' : ''
          handlers.pointerMove(pointer)
        }}
        onPointerUp={handlers.pointerUp}
        onClick={() => handlers.click(bar)}
        onKeyDown={(key) => handlers.keyDown(bar, key)}
      >
        {pending ? <PendingBadge className="max-w-full overflow-hidden" /> : null}
        <span className="truncate font-semibold">{bar.title}</span>
        {teams ? <span className="truncate">{teams}</span> : null}
        {client ? <span className="truncate">{client}</span> : null}
      </button>
      {changeoverWidth > 0 ? (
        <div
          aria-hidden="true"
          className="pointer-events-none my-1 shrink-0 opacity-40"
          style={{ marginLeft: changeoverGap, width: changeoverWidth, ...HATCH }}
        />
      ) : null}
    </>
  )
})

type WeekChipProps = {
  bar: TimelineBar
  /** Its start, '6:30 PM', drawn before the title where the day's column is wide enough. */
  time: string
  label: string
  isMoving: boolean
  canBook: boolean
  handlers: BarHandlers
}

/**
 * One booking of a week: a line of its day's cell in its colour, its title whole up to the cell's
 * width, its start before it where the column has room. The rest is in its name and tooltip.
 */
const WeekChip = memo(function WeekChip({ bar, time, label, isMoving, canBook, handlers }: WeekChipProps) {
  const { event } = bar
  const pending = isPending(event)
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-event-id={event.id}
      className={cn(
        'flex h-5 w-full min-w-0 shrink-0 touch-none items-center gap-1 rounded border px-1 text-left text-xs outline-none focus-visible:ring-3 focus-visible:ring-ring',
        pending ? 'border-dashed' : 'border-black/10',
        canBook && !pending && 'cursor-grab active:cursor-grabbing',
        isMoving && 'opacity-50',
      )}
      style={
        pending
          ? { ...pendingHatch(event.color), borderColor: event.color }
          : { backgroundColor: event.color, color: readableTextColor(event.color) }
      }
      data-pending={pending ? '' : undefined}
      onPointerDown={(pointer) => handlers.pointerDown(bar, 'move', pointer)}
      onPointerMove={handlers.pointerMove}
      onPointerUp={handlers.pointerUp}
      onClick={() => handlers.click(bar)}
      onKeyDown={(key) => handlers.keyDown(bar, key)}
    >
      {pending ? <PendingBadge className="px-0.5 text-[0.625rem] leading-3" /> : null}
      <span className="hidden shrink-0 @min-[10rem]:inline">{time}</span>
      <span className="truncate font-semibold">{bar.title}</span>
    </button>
  )
})

type SpaceDayListProps = {
  rows: TimelineRow[]
  bars: TimelineBar[]
  closures: Closure[]
  range: Range
  facilityId: string
  timeZone: string
  clientNames: ReadonlyMap<string, string>
  onOpenEvent: (event: PlacedEvent) => void
}

/** On a phone: each space's day as a list, the page never scrolling sideways. */
function SpaceDayList({ rows, bars, closures, range, facilityId, timeZone, clientNames, onOpenEvent }: SpaceDayListProps) {
  const spaces = rows.map((row) => row.space)
  const day = { start: range.start, end: range.end }
  return (
    <ul className="grid gap-4" aria-label="Spaces">
      {rows
        .filter((row) => !row.isChangeRoom)
        .map((row) => {
          const spaceBars = bars.filter((bar) => bar.event.roomId === row.space.id).sort((a, b) => a.start - b.start)
          const spaceClosures = closures.filter((closure) => closureCloses(spaces, closure.spaceId, row.space.id))
          return (
            <li key={row.space.id} className="grid min-w-0 gap-2 rounded-lg border p-3" style={{ marginLeft: 12 * (row.level - 1) }}>
              <h3 className="min-w-0 font-semibold break-words">
                <Link to={`/facility/${facilityId}/room/${row.space.id}`} className="underline-offset-4 hover:underline">
                  {row.space.name}
                </Link>
              </h3>
              {spaceClosures.map((closure) => (
                <p key={closure.id} className="rounded-md bg-muted px-2 py-1 text-sm break-words">
                  Closed: {closure.reason}
                </p>
              ))}
              {spaceBars.length === 0 ? (
                <p className="text-sm text-muted-foreground">No events</p>
              ) : (
                <ul className="grid gap-2">
                  {spaceBars.map((bar) => {
                    const client = bar.event.clientId ? clientNames.get(bar.event.clientId) : undefined
                    const teams = [bar.event.team1Name, bar.event.team2Name].filter(Boolean).join(' vs ')
                    const pending = isPending(bar.event)
                    return (
                      <li key={bar.event.id}>
                        <button
                          type="button"
                          onClick={() => onOpenEvent(bar.event)}
                          className="grid w-full min-w-0 gap-0.5 rounded-md border-l-4 bg-muted/40 px-3 py-2 text-left text-sm"
                          style={
                            pending
                              ? { ...pendingHatch(bar.event.color), borderLeftColor: bar.event.color, borderLeftStyle: 'dashed' }
                              : { borderLeftColor: bar.event.color }
                          }
                        >
                          {pending ? <PendingBadge /> : null}
                          <span className="text-xs text-muted-foreground">
                            {formatTimeRange(Math.max(bar.start, day.start.getTime()), Math.min(bar.end, day.end.getTime()), timeZone)}
                          </span>
                          <span className="font-medium break-words">{bar.title}</span>
                          {teams || client ? (
                            <span className="break-words text-muted-foreground">{[teams, client].filter(Boolean).join(' · ')}</span>
                          ) : null}
                        </button>
                      </li>
                    )
                  })}
                </ul>
              )}
            </li>
          )
        })}
    </ul>
  )
}

type PrintSheetProps = {
  facilityName: string
  rows: TimelineRow[]
  bars: TimelineBar[]
  closures: Closure[]
  date: string
  timeZone: string
  clientNames: ReadonlyMap<string, string>
}

/** The day sheet for the wall by the rink door: one row per space, only shown on paper. */
function PrintSheet({ facilityName, rows, bars, closures, date, timeZone, clientNames }: PrintSheetProps) {
  const day = localDayRange(date, timeZone)
  const spaces = rows.map((row) => row.space)
  const isOnDay = (start: number, end: number) => start < day.end.getTime() && end > day.start.getTime()
  // Beside the app's root, so that printing can leave out everything else (timeline.css).
  return createPortal(
    <div className="timeline-print-sheet hidden" aria-hidden="true">
      <h2>
        {facilityName}: {formatLongDate(day.start, timeZone)}
      </h2>
      <table>
        <tbody>
          {rows
            .filter((row) => !row.isChangeRoom)
            .map((row) => (
              <tr key={row.space.id}>
                <th scope="row">{row.space.name}</th>
                <td>
                  {closures
                    .filter(
                      (closure) =>
                        closureCloses(spaces, closure.spaceId, row.space.id) &&
                        isOnDay(Date.parse(closure.startTime), Date.parse(closure.endTime)),
                    )
                    .map((closure) => (
                      <span key={closure.id} className="timeline-print-event">
                        Closed: {closure.reason} ({formatTimesOnDay(closure.startTime, closure.endTime, day, timeZone)})
                      </span>
                    ))}
                  {bars
                    .filter((bar) => bar.event.roomId === row.space.id && isOnDay(bar.start, bar.end))
                    .sort((a, b) => a.start - b.start)
                    .map((bar) => {
                      const client = bar.event.clientId ? clientNames.get(bar.event.clientId) : undefined
                      return (
                        <span key={bar.event.id} className="timeline-print-event">
                          {formatTimeRange(bar.start, bar.end, timeZone)} {titleOf(bar)}
                          {client ? ` (${client})` : ''}
                        </span>
                      )
                    })}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>,
    document.body,
  )
}
