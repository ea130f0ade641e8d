import { afterEach, describe, expect, it, vi } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { users, verifications } from '../db/schema'
import { RESET_LINK_ORIGIN_MESSAGE } from '../modules/admin/service'
import { useTestApp } from '../test/setup'
import { sessionCookieFrom } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { SIGN_IN_LIMITS, SIGN_IN_LOCKED_MESSAGE, SIGN_UP_THROTTLED_MESSAGE } from './attempt-limits'

// What a hostile client can do without an account, or with many addresses: docs/security.md
// lists each of these with the rule it proves.

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error

describe.each(testDatabaseKinds())('sign-in and sign-up under attack on %s', (kind) => {
  // Addresses come from X-Forwarded-For, so one test process can act as many clients.
  const { t, admin } = useTestApp(kind, { env: { TRUST_PROXY: 'true' } })

  const signInFrom = (address: string, email: string, password: string) =>
    t.request('/api/auth/sign-in/email', { method: 'POST', body: { email, password }, headers: { 'x-forwarded-for': address } })

  it('checks at most 10 of 200 parallel guesses from one address, and then refuses the right password', async () => {
    const victim = await t.createOperator(admin)
    const address = '198.51.100.1'
    const answers = await Promise.all(Array.from({ length: 200 }, () => signInFrom(address, victim.email, 'a wrong guess')))
    const statuses = answers.map((response) => response.status)
    // Only a guess that reached the password check can answer 401; the rest were refused first.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAndAddress)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(200 - SIGN_IN_LIMITS.perAccountAndAddress)
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)

    const rightPassword = await signInFrom(address, victim.email, 'correct horse battery')
    expect(rightPassword.status).toBe(429)
    expect((await errorOf(rightPassword)).message).toBe(SIGN_IN_LOCKED_MESSAGE)
    expect(rightPassword.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(false)
  })

  it('checks at most 10 guesses when the right password races 199 wrong ones from one address', async () => {
    const victim = await t.createOperator(admin)
    const address = '198.51.100.2'
    const guesses = [...Array.from({ length: 199 }, () => 'a wrong guess'), 'correct horse battery']
    const statuses = (await Promise.all(guesses.map((password) => signInFrom(address, victim.email, password)))).map(
      (response) => response.status,
    )
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAndAddress)
  })

  it('lets the owner in from a clean address after 10 wrong passwords from each of 10 addresses', async () => {
    const owner = await t.createOperator(admin)
    const addresses = Array.from({ length: 10 }, (_, index) => `192.0.2.${index + 10}`)
    const statuses = await Promise.all(
      addresses.flatMap((address) =>
        Array.from({ length: 10 }, async () => (await signInFrom(address, owner.email, 'a wrong guess')).status),
      ),
    )
    expect(statuses).toEqual(Array.from({ length: 100 }, () => 401))
    // Each attacking address is out of guesses for this account...
    expect((await signInFrom('192.0.2.10', owner.email, 'correct horse battery')).status).toBe(429)
    // ...and the owner, from an address of their own, is not.
    const ownerSignIn = await signInFrom('203.0.113.50', owner.email, 'correct horse battery')
    expect(ownerSignIn.status).toBe(200)
    expect((await t.request('/api/me', { cookie: sessionCookieFrom(ownerSignIn) })).status).toBe(200)
  })

  it('allows 100 failures on one account before a hard stop, and even then never refuses a clean address', async () => {
    const owner = await t.createOperator(admin)
    // 100 failures from 20 addresses, 5 each: none of them reaches its own limit.
    const addresses = Array.from({ length: 20 }, (_, index) => `192.0.2.${index + 100}`)
    const statuses = await Promise.all(
      addresses.flatMap((address) =>
        Array.from({ length: 5 }, async () => (await signInFrom(address, owner.email, 'a wrong guess')).status),
      ),
    )
    expect(statuses).toEqual(Array.from({ length: 100 }, () => 401))
    // Past 100, an address that has failed on the account itself is stopped...
    expect((await signInFrom('192.0.2.100', owner.email, 'correct horse battery')).status).toBe(429)
    // ...while one with no failures of its own still gets in with the right password.
    expect((await signInFrom('203.0.113.60', owner.email, 'correct horse battery')).status).toBe(200)
  })

  it('limits failures per address across accounts', async () => {
    const address = '198.51.100.3'
    const accounts = Array.from({ length: SIGN_IN_LIMITS.perAddress }, (_, index) => `sprayed-${index}@example.com`)
    for (const email of accounts) expect((await signInFrom(address, email, 'a wrong guess')).status).toBe(401)
    const next = await signInFrom(address, 'one-more@example.com', 'a wrong guess')
    expect(next.status).toBe(429)
    // Another address is not affected.
    expect((await signInFrom('198.51.100.4', 'one-more@example.com', 'a wrong guess')).status).toBe(401)
  })

  it('frees the place of a right password, so signing in often never locks an account', async () => {
    const operator = await t.createOperator(admin)
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccountAndAddress + 5; attempt++) {
      expect((await signInFrom('198.51.100.5', operator.email, 'correct horse battery')).status).toBe(200)
    }
  })

  it('never puts the session token in a response body', async () => {
    const account = await t.signUp()
    await t.request(`/api/admin/users/${account.id}/approve`, { method: 'POST', cookie: admin.cookie })
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: 'Token Watcher', email: `watcher-${Date.now()}@example.com`, password: 'correct horse battery' },
    })
    expect(Object.keys(((await signUp.json()) as { user: Record<string, unknown> }).user).sort()).toEqual([
      'approved',
      'email',
      'id',
      'name',
    ])

    const signIn = await signInFrom('198.51.100.6', account.email, account.password)
    expect(signIn.status).toBe(200)
    const cookie = sessionCookieFrom(signIn)
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!
    const body = await signIn.text()
    expect(body).not.toContain(token)
    expect(JSON.parse(body)).toMatchObject({ user: { email: account.email } })
    // The endpoints that would list sessions with their tokens are closed.
    for (const path of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const response = await t.request(path, { cookie })
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain(token)
    }
  })

  describe('closed and unknown auth routes', () => {
    afterEach(() => {
      vi.restoreAllMocks()
    })

    it('answer a plain JSON 404 and log nothing, whatever the path carries', async () => {
      const written: string[] = []
      const capture = (chunk: unknown) => {
        written.push(String(chunk))
        return true
      }
      vi.spyOn(process.stdout, 'write').mockImplementation(capture)
      vi.spyOn(process.stderr, 'write').mockImplementation(capture)
      const paths = [
        '/api/auth/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        '/api/auth/list-sessions',
        '/api/auth/admin/list-users',
        '/api/auth/sign-in/social',
        '/api/auth/request-password-reset',
        '/api/auth/callback/..%2F..%2Fetc%2Fpasswd',
      ]
      for (const path of paths) {
        for (const method of ['GET', 'POST']) {
          const response = await t.request(path, { method, body: method === 'POST' ? { attacker: '<b>text</b>' } : undefined })
          expect(response.status, `${method} ${path}`).toBe(404)
          expect(response.headers.get('content-type')).toMatch(/application\/json/)
          expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } })
        }
      }
      vi.restoreAllMocks()
      expect(written).toEqual([])
    })
  })

  describe('reset links', () => {
    it('invalidates every older link of the account when a new one is made', async () => {
      const operator = await t.createOperator(admin)
      const makeLink = async () => {
        const response = await t.request(`/api/admin/users/${operator.id}/reset-password`, { method: 'POST', cookie: admin.cookie })
        expect(response.status).toBe(200)
        return ((await response.json()) as { resetLink: string }).resetLink.split('/reset-password/')[1]!
      }
      const first = await makeLink()
      const second = await makeLink()
      const third = await makeLink()
      const reset = (token: string) =>
        t.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: 'a brand new secret' } })
      expect((await reset(first)).status).toBe(422)
      expect((await reset(second)).status).toBe(422)
      expect((await reset(third)).status).toBe(200)
    })

    it('keeps one link when two are made at once', async () => {
      const operator = await t.createOperator(admin)
      await Promise.all(
        Array.from({ length: 10 }, () =>
          t.request(`/api/admin/users/${operator.id}/reset-password`, { method: 'POST', cookie: admin.cookie }),
        ),
      )
      const links = await t.db
        .select()
        .from(verifications)
        .where(and(eq(verifications.value, operator.id), like(verifications.identifier, 'reset-password:%')))
      expect(links).toHaveLength(1)
    })

    it('never builds a link from an arbitrary Host header', async () => {
      const operator = await t.createOperator(admin)
      const fromEvilHost = await t.app.request(`http://evil.test/api/admin/users/${operator.id}/reset-password`, {
        method: 'POST',
        headers: { origin: 'http://evil.test', cookie: admin.cookie },
      })
      expect(fromEvilHost.status).toBe(422)
      expect((await errorOf(fromEvilHost)).message).toBe(RESET_LINK_ORIGIN_MESSAGE)
      expect(await t.db.select().from(verifications).where(eq(verifications.value, operator.id))).toEqual([])
    })
  })
})

describe.each(testDatabaseKinds())('reset links with a configured address on %s', (kind) => {
  const { t } = useTestApp(kind, { env: { BASE_URL: 'https://fieldhouse.example.com', TRUSTED_ORIGINS: 'http://evil.test' }, admin: false })

  it('points every link at BASE_URL, whatever Host the request named', async () => {
    const admin = await t.createAdmin()
    const operator = await t.createOperator(admin)
    const response = await t.app.request(`http://evil.test/api/admin/users/${operator.id}/reset-password`, {
      method: 'POST',
      headers: { origin: 'http://evil.test', cookie: admin.cookie },
    })
    expect(response.status).toBe(200)
    const { resetLink } = (await response.json()) as { resetLink: string }
    expect(resetLink.startsWith('https://fieldhouse.example.com/reset-password/')).toBe(true)
  })
})

describe.each(testDatabaseKinds())('the first administrator on %s', (kind) => {
  const { t } = useTestApp(kind, { admin: false })

  it('is exactly one of 30 parallel sign-ups on an empty database; the others are pending', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, index) => t.signUp({ email: `racer-${index}@example.com` })))
    expect(results).toHaveLength(30)
    const rows = await t.db.select({ approved: users.approved, role: users.role }).from(users)
    expect(rows).toHaveLength(30)
    expect(rows.filter((row) => row.role === 'admin')).toEqual([{ approved: true, role: 'admin' }])
    expect(rows.filter((row) => row.role !== 'admin').every((row) => !row.approved && row.role === 'user')).toBe(true)
  })
})

describe.each(testDatabaseKinds())('sign-ups per address on %s', (kind) => {
  const { t } = useTestApp(kind, { env: { TRUST_PROXY: 'true', SIGN_UPS_PER_ADDRESS_PER_HOUR: '10' }, admin: false })

  const signUpFrom = (address: string, email: string) =>
    t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: 'Many Accounts', email, password: 'correct horse battery' },
      headers: { 'x-forwarded-for': address },
    })

  it('allows 10 an hour from one address; the 11th gets 429 and creates nothing', async () => {
    const statuses = await Promise.all(Array.from({ length: 15 }, (_, index) => signUpFrom('198.51.100.20', `burst-${index}@example.com`)))
    expect(statuses.filter((response) => response.status === 201)).toHaveLength(10)
    const refused = statuses.filter((response) => response.status === 429)
    expect(refused).toHaveLength(5)
    expect((await errorOf(refused[0]!)).message).toBe(SIGN_UP_THROTTLED_MESSAGE)
    expect(await t.db.select({ id: users.id }).from(users).where(like(users.email, 'burst-%'))).toHaveLength(10)

    // Another address is not held back.
    expect((await signUpFrom('198.51.100.21', 'elsewhere@example.com')).status).toBe(201)
  })
})
