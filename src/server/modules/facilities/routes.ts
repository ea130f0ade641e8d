import { Hono } from 'hono'
import { facilityInput } from '@shared/facilities/schema'
import { roomInput } from '@shared/rooms/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import * as service from './service'

// Every path checks ownership through the facility's owner: someone else's id is a 404.
export function facilityRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()
  const facilityId = uuidParams('Facility')
  const roomId = uuidParams('Room')

  app.get('/facilities', async (c) => c.json({ facilities: await service.listFacilities(db, c.get('user').id) }))

  app.get('/facilities/count', async (c) => c.json({ count: await service.countFacilities(db, c.get('user').id) }))

  app.post('/facilities', jsonBody(facilityInput), async (c) =>
    c.json({ facility: await service.createFacility(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.get('/facilities/:id', facilityId, async (c) =>
    c.json({ facility: await service.getFacility(db, c.get('user').id, c.req.param('id')) }),
  )

  app.delete('/facilities/:id', facilityId, async (c) => {
    await service.deleteFacility(db, c.get('user').id, c.req.param('id'))
    return c.body(null, 204)
  })

  app.get('/facilities/:id/rooms', facilityId, async (c) =>
    c.json({ rooms: await service.listRooms(db, c.get('user').id, c.req.param('id')) }),
  )

  app.post('/facilities/:id/rooms', facilityId, jsonBody(roomInput), async (c) =>
    c.json({ room: await service.createRoom(db, c.get('user').id, c.req.param('id'), c.req.valid('json')) }, 201),
  )

  app.get('/facilities/:id/change-rooms', facilityId, async (c) =>
    c.json({ changeRooms: await service.listChangeRooms(db, c.get('user').id, c.req.param('id')) }),
  )

  app.get('/rooms/:id', roomId, async (c) => c.json(await service.getRoom(db, c.get('user').id, c.req.param('id'))))

  app.delete('/rooms/:id', roomId, async (c) => {
    await service.deleteRoom(db, c.get('user').id, c.req.param('id'))
    return c.body(null, 204)
  })

  return app
}
