import { useId } from 'react'
// clsx rather than cn(): tailwind-merge would weigh more than the whole board.
import { clsx } from 'clsx'
import type { PublicBoardRoom } from '@shared/screens/public-board'
import { formatEndTime, formatTime } from '@web/lib/datetime'
import { AutoScroll } from './auto-scroll'
import { describeClosures } from './describe-closure'
import { changeRoomLabel, describeEvent } from './describe-event'
import { readableTextColor } from './readable-text-color'

const NOW_BADGE = 'inline-block rounded-full px-[0.5em] align-[0.1em] text-[0.7em] leading-normal font-bold uppercase'
// An event's lines (at most two, a game's teams) take the rows beside its times, or below them
// in a block narrower than the three columns need (a container query on the block).
const LINE_ROWS = ['row-start-1 @max-[22em]:row-start-2', 'row-start-2 @max-[22em]:row-start-3']

/**
 * A room's block: everything in em of the block's type size, which the board sets from the room
 * the block has (board-layout.ts). Each event is a row of three columns, its times, what it is and
 * its change rooms, the times as large as the title.
 */
export function RoomBlock({ room, now, span }: { room: PublicBoardRoom; now: Date; span: number }) {
  const headingId = useId()
  const closures = describeClosures(room.closures, now, room.timeZone)
  return (
    <section
      aria-labelledby={headingId}
      className="@container flex min-h-0 flex-col overflow-hidden rounded-[0.4em] border-4 bg-card text-[length:var(--board-text,1rem)] leading-[1.2] text-card-foreground"
      style={{ borderColor: room.color, gridColumn: `span ${span}` }}
    >
      <h2
        id={headingId}
        className="shrink-0 truncate px-[0.5em] py-[0.3em] text-[1.2em] font-bold"
        style={{ backgroundColor: room.color, color: readableTextColor(room.color) }}
      >
        {room.name}
      </h2>
      {/* Set apart from the events, above them: nothing happens in the room while it is closed. */}
      {closures.length > 0 && (
        <ul className="shrink-0 divide-y border-b-4 border-dashed">
          {closures.map((closure, index) => (
            <li key={index} className="bg-muted px-[0.6em] py-[0.4em]">
              <p className="font-semibold text-muted-foreground tabular-nums">
                {closure.times}
                {closure.isOn && closure.times !== 'All day' && (
                  <>
                    {' '}
                    <span className={clsx(NOW_BADGE, 'bg-foreground text-background')}>Now</span>
                  </>
                )}
              </p>
              <p className="font-bold break-words">{closure.label}</p>
            </li>
          ))}
        </ul>
      )}
      {room.events.length === 0 ? (
        <p className="px-[0.6em] py-[0.5em] text-muted-foreground">No events scheduled</p>
      ) : (
        <AutoScroll passedCount={room.events.filter((event) => new Date(event.endTime) <= now).length}>
          {/* One grid for the whole list, so each column lines up from event to event; a change
              room gets at most a good part of the width, and wraps inside it. */}
          <ol className="grid grid-cols-[max-content_minmax(0,1fr)_fit-content(50%)] divide-y">
            {room.events.map((event) => {
              const isOver = new Date(event.endTime) <= now
              const isOn = !isOver && new Date(event.startTime) <= now
              const lines = describeEvent(event)
              return (
                <li
                  key={`${event.startTime}-${event.title}`}
                  className={clsx(
                    'relative col-span-full grid grid-cols-subgrid gap-x-[0.6em] px-[0.6em] py-[0.45em] @max-[22em]:gap-x-0',
                    isOn && 'bg-accent',
                    isOver && 'text-muted-foreground',
                  )}
                >
                  {/* Start over end, two lines as a game's two teams; a narrow block gives them a line above instead. */}
                  <p
                    className={clsx(
                      'col-start-1 row-start-1 grid content-start font-semibold tabular-nums @max-[22em]:col-span-full @max-[22em]:block',
                      lines.length === 2 && 'row-end-3 @max-[22em]:row-end-2',
                    )}
                  >
                    <span>{formatTime(event.startTime, room.timeZone)}</span>
                    <span className="sr-only @max-[22em]:not-sr-only"> - </span>
                    <span className={clsx(!isOver && 'text-muted-foreground')}>{formatEndTime(event.endTime, room.timeZone)}</span>
                  </p>{' '}
                  {/* The lines read as the spec has them: 'team1 [change room] vs team2 [change room]'. */}
                  <p className="contents">
                    {lines.map((line, index) => (
                      <span key={index} className="contents">
                        {index > 0 && ' '}
                        <span
                          className={clsx(
                            'font-bold text-balance break-words',
                            LINE_ROWS[index],
                            line.changeRoom ? 'col-start-2' : 'col-span-2 col-start-2',
                          )}
                        >
                          {line.text}
                        </span>
                        {line.changeRoom && (
                          <>
                            {' '}
                            <span
                              className={clsx(
                                'col-start-3 font-bold text-balance break-words @max-[22em]:pl-[0.6em]',
                                LINE_ROWS[index],
                                !isOver && 'text-primary',
                              )}
                            >
                              {changeRoomLabel(line.changeRoom)}
                            </span>
                          </>
                        )}
                      </span>
                    ))}
                  </p>
                  {/* Under the times, so a game's lines stay beside each other; beside them in a narrow block. */}
                  {isOn && (
                    <span
                      className={clsx(
                        'col-start-1 @max-[22em]:col-start-3 @max-[22em]:row-start-1 @max-[22em]:justify-self-end',
                        lines.length === 2 ? 'row-start-3' : 'row-start-2',
                      )}
                    >
                      {' '}
                      <span className={clsx(NOW_BADGE, 'bg-primary text-primary-foreground')}>Now</span>
                    </span>
                  )}
                </li>
              )
            })}
          </ol>
        </AutoScroll>
      )}
    </section>
  )
}
