import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import { LIMITS } from '@shared/limits'
import type { TimeRange } from '@shared/scheduling/overlap'
import type { Executor } from '../../db/client'
import { rooms, schedules } from '../../db/schema'
import { wallClock } from '../../db/wall-clock'

// Both queries name the organisation, which leads the indexes they read (docs/scaling.md).

/** The facility's rooms that can be sold: every type but change rooms, by name. */
export function listSellableRooms(db: Executor, organisationId: string, facilityId: string) {
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
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId), ne(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

// No event lasts more than a day (the schedules_at_most_a_day check): whatever overlaps the
// window started at most this long before it, a lower bound that keeps the scan on the index.
const MAX_EVENT_MS = LIMITS.event.maxDurationMinutes * 60_000

/** One query for all the rooms: the events of any of them that overlap the window. */
export function listEventsOverlapping(db: Executor, organisationId: string, roomIds: readonly string[], window: TimeRange) {
  return db
    .select({ roomId: schedules.roomId, start: schedules.startTime, end: schedules.endTime })
    .from(schedules)
    .where(
      and(
        eq(schedules.organisationId, organisationId),
        inArray(schedules.roomId, [...roomIds]),
        gte(schedules.startTime, new Date(window.start.getTime() - MAX_EVENT_MS)),
        // Half-open, like the exclusion constraint: an event ending at the window's start is not in it.
        lt(schedules.startTime, window.end),
        gt(schedules.endTime, window.start),
      ),
    )
}
