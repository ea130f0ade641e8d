import { z } from 'zod'
import { EVENT_TYPES, SCREEN_THEMES } from '@shared/limits'
import { instant } from '@shared/response-fields'
import { hexColor } from '@shared/schema-fields'

// What a public lobby board receives (GET /api/public/displays/:slug): only what it shows.
// No ids, no clients, contracts, notes or emails; the public API must never grow beyond this,
// so these objects are strict: a field the server adds fails the API tests until it is listed here.

export const publicBoardEvent = z.strictObject({
  title: z.string(),
  startTime: instant,
  endTime: instant,
  eventType: z.enum(EVENT_TYPES),
  team1Name: z.string().nullable(),
  team2Name: z.string().nullable(),
  changeRoom1Name: z.string().nullable(),
  changeRoom2Name: z.string().nullable(),
})
export type PublicBoardEvent = z.infer<typeof publicBoardEvent>

/** A closure of the room today: its facility's, its own, or a linked space's ('Closed: {reason}'). */
export const publicBoardClosure = z.strictObject({
  reason: z.string(),
  startTime: instant,
  endTime: instant,
})
export type PublicBoardClosure = z.infer<typeof publicBoardClosure>

export const publicBoardRoom = z.strictObject({
  name: z.string(),
  color: hexColor,
  /** Its facility's zone: "today" and the times are read on that wall clock. */
  timeZone: z.string(),
  /** Today's events, by start. */
  events: z.array(publicBoardEvent),
  /** Today's closures of the room, by start. */
  closures: z.array(publicBoardClosure),
})
export type PublicBoardRoom = z.infer<typeof publicBoardRoom>

export const publicBoard = z.strictObject({
  /** The facilities of the board's rooms, e.g. 'Maple Arena'; null when it has no rooms. */
  facilityName: z.string().nullable(),
  /** The zone of the first room's facility, for the clock; null when the board has no rooms. */
  timeZone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  theme: z.enum(SCREEN_THEMES),
  /** The news ticker's text, or null when the ticker is off. */
  ticker: z.string().nullable(),
  rooms: z.array(publicBoardRoom),
})
export type PublicBoard = z.infer<typeof publicBoard>
