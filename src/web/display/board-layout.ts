import type { PublicBoardRoom } from '@shared/screens/public-board'

export type ScreenShape = 'phone' | 'portrait' | 'landscape'

export type BoardLayout = {
  /** Column tracks of the grid; block i spans spans[i] of them, so a short last row still fills the width. */
  tracks: number
  spans: number[]
  /** grid-template-rows; undefined on a phone, where each block is as tall as its events. */
  rows: string | undefined
  /** The blocks' type size as CSS, in units of the board's area; undefined on a phone. */
  textSize: string | undefined
}

// The measures of a block in its own type size (room-block.tsx sets everything in em): an event
// takes two lines and its padding, the room's name a larger line, and the time, event and change
// room columns need about this width to read without breaking every word.
const BLOCK_WIDTH_EMS = 18
const HEADING_EMS = 2.2
const EVENT_EMS = 3.3
// A room with one or two events is sized as if it had three, so its type stays in proportion.
const FEWEST_EVENTS_SIZED = 3
// Never smaller than the board has always been; never so large that a short title fills a line.
const SMALLEST_TEXT = 'max(1rem, 3vmin)'
const LARGEST_TEXT = '7vmin'

// A closure's line takes an event's room.
const loadOf = (room: PublicBoardRoom) => room.events.length + room.closures.length

/**
 * Landscape lobby screens put rooms side by side, portrait ones stack them, and a phone lists
 * them one under the other as a page that scrolls.
 */
export function columnsFor(count: number, screen: ScreenShape): number {
  if (screen === 'phone') return 1
  if (screen === 'portrait') return count <= 4 ? 1 : 2
  if (count <= 3) return Math.max(count, 1)
  if (count === 4) return 2
  return count <= 6 ? 3 : 4
}

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b))

/**
 * The share of the board's height that is one em of the blocks' type, at most, for every row's
 * busiest room to show all its events at once. `loadsByRow` holds each row's rooms' event
 * counts, closures included.
 */
export function heightPerEm(loadsByRow: readonly (readonly number[])[]): number {
  const ems = loadsByRow.reduce((sum, loads) => sum + HEADING_EMS + EVENT_EMS * Math.max(FEWEST_EVENTS_SIZED, ...loads), 0)
  return 1 / ems
}

/**
 * Where each room's block goes and how large its type is. A board with few rooms gives each a
 * wider block, and a quiet board sets its events larger, as large as lets each row's busiest
 * room show all its events at once; a busy one keeps the board's usual size and scrolls
 * (auto-scroll.tsx).
 * Each row of blocks first gets the height its events take, up to an even share, and the busier
 * rows share the rest, so a long day is not squeezed beside a quiet room.
 */
export function boardLayout(rooms: readonly PublicBoardRoom[], screen: ScreenShape): BoardLayout {
  const count = rooms.length
  const columns = columnsFor(count, screen)
  if (screen === 'phone' || count === 0) return { tracks: 1, spans: rooms.map(() => 1), rows: undefined, textSize: undefined }

  const loadsByRow: number[][] = []
  for (let first = 0; first < count; first += columns) loadsByRow.push(rooms.slice(first, first + columns).map(loadOf))
  // A short last row shares the whole width: 5 rooms are 3 blocks over 2 wider ones.
  const lastRowCount = loadsByRow.at(-1)!.length
  const tracks = (columns * lastRowCount) / greatestCommonDivisor(columns, lastRowCount)
  const spans = rooms.map((_, index) => tracks / (index < count - lastRowCount ? columns : lastRowCount))
  // Tracks sized by their content grow evenly from their least until each has what it takes, and
  // one that takes more than the board has scrolls (its least: a heading and about an event).
  const rows = `repeat(${loadsByRow.length}, minmax(min(22vmin, 100%), auto))`
  // cqw and cqh are the board area's (board.tsx), so each block's type follows the room it has.
  const byWidth = `calc((100cqw - ${columns - 1} * var(--board-gap)) / ${columns * BLOCK_WIDTH_EMS})`
  const byHeight = `calc((100cqh - ${loadsByRow.length - 1} * var(--board-gap)) * ${heightPerEm(loadsByRow).toFixed(5)})`
  return { tracks, spans, rows, textSize: `clamp(${SMALLEST_TEXT}, min(${byWidth}, ${byHeight}), ${LARGEST_TEXT})` }
}
