import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import { logInfo } from '../log'
import type { AppEnv } from './context'

// One JSON line per request. The path is the route template (/api/clients/:id), so ids,
// tokens in paths and query strings never reach the log.
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const startedAt = performance.now()
  await next()
  logInfo('request', {
    method: c.req.method,
    path: routePath(c, -1),
    status: c.res.status,
    durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    userId: c.get('user')?.id ?? undefined,
  })
})
