import type { ActivityChanges } from '@shared/activity/schema'
import {
  REQUEST_MESSAGES,
  notPendingMessage,
  type CreateRequestInput,
  type PortalFacilityFreeSlotsQuery,
  type PortalFreeSlotsQuery,
  type PortalRequestsQuery,
  type RequestListQuery,
} from '@shared/renting/requests'
import { durationOptions } from '@shared/scheduling/durations'
import { combineLocalDateTime, dstGapMessage, isInDstGap } from '@shared/scheduling/local-day'
import { isWithinOperatingHours, startProblem } from '@shared/scheduling/operating-hours'
import type { RenterClient } from '../../../auth/renter'
import { confirmHold, dropHolds, holdIce } from '../../../booking'
import type { Db, Executor } from '../../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../../errors'
import { enqueueMail, requestApprovedMail, requestDeclinedMail, requestExpiredMail, type RequestMailDetails } from '../../../mail'
import { createdChanges, recordActivity, type Actor, type SystemActor } from '../../activity/service'
import { findFreeSlotsOfSpaces, readSearchFacility } from '../../availability/service'
import { offerFreedIce } from '../waitlist/offers'
import * as repository from './repository'

// Requests that hold the ice (docs/product.md#renters, ADR 0055, 0064). A renter asks for a free slot
// of a space that accepts requests; the request holds it through the booking module (a hold, under
// the same exclusion constraint as every booking) until an operator approves it (the hold becomes
// the booking, charged then), declines it, the renter withdraws it, or it expires unanswered.
// Each answer takes the request's row first, so exactly one of them happens; the time a hold
// frees is then offered to the waitlist, in the same transaction.

const MS_PER_MINUTE = 60_000
const MS_PER_HOUR = 60 * MS_PER_MINUTE
// The app itself expires requests, as it sends mail.
const SYSTEM_ACTOR: SystemActor = { id: null, name: 'Fieldhouse' }

/** What a write needs besides its input: the sweeper's clock (for expiry) and the app's address (for links). */
export type RequestContext = {
  /** The expiry clock's now: the real one, or the test clock's (TEST_CLOCK). */
  clockNow: Date
  /** The app's address, for the links in emails. */
  origin: string
}

/* ---------- the renter's side ---------- */

const organisationsOf = (renterOf: readonly RenterClient[]) => [...new Set(renterOf.map((client) => client.organisationId))]

/** The facilities of the renter's venues, each with its spaces that accept requests. */
export async function listPortalFacilities(db: Db, renterOf: readonly RenterClient[]) {
  const rows = await repository.listRequestableSpaces(db, organisationsOf(renterOf))
  type Space = Pick<(typeof rows)[number], 'id' | 'name' | 'type' | 'operatingStartTime' | 'operatingEndTime' | 'bookingInterval'>
  type Facility = {
    id: string
    name: string
    timeZone: string
    organisationId: string
    organisationName: string
    holdRequestsHours: number
    spaces: Space[]
  }
  const facilities = new Map<string, Facility>()
  for (const row of rows) {
    let facility = facilities.get(row.facilityId)
    if (!facility) {
      facility = {
        id: row.facilityId,
        name: row.facilityName,
        timeZone: row.timeZone,
        organisationId: row.organisationId,
        organisationName: row.organisationName,
        holdRequestsHours: row.holdRequestsHours,
        spaces: [],
      }
      facilities.set(row.facilityId, facility)
    }
    const { id, name, type, operatingStartTime, operatingEndTime, bookingInterval } = row
    facility.spaces.push({ id, name, type, operatingStartTime, operatingEndTime, bookingInterval })
  }
  return [...facilities.values()]
}

async function requireSpace(db: Executor, renterOf: readonly RenterClient[], roomId: string, organisationId?: string) {
  const space = await repository.findRequestableSpace(db, organisationId ? [organisationId] : organisationsOf(renterOf), roomId)
  if (!space) throw notFound('Space')
  return space
}

function requireDuration(space: { bookingInterval: number }, durationMinutes: number) {
  if (!durationOptions(space.bookingInterval).some(({ minutes }) => minutes === durationMinutes)) {
    throw new AppError('VALIDATION', REQUEST_MESSAGES.duration, { durationMinutes: REQUEST_MESSAGES.duration })
  }
}

/** A day's free slots of a space that accepts requests: Find Ice's search, never naming what is in the way. */
export async function portalFreeSlots(db: Db, renterOf: readonly RenterClient[], query: PortalFreeSlotsQuery, now: Date) {
  const space = await requireSpace(db, renterOf, query.roomId)
  requireDuration(space, query.durationMinutes)
  const facility = await readSearchFacility(db, [space.organisationId], space.facilityId)
  if (!facility) throw notFound('Space')
  const { timeZone, slots } = await findFreeSlotsOfSpaces(
    db,
    facility,
    { spaceIds: [space.id], date: query.date, durationMinutes: query.durationMinutes },
    now,
  )
  return { timeZone, slots: slots.map(({ start, end }) => ({ start, end })) }
}

/**
 * A facility's day over every space of it that accepts requests and offers the duration: each
 * space's starts, by the same search. A facility of another venue, or without such a space, is a 404.
 */
export async function portalFacilityFreeSlots(
  db: Db,
  renterOf: readonly RenterClient[],
  facilityId: string,
  query: PortalFacilityFreeSlotsQuery,
  now: Date,
) {
  // The facility and all its spaces in one query: the search needs the whole tree anyway.
  const facility = await readSearchFacility(db, organisationsOf(renterOf), facilityId)
  const requestable = facility?.spaces.filter((space) => space.acceptsRequests && space.type !== 'change_room') ?? []
  if (!facility || requestable.length === 0) throw notFound('Facility')
  const offering = requestable.filter((space) =>
    durationOptions(space.bookingInterval).some(({ minutes }) => minutes === query.durationMinutes),
  )
  if (offering.length === 0) throw new AppError('VALIDATION', REQUEST_MESSAGES.duration, { durationMinutes: REQUEST_MESSAGES.duration })
  const { timeZone, spaces, slots } = await findFreeSlotsOfSpaces(
    db,
    facility,
    { spaceIds: offering.map((space) => space.id), date: query.date, durationMinutes: query.durationMinutes },
    now,
  )
  const startsOf = new Map(spaces.map((space) => [space.id, [] as string[]]))
  for (const slot of slots) startsOf.get(slot.spaceId)!.push(slot.startTime)
  return {
    timeZone,
    date: query.date,
    durationMinutes: query.durationMinutes,
    spaces: spaces.map((space) => ({ roomId: space.id, name: space.name, starts: startsOf.get(space.id)! })),
  }
}

/**
 * 'Request Ice': the slot is held at once for one of the renter's clients, the request written
 * with its hold, in one transaction, or nothing (docs/product.md#renters). It waits for an answer
 * for the facility's 'Hold requests for' hours. The slot must be one the free-slot search offers:
 * a start on the space's interval within its hours, a duration it offers, over by its closing,
 * not started; what is there and the closures are the database's to refuse.
 */
export async function createRequest(
  db: Db,
  renter: Actor,
  renterOf: readonly RenterClient[],
  input: CreateRequestInput,
  { clockNow }: Pick<RequestContext, 'clockNow'>,
) {
  const client = renterOf.find((candidate) => candidate.clientId === input.clientId)
  if (!client) throw notFound('Client')
  const space = await requireSpace(db, renterOf, input.roomId, client.organisationId)
  requireDuration(space, input.durationMinutes)
  if (isInDstGap(input.date, input.startTime, space.timeZone)) {
    const message = dstGapMessage(input.date, input.startTime)
    throw new AppError('VALIDATION', message, { startTime: message })
  }
  const start = combineLocalDateTime(input.date, input.startTime, space.timeZone)
  const end = new Date(start.getTime() + input.durationMinutes * MS_PER_MINUTE)
  const problem = startProblem(start, space, space.timeZone)
  if (problem) throw new AppError('VALIDATION', problem.message, { startTime: problem.message })
  if (!isWithinOperatingHours({ start, end }, space, space.timeZone)) {
    throw new AppError('VALIDATION', REQUEST_MESSAGES.outsideHours, { durationMinutes: REQUEST_MESSAGES.outsideHours })
  }
  if (start.getTime() <= Date.now()) throw new AppError('VALIDATION', REQUEST_MESSAGES.started, { startTime: REQUEST_MESSAGES.started })

  const { organisationId } = client
  const view = await holdIce(
    db,
    organisationId,
    { roomId: space.id, clientId: client.clientId, title: input.title, start, end },
    async (tx, hold) => {
      const requestId = await repository.insertRequest(tx, {
        organisationId,
        clientId: client.clientId,
        facilityId: space.facilityId,
        roomId: space.id,
        requestedBy: renter.id,
        title: input.title,
        startTime: start,
        endTime: end,
        holdId: hold.id,
        expiresAt: new Date(clockNow.getTime() + space.holdRequestsHours * MS_PER_HOUR),
      })
      const request = (await repository.findRequest(tx, organisationId, requestId))!
      await recordActivity(tx, organisationId, renter, {
        action: 'requested',
        entity: 'request',
        entityId: requestId,
        label: request.title,
        facility: { id: request.facilityId, timeZone: request.timeZone },
        changes: createdChanges({ start, end, space: request.spaceName, client: request.clientName }),
      })
      return request
    },
  )
  return toRenterRequest(view)
}

/** The requests of the renter's clients (or of one of them), newest first. */
export async function listRenterRequests(db: Db, renterOf: readonly RenterClient[], query: PortalRequestsQuery) {
  let clientsOf: readonly RenterClient[] = renterOf
  if (query.clientId !== null) {
    const client = renterOf.find((candidate) => candidate.clientId === query.clientId)
    if (!client) throw notFound('Client')
    clientsOf = [client]
  }
  return (await repository.listRequestsOfClients(db, clientsOf)).map(toRenterRequest)
}

/** The renter takes back a pending request of one of its clients: the hold lets go, the waitlist is offered the time. */
export async function withdrawRequest(
  db: Db,
  renter: Actor,
  renterOf: readonly RenterClient[],
  requestId: string,
  context: RequestContext,
) {
  const found = await repository.findRequestOfClients(db, renterOf, requestId)
  if (!found) throw notFound('Request')
  const clientIds = renterOf.filter((client) => client.organisationId === found.organisationId).map((client) => client.clientId)
  const view = await settle(
    db,
    { organisationId: found.organisationId, requestId, outcome: 'withdrawn', actor: renter, reason: null, clientIds },
    context,
  )
  return toRenterRequest(view)
}

/* ---------- the operators' side ---------- */

export async function listRequests(db: Db, organisationId: string, query: RequestListQuery) {
  return (await repository.listRequests(db, organisationId, query.status)).map(toOperatorRequest)
}

export function countPendingRequests(db: Db, organisationId: string) {
  return repository.countPending(db, organisationId)
}

/** 'Approve': the hold becomes a booking, charged to the client's active contract; the renter is emailed. */
export async function approveRequest(db: Db, organisationId: string, actor: Actor, requestId: string, context: RequestContext) {
  return toOperatorRequest(
    await settle(db, { organisationId, requestId, outcome: 'approved', actor, reason: null, clientIds: null }, context),
  )
}

/** 'Decline': the slot is freed and offered to the waitlist; the renter is emailed the reason. */
export async function declineRequest(
  db: Db,
  organisationId: string,
  actor: Actor,
  requestId: string,
  reason: string,
  context: RequestContext,
) {
  return toOperatorRequest(await settle(db, { organisationId, requestId, outcome: 'declined', actor, reason, clientIds: null }, context))
}

/**
 * A closure added over pending requests (the booking module's createClosure and holiday closures
 * call this in their transaction): each is declined with 'The space is closed at that time',
 * emailed to its renter, and its hold let go without offering the closed time to the waitlist.
 * Answers how many were declined.
 */
export async function declineRequestsUnderClosure(
  tx: Executor,
  organisationId: string,
  actor: Actor,
  holdIds: readonly string[],
  context: RequestContext,
): Promise<number> {
  const requestIds = await repository.findPendingRequestsOfHolds(tx, organisationId, holdIds)
  for (const requestId of requestIds) {
    await settleOnce(
      tx,
      { organisationId, requestId, outcome: 'declined', actor, reason: REQUEST_MESSAGES.closed, clientIds: null, offersFreedTime: false },
      context,
    )
  }
  return requestIds.length
}

/* ---------- answering a request, once ---------- */

type Settlement = {
  organisationId: string
  requestId: string
  outcome: 'approved' | 'declined' | 'withdrawn'
  actor: Actor
  reason: string | null
  // A renter's: the clients it speaks for in the request's organisation.
  clientIds: string[] | null
  // Whether the time the hold lets go is offered to the waitlist: not when a closure took it.
  offersFreedTime?: boolean
}

// A charge can meet a contract whose scope changed meanwhile (contract_usage_applies raises a
// serialization failure, ADR 0029), and two writers a deadlock: the answer is tried again whole.
const RETRIES = 3

async function settle(db: Db, settlement: Settlement, context: RequestContext) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => settleOnce(tx, settlement, context))
    } catch (error) {
      const code = findPostgresError(error)?.code
      if ((code === SQLSTATE.serializationFailure || code === SQLSTATE.deadlockDetected) && attempt < RETRIES) continue
      // A closure written while the request waited: its time can no longer be booked.
      if (code === SQLSTATE.exclusionViolation && findPostgresError(error)?.constraint === 'closures_refuse_bookings') {
        throw new AppError('CONFLICT', REQUEST_MESSAGES.closed)
      }
      throw error
    }
  }
}

async function settleOnce(
  tx: Executor,
  { organisationId, requestId, outcome, actor, reason, clientIds, offersFreedTime = true }: Settlement,
  context: RequestContext,
) {
  const settled = await repository.settleRequest(tx, {
    organisationId,
    requestId,
    outcome,
    decidedBy: actor.id,
    reason,
    clientsOf: clientIds,
  })
  if (!settled) {
    const status = await repository.findStatus(tx, organisationId, requestId, clientIds)
    if (status === null) throw notFound('Request')
    throw new AppError('CONFLICT', notPendingMessage(status === 'pending' ? 'withdrawn' : status))
  }
  const request = (await repository.findRequest(tx, organisationId, requestId))!
  const facility = { id: request.facilityId, timeZone: request.timeZone }
  if (outcome === 'approved') {
    const event = await confirmHold(tx, organisationId, actor, settled.holdId)
    if (!event) throw new Error('a pending request without its hold')
    await recordActivity(tx, organisationId, actor, {
      action: 'approved',
      entity: 'request',
      entityId: requestId,
      label: request.title,
      facility,
      changes: { requestStatus: { before: 'pending', after: 'approved' } },
    })
    if (request.requesterEmail) await enqueueMail(tx, requestApprovedMail(mailDetails(request, context.origin)))
    return request
  }
  if (offersFreedTime) await freeHold(tx, organisationId, settled.holdId, context)
  else await dropHolds(tx, organisationId, [settled.holdId])
  await recordActivity(tx, organisationId, actor, {
    action: outcome,
    entity: 'request',
    entityId: requestId,
    label: request.title,
    facility,
    changes: freedChanges(request, outcome, reason),
  })
  if (outcome === 'declined' && request.requesterEmail) {
    await enqueueMail(tx, requestDeclinedMail({ ...mailDetails(request, context.origin), reason: reason ?? '' }))
  }
  return request
}

// What a request that let go of its slot records: its status, the time and space it held, and a decline's reason.
function freedChanges(request: repository.RequestView, outcome: repository.Outcome, reason: string | null): ActivityChanges {
  return {
    requestStatus: { before: 'pending', after: outcome },
    start: { before: request.startTime.toISOString(), after: null },
    end: { before: request.endTime.toISOString(), after: null },
    space: { before: request.spaceName, after: null },
    ...(reason === null ? {} : { reason: { before: null, after: reason } }),
  }
}

/** Deletes the hold and offers the time it held to the waitlist, in the same transaction. */
async function freeHold(tx: Executor, organisationId: string, holdId: string, { origin }: RequestContext) {
  for (const freed of await dropHolds(tx, organisationId, [holdId])) {
    await offerFreedIce(tx, { organisationId, origin, roomId: freed.roomId, start: freed.startTime, end: freed.endTime })
  }
}

function mailDetails(request: repository.RequestView, origin: string): RequestMailDetails {
  return {
    organisationId: request.organisationId,
    requestId: request.id,
    to: request.requesterEmail!,
    recipientName: request.requesterName ?? '',
    clientName: request.clientName,
    facilityName: request.facilityName,
    spaceName: request.spaceName,
    timeZone: request.timeZone,
    title: request.title,
    start: request.startTime,
    end: request.endTime,
    portalUrl: `${origin}/portal`,
  }
}

/* ---------- expiry ---------- */

// Requests expired per transaction: a sweep that finds more goes on with the next batch.
const SWEEP_BATCH = 50

/**
 * Expires every pending request whose 'Hold requests for' hours have passed by `clockNow`: its
 * hold lets go, the time is offered to the waitlist, the renter is emailed, and the trail says the
 * system did it. Several instances may sweep at once; each request expires once. The ids expired.
 */
export async function sweepExpiredRequests(db: Db, context: RequestContext): Promise<string[]> {
  const expired: string[] = []
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await repository.expireDueRequests(tx, context.clockNow, SWEEP_BATCH)
      const byOrganisation = new Map<string, typeof due>()
      for (const row of due) byOrganisation.set(row.organisationId, [...(byOrganisation.get(row.organisationId) ?? []), row])
      for (const [organisationId, rows] of byOrganisation) {
        const requests = await repository.findRequests(
          tx,
          organisationId,
          rows.map((row) => row.requestId),
        )
        for (const row of rows) await freeHold(tx, organisationId, row.holdId, context)
        await recordActivity(
          tx,
          organisationId,
          SYSTEM_ACTOR,
          requests.map((request) => ({
            action: 'expired' as const,
            entity: 'request' as const,
            entityId: request.id,
            label: request.title,
            facility: { id: request.facilityId, timeZone: request.timeZone },
            changes: freedChanges(request, 'expired', null),
          })),
        )
        const mails = requests
          .filter((request) => request.requesterEmail)
          .map((request) => requestExpiredMail(mailDetails(request, context.origin)))
        if (mails.length > 0) await enqueueMail(tx, mails)
      }
      return due.map((row) => row.requestId)
    })
    expired.push(...batch)
    if (batch.length < SWEEP_BATCH) return expired
  }
}

/* ---------- answers ---------- */

function toRenterRequest(view: repository.RequestView) {
  return {
    id: view.id,
    clientId: view.clientId,
    clientName: view.clientName,
    facilityId: view.facilityId,
    facilityName: view.facilityName,
    roomId: view.roomId,
    spaceName: view.spaceName,
    title: view.title,
    startTime: view.startTime,
    endTime: view.endTime,
    timeZone: view.timeZone,
    status: view.status,
    expiresAt: view.expiresAt,
    declineReason: view.declineReason,
    eventId: view.eventId,
    createdAt: view.createdAt,
    decidedAt: view.decidedAt,
  }
}

function toOperatorRequest(view: repository.RequestView) {
  return {
    ...toRenterRequest(view),
    requestedBy:
      view.requesterName !== null && view.requesterEmail !== null ? { name: view.requesterName, email: view.requesterEmail } : null,
    decidedByName: view.decidedByName,
  }
}
