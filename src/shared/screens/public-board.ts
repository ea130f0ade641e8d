import type { EventType, ScreenTheme } from '@shared/limits'

/**
 * What a public lobby board receives (GET /api/public/displays/:slug): only what it shows.
 * No ids, no clients, contracts, notes or emails; the public API must never grow beyond this.
 */
export type PublicBoard = {
  /** The facilities of the board's rooms, e.g. 'Maple Arena'; null when it has no rooms. */
  facilityName: string | null
  /** The zone of the first room's facility, for the clock; null when the board has no rooms. */
  timeZone: string | null
  logoUrl: string | null
  theme: ScreenTheme
  /** The news ticker's text, or null when the ticker is off. */
  ticker: string | null
  rooms: PublicBoardRoom[]
}

export type PublicBoardRoom = {
  name: string
  color: string
  /** Its facility's zone: "today" and the times are read on that wall clock. */
  timeZone: string
  /** Today's events, by start. */
  events: PublicBoardEvent[]
}

export type PublicBoardEvent = {
  title: string
  /** ISO instants */
  startTime: string
  endTime: string
  eventType: EventType
  team1Name: string | null
  team2Name: string | null
  changeRoom1Name: string | null
  changeRoom2Name: string | null
}
