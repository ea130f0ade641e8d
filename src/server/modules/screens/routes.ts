import { Hono } from 'hono'
import { screenInput } from '@shared/screens/schema'
import { allow } from '../../auth/middleware'
import type { AppDeps, MemberEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import * as service from './service'

// Every path checks that the screen belongs to the caller's organisation: another's id is a 404.
// Every member may see the screens; only those who manage the venue change them. The role is
// checked before the body is read, so a refused caller gets 403 whatever it sent.
export function screenRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const screenId = uuidParams('Screen')

  app.get('/screens', allow('read'), async (c) => c.json({ screens: await service.listScreens(db, c.get('organisation').id) }))

  app.post('/screens', allow('manageVenue'), jsonBody(screenInput), async (c) =>
    c.json({ screen: await service.createScreen(db, c.get('organisation').id, c.get('user'), c.req.valid('json')) }, 201),
  )

  app.get('/screens/:id', allow('read'), screenId, async (c) =>
    c.json({ screen: await service.getScreen(db, c.get('organisation').id, c.req.param('id')) }),
  )

  app.put('/screens/:id', allow('manageVenue'), screenId, jsonBody(screenInput), async (c) =>
    c.json({ screen: await service.updateScreen(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json')) }),
  )

  app.delete('/screens/:id', allow('manageVenue'), screenId, async (c) => {
    await service.deleteScreen(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  // multipart/form-data with the image in the field 'logo'. The path ends in /logo, which is
  // what lets the body-size limit (http/body-limits.ts) admit a 5 MB image here and only here.
  app.put('/screens/:id/logo', allow('manageVenue'), screenId, async (c) => {
    // A body that is not a readable form holds no image either.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    return c.json({ screen: await service.replaceLogo(db, c.get('organisation').id, c.get('user'), c.req.param('id'), form.logo) })
  })

  app.delete('/screens/:id/logo', allow('manageVenue'), screenId, async (c) =>
    c.json({ screen: await service.removeLogo(db, c.get('organisation').id, c.get('user'), c.req.param('id')) }),
  )

  return app
}
