import { randomUUID } from 'node:crypto'
import type { CreateEventInput, UpdateEventInput } from '@shared/events/schema'
import { LIMITS } from '@shared/limits'
import { findOverlapping } from '@shared/scheduling/overlap'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { lockOwnedClient } from '../clients/repository'
import { chargeEventsToActiveContract, rechargeEvents, usageOfEvents } from '../contracts/service'
import { formatConflictMessage, type Conflict } from './conflict-message'
import { findOverlapWithin, planNewEvents, splitIntoParts, type PlannedEvent } from './plan-events'
import * as repository from './repository'

// What create and edit share beyond the times and the title.
type EventDetails = Pick<
  UpdateEventInput,
  'clientId' | 'description' | 'color' | 'eventType' | 'team1Name' | 'team2Name' | 'changeRoom1Id' | 'changeRoom2Id'
>

function detailsOf(input: EventDetails): EventDetails {
  const { clientId, description, color, eventType, team1Name, team2Name, changeRoom1Id, changeRoom2Id } = input
  return { clientId, description, color, eventType, team1Name, team2Name, changeRoom1Id, changeRoom2Id }
}

const CHANGE_ROOM_MESSAGE = 'Please select a change room of this facility'

/**
 * Books one event or a series (spec §4, §5, §7), all or nothing: every occurrence is split at
 * the facility's midnight, then the rows and the client's contract charge land in one
 * statement, which the exclusion constraint holds to no conflicts.
 *
 * A room booked lately is planned in the zone it had then, without asking the database first;
 * the statement books only if that still holds, and otherwise the booking is planned again
 * from the room as it is now (issue 5's budget: one round trip fewer).
 */
export async function createEvents(db: Db, userId: string, input: CreateEventInput) {
  const details = detailsOf(input)
  const knownZone = repository.knownRoomZone(db, userId, input.roomId)
  if (knownZone !== null) {
    const booked = await bookInZone(db, userId, input, details, { timeZone: knownZone, isRemembered: true })
    if (booked) return booked
  }
  const found = await repository.findRoomForBooking(db, userId, input.roomId, chosenChangeRooms(details))
  repository.rememberRoomZone(db, userId, input.roomId, found?.timeZone ?? null)
  if (!found) throw notFound('Room')
  requireChangeRooms(details, found.changeRoomIds)
  const booked = await bookInZone(db, userId, input, details, { timeZone: found.timeZone, isRemembered: false })
  // The room changed zone, or went, between the two statements.
  if (!booked) throw notFound('Room')
  return booked
}

/**
 * Null when the room is not (or no longer) the operator's in that zone with those change rooms.
 * A remembered zone refuses nothing itself: a series too long or overlapping itself might only
 * be so in a zone the facility has left, so that answer comes from the room as it is now.
 */
async function bookInZone(db: Db, userId: string, input: CreateEventInput, details: EventDetails, { timeZone, isRemembered }: { timeZone: string; isRemembered: boolean }) {
  const plan = planNewEvents(input, timeZone)
  const selfOverlap = 'refusal' in plan ? null : findOverlapWithin(plan.events)
  if (isRemembered && ('refusal' in plan || selfOverlap)) return null
  if ('refusal' in plan) throw new AppError('VALIDATION', plan.refusal, { 'recurrence.endDate': plan.refusal })
  if (selfOverlap) throw conflictError([{ ...selfOverlap, id: 'new' }], timeZone)

  const { roomId } = input
  const events = plan.events.map((event) => ({ id: randomUUID(), title: event.title, startTime: event.start, endTime: event.end, eventGroupId: event.eventGroupId }))
  // One statement, not a transaction of several: no lock is held across a round trip (ADR 0005).
  const result = await insertOrExplainConflict(db, { roomId, planned: plan.events, excludeIds: [], timeZone }, () =>
    repository.insertChargedEvents(db, {
      userId,
      timeZone,
      shared: { roomId, ...details },
      events,
      charges: usageOfEvents(events, timeZone),
    }),
  )
  if (!result.roomOk) {
    repository.rememberRoomZone(db, userId, roomId, null)
    return null
  }
  if (!result.clientOk) throw notFound('Client')
  return { events: result.events, isSplit: plan.isSplit, isRecurring: input.recurrence !== null }
}

/**
 * Rewrites an event (spec §4, §5): the other events of its group go, and the result replaces
 * it, split again if it crosses the facility's midnight. The contract charge follows the new times.
 */
export async function updateEvent(db: Db, userId: string, eventId: string, input: UpdateEventInput) {
  const found = await repository.findOwnedEvent(db, userId, eventId)
  if (!found) throw notFound('Event')
  const { timeZone, facilityId } = found
  const { roomId, eventGroupId } = found.event
  // A part keeps ' (Part N)' only while it is still a part.
  const title = eventGroupId ? stripSplitSuffix(input.title) : input.title
  const planned = splitIntoParts({ title, start: input.startTime, end: input.endTime }, timeZone)
  const details = detailsOf(input)
  // The event and its group as they are now; a conflict found after a lost race is explained without them.
  const excludeIds = eventGroupId ? await repository.listGroupIds(db, eventGroupId) : [eventId]

  const events = await insertOrExplainConflict(db, { roomId, planned, excludeIds, timeZone }, () => db.transaction(async (tx) => {
    const current = await lockOwnedEvent(tx, userId, eventId)
    if (!(await lockOwnedClient(tx, userId, input.clientId))) throw notFound('Client')
    requireChangeRooms(details, await repository.listChangeRoomIds(tx, facilityId, chosenChangeRooms(details)))
    const groupIds = current.event.eventGroupId ? await repository.listGroupIds(tx, current.event.eventGroupId) : []
    await requireNoConflicts(tx, { roomId, planned, excludeIds: [eventId, ...groupIds], timeZone })
    if (current.event.eventGroupId) await repository.deleteGroupExcept(tx, current.event.eventGroupId, eventId)

    const charge = { userId, clientId: input.clientId, timeZone }
    if (planned.length === 1) {
      const updated = await repository.updateEvent(tx, eventId, toRow(roomId, details, planned[0]!))
      await rechargeEvents(tx, { ...charge, events: [updated] })
      return [updated]
    }
    await repository.deleteEvents(tx, [eventId])
    const inserted = await repository.insertEvents(tx, planned.map((event) => toRow(roomId, details, event)))
    await chargeEventsToActiveContract(tx, { ...charge, events: inserted })
    return inserted
  }))
  return { events, isSplit: planned.length > 1 }
}

/**
 * Deletes the event and, for a part of an event split at midnight, its partner: the two are one
 * booking. Their usage rows cascade, and with them their hours (ADR 0007).
 */
export async function deleteEvent(db: Db, userId: string, eventId: string) {
  await db.transaction(async (tx) => {
    const { eventGroupId } = (await lockOwnedEvent(tx, userId, eventId)).event
    await repository.deleteEvents(tx, eventGroupId ? await repository.listGroupIds(tx, eventGroupId) : [eventId])
  })
}

export function listUpcomingEvents(db: Db, userId: string, { roomId }: { roomId: string | null }) {
  return repository.listUpcomingEvents(db, userId, { now: new Date(), roomId, limit: LIMITS.eventsList.limit })
}

export function listPastEvents(db: Db, userId: string, { roomId }: { roomId: string | null }) {
  return repository.listPastEvents(db, userId, { now: new Date(), roomId, limit: LIMITS.eventsList.limit })
}

export function listEventsInRange(db: Db, userId: string, range: { from: Date; to: Date }) {
  return repository.listEventsInRange(db, userId, range)
}

/** A month grid's days: each local day's first events and how many it has in all. */
export async function listMonthDays(db: Db, userId: string, range: { from: Date; to: Date }) {
  const rows = await repository.listDayPreviews(db, userId, { ...range, perDay: LIMITS.calendar.monthCellEvents })
  const days = new Map<string, { date: string; total: number; events: Omit<(typeof rows)[number], 'date' | 'position' | 'dayTotal'>[] }>()
  for (const { date, position: _position, dayTotal, ...event } of rows) {
    const day = days.get(date) ?? { date, total: dayTotal, events: [] }
    day.events.push(event)
    days.set(date, day)
  }
  return [...days.values()]
}

export function listBookableRooms(db: Db, userId: string) {
  return repository.listBookableRooms(db, userId)
}

/* ---------- rules shared by create and edit ---------- */

/**
 * Loads the event as it is once it and its group are held, so a concurrent edit or deletion of
 * either part waits its turn; an event that the other writer removed is a 404.
 */
async function lockOwnedEvent(tx: Executor, userId: string, eventId: string) {
  const seen = await repository.findOwnedEvent(tx, userId, eventId)
  if (!seen) throw notFound('Event')
  await repository.lockEventAndGroup(tx, eventId, seen.event.eventGroupId)
  const current = await repository.findOwnedEvent(tx, userId, eventId)
  if (!current) throw notFound('Event')
  return current
}

type ConflictCheck = { roomId: string; planned: PlannedEvent[]; excludeIds: string[]; timeZone: string }

async function findConflicts(db: Executor, { roomId, planned, excludeIds }: ConflictCheck): Promise<Conflict[]> {
  const from = new Date(Math.min(...planned.map((event) => event.start.getTime())))
  const to = new Date(Math.max(...planned.map((event) => event.end.getTime())))
  const existing = await repository.listEventsOfRoomInSpan(db, roomId, { from, to, excludeIds })
  return planned.flatMap((event) => findOverlapping(event, existing))
}

// Every occurrence is checked, not only the first (the original product's gap).
async function requireNoConflicts(db: Executor, check: ConflictCheck) {
  const conflicts = await findConflicts(db, check)
  if (conflicts.length > 0) throw conflictError(conflicts, check.timeZone)
}

function conflictError(conflicts: Conflict[], timeZone: string): AppError {
  return new AppError('CONFLICT', formatConflictMessage(conflicts, timeZone))
}

// Two bookings that clash can each find the other's uncommitted row and wait for it; PostgreSQL
// ends that deadlock by failing one, and its retry then meets the winner as a plain conflict.
const DEADLOCK_RETRIES = 3

/**
 * Runs the write. A booking that clashes meets the exclusion constraint (ADR 0005) and is answered
 * like any conflict, naming every event it clashes with.
 */
async function insertOrExplainConflict<T>(db: Db, check: ConflictCheck, write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      const code = findPostgresError(error)?.code
      if (code === SQLSTATE.deadlockDetected && attempt < DEADLOCK_RETRIES) continue
      if (code === SQLSTATE.exclusionViolation) {
        const conflicts = await findConflicts(db, check)
        throw conflicts.length > 0 ? conflictError(conflicts, check.timeZone) : new AppError('CONFLICT', 'Time slot conflicts with an existing event')
      }
      // The room (or a change room) was deleted while the events were being written.
      if (code === SQLSTATE.foreignKeyViolation) throw notFound('Room')
      throw error
    }
  }
}

const CHANGE_ROOM_FIELDS = ['changeRoom1Id', 'changeRoom2Id'] as const

function chosenChangeRooms(details: Pick<EventDetails, 'changeRoom1Id' | 'changeRoom2Id'>): string[] {
  return CHANGE_ROOM_FIELDS.flatMap((field) => (details[field] === null ? [] : [details[field]]))
}

// `valid`: those of the chosen change rooms that are change rooms of the event's facility.
function requireChangeRooms(details: Pick<EventDetails, 'changeRoom1Id' | 'changeRoom2Id'>, valid: readonly string[]) {
  const invalid = CHANGE_ROOM_FIELDS.filter((field) => details[field] !== null && !valid.includes(details[field]))
  if (invalid.length > 0) throw new AppError('VALIDATION', CHANGE_ROOM_MESSAGE, Object.fromEntries(invalid.map((field) => [field, CHANGE_ROOM_MESSAGE])))
}

function toRow(roomId: string, details: EventDetails, event: PlannedEvent): repository.EventValues {
  return {
    roomId,
    title: event.title,
    description: details.description,
    startTime: event.start,
    endTime: event.end,
    color: details.color,
    eventType: details.eventType,
    team1Name: details.team1Name,
    team2Name: details.team2Name,
    changeRoom1Id: details.changeRoom1Id,
    changeRoom2Id: details.changeRoom2Id,
    clientId: details.clientId,
    eventGroupId: event.eventGroupId,
  }
}
