import { getConnInfo } from '@hono/node-server/conninfo'
import { APIError } from 'better-auth/api'
import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { eq } from 'drizzle-orm'
import type { ErrorCode } from '@shared/api-error'
import { AUTH_MESSAGES, signInInput, signUpInput } from '@shared/auth/schema'
import { AppError, NUL_CHARACTER_MESSAGE } from '../errors'
import { sessions, users } from '../db/schema'
import type { AppDeps, AppEnv } from '../http/context'
import { jsonBody, parseOrThrow } from '../http/validate'
import { isSignInLocked, recordSignInFailure, SIGN_IN_LOCKED_MESSAGE } from './sign-in-limiter'

function statusToCode(status: number, betterAuthCode: string | undefined): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return betterAuthCode === 'ACCOUNT_PENDING' ? 'NOT_APPROVED' : 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 409) return 'CONFLICT'
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500) return 'INTERNAL'
  return 'VALIDATION'
}

// better-auth answers errors as { code, message }, and an unknown endpoint with an empty 404;
// the app's clients read one shape only.
async function withAppErrorBody(response: Response): Promise<Response> {
  if (response.status < 400) return response
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  const original = isJson ? ((await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null) : null
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  const code = statusToCode(response.status, original?.code)
  const message = original?.message || (response.status === 404 ? 'Not found' : AUTH_MESSAGES.unexpected)
  const status = response.status === 400 ? 422 : response.status
  return new Response(JSON.stringify({ error: { code, message, reason: original?.code } }), { status, headers })
}

function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    // app.request() in tests has no socket.
    return null
  }
}

// A JSON escape \u0000 not itself escaped: an even number of backslashes before it.
const ESCAPED_NUL = /(^|[^\\])(\\\\)*\\u0000/

// better-auth answers a query carrying a NUL character with a 500 of its own, before our error
// handler could turn the database's refusal into a 422, so such a body never reaches it.
const refuseNulCharacters = createMiddleware(async (c, next) => {
  if (c.req.method === 'POST' && ESCAPED_NUL.test(await c.req.raw.clone().text())) {
    throw new AppError('VALIDATION', NUL_CHARACTER_MESSAGE)
  }
  await next()
})

export function authRoutes({ auth, database, env }: AppDeps) {
  const { db } = database
  const app = new Hono<AppEnv>()
  app.use('*', refuseNulCharacters)

  app.post('/sign-up/email', jsonBody(signUpInput), async (c) => {
    const input = c.req.valid('json')
    const email = input.email.toLowerCase()
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (existing) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken })
    try {
      const result = await auth.api.signUpEmail({
        body: { name: input.fullName, email, password: input.password },
        headers: c.req.raw.headers,
      })
      const created = result.user as typeof result.user & { approved?: boolean }
      return c.json({ user: { id: created.id, email: created.email, name: created.name, approved: Boolean(created.approved) } }, 201)
    } catch (error) {
      if (error instanceof APIError && error.body?.code?.startsWith('USER_ALREADY_EXISTS')) {
        throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken })
      }
      if (error instanceof APIError) {
        throw new AppError(statusToCode(error.statusCode, error.body?.code), error.body?.message ?? error.message)
      }
      throw error
    }
  })

  app.post('/sign-in/email', async (c) => {
    const body = await c.req.raw.clone().json().catch(() => null)
    const { email } = parseOrThrow(signInInput, body)
    const ip = clientIp(c, env.trustProxy)
    if (await isSignInLocked(db, email, ip)) throw new AppError('RATE_LIMITED', SIGN_IN_LOCKED_MESSAGE)
    const previous = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
    const response = await auth.handler(c.req.raw)
    if (response.status === 401) await recordSignInFailure(db, email, ip)
    // Signing in again always starts a new session and ends the one the browser had (ASVS 7.2.4).
    if (response.ok && previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id))
    return withAppErrorBody(response)
  })

  app.on(['GET', 'POST'], '/*', async (c) => withAppErrorBody(await auth.handler(c.req.raw)))

  return app
}
