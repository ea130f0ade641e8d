import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import type { Db, Executor } from '../../db/client'
import { findPostgresError, notFound, SQLSTATE } from '../../errors'
import * as repository from './repository'

export function listFacilities(db: Db, organisationId: string) {
  return repository.listFacilities(db, organisationId)
}

export function countFacilities(db: Db, organisationId: string) {
  return repository.countFacilities(db, organisationId)
}

// An Executor, so that the setup wizard creates the facility inside its step's transaction.
export function createFacility(db: Executor, organisationId: string, input: FacilityInput) {
  return repository.insertFacility(db, organisationId, input)
}

export async function getFacility(db: Db, organisationId: string, facilityId: string) {
  const { organisationId: _owner, ...facility } = await requireOwnedFacility(db, organisationId, facilityId)
  return facility
}

// The foreign keys take the rooms, their events and the events' usage rows (and so their hours
// leave the contracts) with the facility, all inside this one statement.
export async function deleteFacility(db: Db, organisationId: string, facilityId: string) {
  if (!(await repository.deleteOwnedFacility(db, organisationId, facilityId))) throw notFound('Facility')
}

export async function listRooms(db: Db, organisationId: string, facilityId: string) {
  await requireOwnedFacility(db, organisationId, facilityId)
  return repository.listRooms(db, organisationId, facilityId)
}

export async function listChangeRooms(db: Db, organisationId: string, facilityId: string) {
  await requireOwnedFacility(db, organisationId, facilityId)
  return repository.listChangeRooms(db, organisationId, facilityId)
}

export async function createRoom(db: Db, organisationId: string, facilityId: string, input: RoomInput) {
  await requireOwnedFacility(db, organisationId, facilityId)
  try {
    return await repository.insertRoom(db, organisationId, facilityId, input)
  } catch (error) {
    // The facility was deleted between the check and the insert.
    if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) throw notFound('Facility')
    throw error
  }
}

/**
 * The whole batch in one statement, every room or none, for the setup wizard inside its step's
 * transaction: the facility is the one its run created for the organisation (and the composite
 * foreign key refuses a facility of another organisation).
 */
export function createRooms(tx: Executor, organisationId: string, facilityId: string, inputs: RoomInput[]) {
  return repository.insertRooms(tx, organisationId, facilityId, inputs)
}

export async function getRoom(db: Db, organisationId: string, roomId: string) {
  const found = await repository.findRoom(db, organisationId, roomId)
  if (!found) throw notFound('Room')
  return found
}

export async function deleteRoom(db: Db, organisationId: string, roomId: string) {
  if (!(await repository.deleteOwnedRoom(db, organisationId, roomId))) throw notFound('Room')
}

async function requireOwnedFacility(db: Db, organisationId: string, facilityId: string) {
  const facility = await repository.findOwnedFacility(db, organisationId, facilityId)
  if (!facility) throw notFound('Facility')
  return facility
}
