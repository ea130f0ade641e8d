import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { CONTRACT_MESSAGES } from '@shared/contracts/schema'
import { contractUsage, contracts, facilities, rooms, schedules } from '../../db/schema'
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { chargeEventsToActiveContract, rechargeEvents } from './service'
import { contractHoursUsed } from './repository'

type Contract = { id: string; clientId: string; startDate: string; totalHours: string; hoursUsed: string; status: string; notes: string | null }
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

describe.each(testDatabaseKinds())('contracts and the usage ledger on %s', (kind) => {
  let t: TestApp
  let admin: TestUser
  let operator: TestUser
  let other: TestUser

  beforeAll(async () => {
    t = await createTestApp(kind)
    admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    other = await t.createOperator(admin)
  })
  afterAll(async () => {
    await t.close()
  })

  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  const createClient = async (user: TestUser, name = 'Northside Jets') => {
    const response = await t.request('/api/clients', { method: 'POST', body: { name }, cookie: user.cookie })
    return ((await response.json()) as { client: { id: string } }).client.id
  }

  const createContract = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await t.request('/api/contracts', { method: 'POST', body, cookie: user.cookie })
    expect(response.status).toBe(201)
    return ((await response.json()) as { contract: Contract }).contract
  }

  const hoursUsedOf = async (contractId: string) => {
    const [row] = await t.db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(eq(contracts.id, contractId))
    return row?.hoursUsed
  }

  const logUsage = (user: TestUser, body: Record<string, unknown>) => t.request('/api/usage', { method: 'POST', body, cookie: user.cookie })

  describe('contracts', () => {
    it('creates a contract as active with no hours used, in exact decimals', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 12.34, notes: ' Summer ice ' })
      expect(contract).toMatchObject({ clientId, startDate: '2024-06-01', totalHours: '12.34', hoursUsed: '0.00', status: 'active', notes: 'Summer ice' })
    })

    it('answers every invalid contract with the spec message', async () => {
      const clientId = await createClient(operator)
      const valid = { clientId, startDate: '2024-06-01', totalHours: 10 }
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, clientId: '' }, 'clientId', CONTRACT_MESSAGES.required],
        [{ ...valid, startDate: '' }, 'startDate', CONTRACT_MESSAGES.required],
        [{ ...valid, totalHours: undefined }, 'totalHours', CONTRACT_MESSAGES.required],
        [{ ...valid, totalHours: 0 }, 'totalHours', 'Total hours must be greater than 0'],
        [{ ...valid, hoursUsed: 10.01 }, 'hoursUsed', 'Hours used must be between 0 and total hours'],
        [{ ...valid, hoursUsed: -1 }, 'hoursUsed', 'Hours used must be between 0 and total hours'],
        [{ ...valid, totalHours: 1.005 }, 'totalHours', CONTRACT_MESSAGES.hoursStep],
        [{ ...valid, notes: 'x'.repeat(501) }, 'notes', 'Notes must be 500 characters or less'],
        [{ ...valid, status: 'paused' }, 'status', 'Please choose a status'],
      ]
      for (const [body, field, message] of cases) {
        const response = await t.request('/api/contracts', { method: 'POST', body, cookie: operator.cookie })
        expect(response.status).toBe(422)
        expect((await errorOf(response)).fields).toEqual({ [field]: message })
      }
      expect(CONTRACT_MESSAGES.required).toBe('Please fill in all required fields')
    })

    it('groups the caller’s contracts per client by name, with exact totals bought, used and remaining', async () => {
      const caller = await t.createOperator(admin)
      const zulu = await createClient(caller, 'Zulu Figure Skating')
      const alpha = await createClient(caller, 'alpha Hockey')
      await createContract(caller, { clientId: zulu, startDate: '2024-01-01', totalHours: 0.1 })
      await createContract(caller, { clientId: zulu, startDate: '2024-03-01', totalHours: 0.2, hoursUsed: 0.1, status: 'completed' })
      await createContract(caller, { clientId: alpha, startDate: '2024-02-01', totalHours: 20, hoursUsed: 5.5 })
      await createContract(other, { clientId: await createClient(other), startDate: '2024-02-01', totalHours: 1 })

      const response = await t.request('/api/contracts', { cookie: caller.cookie })
      expect(response.status).toBe(200)
      const { groups } = (await response.json()) as { groups: { client: { id: string; name: string }; totals: unknown; contracts: Contract[] }[] }
      expect(groups.map((group) => group.client)).toEqual([
        { id: alpha, name: 'alpha Hockey' },
        { id: zulu, name: 'Zulu Figure Skating' },
      ])
      expect(groups[0]!.totals).toEqual({ totalHours: '20.00', hoursUsed: '5.50', hoursRemaining: '14.50' })
      // 0.1 + 0.2 is exactly 0.30 here, never 0.30000000000000004.
      expect(groups[1]!.totals).toEqual({ totalHours: '0.30', hoursUsed: '0.10', hoursRemaining: '0.20' })
      expect(groups[1]!.contracts.map((contract) => contract.startDate)).toEqual(['2024-03-01', '2024-01-01'])
    })

    it('updates a contract, status included, and lets hours used be set by hand', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 10 })
      const response = await t.request(`/api/contracts/${contract.id}`, {
        method: 'PUT',
        body: { clientId, startDate: '2024-07-01', totalHours: 20, hoursUsed: 3.25, status: 'completed', notes: 'Closed early' },
        cookie: operator.cookie,
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { contract: Contract }).contract).toMatchObject({
        startDate: '2024-07-01',
        totalHours: '20.00',
        hoursUsed: '3.25',
        status: 'completed',
        notes: 'Closed early',
      })
      const overspent = await t.request(`/api/contracts/${contract.id}`, {
        method: 'PUT',
        body: { clientId, startDate: '2024-07-01', totalHours: 2, hoursUsed: 3 },
        cookie: operator.cookie,
      })
      expect(overspent.status).toBe(422)
      expect((await errorOf(overspent)).message).toBe('Hours used must be between 0 and total hours')
    })

    it('deletes a contract with its usage rows', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 10 })
      await logUsage(operator, { contractId: contract.id, usageDate: '2024-06-02', hours: 1 })
      const response = await t.request(`/api/contracts/${contract.id}`, { method: 'DELETE', cookie: operator.cookie })
      expect(response.status).toBe(204)
      expect(await hoursUsedOf(contract.id)).toBeUndefined()
      expect(await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, contract.id))).toEqual([])
    })

    it('answers 404 across operators: their contracts, and contracts for their clients', async () => {
      const theirClient = await createClient(other)
      const theirContract = await createContract(other, { clientId: theirClient, startDate: '2024-06-01', totalHours: 10 })
      const myClient = await createClient(operator)
      const myContract = await createContract(operator, { clientId: myClient, startDate: '2024-06-01', totalHours: 10 })
      const body = { clientId: theirClient, startDate: '2024-06-01', totalHours: 5 }

      const forTheirClient = await t.request('/api/contracts', { method: 'POST', body, cookie: operator.cookie })
      expect(forTheirClient.status).toBe(404)
      expect((await errorOf(forTheirClient)).message).toBe('Client not found')

      const moveToTheirClient = await t.request(`/api/contracts/${myContract.id}`, { method: 'PUT', body, cookie: operator.cookie })
      expect(moveToTheirClient.status).toBe(404)

      const editTheirs = await t.request(`/api/contracts/${theirContract.id}`, {
        method: 'PUT',
        body: { ...body, clientId: myClient },
        cookie: operator.cookie,
      })
      expect(editTheirs.status).toBe(404)
      expect((await errorOf(editTheirs)).message).toBe('Contract not found')
      expect((await t.request(`/api/contracts/${theirContract.id}`, { method: 'DELETE', cookie: operator.cookie })).status).toBe(404)
      expect((await t.request(`/api/clients/${theirClient}/contracts`, { cookie: operator.cookie })).status).toBe(404)
      expect((await t.request(`/api/clients/${theirClient}/usage`, { cookie: operator.cookie })).status).toBe(404)

      const [unchanged] = await t.db.select().from(contracts).where(eq(contracts.id, theirContract.id))
      expect(unchanged).toMatchObject({ clientId: theirClient, totalHours: '10.00' })
      const [mine] = await t.db.select().from(contracts).where(eq(contracts.id, myContract.id))
      expect(mine!.clientId).toBe(myClient)
    })
  })

  describe('logging hours', () => {
    it('inserts the usage row and adds its hours to the contract', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 10 })
      const response = await logUsage(operator, { contractId: contract.id, usageDate: '2024-06-02', hours: 2.5, description: 'Extra practice' })
      expect(response.status).toBe(201)
      expect(await response.json()).toMatchObject({
        usage: { contractId: contract.id, usageDate: '2024-06-02', hoursLogged: '2.50', description: 'Extra practice', scheduleId: null },
        contract: { id: contract.id, hoursUsed: '2.50' },
      })
      expect(await hoursUsedOf(contract.id)).toBe('2.50')
    })

    it('answers every invalid log with the spec message and changes nothing', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 10 })
      const valid = { contractId: contract.id, usageDate: '2024-06-02', hours: 1 }
      for (const body of [
        { ...valid, hours: 0 },
        { ...valid, hours: 0.3 },
        { ...valid, hours: undefined },
        { ...valid, usageDate: '' },
        { ...valid, contractId: '' },
      ]) {
        const response = await logUsage(operator, body)
        expect(response.status).toBe(422)
        expect((await errorOf(response)).message).toBe('Please fill in all required fields with valid data')
      }
      expect(await hoursUsedOf(contract.id)).toBe('0.00')
    })

    it('answers 404 when logging hours on another operator’s contract, and adds nothing', async () => {
      const theirContract = await createContract(other, { clientId: await createClient(other), startDate: '2024-06-01', totalHours: 10 })
      const response = await logUsage(operator, { contractId: theirContract.id, usageDate: '2024-06-02', hours: 1 })
      expect(response.status).toBe(404)
      expect((await errorOf(response)).message).toBe('Contract not found')
      expect(await hoursUsedOf(theirContract.id)).toBe('0.00')
      const missing = await logUsage(operator, { contractId: '00000000-0000-4000-8000-000000000000', usageDate: '2024-06-02', hours: 1 })
      expect(missing.status).toBe(404)
    })

    it('loses no hours when twenty logs arrive at once on one contract', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 100 })
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          logUsage(operator, { contractId: contract.id, usageDate: '2024-06-02', hours: index % 2 === 0 ? 0.25 : 1.5 }),
        ),
      )
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201))
      // 10 × 0.25 + 10 × 1.5
      expect(await hoursUsedOf(contract.id)).toBe('17.50')
      expect(await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, contract.id))).toHaveLength(20)
    })

    it('reports a client’s usage newest first, with the linked event and a total per contract', async () => {
      const clientId = await createClient(operator)
      const first = await createContract(operator, { clientId, startDate: '2024-01-01', totalHours: 10 })
      const second = await createContract(operator, { clientId, startDate: '2024-06-01', totalHours: 10 })
      await logUsage(operator, { contractId: first.id, usageDate: '2024-01-05', hours: 1 })
      await logUsage(operator, { contractId: second.id, usageDate: '2024-06-03', hours: 2.25, description: 'Camp' })
      await logUsage(operator, { contractId: first.id, usageDate: '2024-02-05', hours: 0.5 })
      const { room } = await insertRoom(operator, 'America/Toronto')
      const [event] = await insertEvents(room.id, clientId, [['Evening practice', '2024-06-10T23:00:00Z', '2024-06-11T00:30:00Z']])
      await t.db.transaction((tx) =>
        chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'America/Toronto', events: [event!] }),
      )

      const response = await t.request(`/api/clients/${clientId}/usage`, { cookie: operator.cookie })
      expect(response.status).toBe(200)
      const { usage, totals } = (await response.json()) as {
        usage: { contractId: string; usageDate: string; hoursLogged: string; description: string | null; schedule: unknown }[]
        totals: { contractId: string; hoursLogged: string }[]
      }
      expect(usage.map((row) => [row.usageDate, row.hoursLogged, row.description])).toEqual([
        ['2024-06-10', '1.50', 'Evening practice'],
        ['2024-06-03', '2.25', 'Camp'],
        ['2024-02-05', '0.50', null],
        ['2024-01-05', '1.00', null],
      ])
      expect(usage[0]!.schedule).toEqual({ id: event!.id, title: 'Evening practice', startTime: '2024-06-10T23:00:00.000Z', timeZone: 'America/Toronto' })
      expect(usage[1]!.schedule).toBeNull()
      expect(new Map(totals.map((total) => [total.contractId, total.hoursLogged]))).toEqual(
        new Map([
          [first.id, '1.50'],
          [second.id, '3.75'],
        ]),
      )
    })
  })

  describe('charging booked events', () => {
    it('charges each event to the latest-started active contract, dated on the facility’s local day', async () => {
      const clientId = await createClient(operator)
      const older = await createContract(operator, { clientId, startDate: '2024-01-01', totalHours: 50 })
      const latest = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 50 })
      const expired = await createContract(operator, { clientId, startDate: '2024-09-01', totalHours: 50, status: 'expired' })
      const { room } = await insertRoom(operator, 'America/Toronto')
      const events = await insertEvents(room.id, clientId, [
        // 21:00-23:00 in Toronto on 1 June is 01:00-03:00 UTC on 2 June.
        ['Practice', '2024-06-02T01:00:00Z', '2024-06-02T03:00:00Z'],
        ['Practice', '2024-06-09T01:00:00Z', '2024-06-09T02:45:00Z'],
      ])

      const charged = await t.db.transaction((tx) =>
        chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'America/Toronto', events }),
      )
      expect(charged).toEqual({ contractId: latest.id, hoursCharged: '3.75' })
      expect(await hoursUsedOf(latest.id)).toBe('3.75')
      expect(await hoursUsedOf(older.id)).toBe('0.00')
      expect(await hoursUsedOf(expired.id)).toBe('0.00')
      const rows = await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, latest.id))
      expect(rows.map((row) => [row.scheduleId, row.usageDate, row.hoursLogged, row.description]).sort()).toEqual(
        [
          [events[0]!.id, '2024-06-01', '2.00', 'Practice'],
          [events[1]!.id, '2024-06-08', '1.75', 'Practice'],
        ].sort(),
      )
    })

    it('breaks a tie of start dates by the newest contract', async () => {
      const clientId = await createClient(operator)
      await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10 })
      const newest = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10 })
      const { room } = await insertRoom(operator, 'UTC')
      const events = await insertEvents(room.id, clientId, [['Game', '2024-06-02T18:00:00Z', '2024-06-02T19:00:00Z']])
      const charged = await t.db.transaction((tx) => chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'UTC', events }))
      expect(charged?.contractId).toBe(newest.id)
    })

    it('charges each half of a split event its own duration', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10 })
      const { room } = await insertRoom(operator, 'UTC')
      const events = await insertEvents(room.id, clientId, [
        ['Late game (Part 1)', '2024-06-02T23:00:00Z', '2024-06-02T23:59:59.999Z'],
        ['Late game (Part 2)', '2024-06-03T00:00:00Z', '2024-06-03T01:00:00Z'],
      ])
      await t.db.transaction((tx) => chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'UTC', events }))
      expect(await hoursUsedOf(contract.id)).toBe('2.00')
    })

    it('books a client without an active contract without a charge, and without failing', async () => {
      const clientId = await createClient(operator)
      const completed = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10, status: 'completed' })
      const { room } = await insertRoom(operator, 'UTC')
      const events = await insertEvents(room.id, clientId, [['Practice', '2024-06-02T18:00:00Z', '2024-06-02T19:00:00Z']])
      const charged = await t.db.transaction((tx) => chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'UTC', events }))
      expect(charged).toBeNull()
      expect(await hoursUsedOf(completed.id)).toBe('0.00')
      expect(await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, events[0]!.id))).toEqual([])
    })

    it('never charges another operator’s contract', async () => {
      const theirClient = await createClient(other)
      const theirContract = await createContract(other, { clientId: theirClient, startDate: '2024-05-01', totalHours: 10 })
      const { room } = await insertRoom(operator, 'UTC')
      const events = await insertEvents(room.id, null, [['Practice', '2024-06-02T18:00:00Z', '2024-06-02T19:00:00Z']])
      const charged = await t.db.transaction((tx) =>
        chargeEventsToActiveContract(tx, { userId: operator.id, clientId: theirClient, timeZone: 'UTC', events }),
      )
      expect(charged).toBeNull()
      expect(await hoursUsedOf(theirContract.id)).toBe('0.00')
    })

    it('gives the hours back when an event, its room or its facility is deleted', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10 })
      const { facility, room } = await insertRoom(operator, 'UTC')
      const events = await insertEvents(room.id, clientId, [
        ['One', '2024-06-02T18:00:00Z', '2024-06-02T19:00:00Z'],
        ['Two', '2024-06-03T18:00:00Z', '2024-06-03T19:30:00Z'],
      ])
      const second = await insertRoom(operator, 'UTC', facility.id)
      const elsewhere = await insertEvents(second.room.id, clientId, [['Three', '2024-06-04T18:00:00Z', '2024-06-04T18:15:00Z']])
      await t.db.transaction((tx) =>
        chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'UTC', events: [...events, ...elsewhere] }),
      )
      expect(await hoursUsedOf(contract.id)).toBe('2.75')

      await t.db.delete(schedules).where(eq(schedules.id, events[0]!.id))
      expect(await hoursUsedOf(contract.id)).toBe('1.75')
      await t.db.delete(rooms).where(eq(rooms.id, second.room.id))
      expect(await hoursUsedOf(contract.id)).toBe('1.50')
      await t.db.delete(facilities).where(eq(facilities.id, facility.id))
      expect(await hoursUsedOf(contract.id)).toBe('0.00')
    })

    it('re-charges an edited event: its old charge is given back and the new one taken', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10, hoursUsed: 1 })
      const { room } = await insertRoom(operator, 'UTC')
      const [event] = await insertEvents(room.id, clientId, [['Practice', '2024-06-02T18:00:00Z', '2024-06-02T19:00:00Z']])
      await t.db.transaction((tx) => chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'UTC', events: [event!] }))
      expect(await hoursUsedOf(contract.id)).toBe('2.00')

      const edited = { ...event!, title: 'Long practice', endTime: new Date('2024-06-02T21:30:00Z') }
      await t.db.transaction(async (tx) => {
        await tx.update(schedules).set({ title: edited.title, endTime: edited.endTime }).where(eq(schedules.id, edited.id))
        await rechargeEvents(tx, { userId: operator.id, clientId, timeZone: 'UTC', events: [edited] })
      })
      expect(await hoursUsedOf(contract.id)).toBe('4.50')
      const rows = await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, event!.id))
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ hoursLogged: '3.50', description: 'Long practice' })
    })

    it('rolls the charge back with the transaction that booked the events', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, startDate: '2024-05-01', totalHours: 10 })
      const { room } = await insertRoom(operator, 'UTC')
      const events = await insertEvents(room.id, clientId, [['Practice', '2024-06-02T18:00:00Z', '2024-06-02T19:00:00Z']])
      await expect(
        t.db.transaction(async (tx) => {
          await chargeEventsToActiveContract(tx, { userId: operator.id, clientId, timeZone: 'UTC', events })
          throw new Error('the booking failed later on')
        }),
      ).rejects.toThrow('the booking failed later on')
      expect(await hoursUsedOf(contract.id)).toBe('0.00')
    })
  })

  async function insertRoom(user: TestUser, timeZone: string, facilityId?: string) {
    const [facility] = facilityId
      ? await t.db.select().from(facilities).where(eq(facilities.id, facilityId))
      : await t.db.insert(facilities).values({ userId: user.id, name: 'Arena', timeZone }).returning()
    const [room] = await t.db.insert(rooms).values({ facilityId: facility!.id, name: 'Rink', type: 'rink' }).returning()
    return { facility: facility!, room: room! }
  }

  async function insertEvents(roomId: string, clientId: string | null, events: [title: string, start: string, end: string][]) {
    const rows = await t.db
      .insert(schedules)
      .values(events.map(([title, start, end]) => ({ roomId, clientId, title, startTime: new Date(start), endTime: new Date(end) })))
      .returning({ id: schedules.id, title: schedules.title, startTime: schedules.startTime, endTime: schedules.endTime })
    return rows
  }
})
