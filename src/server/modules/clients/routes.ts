import { Hono } from 'hono'
import { importInput } from '@shared/clients/import'
import { clientInput } from '@shared/clients/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import * as service from './service'

// The caller's current organisation owns every client these paths reach: another's id is a 404.
// The permission is checked first, so a forbidden caller gets 403 whatever the id or body.
export function clientRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const clientId = uuidParams('Client')

  app.get('/clients', allow('read'), async (c) => c.json({ clients: await service.listClients(db, c.get('organisation').id) }))

  app.post('/clients', allow('manageVenue'), jsonBody(clientInput), async (c) =>
    c.json({ client: await service.createClient(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  // 'Import Clients' (ADR 0068): the preview writes nothing; the import is all or nothing.
  app.post('/clients/import/preview', allow('manageVenue'), jsonBody(importInput), async (c) =>
    c.json(await service.previewImport(db, c.get('organisation').id, c.req.valid('json').csv)),
  )

  app.post('/clients/import', allow('manageVenue'), jsonBody(importInput), async (c) =>
    c.json(await service.importClients(db, c.get('organisation').id, c.get('user'), c.req.valid('json').csv)),
  )

  app.get('/clients/:id', allow('read'), clientId, async (c) =>
    c.json(await service.getClient(db, c.get('organisation').id, c.req.param('id'))),
  )

  app.put('/clients/:id', allow('manageVenue'), clientId, jsonBody(clientInput), async (c) =>
    c.json({ client: await service.updateClient(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json')) }),
  )

  app.delete('/clients/:id', allow('manageVenue'), clientId, async (c) => {
    await service.deleteClient(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  return app
}
