import type { CreateEventInput, UpdateEventInput } from '@shared/events/schema'
import { LIMITS } from '@shared/limits'
import { findOverlapping } from '@shared/scheduling/overlap'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { lockOwnedClient } from '../clients/repository'
import { chargeEventsToActiveContract, rechargeEvents } from '../contracts/service'
import { findOwnedRoom } from '../facilities/repository'
import { formatConflictMessage, type Conflict } from './conflict-message'
import { findOverlapWithin, planNewEvents, splitIntoParts, type PlannedEvent } from './plan-events'
import * as repository from './repository'

type Event = Awaited<ReturnType<typeof repository.insertEvents>>[number]

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
 * the facility's midnight and checked for conflicts before anything is written, then the rows
 * and the client's contract charge land in one transaction.
 */
export async function createEvents(db: Db, userId: string, input: CreateEventInput) {
  const found = await findOwnedRoom(db, userId, input.roomId)
  if (!found) throw notFound('Room')
  const { facility } = found
  const plan = planNewEvents(input, facility.timeZone)
  if ('refusal' in plan) throw new AppError('VALIDATION', plan.refusal, { 'recurrence.endDate': plan.refusal })
  const selfOverlap = findOverlapWithin(plan.events)
  if (selfOverlap) throw conflictError([{ ...selfOverlap, id: 'new' }], facility.timeZone)

  const { roomId } = input
  const details = detailsOf(input)
  const events = await writeOrExplainConflict(db, { roomId, planned: plan.events, excludeIds: [], timeZone: facility.timeZone }, async (tx) => {
    if (!(await lockOwnedClient(tx, userId, input.clientId))) throw notFound('Client')
    await requireChangeRooms(tx, facility.id, details)
    await requireNoConflicts(tx, { roomId, planned: plan.events, excludeIds: [], timeZone: facility.timeZone })
    const inserted = await repository.insertEvents(tx, plan.events.map((event) => toRow(roomId, details, event)))
    await chargeEventsToActiveContract(tx, { userId, clientId: input.clientId, timeZone: facility.timeZone, events: inserted })
    return inserted
  })
  return { events, isSplit: plan.isSplit, isRecurring: input.recurrence !== null }
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

  const events = await writeOrExplainConflict(db, { roomId, planned, excludeIds, timeZone }, async (tx) => {
    const current = await lockOwnedEvent(tx, userId, eventId)
    if (!(await lockOwnedClient(tx, userId, input.clientId))) throw notFound('Client')
    await requireChangeRooms(tx, facilityId, details)
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
  })
  return { events, isSplit: planned.length > 1 }
}

/**
 * Deletes the event and, for a part of an event split at midnight, its partner: the two are one
 * booking. Their usage rows cascade, and the ledger trigger gives the hours back (ADR 0007).
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

/**
 * Runs the write in a transaction. A booking that slips past the check in a race meets the
 * exclusion constraint (ADR 0005) and is answered like any conflict, naming the winner.
 */
async function writeOrExplainConflict(db: Db, check: ConflictCheck, write: (tx: Executor) => Promise<Event[]>) {
  try {
    return await db.transaction(write)
  } catch (error) {
    const code = findPostgresError(error)?.code
    if (code === SQLSTATE.exclusionViolation) {
      const conflicts = await findConflicts(db, check)
      throw conflicts.length > 0 ? conflictError(conflicts, check.timeZone) : new AppError('CONFLICT', 'Time slot conflicts with an existing event')
    }
    // The room was deleted while the events were being written.
    if (code === SQLSTATE.foreignKeyViolation) throw notFound('Room')
    throw error
  }
}

async function requireChangeRooms(db: Executor, facilityId: string, details: Pick<EventDetails, 'changeRoom1Id' | 'changeRoom2Id'>) {
  const chosen = (['changeRoom1Id', 'changeRoom2Id'] as const).filter((field) => details[field] !== null)
  const valid = new Set(await repository.listChangeRoomIds(db, facilityId, chosen.map((field) => details[field]!)))
  const fields = Object.fromEntries(chosen.filter((field) => !valid.has(details[field]!)).map((field) => [field, CHANGE_ROOM_MESSAGE]))
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', CHANGE_ROOM_MESSAGE, fields)
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
