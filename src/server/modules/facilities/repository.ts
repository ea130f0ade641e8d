import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import type { Executor } from '../../db/client'
import { facilities, rooms } from '../../db/schema'
import { wallClock } from '../../db/wall-clock'

// Ownership is always checked through the facility's owner, in the same query that loads the
// row: another operator's id and a missing id both come back as null (and so as a 404).

export async function findOwnedFacility(db: Executor, userId: string, facilityId: string) {
  const [row] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.userId, userId)))
  return row ?? null
}

export async function findOwnedRoom(db: Executor, userId: string, roomId: string) {
  const [row] = await db
    .select({ room: rooms, facility: facilities })
    .from(rooms)
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
    .where(and(eq(rooms.id, roomId), eq(facilities.userId, userId)))
  return row ?? null
}

const facilityColumns = {
  id: facilities.id,
  name: facilities.name,
  address: facilities.address,
  description: facilities.description,
  timeZone: facilities.timeZone,
  createdAt: facilities.createdAt,
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
  createdAt: rooms.createdAt,
}

export function listFacilities(db: Executor, userId: string) {
  // id breaks ties between facilities created in the same millisecond, so the order is stable.
  return db
    .select(facilityColumns)
    .from(facilities)
    .where(eq(facilities.userId, userId))
    .orderBy(desc(facilities.createdAt), desc(facilities.id))
}

export async function countFacilities(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(facilities).where(eq(facilities.userId, userId))
  return row?.total ?? 0
}

export async function insertFacility(db: Executor, userId: string, input: FacilityInput) {
  const [row] = await db
    .insert(facilities)
    .values({ userId, ...input })
    .returning(facilityColumns)
  return row!
}

/** One statement: the foreign keys cascade to the rooms, their events and the events' usage rows. */
export async function deleteOwnedFacility(db: Executor, userId: string, facilityId: string): Promise<boolean> {
  const deleted = await db
    .delete(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.userId, userId)))
    .returning({ id: facilities.id })
  return deleted.length > 0
}

export function listRooms(db: Executor, facilityId: string) {
  return db
    .select(roomColumns)
    .from(rooms)
    .where(eq(rooms.facilityId, facilityId))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

export function listChangeRooms(db: Executor, facilityId: string) {
  return db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.facilityId, facilityId), eq(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

export async function insertRoom(db: Executor, facilityId: string, input: RoomInput) {
  const [row] = await db
    .insert(rooms)
    .values({ facilityId, ...input })
    .returning(roomColumns)
  return row!
}

/** The whole batch in one statement: every row or none. */
export function insertRooms(db: Executor, facilityId: string, inputs: RoomInput[]) {
  return db
    .insert(rooms)
    .values(inputs.map((input) => ({ facilityId, ...input })))
    .returning(roomColumns)
}

export async function findRoom(db: Executor, userId: string, roomId: string) {
  const [row] = await db
    .select({
      room: roomColumns,
      facility: { id: facilities.id, name: facilities.name, timeZone: facilities.timeZone },
    })
    .from(rooms)
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
    .where(and(eq(rooms.id, roomId), eq(facilities.userId, userId)))
  return row ?? null
}

/** One statement, checking ownership in it: the foreign keys cascade to the room's events. */
export async function deleteOwnedRoom(db: Executor, userId: string, roomId: string): Promise<boolean> {
  const ownedFacilities = db.select({ id: facilities.id }).from(facilities).where(eq(facilities.userId, userId))
  const deleted = await db
    .delete(rooms)
    .where(and(eq(rooms.id, roomId), inArray(rooms.facilityId, ownedFacilities)))
    .returning({ id: rooms.id })
  return deleted.length > 0
}
