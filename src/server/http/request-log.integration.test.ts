import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../test/setup'

// One JSON line per request, with the route template, and never a secret (docs/security.md).
describe('the request log', () => {
  const { t } = useTestApp('pglite', { env: { LOG_REQUESTS: 'true' }, admin: false })
  const lines: string[] = []

  beforeAll(() => {
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
  })
  afterAll(() => {
    vi.restoreAllMocks()
  })

  it('writes one structured line per request and never a password, cookie, token or reset link', async () => {
    const admin = await t.createAdmin()
    const operator = await t.createOperator(admin)
    const reset = await t.request(`/api/admin/users/${operator.id}/reset-password`, { method: 'POST', cookie: admin.cookie })
    const { resetLink } = (await reset.json()) as { resetLink: string }
    const token = resetLink.split('/reset-password/')[1]!
    await t.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: 'another secret phrase' } })
    await t.request(`/api/clients/${crypto.randomUUID()}`, { cookie: admin.cookie })

    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request')
    expect(requests.length).toBeGreaterThanOrEqual(8)
    for (const entry of requests) {
      expect(entry).toMatchObject({
        level: 'info',
        method: expect.any(String),
        path: expect.any(String),
        status: expect.any(Number),
        durationMs: expect.any(Number),
      })
    }
    // The route template, not the id.
    expect(requests.some((entry) => entry.path === '/api/clients/:id' && entry.status === 404)).toBe(true)
    expect(requests.some((entry) => entry.userId === admin.id)).toBe(true)

    const everything = lines.join('\n')
    for (const secret of [
      'correct horse battery',
      'another secret phrase',
      token,
      resetLink,
      admin.cookie.split('=')[1]!,
      operator.cookie.split('=')[1]!,
    ]) {
      expect(everything).not.toContain(secret)
    }
  })
})
