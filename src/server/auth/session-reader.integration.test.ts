import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { sessions } from '../db/schema'
import { createTestApp, type TestApp, type TestUser } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth'
import { parseCookieHeader, verifiedToken } from './session-reader'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`

describe('signed session cookies', () => {
  it('gives the token of a value signed with the secret, and nothing for any other', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123')
    expect(verifiedToken(sign('abc123', 'another-secret-of-thirty-two-characters'), SECRET)).toBeNull()
    expect(verifiedToken(sign('abc123').replace('abc123', 'abc124'), SECRET)).toBeNull()
    expect(verifiedToken('abc123', SECRET)).toBeNull()
    expect(verifiedToken(`abc123.${'A'.repeat(43)}=`, SECRET)).toBeNull()
    expect(verifiedToken('.' + sign('x').split('.')[1], SECRET)).toBeNull()
  })

  it('reads a Cookie header as browsers and better-auth do: the first of a name, URI-decoded', () => {
    const cookies = parseCookieHeader('a=1; fieldhouse.session_token=tok.sig%3D; a=2; b="quoted"; broken; c=%E0%A4%A')
    expect(cookies.get('a')).toBe('1')
    expect(cookies.get('fieldhouse.session_token')).toBe('tok.sig=')
    expect(cookies.get('b')).toBe('quoted')
    expect(cookies.has('c')).toBe(false)
  })
})

describe.each(testDatabaseKinds())('who is signed in, on %s', (kind) => {
  let t: TestApp
  let admin: TestUser

  beforeAll(async () => {
    t = await createTestApp(kind)
    admin = await t.createAdmin()
  })
  afterAll(async () => {
    await t.close()
  })

  const me = (cookie: string) => t.request('/api/me', { cookie })
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!

  it('accepts the cookie sign-in gave, and refuses it with a changed token or signature', async () => {
    const operator = await t.createOperator(admin)
    expect((await me(operator.cookie)).status).toBe(200)
    const [name, value] = operator.cookie.split('=') as [string, string]
    const decoded = decodeURIComponent(value)
    const otherToken = `${name}=${encodeURIComponent(`x${decoded.slice(1)}`)}`
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
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, tokenOf(expired.cookie)))
    expect((await me(expired.cookie)).status).toBe(401)
    // better-auth cleans the expired session up, as it does on its own path.
    expect(await t.db.select().from(sessions).where(eq(sessions.token, tokenOf(expired.cookie)))).toEqual([])
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
