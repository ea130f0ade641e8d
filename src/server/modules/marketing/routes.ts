import { Hono } from 'hono'
import { availabilityQuery } from '@shared/marketing/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { queryParams } from '../../http/validate'
import * as service from './service'

export function marketingRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()

  // The facility's rooms with their open and booked slots, in one request whatever their number.
  app.get('/marketing/availability', queryParams(availabilityQuery), async (c) =>
    c.json(await service.readAvailability(db, c.get('user').id, c.req.valid('query'), new Date())),
  )

  return app
}
