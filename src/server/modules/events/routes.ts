import { Hono } from 'hono'
import { z } from 'zod'
import { createEventInput, eventRangeQuery, updateEventInput } from '@shared/events/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import * as service from './service'

const roomFilter = z.object({
  roomId: z
    .uuid({ error: 'Room not found' })
    .optional()
    .transform((value) => value ?? null),
})

// Events belong to the operator through their room's facility: someone else's id is a 404.
export function eventRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()
  const eventId = uuidParams('Event')

  app.get('/events', queryParams(eventRangeQuery), async (c) =>
    c.json({ events: await service.listEventsInRange(db, c.get('user').id, c.req.valid('query')) }),
  )

  app.get('/events/month', queryParams(eventRangeQuery), async (c) =>
    c.json({ days: await service.listMonthDays(db, c.get('user').id, c.req.valid('query')) }),
  )

  app.get('/events/upcoming', queryParams(roomFilter), async (c) =>
    c.json({ events: await service.listUpcomingEvents(db, c.get('user').id, c.req.valid('query')) }),
  )

  app.get('/events/past', queryParams(roomFilter), async (c) =>
    c.json({ events: await service.listPastEvents(db, c.get('user').id, c.req.valid('query')) }),
  )

  app.get('/events/rooms', async (c) => c.json({ rooms: await service.listBookableRooms(db, c.get('user').id) }))

  app.post('/events', jsonBody(createEventInput), async (c) =>
    c.json(await service.createEvents(db, c.get('user').id, c.req.valid('json')), 201),
  )

  app.put('/events/:id', eventId, jsonBody(updateEventInput), async (c) =>
    c.json(await service.updateEvent(db, c.get('user').id, c.req.param('id'), c.req.valid('json'))),
  )

  app.delete('/events/:id', eventId, async (c) => {
    await service.deleteEvent(db, c.get('user').id, c.req.param('id'))
    return c.body(null, 204)
  })

  return app
}
