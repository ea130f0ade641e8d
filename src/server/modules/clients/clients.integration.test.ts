import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { contractUsage, contracts, facilities, rooms, schedules } from '../../db/schema'
import { findPostgresError, SQLSTATE } from '../../errors'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { contractHoursUsed } from '../contracts/repository'

type Client = { id: string; name: string; email: string | null; website: string | null; [field: string]: unknown }
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

describe.each(testDatabaseKinds())('clients on %s', (kind) => {
  const {
    t,
    admin,
    operators: [operator, other],
  } = useTestApp(kind, { operators: 2 })

  const createClient = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await t.request('/api/clients', { method: 'POST', body, cookie: user.cookie })
    expect(response.status).toBe(201)
    return ((await response.json()) as { client: Client }).client
  }
  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  const organisationOf = (user: TestUser) => t.organisationOf(user)

  const joinAs = (role: 'manager' | 'scheduler' | 'front_desk', organisationId: string) => t.addMember(admin, organisationId, role)

  it('stores a client with blank optional fields as null and gives a bare website https://', async () => {
    const client = await createClient(operator, {
      name: '  Northside Jets ',
      email: '',
      phone: ' ',
      website: 'jets.example.com',
      notes: '',
    })
    expect(client).toMatchObject({
      name: 'Northside Jets',
      email: null,
      phone: null,
      secondaryPhone: null,
      company: null,
      website: 'https://jets.example.com',
      notes: null,
    })
    const response = await t.request(`/api/clients/${client.id}`, { cookie: operator.cookie })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { client: Client }).client).toMatchObject({ id: client.id, website: 'https://jets.example.com' })
  })

  it('lists only the caller’s organisation’s clients, ordered by name', async () => {
    const caller = await t.createOperator(admin)
    await createClient(caller, { name: 'zebra Skating Club' })
    await createClient(caller, { name: 'Aces Hockey' })
    await createClient(caller, { name: 'minor Lacrosse' })
    await createClient(other, { name: 'Not Mine' })
    const response = await t.request('/api/clients', { cookie: caller.cookie })
    const { clients } = (await response.json()) as { clients: Client[] }
    expect(clients.map((client) => client.name)).toEqual(['Aces Hockey', 'minor Lacrosse', 'zebra Skating Club'])
  })

  it('answers a blank name with the spec message and too-long fields with their maximum', async () => {
    const blank = await t.request('/api/clients', { method: 'POST', body: { name: '   ' }, cookie: operator.cookie })
    expect(blank.status).toBe(422)
    expect(await errorOf(blank)).toMatchObject({
      code: 'VALIDATION',
      message: 'Please enter a client name',
      fields: { name: 'Please enter a client name' },
    })

    const tooLong = await t.request('/api/clients', {
      method: 'POST',
      body: { name: 'Jets', postalCode: 'x'.repeat(21), notes: 'n'.repeat(501) },
      cookie: operator.cookie,
    })
    expect(tooLong.status).toBe(422)
    expect((await errorOf(tooLong)).fields).toEqual({
      postalCode: 'Postal code must be 20 characters or less',
      notes: 'Notes must be 500 characters or less',
    })

    const script = await t.request('/api/clients', {
      method: 'POST',
      body: { name: 'Jets', website: 'javascript:alert(1)' },
      cookie: operator.cookie,
    })
    expect((await errorOf(script)).fields).toEqual({ website: 'Please enter a valid website address' })
  })

  it('updates every field of a client', async () => {
    const client = await createClient(operator, { name: 'Old Name' })
    const update = {
      name: 'New Name',
      email: 'coach@example.com',
      phone: '+1 416 555 0100',
      secondaryPhone: '416-555-0101',
      company: 'Jets Inc.',
      address: '1 Rink Road',
      city: 'Toronto',
      provinceState: 'ON',
      postalCode: 'M5V 2T6',
      country: 'Canada',
      website: 'http://jets.example.com',
      notes: 'Prefers early ice',
    }
    const response = await t.request(`/api/clients/${client.id}`, { method: 'PUT', body: update, cookie: operator.cookie })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { client: Client }).client).toMatchObject(update)
  })

  it('answers 404 for another organisation’s client on every path, and for an id that cannot exist', async () => {
    const client = await createClient(operator, { name: 'Private Client' })
    for (const [method, body] of [['GET'], ['PUT', { name: 'Taken' }], ['DELETE']] as const) {
      const response = await t.request(`/api/clients/${client.id}`, { method, body, cookie: other.cookie })
      expect(response.status).toBe(404)
      expect(await errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'Client not found' })
    }
    expect((await t.request('/api/clients/not-a-uuid', { cookie: operator.cookie })).status).toBe(404)
    const unchanged = await t.request(`/api/clients/${client.id}`, { cookie: operator.cookie })
    expect(((await unchanged.json()) as { client: Client }).client.name).toBe('Private Client')
    expect((await t.request('/api/clients')).status).toBe(401)
  })

  it('deletes the client with its contracts and their usage, keeping its events without a client (ADR 0006)', async () => {
    const client = await createClient(operator, { name: 'Leaving Client' })
    const keeper = await createClient(operator, { name: 'Staying Client' })
    const contractIds: string[] = []
    for (const target of [client, client, keeper]) {
      const response = await t.request('/api/contracts', {
        method: 'POST',
        body: { clientId: target.id, name: 'Season', startDate: '2024-06-01', totalHours: 10 },
        cookie: operator.cookie,
      })
      contractIds.push(((await response.json()) as { contract: { id: string } }).contract.id)
    }
    for (const contractId of [contractIds[0], contractIds[0], contractIds[1], contractIds[2]]) {
      const logged = await t.request('/api/usage', {
        method: 'POST',
        body: { contractId, usageDate: '2024-06-02', hours: 1.5 },
        cookie: operator.cookie,
      })
      expect(logged.status).toBe(201)
    }
    const organisationId = await organisationOf(operator)
    const [facility] = await t.db.insert(facilities).values({ organisationId, name: 'Arena' }).returning()
    const [room] = await t.db.insert(rooms).values({ organisationId, facilityId: facility!.id, name: 'Rink A', type: 'rink' }).returning()
    const [event] = await t.db
      .insert(schedules)
      .values({
        organisationId,
        roomId: room!.id,
        title: 'Practice',
        clientId: client.id,
        startTime: new Date('2024-06-03T18:00:00Z'),
        endTime: new Date('2024-06-03T19:00:00Z'),
      })
      .returning()

    const details = await t.request(`/api/clients/${client.id}`, { cookie: operator.cookie })
    expect(((await details.json()) as { dependents: unknown }).dependents).toEqual({ contracts: 2, usageLogs: 3, events: 1 })

    const deleted = await t.request(`/api/clients/${client.id}`, { method: 'DELETE', cookie: operator.cookie })
    expect(deleted.status).toBe(204)
    expect((await t.request(`/api/clients/${client.id}`, { cookie: operator.cookie })).status).toBe(404)
    expect(await t.db.select().from(contracts).where(eq(contracts.clientId, client.id))).toEqual([])
    const remainingUsage = await t.db.select({ contractId: contractUsage.contractId }).from(contractUsage)
    expect(remainingUsage.filter((row) => contractIds.slice(0, 2).includes(row.contractId))).toEqual([])
    const [kept] = await t.db.select().from(schedules).where(eq(schedules.id, event!.id))
    expect(kept).toMatchObject({ title: 'Practice', clientId: null })
    const [otherContract] = await t.db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(eq(contracts.id, contractIds[2]!))
    expect(otherContract!.hoursUsed).toBe('1.50')
  })

  describe('an organisation’s members', () => {
    it('share its clients: a manager lists, reads, edits and deletes those the owner created', async () => {
      const owner = await t.createOperator(admin)
      const client = await createClient(owner, { name: 'Shared Client' })
      const manager = await joinAs('manager', await organisationOf(owner))

      const list = await t.request('/api/clients', { cookie: manager.cookie })
      expect(((await list.json()) as { clients: Client[] }).clients.map((row) => row.id)).toEqual([client.id])
      expect((await t.request(`/api/clients/${client.id}`, { cookie: manager.cookie })).status).toBe(200)
      const renamed = await t.request(`/api/clients/${client.id}`, { method: 'PUT', body: { name: 'Renamed' }, cookie: manager.cookie })
      expect(renamed.status).toBe(200)
      const created = await createClient(manager, { name: 'By the manager' })
      const seenByOwner = await t.request(`/api/clients/${created.id}`, { cookie: owner.cookie })
      expect(((await seenByOwner.json()) as { client: Client }).client.name).toBe('By the manager')
      expect((await t.request(`/api/clients/${client.id}`, { method: 'DELETE', cookie: manager.cookie })).status).toBe(204)
      expect((await t.request(`/api/clients/${client.id}`, { cookie: owner.cookie })).status).toBe(404)
    })

    it('who may not manage the venue read its clients but are refused any write with 403, whatever the body', async () => {
      const owner = await t.createOperator(admin)
      const client = await createClient(owner, { name: 'Read Only' })
      const organisationId = await organisationOf(owner)
      for (const role of ['scheduler', 'front_desk'] as const) {
        const member = await joinAs(role, organisationId)
        const list = await t.request('/api/clients', { cookie: member.cookie })
        expect(list.status, role).toBe(200)
        expect(((await list.json()) as { clients: Client[] }).clients.map((row) => row.id)).toEqual([client.id])
        expect((await t.request(`/api/clients/${client.id}`, { cookie: member.cookie })).status, role).toBe(200)

        const refused = [
          await t.request('/api/clients', { method: 'POST', body: { name: 'Mine' }, cookie: member.cookie }),
          await t.request('/api/clients', { method: 'POST', body: { name: '' }, cookie: member.cookie }),
          await t.request(`/api/clients/${client.id}`, { method: 'PUT', body: { name: 'Taken' }, cookie: member.cookie }),
          await t.request(`/api/clients/${client.id}`, { method: 'PUT', body: [], cookie: member.cookie }),
          await t.request(`/api/clients/${client.id}`, { method: 'DELETE', cookie: member.cookie }),
        ]
        for (const response of refused) {
          expect(response.status, role).toBe(403)
          expect((await errorOf(response)).code).toBe('FORBIDDEN')
        }
      }
      const unchanged = await t.request('/api/clients', { cookie: owner.cookie })
      expect(((await unchanged.json()) as { clients: Client[] }).clients.map((row) => row.name)).toEqual(['Read Only'])
    })

    it('cannot attach another organisation’s client to theirs: the database refuses it too', async () => {
      const client = await createClient(other, { name: 'Elsewhere' })
      const organisationId = await organisationOf(operator)
      const [facility] = await t.db.insert(facilities).values({ organisationId, name: 'Arena' }).returning()
      const [room] = await t.db.insert(rooms).values({ organisationId, facilityId: facility!.id, name: 'Rink', type: 'rink' }).returning()
      await expect(
        t.db.insert(schedules).values({
          organisationId,
          roomId: room!.id,
          title: 'Practice',
          clientId: client.id,
          startTime: new Date('2024-06-03T18:00:00Z'),
          endTime: new Date('2024-06-03T19:00:00Z'),
        }),
      ).rejects.toSatisfy((error) => findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation)
      await expect(
        t.db.insert(contracts).values({ organisationId, clientId: client.id, name: 'Season', startDate: '2024-06-01', totalHours: '10' }),
      ).rejects.toSatisfy((error) => findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation)
    })
  })
})
