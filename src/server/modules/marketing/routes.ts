import { Hono } from 'hono'
import { availabilityQuery } from '@shared/marketing/schema'
import { sendSelloffInput } from '@shared/mail/schema'
import { allow } from '../../auth/middleware'
import { AppError } from '../../errors'
import type { AppDeps, AppEnv, MemberEnv } from '../../http/context'
import { jsonBody, queryParams } from '../../http/validate'
import { mailLinkOrigin } from '../admin/service'
import * as service from './service'

export function marketingRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<MemberEnv>()

  // The facility's rooms with their open and booked slots, in one request whatever their number.
  // What is free and when is business information: not for the front desk.
  app.get('/marketing/availability', allow('readBusiness'), queryParams(availabilityQuery), async (c) =>
    c.json(await service.readAvailability(db, c.get('organisation').id, c.req.valid('query'), new Date())),
  )

  // Who the selloff email can go to (docs/product.md#email): the clients with an email.
  app.get('/marketing/recipients', allow('readBusiness'), async (c) =>
    c.json({ clients: await service.listRecipients(db, c.get('organisation').id) }),
  )

  app.post('/marketing/send', allow('sendMarketing'), jsonBody(sendSelloffInput), async (c) => {
    const origin = mailLinkOrigin(env, c.req.url)
    return c.json(await service.sendSelloff(db, env, c.get('organisation'), c.req.valid('json'), origin))
  })

  return app
}

/**
 * The unsubscribe page's routes (docs/product.md#email), open to anyone holding the link: no
 * sign-in. The write is a JSON POST under /api, same-origin like every other.
 */
export function unsubscribeRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/unsubscribe/:token', async (c) => c.json(await service.unsubscribeInfo(db, env.authSecret, c.req.param('token'))))
  app.post('/unsubscribe/:token', async (c) => c.json(await service.unsubscribe(db, env.authSecret, c.req.param('token'))))
  return app
}

/**
 * RFC 8058 one-click unsubscribe, outside /api: mail providers POST `List-Unsubscribe=One-Click`
 * to the message's List-Unsubscribe address from their own servers, so there is no sign-in and no
 * same-origin check. The body is never read: the token alone decides, so nothing else is parsed.
 * A token that names no client is a plain 404.
 */
export function oneClickUnsubscribeRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<AppEnv>()
  app.post('/:token', async (c) => {
    try {
      await service.unsubscribe(db, env.authSecret, c.req.param('token'))
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return c.text('Not found', 404)
      throw error
    }
    return c.text('You are unsubscribed.', 200)
  })
  return app
}
