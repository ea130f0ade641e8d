import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { AUTH_MESSAGES } from '@shared/auth/schema'
import { sessions, users, verifications } from '../db/schema'
import { useTestApp } from '../test/setup'
import { sessionCookieFrom } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth'

describe.each(testDatabaseKinds())('accounts and sessions on %s', (kind) => {
  const { t, admin } = useTestApp(kind)

  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error

  it('makes the first account an approved administrator', async () => {
    const response = await t.request('/api/me', { cookie: admin.cookie })
    expect(response.status).toBe(200)
    const { user } = (await response.json()) as { user: { isAdmin: boolean; approved: boolean } }
    expect(user).toMatchObject({ isAdmin: true, approved: true })
  })

  it('creates later accounts pending, and refuses their sign-in with the pending message', async () => {
    const pending = await t.signUp()
    const [row] = await t.db.select({ approved: users.approved, role: users.role }).from(users).where(eq(users.id, pending.id))
    expect(row).toEqual({ approved: false, role: 'user' })

    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: pending.email, password: pending.password },
    })
    expect(response.status).toBe(403)
    expect(await errorOf(response)).toMatchObject({ code: 'NOT_APPROVED', message: AUTH_MESSAGES.pendingApproval })
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes('session_token=') && !cookie.includes('Max-Age=0'))).toBe(false)
  })

  it('answers a wrong password and an unknown email alike, without revealing the account', async () => {
    const pending = await t.signUp()
    const wrongPassword = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: pending.email, password: 'not the password' },
    })
    const unknownEmail = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'whatever1' },
    })
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    const unknownEmailError = await errorOf(unknownEmail)
    expect(await errorOf(wrongPassword)).toEqual(unknownEmailError)
    expect(unknownEmailError.message).toBe(AUTH_MESSAGES.invalidCredentials)
  })

  it('refuses a duplicate email with the spec message', async () => {
    const existing = await t.signUp()
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: 'Again', email: existing.email.toUpperCase(), password: 'secret123' },
    })
    expect(response.status).toBe(409)
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.emailTaken)
  })

  it('answers invalid sign-up input with 422 and a message per field', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: '  ', email: 'not-an-email', password: '123' },
    })
    expect(response.status).toBe(422)
    const error = await errorOf(response)
    expect(error.code).toBe('VALIDATION')
    expect(error.fields).toMatchObject({ fullName: 'Please enter your full name', password: 'Password must be at least 6 characters' })
    expect(error.fields?.email).toBeTruthy()
  })

  it('lets an approved account in, and sets an HttpOnly SameSite cookie', async () => {
    const account = await t.signUp()
    await t.request(`/api/admin/users/${account.id}/approve`, { method: 'POST', cookie: admin.cookie })
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    })
    expect(response.status).toBe(200)
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.includes('session_token='))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const me = await t.request('/api/me', { cookie: sessionCookieFrom(response) })
    expect(me.status).toBe(200)
  })

  it('answers 401 to a signed-out caller and 403 to a non-admin on admin routes', async () => {
    const operator = await t.createOperator(admin)
    expect((await t.request('/api/admin/users')).status).toBe(401)
    const forbidden = await t.request('/api/admin/users', { cookie: operator.cookie })
    expect(forbidden.status).toBe(403)
    expect((await errorOf(forbidden)).code).toBe('FORBIDDEN')
    const pending = await t.signUp()
    expect((await t.request(`/api/admin/users/${pending.id}/approve`, { method: 'POST', cookie: operator.cookie })).status).toBe(403)
    expect((await t.request('/api/admin/users', { cookie: admin.cookie })).status).toBe(200)
  })

  it('ends every session of a revoked account at once', async () => {
    const operator = await t.createOperator(admin)
    expect((await t.request('/api/me', { cookie: operator.cookie })).status).toBe(200)
    const revoked = await t.request(`/api/admin/users/${operator.id}/revoke`, { method: 'POST', cookie: admin.cookie })
    expect(revoked.status).toBe(200)
    expect((await t.request('/api/me', { cookie: operator.cookie })).status).toBe(401)
  })

  it('refuses a state-changing request from another origin', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: 'Mallory', email: 'mallory@example.com', password: 'secret123' },
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
    const crossSite = await t.request(`/api/admin/users/${admin.id}/approve`, {
      method: 'POST',
      cookie: admin.cookie,
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
  })

  it('limits repeated failed sign-ins per account', async () => {
    const account = await t.signUp()
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: account.email, password: 'wrong password' },
      })
      expect(response.status).toBe(401)
    }
    const locked = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    })
    expect(locked.status).toBe(429)
    expect((await errorOf(locked)).message).toMatch(/Too many failed sign-in attempts/)
  })

  it('resets a password through a one-time link, and refuses a used or expired link', async () => {
    const operator = await t.createOperator(admin)
    const generated = await t.request(`/api/admin/users/${operator.id}/reset-password`, { method: 'POST', cookie: admin.cookie })
    expect(generated.status).toBe(200)
    const { resetLink } = (await generated.json()) as { resetLink: string }
    const token = resetLink.split('/reset-password/')[1]!
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: 'a brand new secret' } })
    expect(reset.status).toBe(200)
    expect(await t.signIn(operator.email, 'a brand new secret')).toBeTruthy()
    // The old session ended with the reset.
    expect((await t.request('/api/me', { cookie: operator.cookie })).status).toBe(401)
    const reused = await t.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: 'another secret' } })
    expect(reused.status).toBe(422)

    const second = await t.request(`/api/admin/users/${operator.id}/reset-password`, { method: 'POST', cookie: admin.cookie })
    const expiredToken = ((await second.json()) as { resetLink: string }).resetLink.split('/reset-password/')[1]!
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`true`)
    const expired = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: { token: expiredToken, newPassword: 'another secret' },
    })
    expect(expired.status).toBe(422)
  })

  it('answers 404 in the error shape for an unknown API path, and reports health', async () => {
    const unknown = await t.request('/api/nothing-here', { cookie: admin.cookie })
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).code).toBe('NOT_FOUND')
    const health = await t.request('/healthz')
    expect(health.status).toBe(200)
  })

  it('refuses an oversized body before reading it', async () => {
    const response = await t.request('/api/auth/sign-up/email', { method: 'POST', body: JSON.stringify({ fullName: 'x'.repeat(100_000) }) })
    expect(response.status).toBe(413)
  })

  // Who is signed in: the session reader's own path and the one it leaves to better-auth.
  const me = (cookie: string) => t.request('/api/me', { cookie })
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!

  it('accepts the cookie sign-in gave, and refuses it with a changed token or signature', async () => {
    const operator = await t.createOperator(admin)
    expect((await me(operator.cookie)).status).toBe(200)
    const [name, value] = operator.cookie.split('=') as [string, string]
    const decoded = decodeURIComponent(value)
    // Another first character than the token's own: a random token starts with 'x' now and then.
    const otherTokenFirst = decoded.startsWith('x') ? 'y' : 'x'
    const otherToken = `${name}=${encodeURIComponent(`${otherTokenFirst}${decoded.slice(1)}`)}`
    // A different first character of the signature: its 6 bits all carry signature bits.
    const signatureStart = decoded.lastIndexOf('.') + 1
    const otherFirst = decoded[signatureStart] === 'B' ? 'C' : 'B'
    const otherSignature = `${name}=${encodeURIComponent(`${decoded.slice(0, signatureStart)}${otherFirst}${decoded.slice(signatureStart + 1)}`)}`
    expect((await me(otherToken)).status).toBe(401)
    expect((await me(otherSignature)).status).toBe(401)
    expect((await me(`${name}=garbage`)).status).toBe(401)
  })

  it('refuses a session as soon as it is revoked or has expired', async () => {
    const revoked = await t.createOperator(admin)
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(revoked.cookie)))
    expect((await me(revoked.cookie)).status).toBe(401)

    const expired = await t.createOperator(admin)
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(expired.cookie)))
    expect((await me(expired.cookie)).status).toBe(401)
    // better-auth cleans the expired session up, as it does on its own path.
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenOf(expired.cookie))),
    ).toEqual([])
  })

  it('extends a session in use once it is a day old, as better-auth does', async () => {
    const operator = await t.createOperator(admin)
    const token = tokenOf(operator.cookie)
    const ageing = new Date(Date.now() + (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000)
    await t.db.update(sessions).set({ expiresAt: ageing }).where(eq(sessions.token, token))
    expect((await me(operator.cookie)).status).toBe(200)
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000)
  })

  it('sees a revoked approval on the next request', async () => {
    const operator = await t.createOperator(admin)
    expect((await t.request('/api/facilities', { cookie: operator.cookie })).status).toBe(200)
    const revoked = await t.request(`/api/admin/users/${operator.id}/revoke`, { method: 'POST', cookie: admin.cookie })
    expect(revoked.status).toBeLessThan(300)
    expect((await t.request('/api/facilities', { cookie: operator.cookie })).status).toBeGreaterThanOrEqual(401)
  })
})
