import { randomBytes } from 'node:crypto'
import { RESET_LINK_MAX_AGE_SECONDS } from '../../auth/auth'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { AppError, notFound } from '../../errors'
import * as repository from './repository'

export type AdminUser = Awaited<ReturnType<typeof repository.listUsers>>[number]

export function listUsers(db: Db) {
  return repository.listUsers(db)
}

export async function approveUser(db: Db, userId: string) {
  const user = await db.transaction((tx) => repository.setApproved(tx, userId, true))
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
// A new link replaces every older one of the account: only the latest handed-over link works.
export async function createPasswordResetLink(db: Db, userId: string, origin: string) {
  const token = randomBytes(24).toString('base64url')
  const expiresAt = new Date(Date.now() + RESET_LINK_MAX_AGE_SECONDS * 1000)
  await db.transaction(async (tx) => {
    // The account's row lock orders two admins making links at once: the later one wins alone.
    if (!(await repository.findUserForUpdate(tx, userId))) throw notFound('User')
    await repository.replacePasswordResetTokens(tx, userId, token, expiresAt)
    // A "Forgot password?" request is answered by this link: it no longer waits on /admin.
    await repository.resolveResetRequests(tx, userId)
  })
  return { resetLink: `${origin}/reset-password/${token}`, expiresAt }
}

/** "Forgot password?" requests one address may make in an hour, whatever emails they name. */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 5
export const RESET_REQUESTS_THROTTLED_MESSAGE = 'Too many password reset requests from this address. Please try again in an hour.'

/**
 * "Forgot password?" (docs/product.md#accounts): records the request for the admin to see on
 * /admin, who then makes the account a reset link as for any other. The caller answers the same
 * whether or not the email has an account, and both paths do the same work here (one lookup, one
 * insert), so neither the answer nor its timing tells them apart. Once the app sends e-mail, the
 * link can go straight to the address instead (docs/product.md#accounts: not in scope yet).
 */
export async function requestPasswordReset(db: Db, email: string, address: string): Promise<void> {
  const isAllowed = await db.transaction(async (tx) => {
    if ((await repository.countRecentResetRequests(tx, address)) >= RESET_REQUESTS_PER_ADDRESS_PER_HOUR) return false
    await repository.insertResetRequest(tx, await repository.findUserIdByEmail(tx, email), address)
    return true
  })
  if (!isAllowed) throw new AppError('RATE_LIMITED', RESET_REQUESTS_THROTTLED_MESSAGE)
}

export const RESET_LINK_ORIGIN_MESSAGE =
  "This address is not the server's configured one, so a reset link made here could point anywhere. Set BASE_URL (or add this address to TRUSTED_ORIGINS) and try again."

/**
 * Where a reset link points. The request's Host header is the client's to choose, so it is used
 * only when it names the server itself (its own port on this machine) or a configured origin;
 * otherwise a link could send the user to an attacker's site with their token in the address.
 */
export function resetLinkOrigin(env: Pick<Env, 'baseUrl' | 'port' | 'trustedOrigins'>, requestUrl: string): string {
  if (env.baseUrl) return env.baseUrl
  const origin = new URL(requestUrl).origin
  const ownOrigins = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.port}`)
  if (ownOrigins.includes(origin) || env.trustedOrigins.includes(origin)) return origin
  throw new AppError('VALIDATION', RESET_LINK_ORIGIN_MESSAGE)
}
