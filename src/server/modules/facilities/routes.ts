import { Hono } from 'hono'
import { facilityInput } from '@shared/facilities/schema'
import { roomDeleteQuery, roomInput } from '@shared/rooms/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import * as service from './service'

// Every path checks the facility belongs to the current organisation: another one's id is a 404.
export function facilityRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const facilityId = uuidParams('Facility')
  const roomId = uuidParams('Space')

  app.get('/facilities', allow('read'), async (c) => c.json({ facilities: await service.listFacilities(db, c.get('organisation').id) }))

  app.get('/facilities/count', allow('read'), async (c) => c.json({ count: await service.countFacilities(db, c.get('organisation').id) }))

  app.post('/facilities', allow('manageVenue'), jsonBody(facilityInput), async (c) =>
    c.json({ facility: await service.createFacility(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.get('/facilities/:id', allow('read'), facilityId, async (c) =>
    c.json({ facility: await service.getFacility(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.put('/facilities/:id', allow('manageVenue'), facilityId, jsonBody(facilityInput), async (c) =>
    c.json(await service.updateFacility(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json'))),
  )

  app.delete('/facilities/:id', allow('manageVenue'), facilityId, async (c) => {
    await service.deleteFacility(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  app.get('/facilities/:id/rooms', allow('read'), facilityId, async (c) =>
    c.json({ rooms: await service.listRooms(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.post('/facilities/:id/rooms', allow('manageVenue'), facilityId, jsonBody(roomInput), async (c) =>
    c.json({ room: await service.createRoom(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json')) }, 201),
  )

  app.get('/facilities/:id/change-rooms', allow('read'), facilityId, async (c) =>
    c.json({ changeRooms: await service.listChangeRooms(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.get('/facilities/:id/change-room-clashes', allow('read'), facilityId, async (c) =>
    c.json({ clashes: await service.listChangeRoomClashes(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.get('/rooms/:id', allow('read'), roomId, async (c) => c.json(await service.getRoom(db, c.get('organisation').id, c.req.param('id'))))

  app.put('/rooms/:id', allow('manageVenue'), roomId, jsonBody(roomInput), async (c) =>
    c.json(await service.updateRoom(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json'))),
  )

  app.delete('/rooms/:id', allow('manageVenue'), roomId, queryParams(roomDeleteQuery), async (c) => {
    await service.deleteRoom(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('query'))
    return c.body(null, 204)
  })

  return app
}
