import { describe, expect, it } from 'vitest'
import type { PublicBoardEvent } from '@shared/screens/public-board'
import { describeEvent } from './describe-event'

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

const line = (value: PublicBoardEvent) =>
  describeEvent(value)
    .map(({ text }) => text)
    .join('')

describe('an event’s line on the board', () => {
  it('reads a game with both teams as team1 [change room] vs team2 [change room]', () => {
    const game = event({ eventType: 'game', team1Name: 'Hawks', team2Name: 'Owls', changeRoom1Name: 'CR 1', changeRoom2Name: 'CR 2' })
    expect(line(game)).toBe('Hawks [CR 1] vs Owls [CR 2]')
    expect(
      describeEvent(game)
        .filter((part) => part.isChangeRoom)
        .map(({ text }) => text),
    ).toEqual(['[CR 1]', '[CR 2]'])
  })

  it('leaves out a game’s change room that is not set', () => {
    expect(line(event({ eventType: 'game', team1Name: 'Hawks', team2Name: 'Owls', changeRoom2Name: 'CR 2' }))).toBe('Hawks vs Owls [CR 2]')
  })

  it('reads anything else, a game missing a team included, as its title plus its change room', () => {
    expect(line(event({ title: 'Learn to Skate', changeRoom1Name: 'CR 1' }))).toBe('Learn to Skate [CR 1]')
    expect(line(event({ title: 'Public Skate' }))).toBe('Public Skate')
    expect(line(event({ eventType: 'game', team1Name: 'Hawks', changeRoom1Name: 'CR 1' }))).toBe('Cup Final [CR 1]')
  })
})
