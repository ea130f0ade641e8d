import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull, like, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { passwordResetRequests, sessions, users, verifications } from '../../db/schema'

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  approved: users.approved,
  role: users.role,
  createdAt: users.createdAt,
  // Spelled out: in an update's returning list Drizzle leaves ${users.id} unqualified, and the
  // subquery's own id would answer to it.
  resetRequestedAt:
    sql<Date | null>`(select max(${passwordResetRequests.requestedAt}) from ${passwordResetRequests} where ${passwordResetRequests.userId} = "users"."id")`.mapWith(
      passwordResetRequests.requestedAt,
    ),
}

// A renter's account made through a portal invitation (portal_only) is never the administrator's to
// approve: the venue vouched for it (ADR 0063), so it is not among the accounts they list.
export function listUsers(db: Executor) {
  return db.select(userColumns).from(users).where(eq(users.portalOnly, false)).orderBy(desc(users.createdAt))
}

export async function findUser(db: Executor, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id))
  return row ?? null
}

/**
 * The administrator's approval, the one path that may approve a revoked account again: it names
 * itself for its transaction, which users_revoked_stays_revoked (sql/) lets clear the
 * revoke. The administrator's revoke marks the account revoked, which no other path undoes.
 */
export async function setApproved(tx: Executor, id: string, approved: boolean) {
  if (approved) await tx.execute(sql`select set_config('fieldhouse.admin_approval', 'on', true)`)
  const [row] = await tx.update(users).set({ approved, revoked: !approved }).where(eq(users.id, id)).returning(userColumns)
  return row ?? null
}

export async function deleteSessionsOf(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/** Locks the account's row for the rest of the transaction; null when there is no such account. */
export async function findUserForUpdate(db: Executor, id: string) {
  const [row] = await db
    .select({ ...userColumns, portalOnly: users.portalOnly })
    .from(users)
    .where(eq(users.id, id))
    .for('update')
  return row ?? null
}

// better-auth's reset-password endpoint looks a link up by this identifier and consumes it once
// (identifiers are stored as given: the app sets no verification.storeIdentifier).
const RESET_PREFIX = 'reset-password:'

export async function replacePasswordResetTokens(db: Executor, userId: string, token: string, expiresAt: Date) {
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`)))
  await db.insert(verifications).values({ id: randomUUID(), identifier: `${RESET_PREFIX}${token}`, value: userId, expiresAt })
}

/* ---------- "Forgot password?" requests (docs/product.md#accounts) ---------- */

const withinLastHour = gt(passwordResetRequests.requestedAt, sql`now() - interval '1 hour'`)

/**
 * Holds the address's lock for the rest of the transaction (the sign-up limit's scheme,
 * auth/attempt-limits.ts), so parallel requests from one address are counted one at a time.
 */
export async function countRecentResetRequests(db: Executor, address: string): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`password-reset-address:${address}`}, 0))`)
  const [counts] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.address, address), withinLastHour))
  return counts?.total ?? 0
}

export async function findUserByEmail(db: Executor, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email))
  return row ?? null
}

export async function insertResetRequest(db: Executor, userId: string | null, address: string) {
  await db.insert(passwordResetRequests).values({ userId, address })
  // Rows that name no account (or whose account got its link) only count; past the hour they go.
  await db
    .delete(passwordResetRequests)
    .where(
      and(
        eq(passwordResetRequests.address, address),
        isNull(passwordResetRequests.userId),
        lte(passwordResetRequests.requestedAt, sql`now() - interval '1 hour'`),
      ),
    )
}

/** The account got its link: its requests stop waiting, but still count against their addresses. */
export async function resolveResetRequests(db: Executor, userId: string) {
  await db.update(passwordResetRequests).set({ userId: null }).where(eq(passwordResetRequests.userId, userId))
}
