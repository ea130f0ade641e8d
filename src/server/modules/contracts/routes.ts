import { Hono } from 'hono'
import { chargingContractQuery, contractInput, usageInput } from '@shared/contracts/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import * as service from './service'

// The caller's current organisation owns every contract and client these paths reach: another's
// id is a 404. The permission is checked first, so a forbidden caller gets 403 whatever the body.
export function contractRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const contractId = uuidParams('Contract')
  const clientId = uuidParams('Client')

  app.get('/contracts', allow('readBusiness'), async (c) =>
    c.json({ groups: await service.listContractGroups(db, c.get('organisation').id) }),
  )

  app.post('/contracts', allow('manageVenue'), jsonBody(contractInput), async (c) =>
    c.json({ contract: await service.createContract(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.put('/contracts/:id', allow('manageVenue'), contractId, jsonBody(contractInput), async (c) =>
    c.json({ contract: await service.updateContract(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json')) }),
  )

  app.delete('/contracts/:id', allow('manageVenue'), contractId, async (c) => {
    await service.deleteContract(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  app.get('/clients/:id/contracts', allow('readBusiness'), clientId, async (c) =>
    c.json({ contracts: await service.listContractsOfClient(db, c.get('organisation').id, c.req.param('id')) }),
  )

  // What the event dialog warns about: the contract a booking in the space on the day would charge now.
  app.get('/clients/:id/charging-contract', allow('readBusiness'), clientId, queryParams(chargingContractQuery), async (c) => {
    const { roomId, date } = c.req.valid('query')
    return c.json({ contract: await service.findChargingContract(db, c.get('organisation').id, c.req.param('id'), roomId, date) })
  })

  app.get('/clients/:id/usage', allow('readBusiness'), clientId, async (c) =>
    c.json(await service.listUsageOfClient(db, c.get('organisation').id, c.req.param('id'))),
  )

  // Logging hours is part of booking work, so a scheduler may do it (docs/product.md#teams).
  app.post('/usage', allow('book'), jsonBody(usageInput), async (c) =>
    c.json(await service.logUsage(db, c.get('organisation').id, c.get('user'), c.req.valid('json')), 201),
  )

  return app
}
