import { useId } from 'react'
// clsx rather than cn(): tailwind-merge would weigh more than the whole board.
import { clsx } from 'clsx'
import type { PublicBoardRoom } from '@shared/screens/public-board'
import { formatTimeRange } from '@web/lib/datetime'
import { AutoScroll } from './auto-scroll'
import { describeClosures } from './describe-closure'
import { describeEvent } from './describe-event'
import { readableTextColor } from './readable-text-color'

export function RoomBlock({ room, now }: { room: PublicBoardRoom; now: Date }) {
  const headingId = useId()
  const closures = describeClosures(room.closures, now, room.timeZone)
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-h-0 flex-col overflow-hidden rounded-[clamp(0.5rem,1.2vmin,1.25rem)] border-4 bg-card text-card-foreground"
      style={{ borderColor: room.color }}
    >
      <h2
        id={headingId}
        className="truncate px-[clamp(0.75rem,2vmin,2rem)] py-[clamp(0.4rem,1.2vmin,1.25rem)] text-[clamp(1.25rem,3.6vmin,4rem)] leading-tight font-bold"
        style={{ backgroundColor: room.color, color: readableTextColor(room.color) }}
      >
        {room.name}
      </h2>
      {/* Set apart from the events, above them: nothing happens in the room while it is closed. */}
      {closures.length > 0 && (
        <ul className="shrink-0 divide-y border-b-4 border-dashed">
          {closures.map((closure, index) => (
            <li key={index} className="bg-muted px-[clamp(0.75rem,2vmin,2rem)] py-[clamp(0.5rem,1.4vmin,1.5rem)]">
              <p className="flex items-center gap-[1.5vmin] text-[clamp(0.875rem,2.3vmin,2.5rem)] font-medium text-muted-foreground tabular-nums">
                {closure.times}
                {closure.isOn && closure.times !== 'All day' && (
                  <span className="rounded-full bg-foreground px-[1.2vmin] text-[clamp(0.75rem,1.8vmin,2rem)] font-bold text-background uppercase">
                    Now
                  </span>
                )}
              </p>
              <p className="text-[clamp(1rem,3vmin,3.25rem)] leading-snug font-semibold break-words">{closure.label}</p>
            </li>
          ))}
        </ul>
      )}
      {room.events.length === 0 ? (
        <p className="px-[clamp(0.75rem,2vmin,2rem)] py-[clamp(0.75rem,2vmin,2rem)] text-[clamp(1rem,2.8vmin,3rem)] text-muted-foreground">
          No events scheduled
        </p>
      ) : (
        <AutoScroll passedCount={room.events.filter((event) => new Date(event.endTime) <= now).length}>
          <ol className="divide-y">
            {room.events.map((event) => {
              const isOver = new Date(event.endTime) <= now
              const isOn = !isOver && new Date(event.startTime) <= now
              return (
                <li
                  key={`${event.startTime}-${event.title}`}
                  className={clsx(
                    'px-[clamp(0.75rem,2vmin,2rem)] py-[clamp(0.5rem,1.4vmin,1.5rem)]',
                    isOn && 'bg-accent',
                    isOver && 'text-muted-foreground',
                  )}
                >
                  <p className="flex items-center gap-[1.5vmin] text-[clamp(0.875rem,2.3vmin,2.5rem)] font-medium text-muted-foreground tabular-nums">
                    {formatTimeRange(event.startTime, event.endTime, room.timeZone)}
                    {isOn && (
                      <span className="rounded-full bg-primary px-[1.2vmin] text-[clamp(0.75rem,1.8vmin,2rem)] font-bold text-primary-foreground uppercase">
                        Now
                      </span>
                    )}
                  </p>
                  <p className="text-[clamp(1rem,3vmin,3.25rem)] leading-snug font-semibold">
                    {describeEvent(event).map((part, index) =>
                      part.isChangeRoom ? (
                        <span key={index} className={clsx('font-bold whitespace-nowrap', !isOver && 'text-primary')}>
                          {part.text}
                        </span>
                      ) : (
                        part.text
                      ),
                    )}
                  </p>
                </li>
              )
            })}
          </ol>
        </AutoScroll>
      )}
    </section>
  )
}
