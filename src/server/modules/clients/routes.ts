import { Hono } from 'hono'
import { clientInput } from '@shared/clients/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import * as service from './service'

export function clientRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()

  app.get('/clients', async (c) => c.json({ clients: await service.listClients(db, c.get('user').id) }))

  app.post('/clients', jsonBody(clientInput), async (c) =>
    c.json({ client: await service.createClient(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.get('/clients/:id', uuidParams('Client'), async (c) => c.json(await service.getClient(db, c.get('user').id, c.req.param('id'))))

  app.put('/clients/:id', uuidParams('Client'), jsonBody(clientInput), async (c) =>
    c.json({ client: await service.updateClient(db, c.get('user').id, c.req.param('id'), c.req.valid('json')) }),
  )

  app.delete('/clients/:id', uuidParams('Client'), async (c) => {
    await service.deleteClient(db, c.get('user').id, c.req.param('id'))
    return c.body(null, 204)
  })

  return app
}
