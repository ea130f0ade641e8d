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
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody } from '../../http/validate'
import * as service from './service'

// The current organisation's wizard only: no path names a run, and every id a body names is
// checked against the rows that run created (another organisation's id is a 404). Every member
// may see the progress; only those who manage the venue work the steps, and the role is checked
// before the body is read, so a refused caller gets 403 whatever it sent.
export function setupRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()

  app.get('/setup/progress', allow('read'), async (c) => c.json({ progress: await service.getProgress(db, c.get('organisation').id) }))

  app.post('/setup/facility', allow('manageVenue'), jsonBody(facilityInput), async (c) =>
    c.json({ progress: await service.startSetup(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.post('/setup/spaces', allow('manageVenue'), jsonBody(setupSpacesInput), async (c) =>
    c.json({ progress: await service.addSpaces(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.post('/setup/change-rooms', allow('manageVenue'), jsonBody(setupChangeRoomsInput), async (c) =>
    c.json({ progress: await service.addChangeRooms(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.post('/setup/displays', allow('manageVenue'), jsonBody(setupDisplaysInput), async (c) =>
    c.json({ progress: await service.addDisplays(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.post('/setup/display-rooms', allow('manageVenue'), jsonBody(setupDisplayRoomsInput), async (c) =>
    c.json({ progress: await service.configureDisplays(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.post('/setup/client', allow('manageVenue'), jsonBody(clientInput), async (c) =>
    c.json({ progress: await service.addClient(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.post('/setup/skip', allow('manageVenue'), jsonBody(skipSetupStepInput), async (c) =>
    c.json({ progress: await service.skipStep(db, c.get('organisation').id, c.req.valid('json').step) }),
  )

  app.post('/setup/complete', allow('manageVenue'), async (c) =>
    c.json({ progress: await service.completeSetup(db, c.get('organisation').id) }),
  )

  return app
}
