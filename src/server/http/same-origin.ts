import { createMiddleware } from 'hono/factory'
import { AppError } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const refuse = () => {
  throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed')
}

// CSRF defence for cookie sessions (ASVS 3.5.1). A state-changing request must either carry our
// own Origin, or, when a client sends no Origin at all (curl, server to server), be JSON: a
// content type no cross-site form or CORS-safelisted request can produce without a preflight.
export function refuseCrossOrigin(trustedOrigins: string[]) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    if (origin !== undefined && origin !== '') {
      if (origin !== new URL(c.req.url).origin && !trustedOrigins.includes(origin)) refuse()
      return next()
    }
    if (c.req.header('sec-fetch-site') === 'cross-site') refuse()
    const contentType = c.req.header('content-type') ?? ''
    const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0'
    if (hasBody && !contentType.toLowerCase().startsWith('application/json')) refuse()
    await next()
  })
}
