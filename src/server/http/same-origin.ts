import { createMiddleware } from 'hono/factory'
import { AppError } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// CSRF defence for cookie sessions: a state-changing request whose browser says it came from
// another site is refused. Requests without Origin or Sec-Fetch-Site (curl, server to server)
// carry no ambient cookie risk and pass.
export function refuseCrossOrigin(trustedOrigins: string[]) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const ownOrigin = new URL(c.req.url).origin
    if (origin !== undefined) {
      if (origin !== ownOrigin && !trustedOrigins.includes(origin)) {
        throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed')
      }
    } else if (c.req.header('sec-fetch-site') === 'cross-site') {
      throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed')
    }
    await next()
  })
}
