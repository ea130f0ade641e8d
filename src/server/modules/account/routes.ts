import { Hono } from 'hono'
import { AppError } from '../../errors'
import { isAdmin } from '../../auth/middleware'
import type { AppEnv } from '../../http/context'

// The signed-in user as the web app needs it. Pending accounts get their state too, so the
// page can say why they are being signed out.
export function accountRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/me', (c) => {
    const user = c.get('user')
    if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
    return c.json({ user: { ...user, isAdmin: isAdmin(user) } })
  })
  return app
}
