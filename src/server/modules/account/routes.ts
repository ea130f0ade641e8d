import { Hono } from 'hono'
import { AppError } from '../../errors'
import { isAdmin } from '../../auth/middleware'
import type { AppDeps, AppEnv } from '../../http/context'
import { ensureMembership } from '../team/service'

// The signed-in user as the web app needs it. Pending accounts get their state too, so the
// page can say why they are being signed out. An approved account without an organisation
// gets its own here, on its first visit after approval (docs/product.md#teams).
export function accountRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/me', async (c) => {
    const user = c.get('user')
    if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
    const organisation = user.approved ? (user.organisation ?? (await ensureMembership(db, user))) : null
    return c.json({ user: { ...user, organisation, isAdmin: isAdmin(user) } })
  })
  return app
}
