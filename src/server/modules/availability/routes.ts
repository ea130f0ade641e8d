import { Hono } from 'hono'
import { freeSlotsQuery } from '@shared/availability/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { queryParams } from '../../http/validate'
import * as service from './service'

export function availabilityRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()

  // Find Ice: free slots are for booking them, so for those who may book.
  app.get('/availability/free-slots', allow('book'), queryParams(freeSlotsQuery), async (c) =>
    c.json(await service.findFreeIce(db, c.get('organisation').id, c.req.valid('query'), new Date())),
  )

  return app
}
