import { Hono, type Context } from 'hono'
import { holidayClosuresInput, holidayClosuresPreviewInput } from '@shared/closures/holidays'
import { closureInput, closurePreviewInput, closureRangeQuery } from '@shared/closures/schema'
import { allow } from '../../auth/middleware'
import * as booking from '../../booking'
import type { Executor } from '../../db/client'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import * as renting from '../renting/service'

// Closures (docs/product.md#closures): every member reads them, as they read calendars; adding
// and removing one is the venue's setting, as its spaces are. A closure occupies its spaces, so
// the booking module writes it (src/server/booking/closures); these are only its routes. Renters'
// pending requests under a new closure are declined in its transaction by the renting module.
export function closureRoutes({ database, env }: AppDeps) {
  const { db } = database
  const app = new Hono<MemberEnv>()
  const declineUnder = (c: Context<MemberEnv>) => (tx: Executor, holdIds: readonly string[]) =>
    renting.declineRequestsUnderClosure(tx, c.get('organisation').id, c.get('user'), holdIds, {
      clockNow: new Date(),
      origin: renting.offerLinkOrigin(env, c.req.url),
    })
  const facilityId = uuidParams('Facility')
  const closureId = uuidParams('Closure')

  app.get('/closures', allow('read'), queryParams(closureRangeQuery), async (c) =>
    c.json({ closures: await booking.listClosuresInRange(db, c.get('organisation').id, c.req.valid('query')) }),
  )

  app.get('/facilities/:id/closures', allow('read'), facilityId, async (c) =>
    c.json({ closures: await booking.listFacilityClosures(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.post('/facilities/:id/closures/preview', allow('manageVenue'), facilityId, jsonBody(closurePreviewInput), async (c) =>
    c.json(await booking.previewClosure(db, c.get('organisation').id, c.req.param('id'), c.req.valid('json'))),
  )

  app.post('/facilities/:id/closures', allow('manageVenue'), facilityId, jsonBody(closureInput), async (c) =>
    c.json(
      await booking.createClosure(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json'), declineUnder(c)),
      201,
    ),
  )

  // Public holidays as closures (ADR 0050): the countries the server's holiday library knows, what
  // a season's holidays would close, and all of them added in one write.
  app.get('/holidays/countries', allow('manageVenue'), (c) => c.json({ countries: booking.listHolidayCountries() }))

  app.post(
    '/facilities/:id/closures/holidays/preview',
    allow('manageVenue'),
    facilityId,
    jsonBody(holidayClosuresPreviewInput),
    async (c) => c.json(await booking.previewHolidayClosures(db, c.get('organisation').id, c.req.param('id'), c.req.valid('json'))),
  )

  app.post('/facilities/:id/closures/holidays', allow('manageVenue'), facilityId, jsonBody(holidayClosuresInput), async (c) =>
    c.json(
      await booking.addHolidayClosures(
        db,
        c.get('organisation').id,
        c.get('user'),
        c.req.param('id'),
        c.req.valid('json'),
        declineUnder(c),
      ),
      201,
    ),
  )

  app.delete('/closures/:id', allow('manageVenue'), closureId, async (c) => {
    await booking.deleteClosure(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  return app
}
