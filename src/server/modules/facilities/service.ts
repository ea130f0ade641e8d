import type { FacilityInput } from '@shared/facilities/schema'
import type { RoomDeleteQuery, RoomInput } from '@shared/rooms/schema'
import { levelOf, PART_OF_MESSAGES, partOfProblem, partsOf, type TreeSpace } from '@shared/scheduling/space-tree'
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
  return {
    name: facility.name,
    address: facility.address,
    description: facility.description,
    timeZone: facility.timeZone,
    changeRoomMinutes: facility.changeRoomMinutes,
    primeTime: describePrimeTime(facility.primeTime),
    holdRequestsHours: facility.holdRequestsHours,
    releaseUntilHours: facility.releaseUntilHours,
  }
}

// One line in the trail: 'Weekdays 16:00–22:00, weekends 07:00–22:00'.
function describePrimeTime({ weekdayStart, weekdayEnd, weekendStart, weekendEnd }: Facility['primeTime']) {
  return `Weekdays ${weekdayStart}–${weekdayEnd}, weekends ${weekendStart}–${weekendEnd}`
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

// partOf: the whole's name, which the trail shows where the row has only its id.
function spaceValues(room: Room, partOf: string | null = null) {
  return {
    name: room.name,
    type: room.type,
    capacity: room.capacity,
    description: room.description,
    operatingStartTime: room.operatingStartTime,
    operatingEndTime: room.operatingEndTime,
    bookingInterval: room.bookingInterval,
    changeoverMinutes: room.changeoverMinutes,
    acceptsRequests: room.acceptsRequests,
    partOf,
  }
}

function spaceRecord(action: 'created' | 'deleted', room: Room, facility: FacilityRef, partOf: string | null = null): ActivityRecord {
  const values = { ...spaceValues(room, partOf), facility: facility.name }
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

export function getFacility(db: Db, organisationId: string, facilityId: string) {
  return requireOwnedFacility(db, organisationId, facilityId)
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
    await recordUpdate(tx, organisationId, actor, { entity: 'facility', entityId: facility.id, label: facility.name, facility }, changes)
    const eventsOutsideHours = await findEventsOutsideHours(tx, organisationId, { facilityId }, facility.timeZone)
    return { facility, eventsOutsideHours }
  })
}

/**
 * Edits a space in one transaction, its facility's tree and its row held from the read to the
 * write. New hours or a new interval move no event: the answer lists the upcoming ones now
 * outside them. A type change to or from a change room is refused when existing data depends on
 * the type it has. A new changeover applies to bookings made from then on (ADR 0024). A new
 * whole is refused when the space's bookings and the whole's overlap: the database refuses it
 * (space_occupancy_no_overlap), and this names the whole.
 */
export async function updateRoom(db: Db, organisationId: string, actor: Actor, roomId: string, input: RoomInput) {
  const found = await repository.findOwnedRoom(db, organisationId, roomId)
  if (!found) throw notFound('Space')
  try {
    return await db.transaction(async (tx) => {
      if (!(await repository.lockFacilityTree(tx, organisationId, found.facility.id))) throw notFound('Space')
      // The tree holds still now (its facility's row is ours): check the new whole, then take
      // the old and new wholes' rows top down before the space's own.
      const tree = await repository.listTree(tx, organisationId, found.facility.id)
      requireValidWhole(tree, { spaceId: roomId, type: input.type, parentId: input.parentId })
      const current = tree.find((space) => space.id === roomId)
      if (current && current.parentId !== input.parentId) {
        await repository.lockSpaces(tx, organisationId, wholesTopDown(tree, [current.parentId, input.parentId]))
      }
      const locked = await repository.lockOwnedRoom(tx, organisationId, roomId)
      if (!locked) throw notFound('Space')
      const { room: before, facility } = locked
      await requireTypeChangeAllowed(tx, organisationId, before, input.type)
      // A space that becomes a change room stops accepting requests: nobody books a change room.
      const row = input.type === 'change_room' ? { ...input, acceptsRequests: false } : input
      const room = await repository.updateOwnedRoom(tx, organisationId, roomId, row)
      if (!room) throw notFound('Space')
      const nameOf = (id: string | null) => tree.find((space) => space.id === id)?.name ?? null
      const changes = changedFields(spaceValues(before, nameOf(before.parentId)), spaceValues(room, nameOf(room.parentId)))
      await recordUpdate(tx, organisationId, actor, { entity: 'space', entityId: room.id, label: room.name, facility }, changes)
      const eventsOutsideHours = await findEventsOutsideHours(tx, organisationId, { roomId }, facility.timeZone)
      return { room, eventsOutsideHours }
    })
  } catch (error) {
    throw explainTreeRefusal(error, input.parentId)
  }
}

export const PART_OF_CLASH_MESSAGE = 'This space has bookings at the same time as the space it would be part of. Move or delete them first.'

// The tree's rules are the database's too (rooms_tree, rooms_parent_fk): a change that raced past
// the service's check is still refused, in the same words.
function explainTreeRefusal(error: unknown, parentId: string | null): unknown {
  const postgres = findPostgresError(error)
  if (postgres?.code === SQLSTATE.exclusionViolation)
    return new AppError('CONFLICT', PART_OF_CLASH_MESSAGE, { parentId: PART_OF_CLASH_MESSAGE })
  const isTreeRule =
    (postgres?.code === SQLSTATE.checkViolation && postgres.constraint === 'rooms_tree') ||
    (postgres?.code === SQLSTATE.foreignKeyViolation && postgres.constraint === 'rooms_parent_fk')
  if (isTreeRule && parentId !== null)
    return new AppError('VALIDATION', PART_OF_MESSAGES.notInFacility, { parentId: PART_OF_MESSAGES.notInFacility })
  return error
}

/** The spaces `from` and every whole above them, each once, from the top of the tree down. */
function wholesTopDown(tree: TreeSpace[], from: (string | null)[]): string[] {
  const byId = new Map(tree.map((space) => [space.id, space]))
  const found = new Set<string>()
  for (let id of from) {
    while (id !== null && byId.has(id) && !found.has(id)) {
      found.add(id)
      id = byId.get(id)!.parentId
    }
  }
  return [...found].sort((a, b) => levelOf(tree, a) - levelOf(tree, b) || a.localeCompare(b))
}

function requireValidWhole(tree: TreeSpace[], request: { spaceId: string | null; type: string; parentId: string | null }) {
  const problem = partOfProblem(tree, request)
  if (!problem) return
  // A space with parts cannot become a change room: that is the type's refusal, not the whole's.
  const field = request.type === 'change_room' && request.parentId === null ? 'type' : 'parentId'
  throw new AppError('VALIDATION', problem, { [field]: problem })
}

// Saving a form unchanged writes nothing worth reading.
async function recordUpdate(
  tx: Executor,
  organisationId: string,
  actor: Actor,
  { facility, ...entry }: Pick<ActivityRecord, 'entity' | 'entityId' | 'label'> & { facility: FacilityRef },
  changes: NonNullable<ActivityRecord['changes']>,
) {
  if (Object.keys(changes).length === 0) return
  await recordActivity(tx, organisationId, actor, {
    action: 'updated',
    ...entry,
    facility: { id: facility.id, timeZone: facility.timeZone },
    changes,
  })
}

export const ROOM_TYPE_MESSAGES = {
  hasEvents: 'This space has events booked, so it cannot become a change room',
  onScreen: 'This space is shown on a lobby screen, so it cannot become a change room',
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
      const facility = await repository.lockFacilityTree(tx, organisationId, facilityId)
      if (!facility) throw notFound('Facility')
      const tree = input.parentId === null ? [] : await repository.listTree(tx, organisationId, facilityId)
      requireValidWhole(tree, { spaceId: null, type: input.type, parentId: input.parentId })
      const room = await repository.insertRoom(tx, organisationId, facilityId, input)
      const partOf = tree.find((space) => space.id === input.parentId)?.name ?? null
      await recordActivity(tx, organisationId, actor, spaceRecord('created', room, facility, partOf))
      return room
    })
  } catch (error) {
    const explained = explainTreeRefusal(error, input.parentId)
    // The facility was deleted between the check and the insert.
    if (explained === error && findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) throw notFound('Facility')
    throw explained
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
  if (!found) throw notFound('Space')
  return found
}

/**
 * Deletes a space with its events. A whole's parts are kept, as parts of its own whole (or
 * standalone), with their events, unless `parts` is 'delete': then they go with it, events and
 * all. One transaction, the facility's tree held throughout (docs/product.md#linked-spaces).
 */
export async function deleteRoom(
  db: Db,
  organisationId: string,
  actor: Actor,
  roomId: string,
  { parts }: RoomDeleteQuery = { parts: 'keep' },
) {
  const found = await repository.findOwnedRoom(db, organisationId, roomId)
  if (!found) throw notFound('Space')
  await db.transaction(async (tx) => {
    const facility = await repository.lockFacilityTree(tx, organisationId, found.facility.id)
    const tree = await repository.listTree(tx, organisationId, found.facility.id)
    const room = tree.find((space) => space.id === roomId)
    if (!facility || !room) throw notFound('Space')
    const doomed = parts === 'delete' ? [roomId, ...partsOf(tree, roomId)] : [roomId]
    if (parts === 'keep') {
      // Its parts move up: the wholes whose bookings let go of them and take them again first.
      await repository.lockSpaces(tx, organisationId, wholesTopDown(tree, [roomId]))
      await repository.reparentParts(tx, organisationId, roomId, room.parentId)
    }
    const deleted = await repository.deleteOwnedRooms(tx, organisationId, doomed)
    if (!deleted.some((space) => space.id === roomId)) throw notFound('Space')
    const nameOf = (id: string | null) => tree.find((space) => space.id === id)?.name ?? null
    await recordActivity(
      tx,
      organisationId,
      actor,
      deleted.map((space) => spaceRecord('deleted', space, facility, nameOf(space.parentId))),
    )
  })
}

export const CHANGE_ROOM_CLASHES_LIMIT = 100

/** 'Change room clashes': assignments that clashed before the rule and still do, for the operator to resolve. */
export async function listChangeRoomClashes(db: Db, organisationId: string, facilityId: string) {
  await requireOwnedFacility(db, organisationId, facilityId)
  return repository.listChangeRoomClashes(db, organisationId, facilityId, CHANGE_ROOM_CLASHES_LIMIT)
}

async function requireOwnedFacility(db: Executor, organisationId: string, facilityId: string) {
  const facility = await repository.findOwnedFacility(db, organisationId, facilityId)
  if (!facility) throw notFound('Facility')
  return facility
}
