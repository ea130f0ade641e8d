import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomInput } from '@shared/rooms/schema'
import { isWithinOperatingHours } from '@shared/scheduling/operating-hours'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { changedFields, createdChanges, deletedChanges, recordActivity, type Actor, type ActivityRecord } from '../activity/service'
import * as repository from './repository'

type Facility = Awaited<ReturnType<typeof repository.insertFacility>>
type Room = Awaited<ReturnType<typeof repository.insertRoom>>
type FacilityRef = { id: string; name: string; timeZone: string }

// The trail's record of a facility or a space: what a reader needs to know which one it was.
function facilityValues(facility: Facility) {
  return { name: facility.name, address: facility.address, description: facility.description, timeZone: facility.timeZone }
}

function facilityRecord(action: 'created' | 'deleted', facility: Facility): ActivityRecord {
  const values = facilityValues(facility)
  return {
    action,
    entity: 'facility',
    entityId: facility.id,
    label: facility.name,
    facility: { id: facility.id, timeZone: facility.timeZone },
    changes: action === 'created' ? createdChanges(values) : deletedChanges(values),
  }
}

function spaceValues(room: Room) {
  return {
    name: room.name,
    type: room.type,
    capacity: room.capacity,
    description: room.description,
    operatingStartTime: room.operatingStartTime,
    operatingEndTime: room.operatingEndTime,
    bookingInterval: room.bookingInterval,
  }
}

function spaceRecord(action: 'created' | 'deleted', room: Room, facility: FacilityRef): ActivityRecord {
  const values = { ...spaceValues(room), facility: facility.name }
  return {
    action,
    entity: 'space',
    entityId: room.id,
    label: room.name,
    facility: { id: facility.id, timeZone: facility.timeZone },
    changes: action === 'created' ? createdChanges(values) : deletedChanges(values),
  }
}

export function listFacilities(db: Db, organisationId: string) {
  return repository.listFacilities(db, organisationId)
}

export function countFacilities(db: Db, organisationId: string) {
  return repository.countFacilities(db, organisationId)
}

// An Executor, so that the setup wizard creates the facility inside its step's transaction (this
// one is then a savepoint within it).
export function createFacility(db: Executor, organisationId: string, actor: Actor, input: FacilityInput) {
  return db.transaction(async (tx) => {
    const facility = await repository.insertFacility(tx, organisationId, input)
    await recordActivity(tx, organisationId, actor, facilityRecord('created', facility))
    return facility
  })
}

export async function getFacility(db: Db, organisationId: string, facilityId: string) {
  const { organisationId: _owner, ...facility } = await requireOwnedFacility(db, organisationId, facilityId)
  return facility
}

// The foreign keys take the rooms, their events and the events' usage rows (and so their hours
// leave the contracts) with the facility, all inside this one statement.
// The trail records the facility only: what went with it is gone with it.
export async function deleteFacility(db: Db, organisationId: string, actor: Actor, facilityId: string) {
  await db.transaction(async (tx) => {
    const facility = await repository.deleteOwnedFacility(tx, organisationId, facilityId)
    if (!facility) throw notFound('Facility')
    await recordActivity(tx, organisationId, actor, facilityRecord('deleted', facility))
  })
}

/**
 * Edits a facility in one transaction, its row held from the read to the write. A new time zone
 * keeps every event at its instant (the facilities_redate_events trigger redates them), so the
 * answer lists the upcoming ones that the facility's clock now shows outside their space's hours.
 */
export async function updateFacility(db: Db, organisationId: string, actor: Actor, facilityId: string, input: FacilityInput) {
  return db.transaction(async (tx) => {
    const before = await repository.lockOwnedFacility(tx, organisationId, facilityId)
    if (!before) throw notFound('Facility')
    const facility = await repository.updateOwnedFacility(tx, organisationId, facilityId, input)
    if (!facility) throw notFound('Facility')
    const changes = changedFields(facilityValues(before), facilityValues(facility))
    // Saving the form unchanged writes nothing worth reading.
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, organisationId, actor, {
        action: 'updated',
        entity: 'facility',
        entityId: facility.id,
        label: facility.name,
        facility: { id: facility.id, timeZone: facility.timeZone },
        changes,
      })
    }
    const eventsOutsideHours = await findEventsOutsideHours(tx, organisationId, { facilityId }, facility.timeZone)
    return { facility, eventsOutsideHours }
  })
}

/**
 * Edits a space in one transaction, its row held from the read to the write. New hours or a new
 * interval move no event: the answer lists the upcoming ones now outside them. A type change to
 * or from a change room is refused when existing data depends on the type it has.
 */
export async function updateRoom(db: Db, organisationId: string, actor: Actor, roomId: string, input: RoomInput) {
  return db.transaction(async (tx) => {
    const found = await repository.lockOwnedRoom(tx, organisationId, roomId)
    if (!found) throw notFound('Room')
    const { room: before, facility } = found
    await requireTypeChangeAllowed(tx, organisationId, before, input.type)
    const room = await repository.updateOwnedRoom(tx, organisationId, roomId, input)
    if (!room) throw notFound('Room')
    const changes = changedFields(spaceValues(before), spaceValues(room))
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, organisationId, actor, {
        action: 'updated',
        entity: 'space',
        entityId: room.id,
        label: room.name,
        facility: { id: facility.id, timeZone: facility.timeZone },
        changes,
      })
    }
    const eventsOutsideHours = await findEventsOutsideHours(tx, organisationId, { roomId }, facility.timeZone)
    return { room, eventsOutsideHours }
  })
}

export const ROOM_TYPE_MESSAGES = {
  hasEvents: 'This space has events booked, so it cannot become a change room',
  onScreen: 'This space is shown on a display screen, so it cannot become a change room',
  assignedAsChangeRoom: 'This change room is assigned to events, so it cannot become a bookable space',
} as const

// A change room is never booked nor shown on a board, and only a change room is named as an
// event's change room: a type change that would leave data contradicting that is refused.
async function requireTypeChangeAllowed(tx: Executor, organisationId: string, before: Room, type: RoomInput['type']) {
  const becomesChangeRoom = type === 'change_room' && before.type !== 'change_room'
  const leavesChangeRooms = before.type === 'change_room' && type !== 'change_room'
  if (!becomesChangeRoom && !leavesChangeRooms) return
  const dependents = await repository.roomDependents(tx, organisationId, before.id)
  const message = becomesChangeRoom
    ? dependents.bookedEvents
      ? ROOM_TYPE_MESSAGES.hasEvents
      : dependents.screens
        ? ROOM_TYPE_MESSAGES.onScreen
        : null
    : dependents.changeRoomEvents
      ? ROOM_TYPE_MESSAGES.assignedAsChangeRoom
      : null
  if (message) throw new AppError('VALIDATION', message, { type: message })
}

export const EVENTS_OUTSIDE_HOURS_LIMIT = 100
const UPCOMING_PAGE_SIZE = 500

/**
 * The upcoming events (end at or after now) that do not fit their space's hours and interval on
 * the facility's clock, earliest first, at most EVENTS_OUTSIDE_HOURS_LIMIT. Read page by page so a
 * long schedule is never loaded at once; most events fit, so it usually reads to the end.
 */
async function findEventsOutsideHours(
  tx: Executor,
  organisationId: string,
  scope: { facilityId: string } | { roomId: string },
  timeZone: string,
) {
  const now = new Date()
  const outside: Array<{ id: string; title: string; startTime: Date; endTime: Date; roomId: string; roomName: string }> = []
  let after: { startTime: Date; id: string } | null = null
  for (;;) {
    const page = await repository.upcomingEvents(tx, organisationId, scope, now, after, UPCOMING_PAGE_SIZE)
    for (const { operatingStartTime, operatingEndTime, bookingInterval, ...event } of page) {
      const hours = { operatingStartTime, operatingEndTime, bookingInterval }
      if (isWithinOperatingHours({ start: event.startTime, end: event.endTime }, hours, timeZone)) continue
      outside.push(event)
      if (outside.length === EVENTS_OUTSIDE_HOURS_LIMIT) return outside
    }
    const last = page.at(-1)
    if (!last || page.length < UPCOMING_PAGE_SIZE) return outside
    after = { startTime: last.startTime, id: last.id }
  }
}

export async function listRooms(db: Db, organisationId: string, facilityId: string) {
  await requireOwnedFacility(db, organisationId, facilityId)
  return repository.listRooms(db, organisationId, facilityId)
}

export async function listChangeRooms(db: Db, organisationId: string, facilityId: string) {
  await requireOwnedFacility(db, organisationId, facilityId)
  return repository.listChangeRooms(db, organisationId, facilityId)
}

export async function createRoom(db: Db, organisationId: string, actor: Actor, facilityId: string, input: RoomInput) {
  try {
    return await db.transaction(async (tx) => {
      const facility = await requireOwnedFacility(tx, organisationId, facilityId)
      const room = await repository.insertRoom(tx, organisationId, facilityId, input)
      await recordActivity(tx, organisationId, actor, spaceRecord('created', room, facility))
      return room
    })
  } catch (error) {
    // The facility was deleted between the check and the insert.
    if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) throw notFound('Facility')
    throw error
  }
}

/**
 * The whole batch in one statement, every room or none, for the setup wizard inside its step's
 * transaction (which holds their trail entries too): the facility is the one its run created for
 * the organisation (and the composite foreign key refuses a facility of another organisation).
 */
export async function createRooms(tx: Executor, organisationId: string, actor: Actor, facility: FacilityRef, inputs: RoomInput[]) {
  const created = await repository.insertRooms(tx, organisationId, facility.id, inputs)
  await recordActivity(
    tx,
    organisationId,
    actor,
    created.map((room) => spaceRecord('created', room, facility)),
  )
  return created
}

export async function getRoom(db: Db, organisationId: string, roomId: string) {
  const found = await repository.findRoom(db, organisationId, roomId)
  if (!found) throw notFound('Room')
  return found
}

export async function deleteRoom(db: Db, organisationId: string, actor: Actor, roomId: string) {
  await db.transaction(async (tx) => {
    const room = await repository.deleteOwnedRoom(tx, organisationId, roomId)
    if (!room) throw notFound('Room')
    // Still there: deleting the facility would have had to take this room first.
    const facility = await requireOwnedFacility(tx, organisationId, room.facilityId)
    await recordActivity(tx, organisationId, actor, spaceRecord('deleted', room, facility))
  })
}

async function requireOwnedFacility(db: Executor, organisationId: string, facilityId: string) {
  const facility = await repository.findOwnedFacility(db, organisationId, facilityId)
  if (!facility) throw notFound('Facility')
  return facility
}
