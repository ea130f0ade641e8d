import { Hono } from 'hono'
import { z } from 'zod'
import { createEventInput, updateEventInput } from '@shared/events/schema'
import { whenValid } from '@shared/schema-fields'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import * as service from './service'

// A month grid is six weeks; a day either side lets each facility's own calendar fill it, and
// one more day leaves room for DST changes inside the range.
const MAX_RANGE_DAYS = 45
const MS_PER_DAY = 24 * 60 * 60 * 1000

const instant = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).transform((value) => new Date(value))

const rangeQuery = z
  .object({
    from: instant('Please give the start of the range as an ISO date-time'),
    to: instant('Please give the end of the range as an ISO date-time'),
  })
  .refine(({ from, to }) => to > from, {
    message: 'The end of the range must be after its start',
    path: ['to'],
    ...whenValid('from', 'to'),
  })
  .refine(({ from, to }) => to.getTime() - from.getTime() <= MAX_RANGE_DAYS * MS_PER_DAY, {
    message: `The range may span at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
    ...whenValid('from', 'to'),
  })

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

  app.get('/events', queryParams(rangeQuery), async (c) =>
    c.json({ events: await service.listEventsInRange(db, c.get('user').id, c.req.valid('query')) }),
  )

  app.get('/events/month', queryParams(rangeQuery), async (c) =>
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
