import { Hono } from 'hono'
import { screenInput } from '@shared/screens/schema'
import type { AppDeps, SignedInEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import * as service from './service'

// Every path checks that the screen belongs to the caller: someone else's id is a 404.
export function screenRoutes({ database: { db } }: AppDeps) {
  const app = new Hono<SignedInEnv>()
  const screenId = uuidParams('Screen')

  app.get('/screens', async (c) => c.json({ screens: await service.listScreens(db, c.get('user').id) }))

  app.post('/screens', jsonBody(screenInput), async (c) =>
    c.json({ screen: await service.createScreen(db, c.get('user').id, c.req.valid('json')) }, 201),
  )

  app.get('/screens/:id', screenId, async (c) => c.json({ screen: await service.getScreen(db, c.get('user').id, c.req.param('id')) }))

  app.put('/screens/:id', screenId, jsonBody(screenInput), async (c) =>
    c.json({ screen: await service.updateScreen(db, c.get('user').id, c.req.param('id'), c.req.valid('json')) }),
  )

  app.delete('/screens/:id', screenId, async (c) => {
    await service.deleteScreen(db, c.get('user').id, c.req.param('id'))
    return c.body(null, 204)
  })

  // multipart/form-data with the image in the field 'logo'. The path ends in /logo, which is
  // what lets the body-size limit (http/body-limits.ts) admit a 5 MB image here and only here.
  app.put('/screens/:id/logo', screenId, async (c) => {
    // A body that is not a readable form holds no image either.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    return c.json({ screen: await service.replaceLogo(db, c.get('user').id, c.req.param('id'), form.logo) })
  })

  app.delete('/screens/:id/logo', screenId, async (c) =>
    c.json({ screen: await service.removeLogo(db, c.get('user').id, c.req.param('id')) }),
  )

  return app
}
