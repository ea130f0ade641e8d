import { Hono } from 'hono'
import { clientInput } from '@shared/clients/schema'
import { facilityInput } from '@shared/facilities/schema'
import {
  setupChangeRoomsInput,
  setupDisplayRoomsInput,
  setupDisplaysInput,
  setupSpacesInput,
  skipSetupStepInput,
} from '@shared/setup/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody } from '../../http/validate'
import * as service from './service'

// The caller's own wizard only: no path names a run, and every id a body names is checked
// against the rows that run created (someone else's id is a 404).
export function setupRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()

  app.get('/setup/progress', async (c) => c.json({ progress: await service.getProgress(db, c.get('user').id) }))

  app.post('/setup/facility', jsonBody(facilityInput), async (c) =>
    c.json({ progress: await service.startSetup(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.post('/setup/spaces', jsonBody(setupSpacesInput), async (c) =>
    c.json({ progress: await service.addSpaces(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.post('/setup/change-rooms', jsonBody(setupChangeRoomsInput), async (c) =>
    c.json({ progress: await service.addChangeRooms(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.post('/setup/displays', jsonBody(setupDisplaysInput), async (c) =>
    c.json({ progress: await service.addDisplays(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.post('/setup/display-rooms', jsonBody(setupDisplayRoomsInput), async (c) =>
    c.json({ progress: await service.configureDisplays(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.post('/setup/client', jsonBody(clientInput), async (c) =>
    c.json({ progress: await service.addClient(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.post('/setup/skip', jsonBody(skipSetupStepInput), async (c) =>
    c.json({ progress: await service.skipStep(db, c.get('user').id, c.req.valid('json').step) }),
  )

  app.post('/setup/complete', async (c) => c.json({ progress: await service.completeSetup(db, c.get('user').id) }))

  return app
}
