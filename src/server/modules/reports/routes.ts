import { Hono } from 'hono'
import { reportQuery } from '@shared/reports/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { queryParams } from '../../http/validate'
import * as service from './service'

export function reportRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()

  // The Reports page (docs/product.md#reports): owners and managers.
  app.get('/reports', allow('readReports'), queryParams(reportQuery), async (c) =>
    c.json(await service.buildReport(db, c.get('organisation').id, c.req.valid('query'), new Date())),
  )

  return app
}
