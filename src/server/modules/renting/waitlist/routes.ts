import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { claimOfferInput, joinWaitlistInput } from '@shared/renting/waitlist'
import { allow } from '../../../auth/middleware'
import { requireRenter, type RenterEnv } from '../../../auth/renter'
import type { AppDeps, MemberEnv } from '../../../http/context'
import { jsonBody, uuidParams } from '../../../http/validate'
import type { RequestClock } from '../requests/sweeper'
import * as service from './service'

// Released ice and the waitlist (docs/product.md#renters, ADR 0065).

/**
 * The renter's routes under /api/portal: each is guarded by itself (requireRenter), so that
 * mounting them leaves every other path under /api alone. Everything is narrowed to the clients
 * the renter speaks for; another client's row is a 404.
 */
export function waitlistPortalRoutes({ database: { db }, env, requestClock }: AppDeps & { requestClock?: RequestClock }) {
  const app = new Hono<RenterEnv>()
  // The portal's own guard may already have read the renter's clients for this request.
  const guard = requireRenter(db)
  const renter = createMiddleware<RenterEnv>(async (c, next) => (c.get('renterOf') ? next() : guard(c, next)))
  const actorOf = (user: { id: string; name: string }) => ({ id: user.id, name: user.name })

  app.post('/portal/bookings/:id/release', renter, uuidParams('Booking'), async (c) => {
    await service.releaseByRenter(db, {
      renterOf: c.get('renterOf'),
      actor: actorOf(c.get('user')),
      eventId: c.req.param('id'),
      origin: service.offerLinkOrigin(env, c.req.url),
    })
    return c.body(null, 204)
  })

  app.get('/portal/waitlist/spaces', renter, async (c) => c.json({ facilities: await service.listWaitableSpaces(db, c.get('renterOf')) }))

  app.get('/portal/waitlist', renter, async (c) =>
    c.json({ entries: await service.listWaitlist(db, { renterOf: c.get('renterOf'), userId: c.get('user').id }) }),
  )

  app.post('/portal/waitlist', renter, jsonBody(joinWaitlistInput), async (c) =>
    c.json(
      {
        entry: await service.joinWaitlist(db, { renterOf: c.get('renterOf'), actor: actorOf(c.get('user')), input: c.req.valid('json') }),
      },
      201,
    ),
  )

  app.delete('/portal/waitlist/:id', renter, uuidParams('Waitlist entry'), async (c) => {
    await service.leaveWaitlist(db, { renterOf: c.get('renterOf'), actor: actorOf(c.get('user')), entryId: c.req.param('id') })
    return c.body(null, 204)
  })

  app.get('/portal/offers/:id', renter, uuidParams('Offer'), async (c) =>
    c.json({ offer: await service.getOffer(db, { renterOf: c.get('renterOf'), userId: c.get('user').id, offerId: c.req.param('id') }) }),
  )

  app.post('/portal/offers/:id/claim', renter, uuidParams('Offer'), jsonBody(claimOfferInput), async (c) =>
    c.json(
      await service.claimOffer(db, {
        renterOf: c.get('renterOf'),
        actor: actorOf(c.get('user')),
        offerId: c.req.param('id'),
        clientId: c.req.valid('json').clientId,
        ...(requestClock ? { requestNow: requestClock.now() } : {}),
      }),
      201,
    ),
  )

  return app
}

/** The operator's 'Release' of an upcoming booking: permission 'book', any upcoming booking. */
export function releaseRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<MemberEnv>()
  app.post('/events/:id/release', allow('book'), uuidParams('Event'), async (c) => {
    const user = c.get('user')
    return c.json(
      await service.releaseByOperator(db, {
        organisationId: c.get('organisation').id,
        actor: { id: user.id, name: user.name },
        eventId: c.req.param('id'),
        origin: service.offerLinkOrigin(env, c.req.url),
      }),
    )
  })
  return app
}
