import type { EventType, ScreenTheme } from '@shared/limits'
import { localDayRange, todayInZone } from '@shared/scheduling/local-day'
import type { PublicBoard } from '@shared/screens/public-board'
import type { Executor } from '../../db/client'
import { changeKeys, type ChangeKey } from '../../realtime/schedule-changes'
import { listClosuresInRange } from '../../booking'
import * as repository from './repository'

// A safety net should a notification ever be lost, and the limit for a board without rooms,
// which has no midnight of its own.
const MAX_CACHE_MS = 60 * 60 * 1000

export type LoadedBoard = {
  board: PublicBoard
  /** The writes that would change this board (see realtime/schedule-changes.ts). */
  dependsOn: ChangeKey[]
  /** Epoch ms of the next midnight in any of its rooms' zones, when "today" moves on. */
  validUntil: number
}

/** The board at this address as it stands now, or null when no screen has it. */
export async function loadBoard(db: Executor, slug: string, now: Date): Promise<LoadedBoard | null> {
  const screen = await repository.findScreenBySlug(db, slug)
  if (!screen) return null
  const rooms = await repository.listBoardRooms(db, screen.organisationId, screen.id)
  // "Today" is each room's facility's day, not the server's.
  const windows = rooms.map((room) => ({ roomId: room.id, ...localDayRange(todayInZone(room.timeZone, now), room.timeZone) }))
  const events = await repository.listEventsInWindows(db, screen.organisationId, windows)
  // A board shows a handful of rooms, and is read again only when something it shows changes.
  const closures = await Promise.all(
    windows.map(({ roomId, start, end }) =>
      listClosuresInRange(db, screen.organisationId, { from: start, to: end, facilityId: null, roomId }),
    ),
  )

  const dependsOn = new Set<ChangeKey>([changeKeys.slug(slug), changeKeys.screen(screen.id)])
  for (const room of rooms) {
    dependsOn.add(changeKeys.room(room.id))
    dependsOn.add(changeKeys.facility(room.facilityId))
  }
  for (const event of events) {
    if (event.changeRoom1Id) dependsOn.add(changeKeys.room(event.changeRoom1Id))
    if (event.changeRoom2Id) dependsOn.add(changeKeys.room(event.changeRoom2Id))
  }

  const board: PublicBoard = {
    facilityName: rooms.length > 0 ? [...new Set(rooms.map((room) => room.facilityName))].join(' & ') : null,
    timeZone: rooms[0]?.timeZone ?? null,
    logoUrl: screen.logoUrl,
    theme: screen.theme as ScreenTheme,
    ticker: screen.showTicker ? screen.tickerText : null,
    rooms: rooms.map((room, index) => ({
      name: room.name,
      color: room.color,
      timeZone: room.timeZone,
      events: events
        .filter((event) => event.roomId === room.id)
        .map((event) => ({
          title: event.title,
          startTime: event.startTime.toISOString(),
          endTime: event.endTime.toISOString(),
          eventType: event.eventType as EventType,
          team1Name: event.team1Name,
          team2Name: event.team2Name,
          changeRoom1Name: event.changeRoom1Name,
          changeRoom2Name: event.changeRoom2Name,
        })),
      closures: closures[index]!.map((closure) => ({
        reason: closure.reason,
        startTime: closure.startTime.toISOString(),
        endTime: closure.endTime.toISOString(),
      })),
    })),
  }
  const validUntil = Math.min(...windows.map((window) => window.end.getTime()), now.getTime() + MAX_CACHE_MS)
  return { board, dependsOn: [...dependsOn], validUntil }
}
