import type { PublicBoardEvent } from '@shared/screens/public-board'

/** A piece of an event's line; change rooms are set apart so players spot theirs. */
export type EventLinePart = { text: string; isChangeRoom: boolean }

const withChangeRoom = (text: string, changeRoom: string | null): EventLinePart[] =>
  changeRoom
    ? [
        { text: `${text} `, isChangeRoom: false },
        { text: `[${changeRoom}]`, isChangeRoom: true },
      ]
    : [{ text, isChangeRoom: false }]

/**
 * docs/product.md#screens-and-boards: a game with both team names reads 'team1 [change room] vs team2 [change room]';
 * anything else reads its title plus its change room.
 */
export function describeEvent(event: PublicBoardEvent): EventLinePart[] {
  if (event.eventType === 'game' && event.team1Name && event.team2Name) {
    return [
      ...withChangeRoom(event.team1Name, event.changeRoom1Name),
      { text: ' vs ', isChangeRoom: false },
      ...withChangeRoom(event.team2Name, event.changeRoom2Name),
    ]
  }
  return withChangeRoom(event.title, event.changeRoom1Name)
}
