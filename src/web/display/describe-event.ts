import type { PublicBoardEvent } from '@shared/screens/public-board'

/**
 * One line of an event on the board: what it is, and the change room beside it in a column of
 * its own, because players look for their room first.
 */
export type EventLine = { text: string; changeRoom: string | null }

/**
 * docs/product.md#screens-and-boards: a game with both team names reads 'team1 [change room] vs team2 [change room]',
 * a line per team so each team sits beside its room; anything else reads its title plus its change room.
 */
export function describeEvent(event: PublicBoardEvent): EventLine[] {
  if (event.eventType === 'game' && event.team1Name && event.team2Name) {
    return [
      { text: event.team1Name, changeRoom: event.changeRoom1Name },
      { text: `vs ${event.team2Name}`, changeRoom: event.changeRoom2Name },
    ]
  }
  return [{ text: event.title, changeRoom: event.changeRoom1Name }]
}

/** A change room as the board writes it: '[Home Room]'. */
export const changeRoomLabel = (name: string) => `[${name}]`
