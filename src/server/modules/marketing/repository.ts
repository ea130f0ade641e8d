import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import type { TimeRange } from '@shared/scheduling/overlap'
import type { Executor } from '../../db/client'
import { rooms, schedules } from '../../db/schema'
import { wallClock } from '../../db/wall-clock'

/** The facility's rooms that can be sold: every type but change rooms, by name. */
export function listSellableRooms(db: Executor, facilityId: string) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      type: rooms.type,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
    })
    .from(rooms)
    .where(and(eq(rooms.facilityId, facilityId), ne(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

/** One query for all the rooms: the events of any of them that overlap the window. */
export function listEventsOverlapping(db: Executor, roomIds: readonly string[], window: TimeRange) {
  return db
    .select({ roomId: schedules.roomId, start: schedules.startTime, end: schedules.endTime })
    .from(schedules)
    .where(
      and(
        inArray(schedules.roomId, [...roomIds]),
        // Half-open, like the exclusion constraint: an event ending at the window's start is not in it.
        lt(schedules.startTime, window.end),
        gt(schedules.endTime, window.start),
      ),
    )
}
