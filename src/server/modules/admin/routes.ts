import { Hono } from 'hono'
import { requireAdmin } from '../../auth/middleware'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { uuidParams } from '../../http/validate'
import * as service from './service'

export function adminRoutes({ database, env }: AppDeps) {
  const { db } = database
  const app = new Hono<SignedInEnv>()
  app.use('*', requireAdmin)
  // Account ids are UUIDs (auth/auth.ts); anything else names no account.
  const userId = uuidParams('User')

  app.get('/users', async (c) => c.json({ users: await service.listUsers(db) }))

  app.post('/users/:id/approve', userId, async (c) =>
    c.json({ user: await service.approveUser(db, c.req.param('id'), service.mailLinkOrigin(env, c.req.url)) }),
  )

  app.post('/users/:id/revoke', userId, async (c) => c.json({ user: await service.revokeUser(db, c.get('user').id, c.req.param('id')) }))

  app.post('/users/:id/reset-password', userId, async (c) => {
    const origin = service.resetLinkOrigin(env, c.req.url)
    return c.json(await service.createPasswordResetLink(db, c.req.param('id'), origin))
  })

  return app
}
