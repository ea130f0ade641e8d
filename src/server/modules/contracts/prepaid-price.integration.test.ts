import { describe, expect, it } from 'vitest'
import { CONTRACT_MESSAGES } from '@shared/contracts/schema'
import { useTestApp } from '../../test/setup'
import { testDatabaseKinds } from '../../test/test-database'

type Contract = { id: string; prepaidPriceMinor: number | null }

describe.each(testDatabaseKinds())('a contract’s prepaid price on %s', (kind) => {
  const {
    t,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  it('is saved, kept through an edit that leaves it out, and cleared with null', async () => {
    const client = await t.request('/api/clients', { method: 'POST', cookie: owner.cookie, body: { name: 'Prepaid Panthers' } })
    const clientId = ((await client.json()) as { client: { id: string } }).client.id
    const body = { clientId, name: '2026–27 Season', startDate: '2026-09-01', totalHours: 40 }
    const save = async (method: 'POST' | 'PUT', path: string, extra: Record<string, unknown>) => {
      const response = await t.request(path, { method, cookie: owner.cookie, body: { ...body, ...extra } })
      expect(response.status, await response.clone().text()).toBe(method === 'POST' ? 201 : 200)
      return ((await response.json()) as { contract: Contract }).contract
    }
    expect((await save('POST', '/api/contracts', {})).prepaidPriceMinor).toBeNull()
    const contract = await save('POST', '/api/contracts', { prepaidPriceMinor: 1_250_000 })
    expect(contract.prepaidPriceMinor).toBe(1_250_000)
    expect((await save('PUT', `/api/contracts/${contract.id}`, { notes: 'Paid up front' })).prepaidPriceMinor).toBe(1_250_000)
    expect((await save('PUT', `/api/contracts/${contract.id}`, { prepaidPriceMinor: 0 })).prepaidPriceMinor).toBe(0)
    expect((await save('PUT', `/api/contracts/${contract.id}`, { prepaidPriceMinor: null })).prepaidPriceMinor).toBeNull()
    const listed = await t.request(`/api/clients/${clientId}/contracts`, { cookie: owner.cookie })
    const { contracts } = (await listed.json()) as { contracts: Contract[] }
    expect(contracts.map((row) => row.prepaidPriceMinor).sort()).toEqual([null, null])

    for (const prepaidPriceMinor of [-1, 12.5, '100', 100_000_000_001]) {
      const response = await t.request('/api/contracts', { method: 'POST', cookie: owner.cookie, body: { ...body, prepaidPriceMinor } })
      expect(response.status).toBe(422)
      const { error } = (await response.json()) as { error: { fields?: Record<string, string> } }
      expect(error.fields?.prepaidPriceMinor).toBe(CONTRACT_MESSAGES.prepaidPrice)
    }
  })
})
