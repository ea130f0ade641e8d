import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/setup'
import { sessionCookieFrom, TEST_ORIGIN } from '../test/test-app'
import { SIGN_IN_LIMITS } from '../auth/attempt-limits'
import { FOREIGN_ORIGIN_MESSAGE, MISSING_ORIGIN_MESSAGE } from './same-origin'

// The OWASP ASVS 5.0 items that belong to the HTTP layer; docs/security.md maps each.
describe('web security (PGlite)', () => {
  const { t, admin } = useTestApp('pglite', { env: { TRUST_PROXY: 'true' } })

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await t.request('/api/me', { cookie: admin.cookie })
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    // Served over plain http here, so no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('sends them on every kind of answer: a route, better-auth, a refusal, a missing route', async () => {
    const answers = [
      await t.request('/api/facilities', { cookie: admin.cookie }),
      await t.request('/api/auth/sign-out', { method: 'POST', body: {} }),
      await t.request('/api/facilities'),
      await t.request('/api/no-such-route', { cookie: admin.cookie }),
    ]
    expect(answers.map((response) => response.status)).toEqual([200, 200, 401, 404])
    for (const response of answers) {
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it('V3.5.1: refuses CORS-safelisted writes that do not come from the app', async () => {
    const textPlain = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: admin.cookie },
      body: JSON.stringify({ fullName: 'Forged', email: 'forged@example.com', password: 'secret123' }),
    })
    expect(textPlain.status).toBe(403)
    const formFromElsewhere = await t.app.request(`${TEST_ORIGIN}/api/admin/users/${admin.id}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: admin.cookie },
      body: 'a=1',
    })
    expect(formFromElsewhere.status).toBe(403)
    // A JSON request with no Origin (a script or a server) is not a browser form: it passes on.
    const json = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: '', email: 'x', password: '1' }),
    })
    expect(json.status).toBe(422)
  })

  it('V3.5.1: a write with no Origin passes only as JSON or from our own pages, and the refusal says what to send', async () => {
    const owner = await t.createOperator(admin)
    const organisationId = await t.organisationOf(owner)
    const cases: Array<{ headers: Record<string, string>; status: number }> = [
      { headers: { 'content-type': 'text/plain' }, status: 403 },
      { headers: {}, status: 403 },
      { headers: { 'sec-fetch-site': 'none' }, status: 403 },
    ]
    for (const { headers, status } of cases) {
      const response = await t.app.request(`${TEST_ORIGIN}/api/organisation`, {
        method: 'DELETE',
        headers: { ...headers, cookie: owner.cookie },
      })
      expect(response.status).toBe(status)
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message).toBe(MISSING_ORIGIN_MESSAGE)
    }
    // A foreign Origin gets the other message, so a script with no Origin is not told it is cross-origin.
    const foreign = await t.app.request(`${TEST_ORIGIN}/api/organisation`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: owner.cookie },
    })
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(FOREIGN_ORIGIN_MESSAGE)
    // The organisation is still there: nothing above reached the route.
    expect(await t.organisationOf(owner)).toBe(organisationId)
    // The browser's own fetch from our pages says so with Sec-Fetch-Site, even without a content type.
    const fromOurPages = await t.app.request(`${TEST_ORIGIN}/api/organisation`, {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'same-origin', cookie: owner.cookie },
    })
    expect(fromOurPages.status).toBe(204)
    expect(await t.organisationOf(owner)).not.toBe(organisationId)
  })

  it('V7.2.4: signing in issues a new session token and ends the previous one', async () => {
    const account = await t.createOperator(admin)
    const again = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      cookie: account.cookie,
      body: { email: account.email, password: 'correct horse battery' },
    })
    expect(again.status).toBe(200)
    const fresh = sessionCookieFrom(again)
    expect(fresh).not.toBe(account.cookie)
    expect((await t.request('/api/me', { cookie: account.cookie })).status).toBe(401)
    expect((await t.request('/api/me', { cookie: fresh })).status).toBe(200)
  })

  it('V6.3.1: limits failed sign-ins per address across accounts, with a clear message', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' }
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress; attempt++) {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers,
        body: { email: `guess${attempt}@example.com`, password: 'wrong-password' },
      })
      expect(response.status).toBe(401)
    }
    const blocked = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers,
      body: { email: admin.email, password: 'correct horse battery' },
    })
    expect(blocked.status).toBe(429)
    const body = (await blocked.json()) as { error: { message: string } }
    expect(body.error.message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.')
    // Another address is not affected.
    const elsewhere = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.9' },
      body: { email: admin.email, password: 'correct horse battery' },
    })
    expect(elsewhere.status).toBe(200)
  })
})

describe('web security behind https', () => {
  const { t } = useTestApp('pglite', { env: { BASE_URL: 'https://fieldhouse.example.com', TRUSTED_ORIGINS: TEST_ORIGIN }, admin: false })

  it('marks the session cookie Secure and sends HSTS', async () => {
    const { email, password } = await t.signUp()
    const response = await t.request('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='))!
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
  })
})
