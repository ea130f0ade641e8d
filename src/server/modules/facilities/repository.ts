import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import type { Executor } from '../../db/client'
import { facilities, rooms } from '../../db/schema'
import { wallClock } from '../../db/wall-clock'

// Every query names the organisation, in the same statement that loads the row: another
// organisation's id and a missing id both come back as null (and so as a 404). A room carries its
// facility's organisation (the composite foreign key keeps the two equal), so rooms are filtered
// on their own organisation_id, which also leads their indexes.

export async function findOwnedFacility(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .select()
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
    .values({ organisationId, ...input })
    .returning(facilityColumns)
  return row!
}

/** One statement: the foreign keys cascade to the rooms, their events and the events' usage rows. */
export async function deleteOwnedFacility(db: Executor, organisationId: string, facilityId: string): Promise<boolean> {
  const deleted = await db
    .delete(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
    .returning({ id: facilities.id })
  return deleted.length > 0
}

export function listRooms(db: Executor, organisationId: string, facilityId: string) {
  return db
    .select(roomColumns)
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId)))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
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

/** The whole batch in one statement: every row or none. */
export function insertRooms(db: Executor, organisationId: string, facilityId: string, inputs: RoomInput[]) {
  return db
    .insert(rooms)
    .values(inputs.map((input) => ({ organisationId, facilityId, ...input })))
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

/** One statement, checking the organisation in it: the foreign keys cascade to the room's events. */
export async function deleteOwnedRoom(db: Executor, organisationId: string, roomId: string): Promise<boolean> {
  const deleted = await db
    .delete(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
    .returning({ id: rooms.id })
  return deleted.length > 0
}
