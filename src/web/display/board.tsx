import { useSyncExternalStore, type CSSProperties } from 'react'
// clsx rather than cn(): tailwind-merge would weigh more than the whole board.
import { clsx } from 'clsx'
import type { PublicBoard } from '@shared/screens/public-board'
import { formatClock, formatLongDate, formatTime } from '@web/lib/datetime'
import { boardLayout, type ScreenShape } from './board-layout'
import { RoomBlock } from './room-block'
import { Ticker } from './ticker'
import { useNow } from './use-now'

type BoardProps = {
  board: PublicBoard | null
  updatedAt: Date | null
  isStale: boolean
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
  useSyncExternalStore(subscribeToScreen, (): ScreenShape =>
    phoneQuery.matches ? 'phone' : portraitQuery.matches ? 'portrait' : 'landscape',
  )

export function Board({ board, updatedAt, isStale }: BoardProps) {
  const now = useNow(1_000)
  // Without a board yet, the device's own zone is the best guess for the clock.
  const timeZone = board?.timeZone ?? undefined
  const layout = boardLayout(board?.rooms ?? [], useScreenShape())

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

      {/* A size container on a lobby screen: the blocks' type follows the room they have (board-layout.ts). */}
      <main
        className="grid flex-1 content-start gap-(--board-gap) p-(--board-gap) [--board-gap:clamp(0.75rem,2vmin,2rem)] sm:@container-size sm:min-h-0 sm:content-normal"
        style={
          {
            gridTemplateColumns: `repeat(${layout.tracks}, minmax(0, 1fr))`,
            gridTemplateRows: layout.rows,
            '--board-text': layout.textSize,
          } as CSSProperties
        }
      >
        {board?.rooms.map((room, index) => (
          <RoomBlock key={index} room={room} now={now} span={layout.spans[index] ?? 1} />
        ))}
      </main>

      {board?.ticker && <Ticker text={board.ticker} />}
    </div>
  )
}
