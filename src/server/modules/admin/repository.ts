import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sessions, users } from '../../db/schema'

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
