import { setTimeout } from 'node:timers/promises'
import { APIError } from 'better-auth/api'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { eq } from 'drizzle-orm'
import type { ErrorCode } from '@shared/api-error'
import { AUTH_MESSAGES, forgotPasswordInput, signInInput, signUpInput } from '@shared/auth/schema'
import { AppError, NUL_CHARACTER_MESSAGE } from '../errors'
import { sessions, users } from '../db/schema'
import { clientAddress } from '../http/client-address'
import type { AppDeps, AppEnv } from '../http/context'
import { jsonBody, parseOrThrow } from '../http/validate'
import { releaseSignInAttempt, reserveSignInAttempt, reserveSignUp } from './attempt-limits'
import { signUpAccount } from './sign-up'
import { approveForInvitation } from '../modules/team/service'
import { acceptForSignIn, signUpRenter } from '../modules/portal/service'
import { mailLinkOrigin, requestPasswordReset } from '../modules/admin/service'

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
  const original = isJson
    ? ((await response
        .clone()
        .json()
        .catch(() => null)) as { code?: string; message?: string } | null)
    : null
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  const code = statusToCode(response.status, original?.code)
  const message = original?.message || (response.status === 404 ? 'Not found' : AUTH_MESSAGES.unexpected)
  // better-auth's 400 (bad input) and 415 (not JSON) are what every other route answers 422.
  const status = response.status === 400 || response.status === 415 ? 422 : response.status
  return new Response(JSON.stringify({ error: { code, message } }), { status, headers })
}

// better-auth answers a sign-in with the session token (which belongs in the HttpOnly cookie
// only: script on the page has no business with it) and the whole account row (ban fields and
// all). The page needs to know who signed in, as sign-up answers it.
async function isPendingRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null
  return body?.code === 'ACCOUNT_PENDING'
}

async function signedInAnswer(response: Response): Promise<Response> {
  const { user } = (await response.json()) as { user: { id: string; email: string; name: string } }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify({ user: { id: user.id, email: user.email, name: user.name } }), { status: response.status, headers })
}

// A JSON escape \u0000 not itself escaped: an even number of backslashes before it.
const ESCAPED_NUL = /(^|[^\\])(\\\\)*\\u0000/

// better-auth answers a query carrying a NUL character with a 500 of its own, before our error
// handler could turn the database's refusal into a 422, so such a body never reaches it.
// better-auth logs a refused content type with the header's text in it (the client's to write),
// and every body it cannot parse: neither ever reaches it.
const NOT_JSON_MESSAGE = 'Please send the request body as JSON'

// What better-auth can read: nothing, or a JSON object.
const isParsable = (body: string) => {
  if (body === '') return true
  try {
    const value: unknown = JSON.parse(body)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

const refuseUnreadableBodies = createMiddleware(async (c, next) => {
  if (c.req.method !== 'POST') return next()
  const body = await c.req.raw.clone().text()
  const contentType = c.req.header('content-type')
  const isJson = contentType?.toLowerCase().startsWith('application/json') ?? false
  if ((contentType !== undefined && !isJson) || (body !== '' && !isJson) || !isParsable(body)) {
    throw new AppError('VALIDATION', NOT_JSON_MESSAGE)
  }
  if (ESCAPED_NUL.test(body)) throw new AppError('VALIDATION', NUL_CHARACTER_MESSAGE)
  await next()
})

export function authRoutes({ auth, database, env }: AppDeps) {
  const { db } = database
  const app = new Hono<AppEnv>()
  app.use('*', refuseUnreadableBodies)

  app.post('/sign-up/email', jsonBody(signUpInput), async (c) => {
    const input = c.req.valid('json')
    await reserveSignUp(db, clientAddress(c, env.trustProxy), env.signUpsPerAddressPerHour)
    const email = input.email.toLowerCase()
    // A renters' portal invitation: the renter's account and its access, without approval (ADR 0063).
    if (input.portalInvitation !== undefined) {
      const created = await signUpRenter(db, auth, input.portalInvitation, { name: input.fullName, email, password: input.password })
      return c.json({ user: { id: created.id, email: created.email, name: created.name, approved: created.approved } }, 201)
    }
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (existing) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken })
    try {
      const created = await signUpAccount(auth, db, { name: input.fullName, email, password: input.password }, c.req.raw.headers)
      return c.json({ user: { id: created.id, email: created.email, name: created.name, approved: Boolean(created.approved) } }, 201)
    } catch (error) {
      if (error instanceof APIError) {
        throw new AppError(statusToCode(error.statusCode, error.body?.code), error.body?.message ?? error.message)
      }
      throw error
    }
  })

  app.post('/sign-in/email', async (c) => {
    const body = await c.req.raw
      .clone()
      .json()
      .catch(() => null)
    const { email, invitationToken, portalInvitation } = parseOrThrow(signInInput, body)
    const attempt = await reserveSignInAttempt(db, email, clientAddress(c, env.trustProxy))
    if (attempt.delayMs > 0) await setTimeout(attempt.delayMs)
    let isFailure = true
    try {
      const previous = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
      let response = await auth.handler(c.req.raw.clone())
      // better-auth refuses a pending account only once its password has been checked: an open
      // invitation for this very email approves it (the Owner vouches), and the sign-in goes on.
      if (invitationToken && (await isPendingRefusal(response)) && (await approveForInvitation(db, invitationToken, email))) {
        response = await auth.handler(c.req.raw.clone())
      }
      // So does a renters' portal invitation: the account then speaks for its client, and signs in
      // as a renter (ADR 0063).
      if (portalInvitation && (await isPendingRefusal(response)) && (await acceptForSignIn(db, portalInvitation, email))) {
        response = await auth.handler(c.req.raw)
      }
      isFailure = response.status === 401
      // Signing in again always starts a new session and ends the one the browser had (ASVS 7.2.4).
      if (response.ok && previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id))
      return response.ok ? await signedInAnswer(response) : await withAppErrorBody(response)
    } finally {
      if (!isFailure) await releaseSignInAttempt(db, attempt.id)
    }
  })

  // Ours, not better-auth's: the link goes through the app's outbox (docs/product.md#email), and
  // the request also waits on /admin. One answer for every email, so it never tells whether an
  // account exists.
  app.post('/forgot-password', jsonBody(forgotPasswordInput), async (c) => {
    const origin = mailLinkOrigin(env, c.req.url)
    await requestPasswordReset(db, c.req.valid('json').email, clientAddress(c, env.trustProxy), origin)
    return c.json({ message: AUTH_MESSAGES.resetRequested }, 202)
  })

  // better-auth serves many more endpoints (sessions listing, admin, social sign-in...); only
  // those the app uses are open. The rest answer a plain 404 without reaching better-auth, so
  // nothing an attacker puts in the path is ever parsed or logged.
  app.post('/sign-out', async (c) => withAppErrorBody(await auth.handler(c.req.raw)))
  app.post('/reset-password', async (c) => withAppErrorBody(await auth.handler(c.req.raw)))
  app.all('*', (c) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404))

  return app
}
