import { Hono } from 'hono'
import { activityQuery } from '@shared/activity/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { queryParams } from '../../http/validate'
import * as service from './service'

/** The organisation's activity trail, for those who may read it (Owners and Managers). */
export function activityRoutes({ database: { db } }: AppDeps, { bookingIdsOf }: { bookingIdsOf: service.BookingIdsOf }) {
  const app = new Hono<MemberEnv>()

  app.get('/activity', allow('readActivity'), queryParams(activityQuery), async (c) =>
    c.json(await service.listActivity(db, c.get('organisation').id, c.req.valid('query'), bookingIdsOf)),
  )

  return app
}
