import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import type { Role } from '@shared/team/roles'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import type { DatabaseKind } from '../db/client'
import { clientRenters, memberships, users } from '../db/schema'
import { readEnv } from '../env'
import { createRouteFinder, listAppRoutes, routeKey } from './app-routes'
import { checkResponse } from './response-schemas'
import { createTestDatabase, type TestDatabase } from './test-database'

export const TEST_ORIGIN = 'http://localhost:3000'

export type TestUser = { id: string; email: string; cookie: string }

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export async function createTestApp(kind: DatabaseKind, environment: Record<string, string> = {}) {
  // Tests sign up many accounts from one (socketless) address, and race hundreds of bookings on
  // two shared cores; the tests of the throttle and of the timeout set their own values.
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000000',
    STATEMENT_TIMEOUT_MS: '60000',
    ...environment,
  })
  const database: TestDatabase = await createTestDatabase(kind, { statementTimeoutMs: env.statementTimeoutMs })
  const auth = createAuth({ db: database.db, env })
  const app = createApp({ database, auth, env })
  let userCounter = 0

  const findRoute = createRouteFinder(listAppRoutes(app as unknown as Hono<never>))

  // Requests look like the browser's: same origin, JSON (or a form, for uploads), and the
  // caller's cookie. Every answer is checked against its route's response schema, so a change
  // that would break the web app fails the test that sees it.
  const request = async (
    path: string,
    {
      method = 'GET',
      body,
      cookie,
      headers = {},
    }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) => {
    const isForm = body instanceof FormData
    const response = await app.request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm || typeof body === 'string' ? body : JSON.stringify(body),
    })
    const route = findRoute(method.toUpperCase(), new URL(path, TEST_ORIGIN).pathname)
    if (route) await checkResponse(routeKey(route), response)
    return response
  }

  const signUp = async (overrides: { email?: string; password?: string; fullName?: string } = {}) => {
    userCounter += 1
    const email = overrides.email ?? `user${userCounter}-${Date.now()}@example.com`
    const password = overrides.password ?? 'correct horse battery'
    const response = await request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: overrides.fullName ?? `User ${userCounter}`, email, password },
    })
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
    const { user } = (await response.json()) as { user: { id: string } }
    return { id: user.id, email, password }
  }

  const signIn = async (email: string, password: string): Promise<string> => {
    const response = await request('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
    return sessionCookieFrom(response)
  }

  // The first account becomes the admin; call this before any other sign-up.
  const createAdmin = async (): Promise<TestUser> => {
    const { id, email, password } = await signUp({ email: `admin-${Date.now()}@example.com` })
    return { id, email, cookie: await signIn(email, password) }
  }

  const createOperator = async (admin: TestUser): Promise<TestUser> => {
    const { id, email, password } = await signUp()
    const approved = await request(`/api/admin/users/${id}/approve`, { method: 'POST', cookie: admin.cookie })
    if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`)
    return { id, email, cookie: await signIn(email, password) }
  }

  // The organisation the account works in (GET /api/me gives an approved account its own).
  const organisationOf = async (user: TestUser): Promise<string> => {
    const response = await request('/api/me', { cookie: user.cookie })
    return ((await response.json()) as { user: { organisation: { id: string } } }).user.organisation.id
  }

  // A new account that belongs to the organisation in the role given and works in it, written
  // straight to the database: the tests of a module need members, not the invitation flow.
  const addMember = async (admin: TestUser, organisationId: string, role: Role): Promise<TestUser> => {
    const member = await createOperator(admin)
    await database.db.insert(memberships).values({ organisationId, userId: member.id, role })
    await database.db.update(users).set({ activeOrganisationId: organisationId }).where(eq(users.id, member.id))
    return member
  }

  // A renter of the client (docs/product.md#renters): an account made as a portal invitation makes
  // one (portal_only, never approved as an operator), written straight to the database.
  const addRenter = async (organisationId: string, clientId: string, existing?: TestUser): Promise<TestUser> => {
    let renter = existing
    if (!renter) {
      const { id, email, password } = await signUp()
      await database.db.update(users).set({ portalOnly: true }).where(eq(users.id, id))
      renter = { id, email, cookie: await signIn(email, password) }
    }
    await database.db.insert(clientRenters).values({ organisationId, clientId, userId: renter.id })
    return renter
  }

  return {
    app,
    // The settings it runs with: no SMTP_URL unless the test sets one, so mail is kept, not sent.
    env,
    database,
    db: database.db,
    auth,
    request,
    signUp,
    signIn,
    createAdmin,
    createOperator,
    organisationOf,
    addMember,
    addRenter,
    close: database.drop,
  }
}

export function sessionCookieFrom(response: Response): string {
  const cookies = response.headers.getSetCookie()
  const session = cookies.find((cookie) => cookie.includes('session_token='))
  if (!session) throw new Error('no session cookie in response')
  return session.split(';')[0]!
}

/**
 * Hours for a test space that books at any quarter hour, night or day: for tests about something
 * other than where a booking may start, which start-rule.integration.test.ts covers.
 */
export const OPEN_AROUND_THE_CLOCK = { operatingStartTime: '00:00', operatingEndTime: '00:00', bookingInterval: 15 } as const
