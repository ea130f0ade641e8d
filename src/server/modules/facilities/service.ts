import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import type { Db } from '../../db/client'
import { findPostgresError, notFound, SQLSTATE } from '../../errors'
import * as repository from './repository'

export function listFacilities(db: Db, userId: string) {
  return repository.listFacilities(db, userId)
}

export function countFacilities(db: Db, userId: string) {
  return repository.countFacilities(db, userId)
}

export function createFacility(db: Db, userId: string, input: FacilityInput) {
  return repository.insertFacility(db, userId, input)
}

export async function getFacility(db: Db, userId: string, facilityId: string) {
  const { userId: _owner, ...facility } = await requireOwnedFacility(db, userId, facilityId)
  return facility
}

// The foreign keys take the rooms, their events and the events' usage rows (and so their hours
// leave the contracts) with the facility, all inside this one statement.
export async function deleteFacility(db: Db, userId: string, facilityId: string) {
  if (!(await repository.deleteOwnedFacility(db, userId, facilityId))) throw notFound('Facility')
}

export async function listRooms(db: Db, userId: string, facilityId: string) {
  await requireOwnedFacility(db, userId, facilityId)
  return repository.listRooms(db, facilityId)
}

export async function listChangeRooms(db: Db, userId: string, facilityId: string) {
  await requireOwnedFacility(db, userId, facilityId)
  return repository.listChangeRooms(db, facilityId)
}

export async function createRoom(db: Db, userId: string, facilityId: string, input: RoomInput) {
  await requireOwnedFacility(db, userId, facilityId)
  try {
    return await repository.insertRoom(db, facilityId, input)
  } catch (error) {
    // The facility was deleted between the check and the insert.
    if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) throw notFound('Facility')
    throw error
  }
}

export async function getRoom(db: Db, userId: string, roomId: string) {
  const found = await repository.findRoom(db, userId, roomId)
  if (!found) throw notFound('Room')
  return found
}

export async function deleteRoom(db: Db, userId: string, roomId: string) {
  if (!(await repository.deleteOwnedRoom(db, userId, roomId))) throw notFound('Room')
}

export async function listFacilityEvents(
  db: Db,
  userId: string,
  facilityId: string,
  range: { from: Date; to: Date; roomId: string | null },
) {
  await requireOwnedFacility(db, userId, facilityId)
  if (range.roomId) {
    const found = await repository.findOwnedRoom(db, userId, range.roomId)
    if (found?.room.facilityId !== facilityId) throw notFound('Room')
  }
  return repository.listEventsInRange(db, { facilityId, ...range })
}

async function requireOwnedFacility(db: Db, userId: string, facilityId: string) {
  const facility = await repository.findOwnedFacility(db, userId, facilityId)
  if (!facility) throw notFound('Facility')
  return facility
}
