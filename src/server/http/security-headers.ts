import { createMiddleware } from 'hono/factory'

// Scripts only from our own origin (Vite emits no inline scripts); styles allow inline
// attributes because Radix positions popovers with style=. Boards are framed by nobody.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export function securityHeaders({ isHttps }: { isHttps: boolean }) {
  const headers: Array<[string, string]> = [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(isHttps ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ]
  return createMiddleware(async (c, next) => {
    // Set before the handler answers, they are part of its response as it is made: set after,
    // Hono would copy the finished response, body stream and all, on every request.
    for (const [name, value] of headers) c.header(name, value)
    await next()
    // A handler that answered with a Response of its own (better-auth's) has not got them yet.
    if (!c.res.headers.has('Content-Security-Policy')) for (const [name, value] of headers) c.header(name, value)
  })
}
