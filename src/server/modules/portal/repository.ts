import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Executor } from '../../db/client'
import { perDatabase, placeholder } from '../../db/prepared'
import {
  accounts,
  clientRenters,
  clients,
  facilities,
  invoices,
  organisations,
  portalInvitations,
  rooms,
  schedules,
  users,
} from '../../db/schema'

// The renters' portal's SQL (docs/product.md#renters, ADR 0063): who speaks for which client, the
// invitations that grant it, and the portal's own reads. Every read of a client's rows names the
// organisation and the client, both taken from the renter's own access rows.

/* ---------- who speaks for which client ---------- */

/** The clients the account speaks for, with their organisations, by organisation and client name. */
export function listClientsOfRenter(db: Executor, userId: string) {
  return db
    .select({
      clientId: clients.id,
      clientName: clients.name,
      organisationId: organisations.id,
      organisationName: organisations.name,
    })
    .from(clientRenters)
    .innerJoin(users, and(eq(users.id, clientRenters.userId), eq(users.revoked, false)))
    .innerJoin(clients, and(eq(clients.organisationId, clientRenters.organisationId), eq(clients.id, clientRenters.clientId)))
    .innerJoin(organisations, eq(organisations.id, clientRenters.organisationId))
    .where(eq(clientRenters.userId, userId))
    .orderBy(asc(sql`lower(${organisations.name})`), asc(sql`lower(${clients.name})`), asc(clients.id))
}

export function listRentersOfClient(db: Executor, organisationId: string, clientId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, since: clientRenters.createdAt })
    .from(clientRenters)
    .innerJoin(users, eq(users.id, clientRenters.userId))
    .where(and(eq(clientRenters.organisationId, organisationId), eq(clientRenters.clientId, clientId)))
    .orderBy(asc(clientRenters.createdAt), asc(users.id))
}

/** Gives the account access to the client; false when it had it already. */
export async function insertRenter(
  tx: Executor,
  values: { organisationId: string; clientId: string; userId: string; invitedBy: string | null },
) {
  const inserted = await tx.insert(clientRenters).values(values).onConflictDoNothing().returning({ userId: clientRenters.userId })
  return inserted.length > 0
}

/** Takes the account's access to the client away at once; null when it had none. */
export async function deleteRenter(tx: Executor, organisationId: string, clientId: string, userId: string) {
  const [row] = await tx
    .delete(clientRenters)
    .where(and(eq(clientRenters.organisationId, organisationId), eq(clientRenters.clientId, clientId), eq(clientRenters.userId, userId)))
    .returning({ userId: clientRenters.userId })
  if (!row) return null
  const [account] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId))
  return account ?? null
}

export async function isRenterOf(db: Executor, organisationId: string, clientId: string, email: string) {
  const [row] = await db
    .select({ userId: clientRenters.userId })
    .from(clientRenters)
    .innerJoin(users, eq(users.id, clientRenters.userId))
    .where(and(eq(clientRenters.organisationId, organisationId), eq(clientRenters.clientId, clientId), eq(users.email, email)))
  return Boolean(row)
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, revoked: users.revoked })
    .from(users)
    .where(eq(users.email, email))
  return row ?? null
}

/* ---------- invitations ---------- */

const invitationColumns = {
  id: portalInvitations.id,
  email: portalInvitations.email,
  createdAt: portalInvitations.createdAt,
  expiresAt: portalInvitations.expiresAt,
}

// Neither used, withdrawn nor expired.
const isOpen = and(isNull(portalInvitations.acceptedAt), isNull(portalInvitations.withdrawnAt), gt(portalInvitations.expiresAt, sql`now()`))

export function listOpenInvitations(db: Executor, organisationId: string, clientId: string) {
  return db
    .select(invitationColumns)
    .from(portalInvitations)
    .where(and(eq(portalInvitations.organisationId, organisationId), eq(portalInvitations.clientId, clientId), isOpen))
    .orderBy(desc(portalInvitations.createdAt), desc(portalInvitations.id))
}

export async function insertInvitation(
  tx: Executor,
  values: { organisationId: string; clientId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
) {
  const [row] = await tx.insert(portalInvitations).values(values).returning(invitationColumns)
  return row!
}

/** An open invitation by its token's hash, with whom it is from; `lock` takes its row for the transaction that uses it up. */
export async function findOpenInvitation(db: Executor, tokenHash: string, { lock = false } = {}) {
  const query = db
    .select({
      ...invitationColumns,
      organisationId: portalInvitations.organisationId,
      clientId: portalInvitations.clientId,
      invitedBy: portalInvitations.invitedBy,
      organisationName: organisations.name,
      clientName: clients.name,
    })
    .from(portalInvitations)
    .innerJoin(organisations, eq(organisations.id, portalInvitations.organisationId))
    .innerJoin(clients, and(eq(clients.organisationId, portalInvitations.organisationId), eq(clients.id, portalInvitations.clientId)))
    .where(and(eq(portalInvitations.tokenHash, tokenHash), isOpen))
  const [row] = lock ? await query.for('update', { of: portalInvitations }) : await query
  return row ?? null
}

export function markInvitationAccepted(tx: Executor, invitationId: string, userId: string) {
  return tx
    .update(portalInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(portalInvitations.id, invitationId))
}

/** Withdraws an open invitation of the client; null when there is none by that id. */
export async function withdrawInvitation(tx: Executor, organisationId: string, clientId: string, invitationId: string) {
  const [row] = await tx
    .update(portalInvitations)
    .set({ withdrawnAt: sql`now()` })
    .where(
      and(
        eq(portalInvitations.organisationId, organisationId),
        eq(portalInvitations.clientId, clientId),
        eq(portalInvitations.id, invitationId),
        isOpen,
      ),
    )
    .returning({ id: portalInvitations.id, email: portalInvitations.email })
  return row ?? null
}

/**
 * A renter's account, made with its password's hash and nothing else: never approved as an
 * operator (users_portal_only_not_approved), in the transaction that gives it its access. The
 * email's unique index lets one of parallel sign-ups through.
 */
export async function insertPortalAccount(tx: Executor, account: { id: string; name: string; email: string; passwordHash: string }) {
  const [user] = await tx
    .insert(users)
    .values({
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: false,
      approved: false,
      portalOnly: true,
      // What better-auth's admin plugin gives every new account.
      role: 'user',
      banned: false,
    })
    .returning({ id: users.id, name: users.name, email: users.email, approved: users.approved })
  // better-auth's own shape of an email-and-password account: signing in reads it.
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: account.id,
    providerId: 'credential',
    userId: account.id,
    password: account.passwordHash,
  })
  return user!
}

/* ---------- the portal's reads ---------- */

const changeRoom1 = alias(rooms, 'change_room_1')
const changeRoom2 = alias(rooms, 'change_room_2')

const bookingColumns = {
  id: schedules.id,
  clientId: schedules.clientId,
  title: schedules.title,
  facilityName: facilities.name,
  spaceName: rooms.name,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  timeZone: facilities.timeZone,
  releaseUntilHours: facilities.releaseUntilHours,
  changeRoom1: changeRoom1.name,
  changeRoom2: changeRoom2.name,
}

export type BookingRow = {
  id: string
  clientId: string | null
  title: string
  facilityName: string
  spaceName: string
  startTime: Date
  endTime: Date
  timeZone: string
  releaseUntilHours: number
  changeRoom1: string | null
  changeRoom2: string | null
}

// A booking lasts at most a day (schedules_at_most_a_day): one still running started less than a
// day ago, so the walk of the client's index starts there.
const DAY = sql`interval '24 hours'`

function bookingsOfClient(db: Db, when: 'upcoming' | 'past') {
  const now = sql`${placeholder('now')}::timestamptz`
  const from = sql`${placeholder('cursorStart')}::timestamptz`
  const fromId = sql`${placeholder('cursorId')}::uuid`
  const window =
    when === 'upcoming'
      ? and(
          gt(schedules.endTime, now),
          sql`${schedules.startTime} > ${now} - ${DAY}`,
          sql`${schedules.startTime} >= ${from}`,
          sql`(${schedules.startTime}, ${schedules.id}) > (${from}, ${fromId})`,
        )
      : and(
          sql`${schedules.endTime} <= ${now}`,
          sql`${schedules.startTime} < ${now}`,
          sql`${schedules.startTime} <= ${from}`,
          sql`(${schedules.startTime}, ${schedules.id}) < (${from}, ${fromId})`,
        )
  const direction = when === 'upcoming' ? asc : desc
  return db
    .select(bookingColumns)
    .from(schedules)
    .innerJoin(rooms, and(eq(rooms.organisationId, schedules.organisationId), eq(rooms.id, schedules.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .leftJoin(changeRoom1, and(eq(changeRoom1.organisationId, schedules.organisationId), eq(changeRoom1.id, schedules.changeRoom1Id)))
    .leftJoin(changeRoom2, and(eq(changeRoom2.organisationId, schedules.organisationId), eq(changeRoom2.id, schedules.changeRoom2Id)))
    .where(
      and(
        eq(schedules.organisationId, sql`${placeholder('organisationId')}::uuid`),
        eq(schedules.clientId, sql`${placeholder('clientId')}::uuid`),
        // Bookings only: a request's hold is not the renter's booking yet.
        eq(schedules.kind, 'booking'),
        window,
      ),
    )
    .orderBy(direction(schedules.startTime), direction(schedules.id))
    .limit(placeholder('limit'))
    .prepare(`portal_bookings_${when}`)
}

// Named, so each connection plans them once; both walk schedules_client_id_start_time_idx.
const upcomingStatement = perDatabase((db: Db) => bookingsOfClient(db, 'upcoming'))
const pastStatement = perDatabase((db: Db) => bookingsOfClient(db, 'past'))

// Where a walk starts without a cursor: before every booking (upcoming) or after every one (past).
const FIRST = { startTime: new Date('1970-01-01T00:00:00.000Z'), id: '00000000-0000-0000-0000-000000000000' }
const LAST = { startTime: new Date('9999-12-31T00:00:00.000Z'), id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }

/**
 * A page of one client's bookings, read off (organisation_id, client_id, start_time): upcoming
 * ones (not yet ended) soonest first, past ones latest first, strictly after the cursor.
 */
export async function listBookingsOfClient(
  db: Db,
  {
    organisationId,
    clientId,
    when,
    cursor,
    now,
    limit,
  }: {
    organisationId: string
    clientId: string
    when: 'upcoming' | 'past'
    cursor: { startTime: Date; id: string } | null
    now: Date
    limit: number
  },
): Promise<BookingRow[]> {
  const statement = when === 'upcoming' ? upcomingStatement(db) : pastStatement(db)
  const start = cursor ?? (when === 'upcoming' ? FIRST : LAST)
  return (await statement.execute({
    organisationId,
    clientId,
    now: now.toISOString(),
    cursorStart: start.startTime.toISOString(),
    cursorId: start.id,
    limit,
  })) as BookingRow[]
}

/** Whose an invoice is, and whether it was issued: what decides if a renter may read it. */
export async function findInvoiceOwner(db: Executor, invoiceId: string) {
  const [row] = await db
    .select({ organisationId: invoices.organisationId, clientId: invoices.clientId, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
  return row ?? null
}
