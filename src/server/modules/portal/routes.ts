import { Hono } from 'hono'
import { portalBookingsQuery, portalClientQuery, portalInvitationInput } from '@shared/portal/schema'
import { AppError } from '../../errors'
import { allow } from '../../auth/middleware'
import { requireRenter, type RenterEnv } from '../../auth/renter'
import type { AppDeps, AppEnv, MemberEnv } from '../../http/context'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import { resetLinkOrigin } from '../admin/service'
import * as service from './service'

// The renters' portal (docs/product.md#renters, ADR 0063), in three parts by who calls.

/** The client page's 'Portal Access': members who manage the venue; another organisation's client is a 404. */
export function portalAccessRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const clientId = uuidParams('Client')
  const invitationIds = uuidParams<'id' | 'invitationId'>('Invitation')
  const renterIds = uuidParams<'id' | 'userId'>('Renter')

  app.get('/clients/:id/portal-access', allow('manageVenue'), clientId, async (c) =>
    c.json(await service.getPortalAccess(db, c.get('organisation').id, c.req.param('id'))),
  )

  app.post('/clients/:id/portal-invitations', allow('manageVenue'), clientId, jsonBody(portalInvitationInput), async (c) => {
    const created = await service.inviteContact(db, {
      organisationId: c.get('organisation').id,
      organisationName: c.get('organisation').name,
      clientId: c.req.param('id'),
      actor: c.get('user'),
      email: c.req.valid('json').email,
      origin: resetLinkOrigin(env, c.req.url),
    })
    return c.json(created, 201)
  })

  app.delete('/clients/:id/portal-invitations/:invitationId', allow('manageVenue'), invitationIds, async (c) => {
    const { id, invitationId } = c.req.param()
    await service.withdrawInvitation(db, c.get('organisation').id, id, c.get('user'), invitationId)
    return c.body(null, 204)
  })

  app.delete('/clients/:id/renters/:userId', allow('manageVenue'), renterIds, async (c) => {
    const { id, userId } = c.req.param()
    await service.removeRenter(db, c.get('organisation').id, id, c.get('user'), userId)
    return c.body(null, 204)
  })

  return app
}

// A token is read by the service: anything malformed is the same 410 as a used link.
const tokenParam = (c: { req: { param: (name: 'token') => string } }) => c.req.param('token')

/** The invitation link's: anyone holding it previews it; a signed-in account with its email accepts it. */
export function portalInvitationRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/portal-invitations/:token', async (c) => c.json(await service.previewInvitation(db, tokenParam(c))))

  // An operator may speak for a client too, and a renter for several. A revoked account has no
  // session; a pending one is refused (it signs in with the link instead).
  app.post('/portal-invitations/:token/accept', async (c) => {
    const user = c.get('user')
    if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
    return c.json(await service.acceptInvitation(db, tokenParam(c), user))
  })

  return app
}

/**
 * The portal's reads: a renter, narrowed to the clients it speaks for. Mounted before the approval
 * gate, and only on /portal/*, so a renter never reaches a staff route nor a member the portal.
 */
export function portalRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<RenterEnv>()
  app.use('/portal/*', requireRenter(db))
  const clientId = uuidParams('Client')
  const invoiceId = uuidParams('Invoice')

  app.get('/portal/clients', async (c) => c.json({ clients: await service.listClients(db, c.get('user').id) }))

  app.get('/portal/bookings', queryParams(portalBookingsQuery), async (c) =>
    c.json(await service.listBookings(db, c.get('renterOf'), c.req.valid('query'))),
  )

  app.get('/portal/contracts', queryParams(portalClientQuery), async (c) =>
    c.json({ contracts: await service.listContracts(db, c.get('renterOf'), c.req.valid('query').clientId) }),
  )

  app.get('/portal/invoices', queryParams(portalClientQuery), async (c) =>
    c.json(await service.listInvoices(db, c.get('renterOf'), c.req.valid('query').clientId)),
  )

  app.get('/portal/invoices/:id', invoiceId, async (c) =>
    c.json({ invoice: await service.getPortalInvoice(db, c.get('renterOf'), c.req.param('id')) }),
  )

  app.get('/portal/clients/:id/feed', clientId, async (c) =>
    c.json(
      await service.clientFeedUrl(db, c.get('renterOf'), c.req.param('id'), {
        secret: env.authSecret,
        origin: env.baseUrl ?? new URL(c.req.url).origin,
      }),
    ),
  )

  return app
}
