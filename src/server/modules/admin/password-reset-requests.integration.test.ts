import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { adminUser } from '@shared/admin/responses'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import { passwordResetRequests } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import { testDatabaseKinds } from '../../test/test-database'
import { RESET_REQUESTS_PER_ADDRESS_PER_HOUR, RESET_REQUESTS_THROTTLED_MESSAGE } from './service'

type AdminUser = z.infer<typeof adminUser>

// "Forgot password?" (docs/product.md#accounts): one answer whether or not the account exists,
// the request waits on /admin until the admin makes a reset link, and one address is limited.

describe.each(testDatabaseKinds())('password reset requests on %s', (kind) => {
  // Addresses come from X-Forwarded-For, so each test can act as a client of its own.
  const {
    t,
    admin,
    operators: [operator, bystander],
  } = useTestApp(kind, { operators: 2, env: { TRUST_PROXY: 'true' } })

  const requestReset = (email: string, address: string) =>
    t.request('/api/auth/forgot-password', { method: 'POST', body: { email }, headers: { 'x-forwarded-for': address } })

  const listed = async (userId: string): Promise<AdminUser> => {
    const response = await t.request('/api/admin/users', { cookie: admin.cookie })
    expect(response.status).toBe(200)
    const { users } = (await response.json()) as { users: AdminUser[] }
    return users.find((user) => user.id === userId)!
  }

  const requestsOf = async (userId: string) =>
    (await t.db.select({ total: count() }).from(passwordResetRequests).where(eq(passwordResetRequests.userId, userId)))[0]!.total

  it('answers an email with an account exactly as one without', async () => {
    const known = await requestReset(operator.email.toUpperCase(), '198.51.100.10')
    const unknown = await requestReset('nobody-here@example.com', '198.51.100.11')
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    const knownBody = await known.text()
    expect(knownBody).toBe(await unknown.text())
    expect(JSON.parse(knownBody)).toEqual({ message: AUTH_MESSAGES.resetRequested })
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort())
    expect(known.headers.getSetCookie()).toEqual([])
  })

  it('shows the request to the admin until the admin makes the account a reset link', async () => {
    expect((await listed(bystander.id)).resetRequestedAt).toBeNull()
    expect((await requestReset(bystander.email, '198.51.100.20')).status).toBe(202)
    const waiting = await listed(bystander.id)
    expect(waiting.resetRequestedAt).not.toBeNull()
    expect(Date.now() - Date.parse(waiting.resetRequestedAt!)).toBeLessThan(60_000)

    const link = await t.request(`/api/admin/users/${bystander.id}/reset-password`, { method: 'POST', cookie: admin.cookie })
    expect(link.status).toBe(200)
    expect((await listed(bystander.id)).resetRequestedAt).toBeNull()
    expect(await requestsOf(bystander.id)).toBe(0)
  })

  it('records an unknown email against no account', async () => {
    const before = (await t.db.select({ total: count() }).from(passwordResetRequests))[0]!.total
    expect((await requestReset('still-nobody@example.com', '198.51.100.30')).status).toBe(202)
    const rows = await t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.address, '198.51.100.30'))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.userId).toBeNull()
    expect((await t.db.select({ total: count() }).from(passwordResetRequests))[0]!.total).toBe(before + 1)
  })

  it('refuses an address past its hourly limit, whichever emails it names, and writes nothing', async () => {
    const address = '198.51.100.40'
    const answers = await Promise.all(
      Array.from({ length: RESET_REQUESTS_PER_ADDRESS_PER_HOUR + 5 }, (_, index) =>
        requestReset(index % 2 === 0 ? operator.email : `probe-${index}@example.com`, address),
      ),
    )
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((status) => status === 202)).toHaveLength(RESET_REQUESTS_PER_ADDRESS_PER_HOUR)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    const rows = await t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.address, address))
    expect(rows).toHaveLength(RESET_REQUESTS_PER_ADDRESS_PER_HOUR)

    const refused = await requestReset('nobody-again@example.com', address)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(RESET_REQUESTS_THROTTLED_MESSAGE)
    // Another address is not held back by this one.
    expect((await requestReset(operator.email, '198.51.100.41')).status).toBe(202)
  })

  it('refuses a body without a valid email', async () => {
    expect((await requestReset('not-an-email', '198.51.100.50')).status).toBe(422)
    expect((await t.request('/api/auth/forgot-password', { method: 'POST', body: {} })).status).toBe(422)
  })
})
