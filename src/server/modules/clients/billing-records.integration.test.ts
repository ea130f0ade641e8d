import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clients, invoices } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { CLIENT_HAS_BILLING_MESSAGE } from './service'

// A client with books is never deleted (docs/product.md#billing): the foreign keys of invoices
// and payments refuse it, and the service says so.
describe.each(testDatabaseKinds())('deleting a client with invoices or payments on %s', (kind) => {
  const {
    t,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  const createClient = async (user: TestUser, name: string) => {
    const response = await t.request('/api/clients', { method: 'POST', body: { name }, cookie: user.cookie })
    return ((await response.json()) as { client: { id: string } }).client.id
  }
  const remove = (clientId: string) => t.request(`/api/clients/${clientId}`, { method: 'DELETE', cookie: owner.cookie })
  const exists = async (clientId: string) =>
    (await t.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))).length === 1

  it('refuses a client with a payment', async () => {
    const clientId = await createClient(owner, 'Paying Penguins')
    const payment = await t.request('/api/payments', {
      method: 'POST',
      cookie: owner.cookie,
      body: { clientId, amountMinor: 5_000, receivedOn: '2026-11-20', method: 'cash' },
    })
    expect(payment.status).toBe(201)
    const response = await remove(clientId)
    expect(response.status).toBe(409)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(CLIENT_HAS_BILLING_MESSAGE)
    expect(CLIENT_HAS_BILLING_MESSAGE).toBe("This client has invoices or payments, so it can't be deleted.")
    expect(await exists(clientId)).toBe(true)
  })

  it('refuses a client with an invoice, even a draft', async () => {
    const clientId = await createClient(owner, 'Drafted Ducks')
    await t.db.insert(invoices).values({
      organisationId: await t.organisationOf(owner),
      clientId,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      timeZone: 'UTC',
      currency: 'CAD',
    })
    const response = await remove(clientId)
    expect(response.status).toBe(409)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(CLIENT_HAS_BILLING_MESSAGE)
    expect(await exists(clientId)).toBe(true)
  })

  it('still deletes a client without books', async () => {
    const clientId = await createClient(owner, 'Bookless Bruins')
    expect((await remove(clientId)).status).toBe(204)
    expect(await exists(clientId)).toBe(false)
  })
})
