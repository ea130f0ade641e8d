import { useSyncExternalStore } from 'react'
// clsx rather than cn(): tailwind-merge would weigh more than the whole board.
import { clsx } from 'clsx'
import type { PublicBoard, PublicBoardRoom } from '@shared/screens/public-board'
import { formatClock, formatLongDate, formatTime } from '@web/lib/datetime'
import { RoomBlock } from './room-block'
import { Ticker } from './ticker'
import { useNow } from './use-now'

type BoardProps = {
  board: PublicBoard | null
  updatedAt: Date | null
  isStale: boolean
}

type Layout = { columns: number; rows: string | undefined }

/**
 * Landscape lobby screens put rooms side by side, portrait ones stack them, and a phone lists
 * them one under the other as a page that scrolls. Each row of blocks gets height in
 * proportion to its busiest room, so a long day is not squeezed beside an empty room.
 */
function layoutFor(rooms: PublicBoardRoom[], screen: 'phone' | 'portrait' | 'landscape'): Layout {
  const count = rooms.length
  if (screen === 'phone') return { columns: 1, rows: undefined }
  const columns = screen === 'portrait' ? (count <= 4 ? 1 : 2) : count <= 3 ? Math.max(count, 1) : count === 4 ? 2 : count <= 6 ? 3 : 4
  const rows: string[] = []
  for (let first = 0; first < count; first += columns) {
    // A closure's line takes an event's room.
    const busiest = Math.max(...rooms.slice(first, first + columns).map((room) => room.events.length + room.closures.length))
    // Room for a heading and one event at least; a busy room gets at most about three times
    // the height of a quiet one, and scrolls if that is not enough.
    rows.push(`minmax(min(22vmin, 100%), ${Math.min(Math.max(busiest, 1), 6) + 2}fr)`)
  }
  return { columns, rows: rows.join(' ') }
}

const phoneQuery = window.matchMedia('(max-width: 639px)')
const portraitQuery = window.matchMedia('(orientation: portrait)')
const subscribeToScreen = (onChange: () => void) => {
  phoneQuery.addEventListener('change', onChange)
  portraitQuery.addEventListener('change', onChange)
  return () => {
    phoneQuery.removeEventListener('change', onChange)
    portraitQuery.removeEventListener('change', onChange)
  }
}
const useScreenShape = () =>
  useSyncExternalStore(subscribeToScreen, () => (phoneQuery.matches ? 'phone' : portraitQuery.matches ? 'portrait' : 'landscape'))

export function Board({ board, updatedAt, isStale }: BoardProps) {
  const now = useNow(1_000)
  // Without a board yet, the device's own zone is the best guess for the clock.
  const timeZone = board?.timeZone ?? undefined
  const layout = layoutFor(board?.rooms ?? [], useScreenShape())

  return (
    <div
      className={clsx(
        'flex min-h-dvh flex-col bg-background text-foreground sm:h-dvh sm:overflow-hidden',
        board?.theme !== 'light' && 'dark',
      )}
    >
      <header className="flex flex-wrap items-center gap-x-[3vmin] gap-y-2 border-b px-[clamp(1rem,3vmin,3rem)] py-[clamp(0.75rem,2vmin,2rem)]">
        {board?.logoUrl && (
          <img src={board.logoUrl} alt="" className="h-[clamp(3rem,10vmin,9rem)] w-auto max-w-[30vmin] shrink-0 object-contain" />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-[clamp(0.875rem,2.2vmin,2.25rem)] font-medium tracking-widest text-muted-foreground uppercase">
            Today&apos;s schedule
          </p>
          <h1 className="text-[clamp(1.5rem,5vmin,5.5rem)] leading-tight font-bold">
            {board?.facilityName ? `Welcome to ${board.facilityName}` : 'Welcome'}
          </h1>
        </div>
        <div className="text-right">
          <p className="text-[clamp(1.5rem,5.5vmin,6rem)] leading-none font-bold tabular-nums">{formatClock(now, timeZone)}</p>
          <p className="mt-[0.8vmin] text-[clamp(0.875rem,2.2vmin,2.25rem)] text-muted-foreground">{formatLongDate(now, timeZone)}</p>
          {/* Discreet, but there: the schedule shown may be out of date until the server answers again. */}
          {isStale && (
            <p className="mt-[0.5vmin] text-[clamp(0.75rem,1.5vmin,1.5rem)] text-muted-foreground">
              {updatedAt ? `Last updated ${formatTime(updatedAt, timeZone)}` : 'Waiting for the schedule'}
            </p>
          )}
        </div>
      </header>

      <main
        className="grid gap-[clamp(0.75rem,2vmin,2rem)] p-[clamp(0.75rem,2vmin,2rem)] sm:min-h-0 sm:flex-1"
        style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`, gridTemplateRows: layout.rows }}
      >
        {board?.rooms.map((room, index) => (
          <RoomBlock key={index} room={room} now={now} />
        ))}
      </main>

      {board?.ticker && <Ticker text={board.ticker} />}
    </div>
  )
}
