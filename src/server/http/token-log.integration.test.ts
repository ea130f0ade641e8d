import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMiddleware } from 'hono/factory'
import { useTestApp } from '../test/setup'
import { sessionCookieFrom } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { handleError } from './error-handler'
import { requestLog } from './request-log'

// No token or secret reaches a log line (docs/security.md): every route that carries one in its
// path or body is run here, with its failures, and the whole log of the run is searched for them.

function captureLog() {
  const lines: string[] = []
  const capture = (chunk: unknown) => {
    lines.push(String(chunk))
    return true
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(capture)
  vi.spyOn(process.stderr, 'write').mockImplementation(capture)
  return lines
}

describe.each(testDatabaseKinds())('tokens in the log on %s', (kind) => {
  const { t, admin } = useTestApp(kind, { env: { LOG_REQUESTS: 'true', TRUST_PROXY: 'true' } })
  let lines: string[] = []
  beforeEach(() => {
    lines = captureLog()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('never writes an invitation token, a reset link, a password or a board address, whatever the routes answer', async () => {
    const owner = await t.createOperator(admin)
    const post = (path: string, body?: unknown, cookie?: string, headers?: Record<string, string>) =>
      t.request(path, { method: 'POST', body, cookie, headers })
    const invite = async (email: string) => {
      const response = await post('/api/team/invitations', { email, role: 'scheduler' }, owner.cookie)
      const body = (await response.json()) as { link: string; invitation: { id: string } }
      return { link: body.link, token: body.link.split('/invite/')[1]!, id: body.invitation.id }
    }
    const secrets: string[] = ['correct horse battery', 'another secret phrase']

    // An invitation for a new account: preview, sign-up through it (100 at once), then used up.
    const newcomer = await invite(`newcomer-${Date.now()}@example.com`)
    secrets.push(newcomer.token, newcomer.link)
    expect((await t.request(`/api/invitations/${newcomer.token}`)).status).toBe(200)
    const raced = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(`/api/invitations/${newcomer.token}/sign-up`, { fullName: `Racer ${index}`, password: 'correct horse battery' }, undefined, {
          'x-forwarded-for': `198.51.100.${index + 1}`,
        }),
      ),
    )
    expect(raced.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(raced.every((answer) => answer.status < 500)).toBe(true)
    expect((await t.request(`/api/invitations/${newcomer.token}`)).status).toBe(410)

    // An invitation for a pending account: sign-in with it, accept, accept again; then a withdrawn one.
    const pending = await t.signUp({ fullName: 'Pat Pending' })
    const forPending = await invite(pending.email)
    secrets.push(forPending.token)
    const withWrongPassword = await post('/api/auth/sign-in/email', {
      email: pending.email,
      password: 'a wrong one',
      invitationToken: forPending.token,
    })
    expect(withWrongPassword.status).toBe(401)
    const signedIn = await post('/api/auth/sign-in/email', {
      email: pending.email,
      password: pending.password,
      invitationToken: forPending.token,
    })
    expect(signedIn.status).toBe(200)
    const pendingCookie = sessionCookieFrom(signedIn)
    secrets.push(pendingCookie.split('=')[1]!)
    expect((await post(`/api/invitations/${forPending.token}/accept`, undefined, pendingCookie)).status).toBe(200)
    expect((await post(`/api/invitations/${forPending.token}/accept`, undefined, pendingCookie)).status).toBe(410)
    const withdrawn = await invite(`withdrawn-${Date.now()}@example.com`)
    secrets.push(withdrawn.token)
    expect((await t.request(`/api/team/invitations/${withdrawn.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    expect((await t.request(`/api/invitations/${withdrawn.token}`)).status).toBe(410)
    expect(
      (await post(`/api/invitations/${withdrawn.token}/sign-up`, { fullName: 'Late', password: 'correct horse battery' })).status,
    ).toBe(410)
    // Forged and malformed tokens, and a body that is not JSON, on the same paths.
    const forged = `${withdrawn.token.slice(0, 32)}${'Q'.repeat(32)}`
    secrets.push(forged)
    expect((await t.request(`/api/invitations/${forged}`)).status).toBe(410)
    const notJson = await t.request(`/api/invitations/${forged}/sign-up`, {
      method: 'POST',
      body: 'not json',
      headers: { 'content-type': 'text/plain' },
    })
    expect(notJson.status).toBeGreaterThanOrEqual(400)
    expect((await t.request(`/api/invitations/${forged}/nothing-here`)).status).toBeGreaterThanOrEqual(400)

    // A reset link: used, used again, and a made-up one.
    const operator = await t.createOperator(admin)
    const reset = await post(`/api/admin/users/${operator.id}/reset-password`, undefined, admin.cookie)
    const { resetLink } = (await reset.json()) as { resetLink: string }
    const resetToken = resetLink.split('/reset-password/')[1]!
    secrets.push(resetLink, resetToken)
    expect((await post('/api/auth/reset-password', { token: resetToken, newPassword: 'another secret phrase' })).status).toBe(200)
    expect(
      (await post('/api/auth/reset-password', { token: resetToken, newPassword: 'another secret phrase' })).status,
    ).toBeGreaterThanOrEqual(400)
    expect((await post(`/api/auth/reset-password/${resetToken}`, {})).status).toBe(404)

    // A board address, found and not.
    const facility = (await (await post('/api/facilities', { name: 'North Arena', timeZone: 'America/Toronto' }, owner.cookie)).json()) as {
      facility: { id: string }
    }
    const room = (await (
      await post(`/api/facilities/${facility.facility.id}/rooms`, { name: 'Rink 1', type: 'rink' }, owner.cookie)
    ).json()) as {
      room: { id: string }
    }
    const screen = await post('/api/screens', { name: 'Zqxv Lobby Board', rooms: [{ roomId: room.room.id }] }, owner.cookie)
    expect(screen.status).toBe(201)
    secrets.push('zqxv-lobby-board')
    expect((await t.request('/api/public/displays/zqxv-lobby-board')).status).toBe(200)
    expect((await t.request('/api/public/displays/zqxv-lobby-board-gone')).status).toBe(404)

    const everything = lines.join('\n')
    expect(everything).toContain('"msg":"request"')
    for (const secret of secrets) expect(everything).not.toContain(secret)
  })
})

describe('the path an unhandled error logs', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('is the route template, or the path with every id and token cut when no route answered', async () => {
    const token = `${'ab'.repeat(16)}SecretSecretSecretSecretSecret12`
    const app = new Hono()
    app.use('*', requestLog)
    app.use(
      '/api/broken/*',
      createMiddleware(async () => {
        throw new Error('a middleware broke')
      }),
    )
    app.post('/api/invitations/:token/sign-up', () => {
      throw new Error('a handler broke')
    })
    app.onError(handleError)
    const lines = captureLog()
    expect((await app.request(`/api/invitations/${token}/sign-up`, { method: 'POST' })).status).toBe(500)
    expect((await app.request(`/api/broken/invitations/${token}`)).status).toBe(500)
    expect((await app.request(`/api/broken/${token}/reset-password/plain-words`)).status).toBe(500)
    vi.restoreAllMocks()

    const entries = lines.map((line) => JSON.parse(line) as { msg: string; path?: string })
    expect(entries.filter((entry) => entry.msg === 'unhandled error').map((entry) => entry.path)).toEqual([
      '/api/invitations/:token/sign-up',
      '/api/broken/invitations/:value',
      '/api/broken/:value/reset-password/:value',
    ])
    expect(lines.join('\n')).not.toContain(token)
  })
})
