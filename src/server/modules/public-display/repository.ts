import { and, asc, eq, gt, lt, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { LIMITS } from '@shared/limits'
import type { Executor } from '../../db/client'
import { facilities, rooms, schedules, screenLogos, screenRooms, screens } from '../../db/schema'

// Reads for the public board. Each selects only what a board shows, so nothing private can
// reach it by accident.

export async function findScreenBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: screens.id,
      theme: screens.theme,
      logoUrl: screens.logoUrl,
      showTicker: screens.showTicker,
      tickerText: screens.tickerText,
    })
    .from(screens)
    .where(eq(screens.slug, slug))
  return row ?? null
}

export function listBoardRooms(db: Executor, screenId: string) {
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
    .innerJoin(rooms, eq(rooms.id, screenRooms.roomId))
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
    .where(eq(screenRooms.screenId, screenId))
    .orderBy(asc(screenRooms.position), asc(rooms.name))
}

const homeChangeRoom = alias(rooms, 'home_change_room')
const awayChangeRoom = alias(rooms, 'away_change_room')

// No event lasts longer than this, so one that overlaps a window started at most this long
// before it: the bound lets the (room_id, start_time) index read only the window's rows
// instead of the room's whole history.
const LONGEST_EVENT_MS = LIMITS.event.maxDurationMinutes * 60_000

/** Each room's events that overlap its own [start, end) window, by start. */
export function listEventsInWindows(db: Executor, windows: Array<{ roomId: string; start: Date; end: Date }>) {
  if (windows.length === 0) return Promise.resolve([])
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
    .leftJoin(homeChangeRoom, eq(homeChangeRoom.id, schedules.changeRoom1Id))
    .leftJoin(awayChangeRoom, eq(awayChangeRoom.id, schedules.changeRoom2Id))
    .where(
      or(
        ...windows.map(({ roomId, start, end }) =>
          and(
            eq(schedules.roomId, roomId),
            gt(schedules.startTime, new Date(start.getTime() - LONGEST_EVENT_MS)),
            lt(schedules.startTime, end),
            gt(schedules.endTime, start),
          ),
        ),
      ),
    )
    .orderBy(asc(schedules.startTime), asc(schedules.title))
}

export async function findLogo(db: Executor, slug: string, version: string) {
  const [row] = await db
    .select({ contentType: screenLogos.contentType, content: screenLogos.content })
    .from(screenLogos)
    .innerJoin(screens, eq(screens.id, screenLogos.screenId))
    .where(and(eq(screens.slug, slug), eq(screenLogos.version, version)))
  return row ?? null
}
