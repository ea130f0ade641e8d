import { randomBytes } from 'node:crypto'
import type { Auth } from '../../auth/auth'
import { RESET_LINK_MAX_AGE_SECONDS } from '../../auth/auth'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import * as repository from './repository'

export type AdminUser = Awaited<ReturnType<typeof repository.listUsers>>[number]

export function listUsers(db: Db) {
  return repository.listUsers(db)
}

export async function approveUser(db: Db, userId: string) {
  const user = await repository.setApproved(db, userId, true)
  if (!user) throw notFound('User')
  return user
}

// Revoking ends every session in the same transaction, so the account is out at once.
export async function revokeUser(db: Db, actingAdminId: string, userId: string) {
  if (actingAdminId === userId) throw new AppError('CONFLICT', 'You cannot revoke your own access')
  return db.transaction(async (tx) => {
    const user = await repository.setApproved(tx, userId, false)
    if (!user) throw notFound('User')
    await repository.deleteSessionsOf(tx, userId)
    return user
  })
}

// A one-time link in better-auth's own reset-password format, so its /reset-password endpoint
// consumes it (once) and checks its expiry. Nothing is e-mailed: the admin hands the link over.
export async function createPasswordResetLink(db: Db, auth: Auth, userId: string, origin: string) {
  const user = await repository.findUser(db, userId)
  if (!user) throw notFound('User')
  const token = randomBytes(24).toString('base64url')
  const expiresAt = new Date(Date.now() + RESET_LINK_MAX_AGE_SECONDS * 1000)
  const context = await auth.$context
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt,
  })
  return { resetLink: `${origin}/reset-password/${token}`, expiresAt }
}
