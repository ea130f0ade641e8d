import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/client'
import {
  clientRenters,
  clients,
  facilities,
  organisations,
  releasedIce,
  rooms,
  schedules,
  spaceOccupancy,
  users,
  waitlistEntries,
  waitlistOfferRecipients,
  waitlistOffers,
} from '../../../db/schema'
import { wallClock } from '../../../db/wall-clock'

// The waitlist's SQL (docs/product.md#renters, ADR 0065). Every query names the organisations it
// may reach: a renter's are those of the clients it speaks for, read fresh on each request.

/** A space as the waitlist reads it: its hours (the start rule), whether it takes requests, its facility and zone. */
const spaceColumns = {
  id: rooms.id,
  name: rooms.name,
  type: rooms.type,
  operatingStartTime: wallClock(rooms.operatingStartTime),
  operatingEndTime: wallClock(rooms.operatingEndTime),
  bookingInterval: rooms.bookingInterval,
  acceptsRequests: rooms.acceptsRequests,
  facilityId: facilities.id,
  facilityName: facilities.name,
  timeZone: facilities.timeZone,
}

/** A space as an offer and a claim read it. */
export function findSpaces(db: Executor, organisationId: string, roomIds: readonly string[]) {
  return db
    .select(spaceColumns)
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(rooms.organisationId, organisationId), inArray(rooms.id, [...roomIds])))
}
export type OfferSpace = Awaited<ReturnType<typeof findSpaces>>[number]

/**
 * The entries waiting on these spaces on these days whose renter still speaks for the entry's
 * client and is not revoked: removing a contact's access stops their offers at once.
 */
export function listWaitingEntries(db: Executor, organisationId: string, roomIds: readonly string[], dates: readonly string[]) {
  return db
    .select({
      id: waitlistEntries.id,
      roomId: waitlistEntries.roomId,
      clientId: waitlistEntries.clientId,
      userId: waitlistEntries.userId,
      date: waitlistEntries.localDate,
      fromTime: wallClock(waitlistEntries.fromTime),
      toTime: wallClock(waitlistEntries.toTime),
      email: users.email,
      name: users.name,
    })
    .from(waitlistEntries)
    .innerJoin(
      clientRenters,
      and(
        eq(clientRenters.organisationId, waitlistEntries.organisationId),
        eq(clientRenters.clientId, waitlistEntries.clientId),
        eq(clientRenters.userId, waitlistEntries.userId),
      ),
    )
    .innerJoin(users, and(eq(users.id, waitlistEntries.userId), eq(users.revoked, false)))
    .where(
      and(
        eq(waitlistEntries.organisationId, organisationId),
        inArray(waitlistEntries.roomId, [...roomIds]),
        inArray(waitlistEntries.localDate, [...dates]),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
}

export async function insertOffer(
  db: Executor,
  offer: { organisationId: string; roomId: string; startTime: Date; endTime: Date; releasedEventTitle: string | null },
  entryIds: readonly string[],
) {
  const [row] = await db.insert(waitlistOffers).values(offer).returning({ id: waitlistOffers.id })
  await db
    .insert(waitlistOfferRecipients)
    .values(entryIds.map((entryId) => ({ organisationId: offer.organisationId, offerId: row!.id, entryId })))
  return row!.id
}

/**
 * What a release gave back, for the Reports page's released and resold ice (ADR 0066). Its
 * released_at is the transaction's now(): a booking made over the ice afterwards is created later.
 */
export async function insertReleasedIce(
  db: Executor,
  release: { organisationId: string; roomId: string; clientId: string; startTime: Date; endTime: Date; releasedBy: string },
) {
  await db.insert(releasedIce).values(release)
}

/**
 * The booking an event belongs to (the event, or both parts of one split at midnight), locked
 * until the release commits, so that two releases of it take turns and the second finds nothing.
 * Only a client's booking of one of these organisations, and of one of these clients when named.
 */
export async function lockBooking(db: Executor, organisationIds: readonly string[], eventId: string, clientIds: readonly string[] | null) {
  const result = await db.execute(sql`
    select s.id, s.organisation_id, s.client_id, s.kind, s.title, s.room_id, s.start_time, s.end_time, s.event_group_id,
      r.name as room_name, f.id as facility_id, f.time_zone, f.release_until_hours
    from ${schedules} as s
    inner join ${rooms} as r on r.organisation_id = s.organisation_id and r.id = s.room_id
    inner join ${facilities} as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    where s.organisation_id = any(${uuidArray(organisationIds)})
      and (s.id = ${eventId} or s.event_group_id = (
        select asked.event_group_id from ${schedules} as asked
        where asked.organisation_id = any(${uuidArray(organisationIds)}) and asked.id = ${eventId}))
      ${clientIds === null ? sql`` : sql`and s.client_id = any(${uuidArray(clientIds)})`}
    order by s.start_time
    for update of s`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: LockedPartRow[] }).rows.map((row) => ({
    id: row.id,
    organisationId: row.organisation_id,
    clientId: row.client_id,
    kind: row.kind,
    title: row.title,
    roomId: row.room_id,
    roomName: row.room_name,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
    eventGroupId: row.event_group_id,
    facilityId: row.facility_id,
    timeZone: row.time_zone,
    releaseUntilHours: Number(row.release_until_hours),
  }))
}

type LockedPartRow = {
  id: string
  organisation_id: string
  client_id: string | null
  kind: string
  title: string
  room_id: string
  room_name: string
  start_time: Date | string
  end_time: Date | string
  event_group_id: string | null
  facility_id: string
  time_zone: string
  release_until_hours: number | string
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/* ---------- entries ---------- */

/** Every space but change rooms of these organisations, with its facility and venue, for 'Join Waitlist'. */
export function listWaitableSpaces(db: Executor, organisationIds: readonly string[]) {
  return db
    .select({
      ...spaceColumns,
      organisationId: organisations.id,
      organisationName: organisations.name,
    })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .innerJoin(organisations, eq(organisations.id, rooms.organisationId))
    .where(and(inArray(rooms.organisationId, [...organisationIds]), ne(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${facilities.name})`), asc(facilities.id), asc(sql`lower(${rooms.name})`), asc(rooms.id))
}

/** A space of the organisation for 'Join Waitlist', with its facility's zone. */
export async function findSpace(db: Executor, organisationId: string, roomId: string) {
  const [space] = await findSpaces(db, organisationId, [roomId])
  return space ?? null
}

/** The client's entries whose day is not yet over anywhere (a day's margin; the caller reads the zone). */
export function listClientEntryEnds(db: Executor, organisationId: string, clientId: string, sinceDate: string) {
  return db
    .select({ date: waitlistEntries.localDate, toTime: wallClock(waitlistEntries.toTime), timeZone: facilities.timeZone })
    .from(waitlistEntries)
    .innerJoin(rooms, and(eq(rooms.organisationId, waitlistEntries.organisationId), eq(rooms.id, waitlistEntries.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(
      and(
        eq(waitlistEntries.organisationId, organisationId),
        eq(waitlistEntries.clientId, clientId),
        gte(waitlistEntries.localDate, sinceDate),
      ),
    )
}

/** The client's row, locked against a second join of the same client until this one commits. */
export function lockClient(db: Executor, organisationId: string, clientId: string) {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.organisationId, organisationId), eq(clients.id, clientId)))
    .for('no key update')
}

export async function insertEntry(
  db: Executor,
  entry: { organisationId: string; clientId: string; roomId: string; userId: string; localDate: string; fromTime: string; toTime: string },
) {
  const [row] = await db.insert(waitlistEntries).values(entry).returning({ id: waitlistEntries.id })
  return row!.id
}

const entryColumns = {
  id: waitlistEntries.id,
  organisationId: waitlistEntries.organisationId,
  clientId: waitlistEntries.clientId,
  clientName: clients.name,
  roomId: waitlistEntries.roomId,
  spaceName: rooms.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
  timeZone: facilities.timeZone,
  date: waitlistEntries.localDate,
  fromTime: wallClock(waitlistEntries.fromTime),
  toTime: wallClock(waitlistEntries.toTime),
  createdAt: waitlistEntries.createdAt,
}

/** The renter's own entries of these organisations from a day on; the caller keeps those of its clients. */
export function listRenterEntries(db: Executor, userId: string, organisationIds: readonly string[], sinceDate: string) {
  return db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(clients, and(eq(clients.organisationId, waitlistEntries.organisationId), eq(clients.id, waitlistEntries.clientId)))
    .innerJoin(rooms, and(eq(rooms.organisationId, waitlistEntries.organisationId), eq(rooms.id, waitlistEntries.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.organisationId, [...organisationIds]),
        gte(waitlistEntries.localDate, sinceDate),
      ),
    )
    .orderBy(asc(waitlistEntries.localDate), asc(waitlistEntries.fromTime), asc(waitlistEntries.id))
}

export async function findRenterEntry(db: Executor, userId: string, organisationIds: readonly string[], entryId: string) {
  const [entry] = await db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(clients, and(eq(clients.organisationId, waitlistEntries.organisationId), eq(clients.id, waitlistEntries.clientId)))
    .innerJoin(rooms, and(eq(rooms.organisationId, waitlistEntries.organisationId), eq(rooms.id, waitlistEntries.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.organisationId, [...organisationIds]),
        eq(waitlistEntries.id, entryId),
      ),
    )
  return entry ?? null
}

export async function deleteEntry(db: Executor, organisationId: string, entryId: string) {
  const deleted = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.organisationId, organisationId), eq(waitlistEntries.id, entryId)))
    .returning({ id: waitlistEntries.id })
  return deleted.length > 0
}

/* ---------- offers ---------- */

/**
 * An offer as one renter sees it, with the clients it reached through the renter's own entries;
 * null when it reached none of them. The caller keeps only the clients the renter still speaks for.
 */
export async function findOfferForRenter(db: Executor, offerId: string, userId: string, organisationIds: readonly string[]) {
  const rows = await db
    .select({
      id: waitlistOffers.id,
      organisationId: waitlistOffers.organisationId,
      roomId: waitlistOffers.roomId,
      startTime: waitlistOffers.startTime,
      endTime: waitlistOffers.endTime,
      claimedAt: waitlistOffers.claimedAt,
      claimedClientId: waitlistOffers.claimedClientId,
      spaceName: rooms.name,
      acceptsRequests: rooms.acceptsRequests,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
      facilityId: facilities.id,
      facilityName: facilities.name,
      timeZone: facilities.timeZone,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(waitlistOffers)
    .innerJoin(
      waitlistOfferRecipients,
      and(
        eq(waitlistOfferRecipients.organisationId, waitlistOffers.organisationId),
        eq(waitlistOfferRecipients.offerId, waitlistOffers.id),
      ),
    )
    .innerJoin(
      waitlistEntries,
      and(
        eq(waitlistEntries.organisationId, waitlistOfferRecipients.organisationId),
        eq(waitlistEntries.id, waitlistOfferRecipients.entryId),
        eq(waitlistEntries.userId, userId),
      ),
    )
    .innerJoin(clients, and(eq(clients.organisationId, waitlistEntries.organisationId), eq(clients.id, waitlistEntries.clientId)))
    .innerJoin(rooms, and(eq(rooms.organisationId, waitlistOffers.organisationId), eq(rooms.id, waitlistOffers.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(inArray(waitlistOffers.organisationId, [...organisationIds]), eq(waitlistOffers.id, offerId)))
    .orderBy(asc(clients.name), asc(clients.id))
  const [first] = rows
  if (!first) return null
  const { clientId: _clientId, clientName: _clientName, ...offer } = first
  const clientsReached = [...new Map(rows.map((row) => [row.clientId, { id: row.clientId, name: row.clientName }])).values()]
  return { ...offer, clients: clientsReached }
}
export type RenterOffer = NonNullable<Awaited<ReturnType<typeof findOfferForRenter>>>

/**
 * The claim: the first to set claimed_at wins. A second claim waits for the first's row lock,
 * then finds claimed_at set (or, if the first rolled back, takes it itself). True when won.
 */
export async function takeOffer(db: Executor, organisationId: string, offerId: string, claim: { userId: string; clientId: string }) {
  const taken = await db
    .update(waitlistOffers)
    .set({ claimedAt: sql`now()`, claimedBy: claim.userId, claimedClientId: claim.clientId })
    .where(and(eq(waitlistOffers.organisationId, organisationId), eq(waitlistOffers.id, offerId), isNull(waitlistOffers.claimedAt)))
    .returning({ id: waitlistOffers.id })
  return taken.length > 0
}

export async function recordClaimed(
  db: Executor,
  organisationId: string,
  offerId: string,
  claimed: { eventId: string | null; requestId: string | null },
) {
  await db
    .update(waitlistOffers)
    .set({ claimedEventId: claimed.eventId, claimedRequestId: claimed.requestId })
    .where(and(eq(waitlistOffers.organisationId, organisationId), eq(waitlistOffers.id, offerId)))
}

/**
 * Whether anything occupies the space (its own bookings, and those of its wholes and parts, which
 * hold its unit or its parts' units) during [start, end): read for an offer's status only; the
 * claim's booking is what the constraint decides.
 */
export async function isSpaceOccupied(db: Executor, organisationId: string, roomId: string, start: Date, end: Date) {
  const result = await db.execute(sql`
    with recursive tree as (
      select ${rooms.id} as id from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = ${roomId}
      union all
      select part.id from ${rooms} as part
      inner join tree on part.organisation_id = ${organisationId} and part.parent_id = tree.id
    )
    select exists (
      select from ${spaceOccupancy} as held
      where held.organisation_id = ${organisationId} and held.unit_id in (select id from tree)
        and held.during && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')
    ) as occupied`)
  return Boolean((result as unknown as { rows: { occupied: boolean }[] }).rows[0]?.occupied)
}
