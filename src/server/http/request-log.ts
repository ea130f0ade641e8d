import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import { logInfo } from '../log'
import type { AppEnv } from './context'

// One JSON line per request. After next() the route index points at the handler that answered,
// so the path logged is its template (/api/clients/:id): ids, tokens in paths and query strings
// never reach the log.
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const startedAt = performance.now()
  await next()
  logInfo('request', {
    method: c.req.method,
    path: routePath(c),
    status: c.res.status,
    durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    userId: c.get('user')?.id ?? undefined,
  })
})
