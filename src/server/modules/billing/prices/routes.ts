import { Hono } from 'hono'
import { billingSettingsInput, rateInput } from '@shared/billing/schema'
import { allow } from '../../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../../http/context'
import { jsonBody, uuidParams } from '../../../http/validate'
import * as service from './service'

// Billing settings and rates (docs/product.md#billing). Schedulers read prices; the settings are
// billing's, and setting rates is managing the venue. Another organisation's space or client is a 404.
export function priceRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const roomId = uuidParams<'roomId'>('Space')
  const clientId = uuidParams<'clientId'>('Client')
  const clientRoomIds = uuidParams<'clientId' | 'roomId'>('Client')

  app.get('/billing/settings', allow('readPrices'), async (c) => c.json(await service.getSettings(db, c.get('organisation').id)))

  app.put('/billing/settings', allow('bill'), jsonBody(billingSettingsInput), async (c) =>
    c.json(await service.updateSettings(db, c.get('organisation').id, c.req.valid('json'))),
  )

  app.get('/rooms/:roomId/rates', allow('readPrices'), roomId, async (c) =>
    c.json(await service.getRoomRates(db, c.get('organisation').id, c.req.param('roomId'))),
  )

  app.put('/rooms/:roomId/rates', allow('manageVenue'), roomId, jsonBody(rateInput), async (c) =>
    c.json({ rate: await service.setRoomRate(db, c.get('organisation').id, c.get('user'), c.req.param('roomId'), c.req.valid('json')) }),
  )

  app.get('/clients/:clientId/rates', allow('readPrices'), clientId, async (c) =>
    c.json(await service.getClientRates(db, c.get('organisation').id, c.req.param('clientId'))),
  )

  app.put('/clients/:clientId/rates/:roomId', allow('manageVenue'), clientRoomIds, jsonBody(rateInput), async (c) => {
    const { clientId: client, roomId: room } = c.req.param()
    return c.json({ rate: await service.setClientRate(db, c.get('organisation').id, c.get('user'), client, room, c.req.valid('json')) })
  })

  app.delete('/clients/:clientId/rates/:roomId', allow('manageVenue'), clientRoomIds, async (c) => {
    const { clientId: client, roomId: room } = c.req.param()
    await service.endClientRate(db, c.get('organisation').id, c.get('user'), client, room)
    return c.body(null, 204)
  })

  return app
}
