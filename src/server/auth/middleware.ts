import { createMiddleware } from 'hono/factory'
import { AUTH_MESSAGES } from '@shared/auth/schema'
import { AppError } from '../errors'
import type { Auth } from './auth'
import type { AppEnv, SessionUser, SignedInEnv } from '../http/context'

export const isAdmin = (user: Pick<SessionUser, 'role'>) => user.role === 'admin'

export function loadSession(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers })
    if (result) {
      const { user, session } = result
      c.set('user', {
        id: user.id,
        email: user.email,
        name: user.name,
        role: (user as { role?: string | null }).role ?? null,
        approved: Boolean((user as { approved?: boolean }).approved),
      })
      c.set('sessionId', session.id)
    } else {
      c.set('user', null)
      c.set('sessionId', null)
    }
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
