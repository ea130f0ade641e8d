import { Hono, type MiddlewareHandler } from 'hono'
import {
  changeRoomUseQuery,
  createEventInput,
  deleteEventQuery,
  eventListQuery,
  eventPreviewInput,
  eventRangeQuery,
  upcomingEventsQuery,
  updateEventInput,
} from '@shared/events/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import { logError } from '../../log'
import { SCHEDULE_CHANGES_CHANNEL } from '../../realtime/schedule-changes'
import * as renting from '../renting/service'
import * as timeline from '../timeline/service'
import * as booking from '../../booking'
import { createRangeCache } from './range-cache'
import * as service from './service'

const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()))

// Events belong to the organisation through their room: another organisation's id is a 404.
// Every member reads them; booking (create, edit, move, delete) takes the 'book' permission.
export function eventRoutes({ database, env }: AppDeps) {
  const { db } = database
  const app = new Hono<MemberEnv>()
  const eventId = uuidParams('Event')
  const ranges = createRangeCache()
  database.listen(SCHEDULE_CHANGES_CHANNEL, ranges.changed).then(
    () => ranges.startCaching(),
    (error: unknown) => logError('event change notifications are off; facility ranges are read afresh each time', error),
  )

  // A facility's range is what an open timeline asks again on every change: answered from this
  // instance's cache while the facility's bookings are announced (ADR 0032), with an ETag, and
  // gzipped for a client that takes it.
  app.get('/events', allow('read'), queryParams(eventRangeQuery), async (c) => {
    const organisationId = c.get('organisation').id
    const query = c.req.valid('query')
    const { facilityId } = query
    if (facilityId === null) return c.json({ events: await service.listEventsInRange(db, organisationId, query) })
    const answer = await ranges.get(
      [organisationId, facilityId, query.roomId ?? '', query.from.toISOString(), query.to.toISOString()].join('|'),
      facilityId,
      () => timeline.announcedUntil(db, organisationId, facilityId),
      async () => ({ events: await service.listEventsInRange(db, organisationId, query) }),
    )
    c.header('ETag', answer.etag)
    c.header('Cache-Control', 'private, no-cache')
    c.header('Vary', 'Accept-Encoding')
    if (matchesEtag(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304)
    c.header('Content-Type', 'application/json')
    if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.body(answer.json)
    c.header('Content-Encoding', 'gzip')
    return c.body(new Uint8Array(answer.gzip()))
  })

  // The days come as JSON text from the database (listDayPreviews), and are sent as they are.
  app.get('/events/month', allow('read'), queryParams(eventRangeQuery), async (c) => {
    const days = await service.listMonthDays(db, c.get('organisation').id, c.req.valid('query'))
    c.header('Content-Type', 'application/json')
    return c.body(`{"days":${days}}`)
  })

  app.get('/events/upcoming', allow('read'), queryParams(upcomingEventsQuery), async (c) =>
    c.json(await service.listUpcomingEvents(db, c.get('organisation').id, c.req.valid('query'))),
  )

  app.get('/events/past', allow('read'), queryParams(eventListQuery), async (c) =>
    c.json({ events: await service.listPastEvents(db, c.get('organisation').id, c.req.valid('query')) }),
  )

  app.get('/events/change-rooms', allow('read'), queryParams(changeRoomUseQuery), async (c) =>
    c.json({ changeRooms: await booking.listChangeRoomUse(db, c.get('organisation').id, c.req.valid('query')) }),
  )

  app.get('/events/rooms', allow('read'), async (c) => c.json({ rooms: await service.listBookableRooms(db, c.get('organisation').id) }))

  // Every booking write of this instance drops its cached ranges of the organisation (ADR 0032).
  const dropRangesOnWrite: MiddlewareHandler<MemberEnv> = async (c, next) => {
    await next()
    if (c.req.method !== 'GET' && c.res.status < 300) ranges.wrote(c.get('organisation').id)
  }
  app.use('/events', dropRangesOnWrite)
  app.use('/events/*', dropRangesOnWrite)
  // Answering a renter's request writes its hold through the booking module too: approving makes
  // it a booking, declining lets go of it (docs/product.md#renters).
  app.use('/requests/*', dropRangesOnWrite)

  app.post('/events', allow('book'), jsonBody(createEventInput), async (c) =>
    c.json(await booking.book(db, c.get('organisation').id, c.get('user'), c.req.valid('json')), 201),
  )

  app.post('/events/preview', allow('book'), jsonBody(eventPreviewInput), async (c) =>
    c.json({ occurrences: await booking.preview(db, c.get('organisation').id, c.req.valid('json')) }),
  )

  app.put('/events/:id', allow('book'), eventId, jsonBody(updateEventInput), async (c) =>
    c.json(await booking.rebook(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json'))),
  )

  // A series edit's dates, each with why its new times are taken (docs/product.md#series).
  app.post('/events/:id/series-preview', allow('book'), eventId, jsonBody(updateEventInput), async (c) =>
    c.json({ occurrences: await booking.previewRebook(db, c.get('organisation').id, c.req.param('id'), c.req.valid('json')) }),
  )

  // ?scope=following|all deletes the rest of the event's series, or all of it, in one statement;
  // the time of each upcoming booking it removed is offered to the waitlist first (ADR 0065).
  app.delete('/events/:id', allow('book'), eventId, queryParams(deleteEventQuery), async (c) => {
    await renting.cancelAndOffer(db, {
      organisationId: c.get('organisation').id,
      actor: c.get('user'),
      eventId: c.req.param('id'),
      scope: c.req.valid('query').scope,
      origin: renting.offerLinkOrigin(env, c.req.url),
    })
    return c.body(null, 204)
  })

  app.get('/series/:id', allow('read'), uuidParams('Series'), async (c) =>
    c.json(await booking.getSeries(db, c.get('organisation').id, c.req.param('id'))),
  )

  return app
}
