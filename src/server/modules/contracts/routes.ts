import { Hono } from 'hono'
import { contractInput, usageInput } from '@shared/contracts/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import * as service from './service'

export function contractRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()

  app.get('/contracts', async (c) => c.json({ groups: await service.listContractGroups(db, c.get('user').id) }))

  app.post('/contracts', jsonBody(contractInput), async (c) =>
    c.json({ contract: await service.createContract(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.put('/contracts/:id', uuidParams('Contract'), jsonBody(contractInput), async (c) =>
    c.json({ contract: await service.updateContract(db, c.get('user').id, c.req.param('id'), c.req.valid('json')) }),
  )

  app.delete('/contracts/:id', uuidParams('Contract'), async (c) => {
    await service.deleteContract(db, c.get('user').id, c.req.param('id'))
    return c.body(null, 204)
  })

  app.get('/clients/:id/contracts', uuidParams('Client'), async (c) =>
    c.json({ contracts: await service.listContractsOfClient(db, c.get('user').id, c.req.param('id')) }),
  )

  app.get('/clients/:id/usage', uuidParams('Client'), async (c) =>
    c.json(await service.listUsageOfClient(db, c.get('user').id, c.req.param('id'))),
  )

  app.post('/usage', jsonBody(usageInput), async (c) => c.json(await service.logUsage(db, c.get('user').id, c.req.valid('json')), 201))

  return app
}
