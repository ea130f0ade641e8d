import type { Context } from 'hono'
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
    path: loggablePath(c),
    status: c.res.status,
    durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    userId: c.get('user')?.id ?? undefined,
  })
})

// Segments that name a secret or a board's address whatever they look like.
const SECRET_AFTER = new Set(['invitations', 'invite', 'reset-password', 'displays', 'logos'])
// A route's own words; anything else (an id, a token, a slug) is cut.
const PLAIN_SEGMENT = /^[a-z]+(?:-[a-z]+)*$/

/**
 * The path a log line may carry. The route's template (/api/invitations/:token/accept) once a
 * route has answered; for a request a middleware answered or threw on (template '/api/*', '*'),
 * the path with every segment that is not a plain word, and every one after a word that leads to
 * a secret, cut to ':value'. No token, id or board address reaches the log (docs/security.md).
 */
export function loggablePath(c: Context): string {
  const template = routePath(c)
  if (!template.includes('*')) return template
  const segments = c.req.path.split('/')
  return segments
    .map((segment, index) => {
      if (segment === '') return segment
      const previous = segments[index - 1] ?? ''
      return PLAIN_SEGMENT.test(segment) && segment.length <= 32 && !SECRET_AFTER.has(previous) ? segment : ':value'
    })
    .join('/')
}
