import { Hono } from 'hono'
import {
  createRequestInput,
  declineRequestInput,
  portalFacilityFreeSlotsQuery,
  portalFreeSlotsQuery,
  portalRequestsQuery,
  requestListQuery,
  testClockInput,
} from '@shared/renting/requests'
import { allow, requireAdmin } from '../../../auth/middleware'
import { requireRenter, type RenterEnv } from '../../../auth/renter'
import type { AppDeps, MemberEnv, SignedInEnv } from '../../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../../http/validate'
import { mailLinkOrigin } from '../../admin/service'
import * as service from './service'
import { ownOrigin, type RequestClock } from './sweeper'

// Requests that hold the ice (docs/product.md#renters). The renter's routes answer only for the
// clients the account speaks for: another client's request, even of the same venue, is a 404.

type Deps = AppDeps & { requestClock: RequestClock }

// Where an email's link points: BASE_URL, the request's own origin when it is the app's, or the app on this machine.
const originOf = (env: AppDeps['env'], url: string) => mailLinkOrigin(env, url) ?? ownOrigin(env)

export function portalRequestRoutes({ database: { db }, env, requestClock }: Deps) {
  const app = new Hono<RenterEnv>()
  const renter = requireRenter(db)
  const requestId = uuidParams('Request')

  app.get('/portal/facilities', renter, async (c) => c.json({ facilities: await service.listPortalFacilities(db, c.get('renterOf')) }))

  app.get('/portal/free-slots', renter, queryParams(portalFreeSlotsQuery), async (c) =>
    c.json(await service.portalFreeSlots(db, c.get('renterOf'), c.req.valid('query'), new Date())),
  )

  app.get('/portal/facilities/:id/free-slots', renter, uuidParams('Facility'), queryParams(portalFacilityFreeSlotsQuery), async (c) =>
    c.json(await service.portalFacilityFreeSlots(db, c.get('renterOf'), c.req.param('id'), c.req.valid('query'), new Date())),
  )

  app.post('/portal/requests', renter, jsonBody(createRequestInput), async (c) =>
    c.json(
      {
        request: await service.createRequest(db, c.get('user'), c.get('renterOf'), c.req.valid('json'), {
          clockNow: requestClock.now(),
        }),
      },
      201,
    ),
  )

  app.get('/portal/requests', renter, queryParams(portalRequestsQuery), async (c) =>
    c.json({ requests: await service.listRenterRequests(db, c.get('renterOf'), c.req.valid('query')) }),
  )

  app.post('/portal/requests/:id/withdraw', renter, requestId, async (c) =>
    c.json({
      request: await service.withdrawRequest(db, c.get('user'), c.get('renterOf'), c.req.param('id'), {
        clockNow: requestClock.now(),
        origin: originOf(env, c.req.url),
      }),
    }),
  )

  return app
}

// The operators': those who may book answer requests (src/shared/team/roles.ts).
export function requestRoutes({ database: { db }, env, requestClock }: Deps) {
  const app = new Hono<MemberEnv>()
  const requestId = uuidParams('Request')

  app.get('/requests', allow('book'), queryParams(requestListQuery), async (c) =>
    c.json({ requests: await service.listRequests(db, c.get('organisation').id, c.req.valid('query')) }),
  )

  app.get('/requests/count', allow('book'), async (c) =>
    c.json({ pending: await service.countPendingRequests(db, c.get('organisation').id) }),
  )

  app.post('/requests/:id/approve', allow('book'), requestId, async (c) =>
    c.json({
      request: await service.approveRequest(db, c.get('organisation').id, c.get('user'), c.req.param('id'), {
        clockNow: requestClock.now(),
        origin: originOf(env, c.req.url),
      }),
    }),
  )

  app.post('/requests/:id/decline', allow('book'), requestId, jsonBody(declineRequestInput), async (c) =>
    c.json({
      request: await service.declineRequest(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json').reason, {
        clockNow: requestClock.now(),
        origin: originOf(env, c.req.url),
      }),
    }),
  )

  return app
}

/**
 * POST /api/test/clock, mounted only with TEST_CLOCK=true (never in production, env.ts): the
 * administrator moves the expiry sweeper's clock forward, and a sweep runs at once. It answers the
 * clock's new time and the requests that sweep expired, so an end-to-end test sees expiry happen
 * rather than waiting for it.
 */
export function testClockRoutes({ database: { db }, env, requestClock }: Deps) {
  const app = new Hono<SignedInEnv>()
  app.use('*', requireAdmin)
  app.post('/clock', jsonBody(testClockInput), async (c) => {
    const now = requestClock.advance(c.req.valid('json').advanceMinutes)
    const expired = await service.sweepExpiredRequests(db, { clockNow: now, origin: originOf(env, c.req.url) })
    return c.json({ now, expired })
  })
  return app
}
