import { Hono, type Context } from 'hono'
import { eventExportQuery, periodQuery } from '@shared/exports/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { queryParams, uuidParams } from '../../http/validate'
import * as service from './service'
import type { CsvExport } from './service'

// The CSV exports and client statements (docs/product.md#exports-and-statements): the Owner's and
// the Manager's, as reports are. The permission is checked first, so a forbidden caller gets 403
// whatever the query; another organisation's facility or client is a 404.

function csvAnswer(c: Context<MemberEnv>, { filename, body }: CsvExport) {
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  })
}

// The day the file was made, in its name (UTC: the organisation may span zones).
const today = () => new Date().toISOString().slice(0, 10)

export function exportRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const clientId = uuidParams('Client')

  app.get('/exports/events.csv', allow('readReports'), queryParams(eventExportQuery), async (c) =>
    csvAnswer(c, await service.exportEvents(db, c.get('organisation').id, c.req.valid('query'))),
  )

  app.get('/exports/clients.csv', allow('readReports'), async (c) =>
    csvAnswer(c, await service.exportClients(db, c.get('organisation').id, today())),
  )

  app.get('/exports/contracts.csv', allow('readReports'), async (c) =>
    csvAnswer(c, await service.exportContracts(db, c.get('organisation').id, today())),
  )

  app.get('/exports/usage.csv', allow('readReports'), queryParams(periodQuery), async (c) =>
    csvAnswer(c, await service.exportUsage(db, c.get('organisation').id, c.req.valid('query'))),
  )

  app.get('/clients/:id/statement', allow('readReports'), clientId, queryParams(periodQuery), async (c) =>
    c.json(await service.getStatement(db, c.get('organisation'), c.req.param('id'), c.req.valid('query'))),
  )

  app.get('/clients/:id/statement.csv', allow('readReports'), clientId, queryParams(periodQuery), async (c) =>
    csvAnswer(c, await service.exportStatement(db, c.get('organisation'), c.req.param('id'), c.req.valid('query'))),
  )

  return app
}
