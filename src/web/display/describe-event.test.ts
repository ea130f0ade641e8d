import { describe, expect, it } from 'vitest'
import type { PublicBoardEvent } from '@shared/screens/public-board'
import { changeRoomLabel, describeEvent } from './describe-event'

const event = (overrides: Partial<PublicBoardEvent>): PublicBoardEvent => ({
  title: 'Cup Final',
  startTime: '2026-11-20T23:00:00.000Z',
  endTime: '2026-11-21T00:00:00.000Z',
  eventType: 'practice',
  team1Name: null,
  team2Name: null,
  changeRoom1Name: null,
  changeRoom2Name: null,
  ...overrides,
})

// The board's lines read one after the other, as a screen reader and the page's text have them.
const reading = (value: PublicBoardEvent) =>
  describeEvent(value)
    .map(({ text, changeRoom }) => (changeRoom ? `${text} ${changeRoomLabel(changeRoom)}` : text))
    .join(' ')

describe('an event’s lines on the board', () => {
  it('puts each team of a game on its own line beside its change room, reading team1 [change room] vs team2 [change room]', () => {
    const game = event({ eventType: 'game', team1Name: 'Hawks', team2Name: 'Owls', changeRoom1Name: 'CR 1', changeRoom2Name: 'CR 2' })
    expect(describeEvent(game)).toEqual([
      { text: 'Hawks', changeRoom: 'CR 1' },
      { text: 'vs Owls', changeRoom: 'CR 2' },
    ])
    expect(reading(game)).toBe('Hawks [CR 1] vs Owls [CR 2]')
  })

  it('leaves out a game’s change room that is not set', () => {
    expect(reading(event({ eventType: 'game', team1Name: 'Hawks', team2Name: 'Owls', changeRoom2Name: 'CR 2' }))).toBe(
      'Hawks vs Owls [CR 2]',
    )
  })

  it('reads anything else, a game missing a team included, as its title plus its change room', () => {
    expect(describeEvent(event({ title: 'Learn to Skate', changeRoom1Name: 'CR 1' }))).toEqual([
      { text: 'Learn to Skate', changeRoom: 'CR 1' },
    ])
    expect(reading(event({ title: 'Public Skate' }))).toBe('Public Skate')
    expect(reading(event({ eventType: 'game', team1Name: 'Hawks', changeRoom1Name: 'CR 1' }))).toBe('Cup Final [CR 1]')
  })
})
