import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import type { DatabaseKind } from '../db/client'
import { readEnv } from '../env'
import { createTestDatabase, type TestDatabase } from './test-database'

export const TEST_ORIGIN = 'http://localhost:3000'

export type TestUser = { id: string; email: string; cookie: string }

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export async function createTestApp(kind: DatabaseKind, environment: Record<string, string> = {}) {
  const database: TestDatabase = await createTestDatabase(kind)
  const env = readEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ...environment })
  const auth = createAuth({ db: database.db, env })
  const app = createApp({ database, auth, env })
  let userCounter = 0

  // Requests look like the browser's: same origin, JSON, and the caller's cookie.
  const request = (path: string, { method = 'GET', body, cookie, headers = {} }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) =>
    app.request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })

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

  return { app, database, db: database.db, auth, request, signUp, signIn, createAdmin, createOperator, close: database.drop }
}

export function sessionCookieFrom(response: Response): string {
  const cookies = response.headers.getSetCookie()
  const session = cookies.find((cookie) => cookie.includes('session_token='))
  if (!session) throw new Error('no session cookie in response')
  return session.split(';')[0]!
}
