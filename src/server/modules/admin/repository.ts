import { randomUUID } from 'node:crypto'
import { and, desc, eq, like } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sessions, users, verifications } from '../../db/schema'

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  approved: users.approved,
  role: users.role,
  createdAt: users.createdAt,
}

export function listUsers(db: Executor) {
  return db.select(userColumns).from(users).orderBy(desc(users.createdAt))
}

export async function findUser(db: Executor, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id))
  return row ?? null
}

export async function setApproved(db: Executor, id: string, approved: boolean) {
  const [row] = await db.update(users).set({ approved }).where(eq(users.id, id)).returning(userColumns)
  return row ?? null
}

export async function deleteSessionsOf(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/** Locks the account's row for the rest of the transaction; null when there is no such account. */
export async function findUserForUpdate(db: Executor, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).for('update')
  return row ?? null
}

// better-auth's reset-password endpoint looks a link up by this identifier and consumes it once
// (identifiers are stored as given: the app sets no verification.storeIdentifier).
const RESET_PREFIX = 'reset-password:'

export async function replacePasswordResetTokens(db: Executor, userId: string, token: string, expiresAt: Date) {
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`)))
  await db.insert(verifications).values({ id: randomUUID(), identifier: `${RESET_PREFIX}${token}`, value: userId, expiresAt })
}
