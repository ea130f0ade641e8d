import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import type { Db, Executor } from '../../db/client'
import { findPostgresError, notFound, SQLSTATE } from '../../errors'
import * as repository from './repository'

export function listFacilities(db: Db, userId: string) {
  return repository.listFacilities(db, userId)
}

export function countFacilities(db: Db, userId: string) {
  return repository.countFacilities(db, userId)
}

// An Executor, so that the setup wizard creates the facility inside its step's transaction.
export function createFacility(db: Executor, userId: string, input: FacilityInput) {
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

/**
 * The whole batch in one statement, every room or none, for the setup wizard inside its step's
 * transaction: the facility is the one its run created for the operator.
 */
export function createRooms(tx: Executor, facilityId: string, inputs: RoomInput[]) {
  return repository.insertRooms(tx, facilityId, inputs)
}

export async function getRoom(db: Db, userId: string, roomId: string) {
  const found = await repository.findRoom(db, userId, roomId)
  if (!found) throw notFound('Room')
  return found
}

export async function deleteRoom(db: Db, userId: string, roomId: string) {
  if (!(await repository.deleteOwnedRoom(db, userId, roomId))) throw notFound('Room')
}

async function requireOwnedFacility(db: Db, userId: string, facilityId: string) {
  const facility = await repository.findOwnedFacility(db, userId, facilityId)
  if (!facility) throw notFound('Facility')
  return facility
}
