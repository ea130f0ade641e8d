import { Hono } from 'hono'
import { availabilityQuery } from '@shared/marketing/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { queryParams } from '../../http/validate'
import * as service from './service'

export function marketingRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()

  // The facility's rooms with their open and booked slots, in one request whatever their number.
  // What is free and when is business information: not for the front desk.
  app.get('/marketing/availability', allow('readBusiness'), queryParams(availabilityQuery), async (c) =>
    c.json(await service.readAvailability(db, c.get('organisation').id, c.req.valid('query'), new Date())),
  )

  return app
}
