import type { SeriesScope } from '@shared/events/schema'
import { createEventInput } from '@shared/events/schema'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { localDateOf } from '@shared/scheduling/local-day'
import { startProblem } from '@shared/scheduling/operating-hours'
import type { JoinWaitlistInput, OfferStatus } from '@shared/renting/waitlist'
import { WAITLIST_ENTRIES_PER_CLIENT, WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import type { WaitlistEntry, WaitlistFacility, WaitlistOffer } from '@shared/renting/waitlist-responses'
import type { RoomType } from '@shared/limits'
import type { RenterClient } from '../../../auth/renter'
import * as booking from '../../../booking'
import type { Db, Executor } from '../../../db/client'
import type { Env } from '../../../env'
import { AppError, notFound } from '../../../errors'
import { mailLinkOrigin } from '../../admin/service'
import { createdChanges, deletedChanges, recordActivity, type Actor } from '../../activity/service'
import { createRequest } from '../requests/service'
import { bookingStartOf, offerFreedIce, offerFreedTimes, windowOf, type FreedIce } from './offers'
import * as repository from './repository'

// Released ice and the waitlist (docs/product.md#renters, ADR 0065). A release is a cancellation
// through the booking module (hours back to the contract, billing's adjustment after an invoice),
// then the freed time is offered to the waitlist in the same transaction; a claim sets the offer's
// claimed_at where it is still null and books (or requests) in one transaction with it.

export { offerFreedIce, offerFreedTimes, type FreedIce, type OffersMade, type OfferContext } from './offers'

type Clock = { now?: Date }

/** Where an offer's claim link points: the app's BASE_URL, or the address the request came to. */
export function offerLinkOrigin(env: Pick<Env, 'baseUrl' | 'port' | 'trustedOrigins'>, requestUrl: string): string {
  return mailLinkOrigin(env, requestUrl) ?? env.baseUrl ?? `http://localhost:${env.port}`
}

/* ---------- release ---------- */

/**
 * A renter's 'Release' of an upcoming booking of one of their clients, until the facility's
 * 'Release until' hours before its start. Another client's booking, a hold, or nothing at all is
 * 'Booking not found'. Cancelled as a deletion is, with the renter as actor, then offered.
 */
export async function releaseByRenter(
  db: Db,
  {
    renterOf,
    actor,
    eventId,
    origin,
    now = new Date(),
  }: { renterOf: readonly RenterClient[]; actor: Actor; eventId: string; origin: string } & Clock,
) {
  const organisationIds = [...new Set(renterOf.map((client) => client.organisationId))]
  const clientIds = renterOf.map((client) => client.clientId)
  return db.transaction(async (tx) => {
    const parts = await repository.lockBooking(tx, organisationIds, eventId, clientIds)
    const found = bookingOf(parts, eventId)
    if (!found || !renterOf.some((client) => client.organisationId === found.organisationId && client.clientId === found.clientId)) {
      throw notFound('Booking')
    }
    if (found.start <= now) throw new AppError('CONFLICT', WAITLIST_MESSAGES.releaseNotUpcoming)
    const releasableUntil = found.start.getTime() - found.releaseUntilHours * 3_600_000
    if (now.getTime() > releasableUntil) throw new AppError('CONFLICT', WAITLIST_MESSAGES.releaseTooLate(found.releaseUntilHours))
    return release(tx, found, { actor, eventId, origin, now })
  })
}

/**
 * An operator's 'Release' (permission 'book'): any upcoming booking of the organisation, whatever
 * the facility's 'Release until' (that limit is the renters'; the venue may free its own ice).
 */
export async function releaseByOperator(
  db: Db,
  {
    organisationId,
    actor,
    eventId,
    origin,
    now = new Date(),
  }: { organisationId: string; actor: Actor; eventId: string; origin: string } & Clock,
) {
  return db.transaction(async (tx) => {
    const found = bookingOf(await repository.lockBooking(tx, [organisationId], eventId, null), eventId)
    if (!found) throw notFound('Event')
    if (found.start <= now) throw new AppError('CONFLICT', WAITLIST_MESSAGES.releaseNotUpcoming)
    return release(tx, found, { actor, eventId, origin, now })
  })
}

type LockedBooking = NonNullable<ReturnType<typeof bookingOf>>

// The booking the locked rows make, when the event asked for is a booking of a client.
function bookingOf(parts: Awaited<ReturnType<typeof repository.lockBooking>>, eventId: string) {
  const asked = parts.find((part) => part.id === eventId)
  if (!asked || asked.kind !== 'booking' || asked.clientId === null) return null
  return {
    ...asked,
    clientId: asked.clientId,
    start: parts[0]!.startTime,
    end: parts.at(-1)!.endTime,
  }
}

async function release(
  tx: Executor,
  found: LockedBooking,
  { actor, eventId, origin, now }: { actor: Actor; eventId: string; origin: string; now: Date },
) {
  const { organisationId } = found
  const { deleted } = await booking.cancel(tx as unknown as Db, organisationId, actor, eventId, 'this')
  await repository.insertReleasedIce(tx, {
    organisationId,
    roomId: found.roomId,
    clientId: found.clientId,
    startTime: found.start,
    endTime: found.end,
    releasedBy: actor.id,
  })
  await recordActivity(tx, organisationId, actor, {
    action: 'released',
    entity: 'event',
    entityId: eventId,
    label: found.title,
    facility: { id: found.facilityId, timeZone: found.timeZone },
    changes: deletedChanges({ start: found.start, end: found.end, space: found.roomName }),
  })
  const offered = await offerFreedIce(tx, {
    organisationId,
    origin,
    now,
    roomId: found.roomId,
    start: found.start,
    end: found.end,
    releasedTitle: found.title,
  })
  return { deleted, offered: offered.recipients }
}

/**
 * An operator's deletion (DELETE /api/events/:id): cancelled through the booking module, and the
 * time of each upcoming booking it removed offered to the waitlist, in one transaction.
 */
export async function cancelAndOffer(
  db: Db,
  {
    organisationId,
    actor,
    eventId,
    scope,
    origin,
    now = new Date(),
  }: { organisationId: string; actor: Actor; eventId: string; scope: SeriesScope; origin: string } & Clock,
) {
  return db.transaction(async (tx) => {
    const { deleted, events } = await booking.cancel(tx as unknown as Db, organisationId, actor, eventId, scope)
    // Both parts of a booking split at midnight free one stretch of time.
    const bookings = new Map<string, FreedIce>()
    for (const event of events) {
      const key = event.eventGroupId ?? event.id
      const known = bookings.get(key)
      bookings.set(key, {
        roomId: event.roomId,
        start: known && known.start < event.startTime ? known.start : event.startTime,
        end: known && known.end > event.endTime ? known.end : event.endTime,
        releasedTitle: event.title,
      })
    }
    const upcoming = [...bookings.values()].filter((freed) => freed.start > now)
    const offered = await offerFreedTimes(tx, { organisationId, origin, now }, upcoming)
    return { deleted, offered: offered.recipients }
  })
}

/* ---------- the waitlist ---------- */

/** The spaces a renter may wait for: every space but change rooms of their clients' venues, by facility. */
export async function listWaitableSpaces(db: Db, renterOf: readonly RenterClient[]): Promise<WaitlistFacility[]> {
  const rows = await repository.listWaitableSpaces(db, [...new Set(renterOf.map((client) => client.organisationId))])
  const facilities = new Map<string, WaitlistFacility>()
  for (const row of rows) {
    let facility = facilities.get(row.facilityId)
    if (!facility) {
      facility = {
        id: row.facilityId,
        name: row.facilityName,
        timeZone: row.timeZone,
        organisationId: row.organisationId,
        organisationName: row.organisationName,
        spaces: [],
      }
      facilities.set(row.facilityId, facility)
    }
    const { id, name, type, operatingStartTime, operatingEndTime, bookingInterval, acceptsRequests } = row
    facility.spaces.push({ id, name, type: type as RoomType, operatingStartTime, operatingEndTime, bookingInterval, acceptsRequests })
  }
  return [...facilities.values()]
}

/**
 * 'Join Waitlist': a window of one day on a space of the client's own organisation, not yet
 * ended; a client waits in at most WAITLIST_ENTRIES_PER_CLIENT windows at a time.
 */
export async function joinWaitlist(
  db: Db,
  { renterOf, actor, input, now = new Date() }: { renterOf: readonly RenterClient[]; actor: Actor; input: JoinWaitlistInput } & Clock,
): Promise<WaitlistEntry> {
  const client = renterOf.find((candidate) => candidate.clientId === input.clientId)
  if (!client) throw notFound('Client')
  const { organisationId } = client
  const space = await repository.findSpace(db, organisationId, input.roomId)
  if (!space) throw notFound('Space')
  if (space.type === 'change_room') throw new AppError('VALIDATION', WAITLIST_MESSAGES.changeRoom, { roomId: WAITLIST_MESSAGES.changeRoom })
  const window = windowOf(input, space.timeZone)
  if (window.end <= now) throw new AppError('VALIDATION', WAITLIST_MESSAGES.windowPast, { date: WAITLIST_MESSAGES.windowPast })
  // The window opens where a booking could start, so that what is offered from it can be booked.
  const opening = startProblem(window.start, space, space.timeZone)
  if (opening) throw new AppError('VALIDATION', opening.message, { fromTime: opening.message })
  return db.transaction(async (tx) => {
    // Counted and written under the client's row lock, so two joins at once cannot pass the limit together.
    const [clientRow] = await repository.lockClient(tx, organisationId, input.clientId)
    if (!clientRow) throw notFound('Client')
    const since = addCalendarDays(localDateOf(now, 'UTC'), -1)
    const waiting = (await repository.listClientEntryEnds(tx, organisationId, input.clientId, since)).filter(
      (entry) => windowOf({ date: entry.date, fromTime: '00:00', toTime: entry.toTime }, entry.timeZone).end > now,
    )
    if (waiting.length >= WAITLIST_ENTRIES_PER_CLIENT) {
      throw new AppError('CONFLICT', WAITLIST_MESSAGES.tooMany(WAITLIST_ENTRIES_PER_CLIENT))
    }
    const id = await repository.insertEntry(tx, {
      organisationId,
      clientId: input.clientId,
      roomId: input.roomId,
      userId: actor.id,
      localDate: input.date,
      fromTime: input.fromTime,
      toTime: input.toTime,
    })
    await recordActivity(tx, organisationId, actor, {
      action: 'created',
      entity: 'waitlist',
      entityId: id,
      label: space.name,
      facility: { id: space.facilityId, timeZone: space.timeZone },
      changes: createdChanges({ client: clientRow.name, date: input.date, from: input.fromTime, to: input.toTime }),
    })
    const entry = await repository.findRenterEntry(tx, actor.id, [organisationId], id)
    return entryOf(entry!)
  })
}

/** The renter's own windows, of the clients they still speak for, that have not ended; soonest first. */
export async function listWaitlist(
  db: Db,
  { renterOf, userId, now = new Date() }: { renterOf: readonly RenterClient[]; userId: string } & Clock,
): Promise<WaitlistEntry[]> {
  const organisationIds = [...new Set(renterOf.map((client) => client.organisationId))]
  const since = addCalendarDays(localDateOf(now, 'UTC'), -1)
  const entries = await repository.listRenterEntries(db, userId, organisationIds, since)
  return entries.filter((entry) => speaksForEntry(renterOf, entry) && windowOf(entry, entry.timeZone).end > now).map(entryOf)
}

/** Leaves a window: the renter's own entry of a client they speak for; anything else is 'Waitlist entry not found'. */
export async function leaveWaitlist(
  db: Db,
  { renterOf, actor, entryId }: { renterOf: readonly RenterClient[]; actor: Actor; entryId: string },
) {
  const organisationIds = [...new Set(renterOf.map((client) => client.organisationId))]
  await db.transaction(async (tx) => {
    const entry = await repository.findRenterEntry(tx, actor.id, organisationIds, entryId)
    if (!entry || !speaksForEntry(renterOf, entry)) throw notFound('Waitlist entry')
    if (!(await repository.deleteEntry(tx, entry.organisationId, entryId))) throw notFound('Waitlist entry')
    await recordActivity(tx, entry.organisationId, actor, {
      action: 'deleted',
      entity: 'waitlist',
      entityId: entryId,
      label: entry.spaceName,
      facility: { id: entry.facilityId, timeZone: entry.timeZone },
      changes: deletedChanges({ client: entry.clientName, date: entry.date, from: entry.fromTime, to: entry.toTime }),
    })
  })
}

const speaksForEntry = (renterOf: readonly RenterClient[], entry: { organisationId: string; clientId: string }) =>
  renterOf.some((client) => client.organisationId === entry.organisationId && client.clientId === entry.clientId)

function entryOf(entry: NonNullable<Awaited<ReturnType<typeof repository.findRenterEntry>>>): WaitlistEntry {
  const { organisationId: _organisationId, createdAt, ...rest } = entry
  return { ...rest, createdAt: createdAt.toISOString() }
}

/* ---------- offers and claims ---------- */

/**
 * An offer as its recipient sees it: only a renter whose own entry it reached, for a client they
 * still speak for; anyone else is 'Offer not found'. It is 'yours' once one of the renter's
 * clients claimed it, 'taken' once anyone else did, or once its time has begun or been booked
 * another way; otherwise 'open'.
 */
export async function getOffer(
  db: Db,
  { renterOf, userId, offerId, now = new Date() }: { renterOf: readonly RenterClient[]; userId: string; offerId: string } & Clock,
): Promise<WaitlistOffer> {
  const offer = await findRecipientOffer(db, renterOf, userId, offerId)
  let status: OfferStatus
  if (offer.claimedAt !== null) {
    status = renterOf.some((client) => client.organisationId === offer.organisationId && client.clientId === offer.claimedClientId)
      ? 'yours'
      : 'taken'
  } else if (offer.startTime <= now) status = 'taken'
  else
    status = (await repository.isSpaceOccupied(db, offer.organisationId, offer.roomId, offer.startTime, offer.endTime)) ? 'taken' : 'open'
  return {
    id: offer.id,
    roomId: offer.roomId,
    spaceName: offer.spaceName,
    facilityName: offer.facilityName,
    timeZone: offer.timeZone,
    startTime: offer.startTime.toISOString(),
    endTime: offer.endTime.toISOString(),
    status,
    makesRequest: offer.acceptsRequests,
    clients: offer.clients,
  }
}

async function findRecipientOffer(db: Executor, renterOf: readonly RenterClient[], userId: string, offerId: string) {
  const organisationIds = [...new Set(renterOf.map((client) => client.organisationId))]
  const offer = await repository.findOfferForRenter(db, offerId, userId, organisationIds)
  const clients = offer?.clients.filter((client) => speaksForEntry(renterOf, { organisationId: offer.organisationId, clientId: client.id }))
  if (!offer || !clients || clients.length === 0) throw notFound('Offer')
  return { ...offer, clients }
}

/**
 * Claims an offer for one of the renter's clients it reached. Exactly one claim wins: the offer's
 * claimed_at is set where it is still null, and in the same transaction the time is booked for
 * the client (charged to its contract, through the booking module), or requested when the space
 * takes requests. A claim that finds it claimed, or whose booking the database refuses (an
 * operator booked over it first), is 409 'This slot was just taken' and leaves nothing behind.
 */
export async function claimOffer(
  db: Db,
  {
    renterOf,
    actor,
    offerId,
    clientId,
    now = new Date(),
    requestNow = now,
  }: {
    renterOf: readonly RenterClient[]
    actor: Actor
    offerId: string
    clientId: string
    /** The requests' expiry clock (TEST_CLOCK moves it): a claimed request waits from then. */
    requestNow?: Date
  } & Clock,
): Promise<{ eventId: string; requestId: null } | { eventId: null; requestId: string }> {
  const offer = await findRecipientOffer(db, renterOf, actor.id, offerId)
  const client = offer.clients.find((candidate) => candidate.id === clientId)
  if (!client) throw notFound('Client')
  if (offer.claimedAt !== null || offer.startTime <= now) throw slotTaken()
  const { organisationId } = offer
  const start = bookingStartOf(offer.startTime, offer.timeZone)
  if (!start || startProblem(offer.startTime, { ...offer, name: offer.spaceName }, offer.timeZone) !== null) throw slotTaken()

  return db.transaction(async (tx) => {
    if (!(await repository.takeOffer(tx, organisationId, offerId, { userId: actor.id, clientId }))) throw slotTaken()
    const input = {
      roomId: offer.roomId,
      clientId,
      title: client.name,
      date: start.date,
      startTime: start.startTime,
      durationMinutes: Math.round((offer.endTime.getTime() - offer.startTime.getTime()) / 60_000),
    }
    let claimed: { eventId: string; requestId: null } | { eventId: null; requestId: string }
    try {
      if (offer.acceptsRequests) {
        // The space takes requests: the claim is a request that holds the time, answered as any other.
        const request = await createRequest(
          tx as unknown as Db,
          actor,
          renterOf,
          { ...input, title: client.name },
          { clockNow: requestNow },
        )
        claimed = { eventId: null, requestId: request.id }
      } else {
        const booked = await booking.book(tx as unknown as Db, organisationId, actor, createEventInput.parse(input))
        claimed = { eventId: booked.events[0]!.id, requestId: null }
      }
    } catch (error) {
      // The time was booked, held or closed another way since it was offered, or the space's rules
      // changed so that it can no longer be had as offered.
      if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'VALIDATION')) throw slotTaken()
      throw error
    }
    await repository.recordClaimed(tx, organisationId, offerId, claimed)
    await recordActivity(tx, organisationId, actor, {
      action: 'claimed',
      entity: 'waitlist',
      entityId: offerId,
      label: offer.spaceName,
      facility: { id: offer.facilityId, timeZone: offer.timeZone },
      changes: createdChanges({ client: client.name, start: offer.startTime, end: offer.endTime, space: offer.spaceName }),
    })
    return claimed
  })
}

const slotTaken = () => new AppError('CONFLICT', WAITLIST_MESSAGES.slotTaken)
