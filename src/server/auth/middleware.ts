import { createMiddleware } from 'hono/factory'
import { AUTH_MESSAGES } from '@shared/auth/schema'
import { TEAM_MESSAGES } from '@shared/team/messages'
import { can, type Permission } from '@shared/team/roles'
import { AppError } from '../errors'
import type { Db } from '../db/client'
import { ensureMembership } from '../modules/team/service'
import type { Auth } from './auth'
import { createSessionReader } from './session-reader'
import type { AppEnv, MemberEnv, SessionUser, SignedInEnv } from '../http/context'

export const isAdmin = (user: Pick<SessionUser, 'role'>) => user.role === 'admin'

export function loadSession(auth: Auth, db: Db) {
  const readSession = createSessionReader(auth, db)
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(c.req.header('cookie'), () => c.req.raw.headers)
    c.set('user', session?.user ?? null)
    c.set('sessionId', session?.sessionId ?? null)
    await next()
  })
}

// Approval is checked on every request, not only at sign-in: revoking takes effect at once
// even for a session that somehow survived.
export const requireApprovedUser = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get('user') as SessionUser | null
  if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
  if (!user.approved) throw new AppError('NOT_APPROVED', AUTH_MESSAGES.pendingApproval)
  await next()
})

export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!isAdmin(c.get('user'))) throw new AppError('FORBIDDEN', "You don't have admin privileges")
  await next()
})

/**
 * The routes of an organisation's data: the caller works in their current organisation, which
 * came with the session. An approved account without one gets its own organisation here, on
 * its first such request after approval (docs/product.md#teams).
 */
export function requireMember(db: Db) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    const user = c.get('user')
    c.set('organisation', user.organisation ?? (await ensureMembership(db, user)))
    await next()
  })
}

/** Refuses, with 403, a member whose role lacks the permission (src/shared/team/roles.ts). */
export function allow(permission: Permission) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (!can(c.get('organisation').role, permission)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.forbidden)
    await next()
  })
}
