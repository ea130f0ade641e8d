import { createMiddleware } from 'hono/factory'
import { AUTH_MESSAGES } from '@shared/auth/schema'
import { AppError } from '../errors'
import type { Db } from '../db/client'
import type { Auth } from './auth'
import { createSessionReader } from './session-reader'
import type { AppEnv, SessionUser, SignedInEnv } from '../http/context'

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
