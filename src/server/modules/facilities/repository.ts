import { and, asc, count, desc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm'
import type { PrimeTime } from '@shared/billing/prime-time'
import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import type { Executor } from '../../db/client'
import { changeRoomHolds, facilities, rooms, schedules, screenRooms } from '../../db/schema'
import { LIMITS } from '@shared/limits'
import { wallClock } from '../../db/wall-clock'

// Every query names the organisation, in the same statement that loads the row: another
// organisation's id and a missing id both come back as null (and so as a 404). A room carries its
// facility's organisation (the composite foreign key keeps the two equal), so rooms are filtered
// on their own organisation_id, which also leads their indexes.

export async function findOwnedFacility(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .select(facilityColumns)
    .from(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
  return row ?? null
}

export async function findOwnedRoom(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select({ room: rooms, facility: facilities })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
  return row ?? null
}

const facilityColumns = {
  id: facilities.id,
  name: facilities.name,
  address: facilities.address,
  description: facilities.description,
  timeZone: facilities.timeZone,
  changeRoomMinutes: facilities.changeRoomMinutes,
  // One field, so that it reads in a RETURNING list too.
  primeTime: sql<PrimeTime>`json_build_object('weekdayStart', ${wallClock(facilities.primeWeekdayStart)},
    'weekdayEnd', ${wallClock(facilities.primeWeekdayEnd)}, 'weekendStart', ${wallClock(facilities.primeWeekendStart)},
    'weekendEnd', ${wallClock(facilities.primeWeekendEnd)})`,
  holdRequestsHours: facilities.holdRequestsHours,
  releaseUntilHours: facilities.releaseUntilHours,
  createdAt: facilities.createdAt,
}

// The form's fields as the table's columns; prime time left out keeps the columns as they are
// (a new facility's defaults, an edited facility's own).
function facilityRow({ primeTime, ...input }: FacilityInput) {
  return {
    ...input,
    ...(primeTime && {
      primeWeekdayStart: primeTime.weekdayStart,
      primeWeekdayEnd: primeTime.weekdayEnd,
      primeWeekendStart: primeTime.weekendStart,
      primeWeekendEnd: primeTime.weekendEnd,
    }),
  }
}

const roomColumns = {
  id: rooms.id,
  facilityId: rooms.facilityId,
  name: rooms.name,
  type: rooms.type,
  capacity: rooms.capacity,
  description: rooms.description,
  operatingStartTime: wallClock(rooms.operatingStartTime),
  operatingEndTime: wallClock(rooms.operatingEndTime),
  bookingInterval: rooms.bookingInterval,
  parentId: rooms.parentId,
  changeoverMinutes: rooms.changeoverMinutes,
  acceptsRequests: rooms.acceptsRequests,
  createdAt: rooms.createdAt,
}

export function listFacilities(db: Executor, organisationId: string) {
  // id breaks ties between facilities created in the same millisecond, so the order is stable.
  return db
    .select(facilityColumns)
    .from(facilities)
    .where(eq(facilities.organisationId, organisationId))
    .orderBy(desc(facilities.createdAt), desc(facilities.id))
}

export async function countFacilities(db: Executor, organisationId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(facilities).where(eq(facilities.organisationId, organisationId))
  return row?.total ?? 0
}

export async function insertFacility(db: Executor, organisationId: string, input: FacilityInput) {
  const [row] = await db
    .insert(facilities)
    .values({ organisationId, ...facilityRow(input) })
    .returning(facilityColumns)
  return row!
}

/** One statement: the foreign keys cascade to the rooms, their events and the events' usage rows. Null when not found. */
export async function deleteOwnedFacility(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .delete(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
    .returning(facilityColumns)
  return row ?? null
}

export function listRooms(db: Executor, organisationId: string, facilityId: string) {
  return (
    db
      .select(roomColumns)
      .from(rooms)
      .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId)))
      // Change rooms last in every list of spaces: nothing is booked in them directly.
      .orderBy(asc(sql`${rooms.type} = 'change_room'`), asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
  )
}

export function listChangeRooms(db: Executor, organisationId: string, facilityId: string) {
  return db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId), eq(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

export async function insertRoom(db: Executor, organisationId: string, facilityId: string, input: RoomInput) {
  const [row] = await db
    .insert(rooms)
    .values({ organisationId, facilityId, ...input })
    .returning(roomColumns)
  return row!
}

/** The whole batch in one statement: every row or none. The wizard links no spaces. */
export function insertRooms(db: Executor, organisationId: string, facilityId: string, inputs: RoomInput[]) {
  return db
    .insert(rooms)
    .values(inputs.map((input) => ({ organisationId, facilityId, ...input, parentId: null })))
    .returning(roomColumns)
}

export async function findRoom(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select({
      room: roomColumns,
      facility: { id: facilities.id, name: facilities.name, timeZone: facilities.timeZone },
    })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
  return row ?? null
}

/** One statement, checking the organisation in it: the foreign keys cascade to the room's events. Null when not found. */
export async function deleteOwnedRoom(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .delete(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
    .returning(roomColumns)
  return row ?? null
}

/**
 * The facility's row taken in turn by every change to its tree of spaces (as the rooms_tree
 * trigger does, sql/rooms_tree.sql), before any room's row, so two changes never each hold a room the
 * other waits for. Null when it is not the organisation's.
 */
export async function lockFacilityTree(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .select(facilityColumns)
    .from(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
    .for('no key update')
  return row ?? null
}

/**
 * Takes the spaces' rows in the order given (FOR NO KEY UPDATE, which waits for the share every
 * booking holds on its spaces, and holds off the bookings after it; ADR 0039): a tree change takes
 * the wholes whose bookings it rewrites, top down, before the space it moves, in the order every
 * booking takes its spaces, so the two never wait for each other in a circle.
 */
export async function lockSpaces(db: Executor, organisationId: string, orderedIds: string[]) {
  for (const id of orderedIds) {
    await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, id)))
      .for('no key update')
  }
}

/** Every space of the facility as its tree needs it. */
export function listTree(db: Executor, organisationId: string, facilityId: string) {
  return db
    .select({ id: rooms.id, parentId: rooms.parentId, type: rooms.type, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId)))
}

/** Its parts become parts of `parentId` (the space's own whole, or none). */
export async function reparentParts(db: Executor, organisationId: string, roomId: string, parentId: string | null) {
  await db
    .update(rooms)
    .set({ parentId })
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.parentId, roomId)))
}

/** Deletes the spaces in one statement (the parent key is checked at its end); their events cascade. */
export function deleteOwnedRooms(db: Executor, organisationId: string, roomIds: string[]) {
  return db
    .delete(rooms)
    .where(and(eq(rooms.organisationId, organisationId), inArray(rooms.id, roomIds)))
    .returning(roomColumns)
}

/** Held FOR UPDATE to the end of the caller's transaction, so an edit's "before" is the row it replaces. */
export async function lockOwnedFacility(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .select(facilityColumns)
    .from(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
    .for('update')
  return row ?? null
}

export async function updateOwnedFacility(db: Executor, organisationId: string, facilityId: string, input: FacilityInput) {
  const [row] = await db
    .update(facilities)
    .set(facilityRow(input))
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
    .returning(facilityColumns)
  return row ?? null
}

/**
 * The room held FOR UPDATE, with its facility. The lock also waits out, and then holds off, any
 * booking or change room assignment that references the room (their foreign key checks take a
 * KEY SHARE lock on it), so the type check that follows sees every event there is.
 */
export async function lockOwnedRoom(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select({ room: roomColumns, facility: { id: facilities.id, name: facilities.name, timeZone: facilities.timeZone } })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
    .for('update', { of: rooms })
  return row ?? null
}

export async function updateOwnedRoom(db: Executor, organisationId: string, roomId: string, input: RoomInput) {
  const [row] = await db
    .update(rooms)
    .set(input)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
    .returning(roomColumns)
  return row ?? null
}

/** What a space's type change would break: events booked in it, events naming it as change room, screens showing it. */
export async function roomDependents(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select({
      bookedEvents: sql<boolean>`exists (select from ${schedules} where ${schedules.organisationId} = ${organisationId} and ${schedules.roomId} = ${roomId})`,
      changeRoomEvents: sql<boolean>`exists (select from ${schedules} where ${schedules.organisationId} = ${organisationId} and (${schedules.changeRoom1Id} = ${roomId} or ${schedules.changeRoom2Id} = ${roomId}))`,
      screens: sql<boolean>`exists (select from ${screenRooms} where ${screenRooms.organisationId} = ${organisationId} and ${screenRooms.roomId} = ${roomId})`,
    })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
  return { bookedEvents: Boolean(row?.bookedEvents), changeRoomEvents: Boolean(row?.changeRoomEvents), screens: Boolean(row?.screens) }
}

export type UpcomingEvent = Awaited<ReturnType<typeof upcomingEvents>>[number]

// No event lasts more than a day (schedules_at_most_a_day), so one still running at `now` started
// at most that long before it: a lower bound that keeps the scan on the start_time index.
const MAX_EVENT_MS = LIMITS.event.maxDurationMinutes * 60_000

/**
 * One page of the events of a facility's spaces (or of one space) that end at or after `now`,
 * by start then id, each with its space's hours; `after` is the last row of the page before.
 */
export function upcomingEvents(
  db: Executor,
  organisationId: string,
  scope: { facilityId: string } | { roomId: string },
  now: Date,
  after: { startTime: Date; id: string } | null,
  limit: number,
) {
  return db
    .select({
      id: schedules.id,
      title: schedules.title,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      roomId: rooms.id,
      roomName: rooms.name,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
    })
    .from(schedules)
    .innerJoin(rooms, and(eq(rooms.organisationId, schedules.organisationId), eq(rooms.id, schedules.roomId)))
    .where(
      and(
        eq(schedules.organisationId, organisationId),
        'facilityId' in scope ? eq(rooms.facilityId, scope.facilityId) : eq(rooms.id, scope.roomId),
        gte(schedules.startTime, new Date(now.getTime() - MAX_EVENT_MS)),
        gte(schedules.endTime, now),
        after
          ? or(gt(schedules.startTime, after.startTime), and(eq(schedules.startTime, after.startTime), gt(schedules.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(schedules.startTime), asc(schedules.id))
    .limit(limit)
}

/**
 * The change room clashes of the facility that migration 0015 kept (ADR 0025): each event whose
 * change room was already taken by an overlapping event when the rule came, with that event,
 * while the two still overlap. Earliest first, at most `limit`.
 */
export async function listChangeRoomClashes(db: Executor, organisationId: string, facilityId: string, limit: number) {
  const result = await db.execute(sql`
    select change_room.id as change_room_id, change_room.name as change_room_name,
      kept_event.id as event_id, kept_event.title as event_title, kept_event.start_time as event_start, kept_event.end_time as event_end,
      other_event.id as other_id, other_event.title as other_title, other_event.start_time as other_start, other_event.end_time as other_end
    from ${changeRoomHolds} as kept
    inner join ${rooms} as change_room on change_room.organisation_id = kept.organisation_id and change_room.id = kept.change_room_id
    inner join ${changeRoomHolds} as other on other.organisation_id = kept.organisation_id and other.change_room_id = kept.change_room_id
      and other.schedule_id <> kept.schedule_id and other.during && kept.during
    inner join ${schedules} as kept_event on kept_event.organisation_id = kept.organisation_id and kept_event.id = kept.schedule_id
    inner join ${schedules} as other_event on other_event.organisation_id = other.organisation_id and other_event.id = other.schedule_id
    where kept.organisation_id = ${organisationId} and kept.is_legacy and change_room.facility_id = ${facilityId}
    order by kept_event.start_time, change_room.name, other_event.start_time
    limit ${limit}`)
  type Row = Record<'change_room_id' | 'change_room_name' | 'event_id' | 'event_title' | 'other_id' | 'other_title', string> &
    Record<'event_start' | 'event_end' | 'other_start' | 'other_end', Date | string>
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    changeRoomId: row.change_room_id,
    changeRoomName: row.change_room_name,
    event: { id: row.event_id, title: row.event_title, startTime: new Date(row.event_start), endTime: new Date(row.event_end) },
    clashesWith: { id: row.other_id, title: row.other_title, startTime: new Date(row.other_start), endTime: new Date(row.other_end) },
  }))
}
