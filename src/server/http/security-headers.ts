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
  return createMiddleware(async (c, next) => {
    await next()
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    c.header('X-Frame-Options', 'DENY')
    c.header('Cross-Origin-Opener-Policy', 'same-origin')
    if (isHttps) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  })
}
