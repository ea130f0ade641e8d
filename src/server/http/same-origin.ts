import { createMiddleware } from 'hono/factory'
import { AppError } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const FOREIGN_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed'
// A request with no Origin is most often a script of the operator's own (curl, a server), so the
// refusal says what would make it pass instead of calling it cross-origin.
export const MISSING_ORIGIN_MESSAGE = "Send this request with Content-Type: application/json, or from the app's own pages."

const refuse = (message: string) => {
  throw new AppError('FORBIDDEN', message)
}

// CSRF defence for cookie sessions (ASVS 3.5.1). A state-changing request must either carry our
// own Origin, or, when a client sends no Origin at all (curl, server to server), be JSON (a
// content type no cross-site form or CORS-safelisted request can produce without a preflight) or
// say through Sec-Fetch-Site that the browser sent it from our own pages. A write with no body
// is held to the same rule: a DELETE needs no body to do harm.
export function refuseCrossOrigin(trustedOrigins: string[]) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    if (origin !== undefined && origin !== '') {
      if (origin !== new URL(c.req.url).origin && !trustedOrigins.includes(origin)) refuse(FOREIGN_ORIGIN_MESSAGE)
      return next()
    }
    const fetchSite = c.req.header('sec-fetch-site')
    if (fetchSite === 'cross-site') refuse(FOREIGN_ORIGIN_MESSAGE)
    const isJson = (c.req.header('content-type') ?? '').trim().toLowerCase().startsWith('application/json')
    if (!isJson && fetchSite !== 'same-origin') refuse(MISSING_ORIGIN_MESSAGE)
    await next()
  })
}
