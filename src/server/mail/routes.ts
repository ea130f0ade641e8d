import { Hono } from 'hono'
import { mailListQuery } from '@shared/mail/schema'
import { allow, requireAdmin } from '../auth/middleware'
import type { AppDeps, MemberEnv, SignedInEnv } from '../http/context'
import { queryParams } from '../http/validate'
import { listMail } from './service'

/** GET /api/mail: the caller's organisation's messages, for Owners and Managers (docs/product.md#email). */
export function mailRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<MemberEnv>()
  app.get('/mail', allow('readMail'), queryParams(mailListQuery), async (c) =>
    c.json(await listMail(db, env, c.get('organisation').id, c.req.valid('query'))),
  )
  return app
}

/** GET /api/admin/mail: every message, the accounts' own included, for the admin. */
export function adminMailRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<SignedInEnv>()
  app.use('*', requireAdmin)
  app.get('/mail', queryParams(mailListQuery), async (c) => c.json(await listMail(db, env, null, c.req.valid('query'))))
  return app
}
