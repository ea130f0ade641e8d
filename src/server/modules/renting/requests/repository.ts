import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { RequestStatus } from '@shared/renting/requests'
import type { Executor } from '../../../db/client'
import { wallClock } from '../../../db/wall-clock'
import { bookingRequests, clients, facilities, organisations, rooms, users } from '../../../db/schema'

// Every query names the organisation (or, for a renter, the organisations and clients it speaks
// for), which leads the keys it reads (docs/scaling.md): another organisation's or another
// client's request is simply not found.

/** A client a renter speaks for, in its organisation. */
export type ClientOf = { organisationId: string; clientId: string }

/** The facilities of the organisations with their spaces that accept requests (change rooms never do). */
export function listRequestableSpaces(db: Executor, organisationIds: readonly string[]) {
  return db
    .select({
      facilityId: facilities.id,
      facilityName: facilities.name,
      timeZone: facilities.timeZone,
      holdRequestsHours: facilities.holdRequestsHours,
      organisationId: organisations.id,
      organisationName: organisations.name,
      id: rooms.id,
      name: rooms.name,
      type: rooms.type,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
    })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .innerJoin(organisations, eq(organisations.id, rooms.organisationId))
    .where(and(inArray(rooms.organisationId, [...organisationIds]), eq(rooms.acceptsRequests, true), ne(rooms.type, 'change_room')))
    .orderBy(
      asc(sql`lower(${organisations.name})`),
      asc(sql`lower(${facilities.name})`),
      asc(facilities.id),
      asc(sql`lower(${rooms.name})`),
    )
}

/** A space of one of the organisations that accepts requests, with its facility; null otherwise. */
export async function findRequestableSpace(db: Executor, organisationIds: readonly string[], roomId: string) {
  const [row] = await db
    .select({
      id: rooms.id,
      name: rooms.name,
      organisationId: rooms.organisationId,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
      facilityId: facilities.id,
      timeZone: facilities.timeZone,
      holdRequestsHours: facilities.holdRequestsHours,
    })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(
      and(
        inArray(rooms.organisationId, [...organisationIds]),
        eq(rooms.id, roomId),
        eq(rooms.acceptsRequests, true),
        ne(rooms.type, 'change_room'),
      ),
    )
  return row ?? null
}

export type NewRequest = {
  organisationId: string
  clientId: string
  facilityId: string
  roomId: string
  requestedBy: string
  title: string
  startTime: Date
  endTime: Date
  holdId: string
  expiresAt: Date
}

export async function insertRequest(tx: Executor, request: NewRequest): Promise<string> {
  const [row] = await tx.insert(bookingRequests).values(request).returning({ id: bookingRequests.id })
  return row!.id
}

const requester = alias(users, 'requester')
const decider = alias(users, 'decider')

/** A request with the names its readers show: client, facility, space, who asked and who answered. */
function requestViews(db: Executor, where: SQL | undefined) {
  return db
    .select({
      organisationId: bookingRequests.organisationId,
      id: bookingRequests.id,
      clientId: bookingRequests.clientId,
      clientName: clients.name,
      facilityId: bookingRequests.facilityId,
      facilityName: facilities.name,
      roomId: bookingRequests.roomId,
      spaceName: rooms.name,
      title: bookingRequests.title,
      startTime: bookingRequests.startTime,
      endTime: bookingRequests.endTime,
      timeZone: facilities.timeZone,
      status: bookingRequests.status,
      expiresAt: bookingRequests.expiresAt,
      declineReason: bookingRequests.declineReason,
      eventId: bookingRequests.eventId,
      createdAt: bookingRequests.createdAt,
      decidedAt: bookingRequests.decidedAt,
      requestedById: bookingRequests.requestedBy,
      requesterName: requester.name,
      requesterEmail: requester.email,
      decidedByName: decider.name,
    })
    .from(bookingRequests)
    .innerJoin(clients, and(eq(clients.organisationId, bookingRequests.organisationId), eq(clients.id, bookingRequests.clientId)))
    .innerJoin(rooms, and(eq(rooms.organisationId, bookingRequests.organisationId), eq(rooms.id, bookingRequests.roomId)))
    .innerJoin(
      facilities,
      and(eq(facilities.organisationId, bookingRequests.organisationId), eq(facilities.id, bookingRequests.facilityId)),
    )
    .leftJoin(requester, eq(requester.id, bookingRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, bookingRequests.decidedBy))
    .where(where)
}

export type RequestView = Awaited<ReturnType<typeof requestViews>>[number]

/** The request, if it is the organisation's. */
export async function findRequest(db: Executor, organisationId: string, requestId: string): Promise<RequestView | null> {
  const [row] = await requestViews(db, and(eq(bookingRequests.organisationId, organisationId), eq(bookingRequests.id, requestId)))
  return row ?? null
}

/** Several requests of the organisation, in no order. */
export function findRequests(db: Executor, organisationId: string, requestIds: readonly string[]) {
  if (requestIds.length === 0) return Promise.resolve([])
  return requestViews(db, and(eq(bookingRequests.organisationId, organisationId), inArray(bookingRequests.id, [...requestIds])))
}

// A renter's list is the requests of its clients, newest first; a few hundred is more than a
// renter ever has in flight, and older ones have long been answered.
const RENTER_LIST_LIMIT = 200
// The operators' list of answered requests: the latest.
const DECIDED_LIST_LIMIT = 200

const ofClients = (clientsOf: readonly ClientOf[]) =>
  or(
    ...clientsOf.map(({ organisationId, clientId }) =>
      and(eq(bookingRequests.organisationId, organisationId), eq(bookingRequests.clientId, clientId)),
    ),
  )

/** The requests of the clients the renter speaks for, newest first. */
export function listRequestsOfClients(db: Executor, clientsOf: readonly ClientOf[]) {
  if (clientsOf.length === 0) return Promise.resolve([])
  return requestViews(db, ofClients(clientsOf)).orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id)).limit(RENTER_LIST_LIMIT)
}

/** The organisation's pending requests, soonest slot first, or its answered ones, latest answer first. */
export function listRequests(db: Executor, organisationId: string, which: 'pending' | 'decided') {
  const query = requestViews(
    db,
    and(
      eq(bookingRequests.organisationId, organisationId),
      which === 'pending' ? eq(bookingRequests.status, 'pending') : ne(bookingRequests.status, 'pending'),
    ),
  )
  return which === 'pending'
    ? query.orderBy(asc(bookingRequests.startTime), asc(bookingRequests.id))
    : query.orderBy(desc(bookingRequests.decidedAt), desc(bookingRequests.id)).limit(DECIDED_LIST_LIMIT)
}

/** How many of the organisation's requests wait for an answer (booking_requests_pending_idx). */
export async function countPending(db: Executor, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.organisationId, organisationId), eq(bookingRequests.status, 'pending')))
  return Number(row?.pending ?? 0)
}

export type Outcome = Exclude<RequestStatus, 'pending'>

/**
 * Answers the request if it is still pending, or nothing: the row is taken FOR UPDATE, so of an
 * approval, a decline, a withdrawal and the expiry racing for one request exactly one finds it
 * pending, and the others wait for it and then find it answered. The request lets go of its hold
 * (hold_id, which the caller then confirms as the booking or deletes); an approved one names the
 * booking its hold becomes. `clientsOf` narrows it to a renter's clients.
 */
export async function settleRequest(
  tx: Executor,
  {
    organisationId,
    requestId,
    outcome,
    decidedBy,
    reason,
    clientsOf,
  }: {
    organisationId: string
    requestId: string
    outcome: Outcome
    decidedBy: string | null
    reason: string | null
    clientsOf: readonly string[] | null
  },
): Promise<{ holdId: string } | null> {
  const result = await tx.execute(sql`
    with target as (
      select id, hold_id from ${bookingRequests}
      where ${bookingRequests.organisationId} = ${organisationId} and ${bookingRequests.id} = ${requestId}
        and ${bookingRequests.status} = 'pending'
        ${clientsOf === null ? sql`` : sql`and ${bookingRequests.clientId} = any(${`{${clientsOf.join(',')}}`}::uuid[])`}
      for update
    )
    update ${bookingRequests} set status = ${outcome}, hold_id = null,
      event_id = case when ${outcome} = 'approved' then target.hold_id else null end,
      decided_by = ${decidedBy}, decided_at = now(), decline_reason = ${reason}
    from target
    where ${bookingRequests.organisationId} = ${organisationId} and ${bookingRequests.id} = target.id
    returning target.hold_id`)
  const row = (result as unknown as { rows: { hold_id: string }[] }).rows[0]
  return row ? { holdId: row.hold_id } : null
}

/**
 * Expires up to `limit` pending requests whose time to be answered has passed at `now`, of any
 * organisation, skipping those another sweep or an answer has taken (FOR UPDATE SKIP LOCKED), so
 * sweepers of several instances never expire one request twice. Each with its organisation and
 * the hold it let go of.
 */
export async function expireDueRequests(tx: Executor, now: Date, limit: number) {
  const result = await tx.execute(sql`
    with due as (
      select organisation_id, id, hold_id from ${bookingRequests}
      where ${bookingRequests.status} = 'pending' and ${bookingRequests.expiresAt} <= ${now.toISOString()}::timestamptz
      order by ${bookingRequests.expiresAt}
      limit ${limit}
      for update skip locked
    )
    update ${bookingRequests} set status = 'expired', hold_id = null, decided_at = now()
    from due
    where ${bookingRequests.organisationId} = due.organisation_id and ${bookingRequests.id} = due.id
    returning due.organisation_id, due.id, due.hold_id`)
  return (result as unknown as { rows: { organisation_id: string; id: string; hold_id: string }[] }).rows.map((row) => ({
    organisationId: row.organisation_id,
    requestId: row.id,
    holdId: row.hold_id,
  }))
}

/** The status of a request of the organisation (narrowed to a renter's clients), to explain why it was not settled. */
/** The pending requests whose holds these are, oldest first. */
export async function findPendingRequestsOfHolds(db: Executor, organisationId: string, holdIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.organisationId, organisationId),
        inArray(bookingRequests.holdId, [...holdIds]),
        eq(bookingRequests.status, 'pending'),
      ),
    )
    .orderBy(asc(bookingRequests.createdAt), asc(bookingRequests.id))
  return rows.map((row) => row.id)
}

export async function findStatus(db: Executor, organisationId: string, requestId: string, clientsOf: readonly string[] | null) {
  const [row] = await db
    .select({ status: bookingRequests.status })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.organisationId, organisationId),
        eq(bookingRequests.id, requestId),
        clientsOf === null ? undefined : inArray(bookingRequests.clientId, [...clientsOf]),
      ),
    )
  return row?.status ?? null
}

/** A request of one of the renter's clients: its organisation and client; null for anyone else's. */
export async function findRequestOfClients(db: Executor, clientsOf: readonly ClientOf[], requestId: string) {
  if (clientsOf.length === 0) return null
  const [row] = await db
    .select({ organisationId: bookingRequests.organisationId, clientId: bookingRequests.clientId })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, requestId), ofClients(clientsOf)))
  return row ?? null
}
