import { randomBytes, randomUUID } from 'node:crypto'
import { RESET_LINK_MAX_AGE_SECONDS } from '../../auth/auth'
import type { Db, Executor } from '../../db/client'
import type { Env } from '../../env'
import { AppError, notFound } from '../../errors'
import { accountApprovedMail, enqueueMail, passwordResetMail } from '../../mail'
import * as repository from './repository'

export type AdminUser = Awaited<ReturnType<typeof repository.listUsers>>[number]

export function listUsers(db: Db) {
  return repository.listUsers(db)
}

/**
 * Approves the account and, when it was not approved already, e-mails its owner in the same
 * transaction (docs/product.md#email). Each approval is its own message: one after a revoke is new.
 * `origin`: where the message's sign-in link points; null leaves the link out.
 */
export async function approveUser(db: Db, userId: string, origin: string | null = null) {
  const user = await db.transaction(async (tx) => {
    const before = await repository.findUserForUpdate(tx, userId)
    // A renter's portal_only account is never approved as an operator (ADR 0063), nor listed.
    if (!before || before.portalOnly) return null
    const approved = await repository.setApproved(tx, userId, true)
    if (approved && !before.approved) {
      await enqueueMail(
        tx,
        accountApprovedMail({
          to: approved.email,
          name: approved.name,
          signInUrl: origin === null ? null : `${origin}/auth?mode=sign-in`,
          businessKey: `account_approved:${userId}:${new Date().toISOString()}:${randomUUID()}`,
        }),
      )
    }
    return approved
  })
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
// consumes it (once) and checks its expiry.
function newResetLink(origin: string) {
  const token = randomBytes(24).toString('base64url')
  const expiresAt = new Date(Date.now() + RESET_LINK_MAX_AGE_SECONDS * 1000)
  return { token, expiresAt, resetLink: `${origin}/reset-password/${token}` }
}

// The link replaces every older one of the account (only the latest works) and is e-mailed to the
// account's address in the same transaction (docs/product.md#accounts).
async function writeResetLink(
  tx: Executor,
  user: { id: string; email: string },
  link: ReturnType<typeof newResetLink>,
  byAdministrator: boolean,
) {
  await repository.replacePasswordResetTokens(tx, user.id, link.token, link.expiresAt)
  await enqueueMail(
    tx,
    passwordResetMail({
      to: user.email,
      resetLink: link.resetLink,
      expiresAt: link.expiresAt,
      businessKey: `password_reset:${user.id}:${randomUUID()}`,
      byAdministrator,
    }),
  )
}

// The administrator's 'Reset password': the link is e-mailed to the account and also answered, for
// the administrator to hand over where mail does not reach.
export async function createPasswordResetLink(db: Db, userId: string, origin: string) {
  const link = newResetLink(origin)
  await db.transaction(async (tx) => {
    // The account's row lock orders two admins making links at once: the later one wins alone.
    const user = await repository.findUserForUpdate(tx, userId)
    if (!user) throw notFound('User')
    await writeResetLink(tx, user, link, true)
    // A "Forgot password?" request is answered by this link: it no longer waits on /admin.
    await repository.resolveResetRequests(tx, userId)
  })
  return { resetLink: link.resetLink, expiresAt: link.expiresAt }
}

/** "Forgot password?" requests one address may make in an hour, whatever emails they name. */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 5
export const RESET_REQUESTS_THROTTLED_MESSAGE = 'Too many password reset requests from this address. Please try again in an hour.'

/**
 * "Forgot password?" (docs/product.md#accounts): e-mails a reset link to the address when it has an
 * account, and records the request, which /admin shows until an administrator's link answers it
 * (mail may be off: then the administrator hands a link over). The caller answers the same whether
 * or not the email has an account. Both paths make a link and do the lookup and the insert; only
 * an account's path writes its link and its message (two small inserts in the same transaction),
 * so the answer never tells them apart and its timing barely does. `origin`: where the link
 * points; null (a request to an address that is not the server's) e-mails nothing.
 */
export async function requestPasswordReset(db: Db, email: string, address: string, origin: string | null): Promise<void> {
  const link = newResetLink(origin ?? '')
  const isAllowed = await db.transaction(async (tx) => {
    if ((await repository.countRecentResetRequests(tx, address)) >= RESET_REQUESTS_PER_ADDRESS_PER_HOUR) return false
    const user = await repository.findUserByEmail(tx, email)
    await repository.insertResetRequest(tx, user?.id ?? null, address)
    if (user && origin !== null) await writeResetLink(tx, user, link, false)
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

/** The origin a message's link may point to, as resetLinkOrigin decides; null where it would refuse. */
export function mailLinkOrigin(env: Pick<Env, 'baseUrl' | 'port' | 'trustedOrigins'>, requestUrl: string): string | null {
  try {
    return resetLinkOrigin(env, requestUrl)
  } catch {
    return null
  }
}
