import { Hono } from 'hono'
import { AppError } from '../../errors'
import { isAdmin } from '../../auth/middleware'
import type { AppDeps, AppEnv } from '../../http/context'
import { ensureMembership } from '../team/service'
import { listRenterClients } from '../portal/service'

// The signed-in user as the web app needs it. Pending accounts get their state too, so the
// page can say why they are being signed out. An approved account without an organisation
// gets its own here, on its first visit after approval (docs/product.md#teams). renterOf: the
// clients the account speaks for in the renters' portal (docs/product.md#renters), read fresh.
export function accountRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/me', async (c) => {
    const user = c.get('user')
    if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
    const [organisation, renterOf] = await Promise.all([
      user.approved ? (user.organisation ?? ensureMembership(db, user)) : null,
      listRenterClients(db, user.id),
    ])
    return c.json({ user: { ...user, organisation, isAdmin: isAdmin(user), renterOf } })
  })
  return app
}
