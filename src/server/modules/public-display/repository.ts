import { and, asc, eq, gt, lt, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { LIMITS } from '@shared/limits'
import type { Executor } from '../../db/client'
import { boardAddresses, facilities, rooms, schedules, screenLogos, screenRooms, screens } from '../../db/schema'

// Reads for the public board. Each selects only what a board shows, so nothing private can
// reach it by accident.
//
// An address is the key of board_addresses, which names the organisation that holds it; every
// later read names that organisation, so each goes through a key that leads with organisation_id
// (a screen's slug is unique only within its organisation, and has no index of its own).

// The screen at an address: the address's organisation, then that organisation's screen with it.
const screenAtAddress = and(eq(screens.organisationId, boardAddresses.organisationId), eq(screens.slug, boardAddresses.slug))

// The queries are built apart from their execution so that a test can read their plans.

export function screenBySlugQuery(db: Executor, slug: string) {
  return db
    .select({
      id: screens.id,
      organisationId: screens.organisationId,
      theme: screens.theme,
      logoUrl: screens.logoUrl,
      showTicker: screens.showTicker,
      tickerText: screens.tickerText,
    })
    .from(boardAddresses)
    .innerJoin(screens, screenAtAddress)
    .where(eq(boardAddresses.slug, slug))
}

export async function findScreenBySlug(db: Executor, slug: string) {
  const [row] = await screenBySlugQuery(db, slug)
  return row ?? null
}

export function listBoardRooms(db: Executor, organisationId: string, screenId: string) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      color: screenRooms.color,
      facilityId: facilities.id,
      facilityName: facilities.name,
      timeZone: facilities.timeZone,
    })
    .from(screenRooms)
    .innerJoin(rooms, and(eq(rooms.organisationId, screenRooms.organisationId), eq(rooms.id, screenRooms.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(screenRooms.organisationId, organisationId), eq(screenRooms.screenId, screenId)))
    .orderBy(asc(screenRooms.position), asc(rooms.name))
}

const homeChangeRoom = alias(rooms, 'home_change_room')
const awayChangeRoom = alias(rooms, 'away_change_room')

// No event lasts longer than this, so one that overlaps a window started at most this long
// before it: the bound lets the (organisation_id, room_id, start_time) index read only the
// window's rows instead of the room's whole history.
const LONGEST_EVENT_MS = LIMITS.event.maxDurationMinutes * 60_000

type RoomWindow = { roomId: string; start: Date; end: Date }

/**
 * Each of the organisation's rooms' bookings that overlap the room's own [start, end) window, by
 * start. A renter's pending request (a hold) occupies the ice but is nobody's booking yet: a board
 * never shows it (docs/product.md#renters).
 */
export function listEventsInWindows(db: Executor, organisationId: string, windows: RoomWindow[]) {
  if (windows.length === 0) return Promise.resolve([])
  return eventsInWindowsQuery(db, organisationId, windows)
}

/** listEventsInWindows for at least one window. */
export function eventsInWindowsQuery(db: Executor, organisationId: string, windows: RoomWindow[]) {
  return db
    .select({
      roomId: schedules.roomId,
      title: schedules.title,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      eventType: schedules.eventType,
      team1Name: schedules.team1Name,
      team2Name: schedules.team2Name,
      changeRoom1Id: schedules.changeRoom1Id,
      changeRoom1Name: homeChangeRoom.name,
      changeRoom2Id: schedules.changeRoom2Id,
      changeRoom2Name: awayChangeRoom.name,
    })
    .from(schedules)
    .leftJoin(
      homeChangeRoom,
      and(eq(homeChangeRoom.organisationId, schedules.organisationId), eq(homeChangeRoom.id, schedules.changeRoom1Id)),
    )
    .leftJoin(
      awayChangeRoom,
      and(eq(awayChangeRoom.organisationId, schedules.organisationId), eq(awayChangeRoom.id, schedules.changeRoom2Id)),
    )
    .where(
      and(
        or(
          ...windows.map(({ roomId, start, end }) =>
            and(
              eq(schedules.organisationId, organisationId),
              eq(schedules.roomId, roomId),
              gt(schedules.startTime, new Date(start.getTime() - LONGEST_EVENT_MS)),
              lt(schedules.startTime, end),
              gt(schedules.endTime, start),
            ),
          ),
        ),
        // A filter on the rows each window's index read finds.
        eq(schedules.kind, 'booking'),
      ),
    )
    .orderBy(asc(schedules.startTime), asc(schedules.title))
}

/**
 * The logo of the screen at this address, in this version. Three key lookups: the address's
 * organisation (board_addresses' primary key), its screen there ((organisation_id, slug)), and
 * the screen's logo ((organisation_id, screen_id)). An address whose screen was deleted has no
 * screen to join, and an old version no longer matches, so neither serves an image.
 */
export async function findLogo(db: Executor, slug: string, version: string) {
  const [row] = await logoQuery(db, slug, version)
  return row ?? null
}

export function logoQuery(db: Executor, slug: string, version: string) {
  return db
    .select({ contentType: screenLogos.contentType, content: screenLogos.content })
    .from(boardAddresses)
    .innerJoin(screens, screenAtAddress)
    .innerJoin(screenLogos, and(eq(screenLogos.organisationId, screens.organisationId), eq(screenLogos.screenId, screens.id)))
    .where(and(eq(boardAddresses.slug, slug), eq(screenLogos.version, version)))
}
