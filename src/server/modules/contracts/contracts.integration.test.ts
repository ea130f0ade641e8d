import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { CONTRACT_MESSAGES } from '@shared/contracts/schema'
import { contractUsage, contracts, facilities, rooms } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { contractHoursUsed } from './repository'

type Contract = {
  id: string
  clientId: string
  startDate: string
  totalHours: string
  hoursUsed: string
  status: string
  notes: string | null
}
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

describe.each(testDatabaseKinds())('contracts and the usage ledger on %s', (kind) => {
  const {
    t,
    admin,
    operators: [operator, other],
  } = useTestApp(kind, { operators: 2 })

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

  const organisationOf = (user: TestUser) => t.organisationOf(user)

  const joinAs = (role: 'manager' | 'scheduler' | 'front_desk', organisationId: string) => t.addMember(admin, organisationId, role)

  describe('contracts', () => {
    it('creates a contract as active with no hours used, in exact decimals', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, {
        clientId,
        name: 'Season',
        startDate: '2024-06-01',
        totalHours: 12.34,
        notes: ' Summer ice ',
      })
      expect(contract).toMatchObject({
        clientId,
        startDate: '2024-06-01',
        totalHours: '12.34',
        hoursUsed: '0.00',
        status: 'active',
        notes: 'Summer ice',
      })
    })

    it('answers every invalid contract with the spec message', async () => {
      const clientId = await createClient(operator)
      const valid = { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 }
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
      await createContract(caller, { clientId: zulu, name: 'Season', startDate: '2024-01-01', totalHours: 0.1 })
      await createContract(caller, {
        clientId: zulu,
        name: 'Season',
        startDate: '2024-03-01',
        totalHours: 0.2,
        hoursUsed: 0.1,
        status: 'completed',
      })
      await createContract(caller, { clientId: alpha, name: 'Season', startDate: '2024-02-01', totalHours: 20, hoursUsed: 5.5 })
      await createContract(other, { clientId: await createClient(other), name: 'Season', startDate: '2024-02-01', totalHours: 1 })

      const response = await t.request('/api/contracts', { cookie: caller.cookie })
      expect(response.status).toBe(200)
      const { groups } = (await response.json()) as {
        groups: { client: { id: string; name: string }; totals: unknown; contracts: Contract[] }[]
      }
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
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const response = await t.request(`/api/contracts/${contract.id}`, {
        method: 'PUT',
        body: {
          clientId,
          name: 'Season',
          startDate: '2024-07-01',
          totalHours: 20,
          hoursUsed: 3.25,
          status: 'completed',
          notes: 'Closed early',
        },
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
        body: { clientId, name: 'Season', startDate: '2024-07-01', totalHours: 2, hoursUsed: 3 },
        cookie: operator.cookie,
      })
      expect(overspent.status).toBe(422)
      expect((await errorOf(overspent)).message).toBe('Hours used must be between 0 and total hours')
    })

    it('deletes a contract with its usage rows', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      await logUsage(operator, { contractId: contract.id, usageDate: '2024-06-02', hours: 1 })
      const response = await t.request(`/api/contracts/${contract.id}`, { method: 'DELETE', cookie: operator.cookie })
      expect(response.status).toBe(204)
      expect(await hoursUsedOf(contract.id)).toBeUndefined()
      expect(await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, contract.id))).toEqual([])
    })

    it('answers 404 across organisations: their contracts, and contracts for their clients', async () => {
      const theirClient = await createClient(other)
      const theirContract = await createContract(other, { clientId: theirClient, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const myClient = await createClient(operator)
      const myContract = await createContract(operator, { clientId: myClient, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const body = { clientId: theirClient, name: 'Season', startDate: '2024-06-01', totalHours: 5 }

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
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const response = await logUsage(operator, {
        contractId: contract.id,
        usageDate: '2024-06-02',
        hours: 2.5,
        description: 'Extra practice',
      })
      expect(response.status).toBe(201)
      expect(await response.json()).toMatchObject({
        usage: { contractId: contract.id, usageDate: '2024-06-02', hoursLogged: '2.50', description: 'Extra practice', scheduleId: null },
        contract: { id: contract.id, hoursUsed: '2.50' },
      })
      expect(await hoursUsedOf(contract.id)).toBe('2.50')
    })

    it('answers every invalid log with the spec message and changes nothing', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
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

    it('answers 404 when logging hours on another organisation’s contract, and adds nothing', async () => {
      const theirContract = await createContract(other, {
        clientId: await createClient(other),
        name: 'Season',
        startDate: '2024-06-01',
        totalHours: 10,
      })
      const response = await logUsage(operator, { contractId: theirContract.id, usageDate: '2024-06-02', hours: 1 })
      expect(response.status).toBe(404)
      expect((await errorOf(response)).message).toBe('Contract not found')
      expect(await hoursUsedOf(theirContract.id)).toBe('0.00')
      const missing = await logUsage(operator, { contractId: '00000000-0000-4000-8000-000000000000', usageDate: '2024-06-02', hours: 1 })
      expect(missing.status).toBe(404)
    })

    it('loses no hours when twenty logs arrive at once on one contract', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 100 })
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
      const first = await createContract(operator, { clientId, name: 'Season', startDate: '2024-01-01', totalHours: 10 })
      const second = await createContract(operator, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      await logUsage(operator, { contractId: first.id, usageDate: '2024-01-05', hours: 1 })
      await logUsage(operator, { contractId: second.id, usageDate: '2024-06-03', hours: 2.25, description: 'Camp' })
      await logUsage(operator, { contractId: first.id, usageDate: '2024-02-05', hours: 0.5 })
      const { room } = await createRoom(operator, 'America/Toronto')
      // 19:00 to 20:30 in Toronto on 10 June is 23:00 to 00:30 UTC.
      const [event] = await book(operator, {
        roomId: room.id,
        clientId,
        title: 'Evening practice',
        date: '2024-06-10',
        startTime: '19:00',
        durationMinutes: 90,
      })

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
      expect(usage[0]!.schedule).toEqual({
        id: event!.id,
        title: 'Evening practice',
        startTime: '2024-06-10T23:00:00.000Z',
        timeZone: 'America/Toronto',
      })
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
    // Bookings go through the booking engine (POST /api/events), which charges them: these tests
    // hold the charging rules from the contract's side.
    it('charges each event to the latest-started active contract, dated on the facility’s local day', async () => {
      const clientId = await createClient(operator)
      const older = await createContract(operator, { clientId, name: 'Season', startDate: '2024-01-01', totalHours: 50 })
      const latest = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 50 })
      const expired = await createContract(operator, {
        clientId,
        name: 'Season',
        startDate: '2024-09-01',
        totalHours: 50,
        status: 'expired',
      })
      const { room } = await createRoom(operator, 'America/Toronto')
      // 21:00 in Toronto on 1 June is 01:00 UTC on 2 June.
      const [first] = await book(operator, { roomId: room.id, clientId, date: '2024-06-01', startTime: '21:00', durationMinutes: 120 })
      const [second] = await book(operator, { roomId: room.id, clientId, date: '2024-06-08', startTime: '21:00', durationMinutes: 105 })

      expect(await hoursUsedOf(latest.id)).toBe('3.75')
      expect(await hoursUsedOf(older.id)).toBe('0.00')
      expect(await hoursUsedOf(expired.id)).toBe('0.00')
      const rows = await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, latest.id))
      expect(rows.map((row) => [row.scheduleId, row.usageDate, row.hoursLogged, row.description]).sort()).toEqual(
        [
          [first!.id, '2024-06-01', '2.00', 'Practice'],
          [second!.id, '2024-06-08', '1.75', 'Practice'],
        ].sort(),
      )
    })

    it('breaks a tie of start dates by the newest contract', async () => {
      const clientId = await createClient(operator)
      const first = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 10 })
      const newest = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 10 })
      const { room } = await createRoom(operator, 'UTC')
      await book(operator, { roomId: room.id, clientId, date: '2024-06-02', startTime: '18:00', durationMinutes: 60 })
      expect(await hoursUsedOf(newest.id)).toBe('1.00')
      expect(await hoursUsedOf(first.id)).toBe('0.00')
    })

    it('charges each half of a split event its own duration', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 10 })
      const { room } = await createRoom(operator, 'UTC')
      const parts = await book(operator, { roomId: room.id, clientId, date: '2024-06-02', startTime: '23:00', durationMinutes: 120 })
      expect(parts).toHaveLength(2)
      const rows = await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, contract.id))
      expect(rows.map((row) => [row.usageDate, row.hoursLogged]).sort()).toEqual([
        ['2024-06-02', '1.00'],
        ['2024-06-03', '1.00'],
      ])
      expect(await hoursUsedOf(contract.id)).toBe('2.00')
    })

    it('books a client without an active contract without a charge, and without failing', async () => {
      const clientId = await createClient(operator)
      const completed = await createContract(operator, {
        clientId,
        name: 'Season',
        startDate: '2024-05-01',
        totalHours: 10,
        status: 'completed',
      })
      const { room } = await createRoom(operator, 'UTC')
      const [event] = await book(operator, { roomId: room.id, clientId, date: '2024-06-02', startTime: '18:00', durationMinutes: 60 })
      expect(await hoursUsedOf(completed.id)).toBe('0.00')
      expect(await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, event!.id))).toEqual([])
    })

    it('never charges another organisation’s contract', async () => {
      const theirClient = await createClient(other)
      const theirContract = await createContract(other, { clientId: theirClient, name: 'Season', startDate: '2024-05-01', totalHours: 10 })
      const { room } = await createRoom(operator, 'UTC')
      const response = await t.request('/api/events', {
        method: 'POST',
        cookie: operator.cookie,
        body: { roomId: room.id, clientId: theirClient, title: 'Practice', date: '2024-06-02', startTime: '18:00', durationMinutes: 60 },
      })
      expect(response.status).toBe(404)
      expect(await hoursUsedOf(theirContract.id)).toBe('0.00')
    })

    it('gives the hours back when an event, its room or its facility is deleted', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 10 })
      const { facility, room } = await createRoom(operator, 'UTC')
      const [one] = await book(operator, { roomId: room.id, clientId, date: '2024-06-02', startTime: '18:00', durationMinutes: 60 })
      await book(operator, { roomId: room.id, clientId, date: '2024-06-03', startTime: '18:00', durationMinutes: 90 })
      const second = await createRoom(operator, 'UTC', facility.id)
      await book(operator, { roomId: second.room.id, clientId, date: '2024-06-04', startTime: '18:00', durationMinutes: 15 })
      expect(await hoursUsedOf(contract.id)).toBe('2.75')

      expect((await t.request(`/api/events/${one!.id}`, { method: 'DELETE', cookie: operator.cookie })).status).toBe(204)
      expect(await hoursUsedOf(contract.id)).toBe('1.75')
      expect((await t.request(`/api/rooms/${second.room.id}`, { method: 'DELETE', cookie: operator.cookie })).status).toBe(204)
      expect(await hoursUsedOf(contract.id)).toBe('1.50')
      expect((await t.request(`/api/facilities/${facility.id}`, { method: 'DELETE', cookie: operator.cookie })).status).toBe(204)
      expect(await hoursUsedOf(contract.id)).toBe('0.00')
    })

    it('re-charges an edited event: its old charge is given back and the new one taken', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 10, hoursUsed: 1 })
      const { room } = await createRoom(operator, 'UTC')
      const [event] = await book(operator, { roomId: room.id, clientId, date: '2024-06-02', startTime: '18:00', durationMinutes: 60 })
      expect(await hoursUsedOf(contract.id)).toBe('2.00')

      const edited = await t.request(`/api/events/${event!.id}`, {
        method: 'PUT',
        cookie: operator.cookie,
        body: { clientId, title: 'Long practice', startTime: '2024-06-02T18:00:00Z', endTime: '2024-06-02T21:30:00Z', version: 1 },
      })
      expect(edited.status).toBe(200)
      expect(await hoursUsedOf(contract.id)).toBe('4.50')
      const rows = await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, event!.id))
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ hoursLogged: '3.50', description: 'Long practice' })
    })

    it('charges nothing for a booking that is refused, even when only its last occurrence clashes', async () => {
      const clientId = await createClient(operator)
      const contract = await createContract(operator, { clientId, name: 'Season', startDate: '2024-05-01', totalHours: 10 })
      const { room } = await createRoom(operator, 'UTC')
      await book(operator, { roomId: room.id, clientId, date: '2024-06-05', startTime: '18:00', durationMinutes: 60 })
      expect(await hoursUsedOf(contract.id)).toBe('1.00')
      const series = await t.request('/api/events', {
        method: 'POST',
        cookie: operator.cookie,
        body: {
          roomId: room.id,
          clientId,
          title: 'Camp',
          date: '2024-06-01',
          startTime: '18:00',
          durationMinutes: 60,
          recurrence: { frequency: 'daily', endDate: '2024-06-05' },
        },
      })
      expect(series.status).toBe(409)
      expect(await hoursUsedOf(contract.id)).toBe('1.00')
    })
  })

  describe('an organisation’s members', () => {
    it('share its contracts and ledger: a manager edits the owner’s contracts, and every row carries the organisation', async () => {
      const owner = await t.createOperator(admin)
      const organisationId = await organisationOf(owner)
      const clientId = await createClient(owner)
      const contract = await createContract(owner, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const manager = await joinAs('manager', organisationId)

      const byManager = await createContract(manager, { clientId, name: 'Season', startDate: '2024-07-01', totalHours: 5 })
      const edited = await t.request(`/api/contracts/${contract.id}`, {
        method: 'PUT',
        body: { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 12, hoursUsed: 1 },
        cookie: manager.cookie,
      })
      expect(edited.status).toBe(200)
      expect((await logUsage(manager, { contractId: contract.id, usageDate: '2024-06-02', hours: 0.5 })).status).toBe(201)

      const response = await t.request('/api/contracts', { cookie: owner.cookie })
      const { groups } = (await response.json()) as { groups: { totals: unknown; contracts: Contract[] }[] }
      expect(groups).toHaveLength(1)
      expect(groups[0]!.contracts.map((row) => row.id)).toEqual([byManager.id, contract.id])
      expect(groups[0]!.totals).toEqual({ totalHours: '17.00', hoursUsed: '1.50', hoursRemaining: '15.50' })
      const stored = await t.db.select().from(contracts).where(eq(contracts.clientId, clientId))
      expect(stored.map((row) => row.organisationId)).toEqual([organisationId, organisationId])
      const [usage] = await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, contract.id))
      expect(usage!.organisationId).toBe(organisationId)

      expect((await t.request(`/api/contracts/${byManager.id}`, { method: 'DELETE', cookie: manager.cookie })).status).toBe(204)
      expect(await hoursUsedOf(byManager.id)).toBeUndefined()
    })

    it('a scheduler reads contracts and usage and logs hours, but is refused contract writes with 403, whatever the body', async () => {
      const owner = await t.createOperator(admin)
      const clientId = await createClient(owner)
      const contract = await createContract(owner, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const scheduler = await joinAs('scheduler', await organisationOf(owner))

      for (const path of ['/api/contracts', `/api/clients/${clientId}/contracts`, `/api/clients/${clientId}/usage`]) {
        expect((await t.request(path, { cookie: scheduler.cookie })).status, path).toBe(200)
      }
      expect((await logUsage(scheduler, { contractId: contract.id, usageDate: '2024-06-02', hours: 1.25 })).status).toBe(201)
      expect(await hoursUsedOf(contract.id)).toBe('1.25')

      const valid = { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 }
      const refused = [
        await t.request('/api/contracts', { method: 'POST', body: valid, cookie: scheduler.cookie }),
        await t.request('/api/contracts', { method: 'POST', body: {}, cookie: scheduler.cookie }),
        await t.request(`/api/contracts/${contract.id}`, { method: 'PUT', body: { ...valid, hoursUsed: 9 }, cookie: scheduler.cookie }),
        await t.request(`/api/contracts/${contract.id}`, { method: 'PUT', body: 'not json', cookie: scheduler.cookie }),
        await t.request(`/api/contracts/${contract.id}`, { method: 'DELETE', cookie: scheduler.cookie }),
      ]
      for (const response of refused) {
        expect(response.status).toBe(403)
        expect((await errorOf(response)).code).toBe('FORBIDDEN')
      }
      const [unchanged] = await t.db.select().from(contracts).where(eq(contracts.id, contract.id))
      expect(unchanged).toMatchObject({ totalHours: '10.00' })
      expect(await hoursUsedOf(contract.id)).toBe('1.25')
    })

    it('the front desk sees no contract or usage and logs no hours: 403 on every path, whatever the body', async () => {
      const owner = await t.createOperator(admin)
      const clientId = await createClient(owner)
      const contract = await createContract(owner, { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 10 })
      const frontDesk = await joinAs('front_desk', await organisationOf(owner))

      const refused = [
        await t.request('/api/contracts', { cookie: frontDesk.cookie }),
        await t.request(`/api/clients/${clientId}/contracts`, { cookie: frontDesk.cookie }),
        await t.request(`/api/clients/${clientId}/usage`, { cookie: frontDesk.cookie }),
        await logUsage(frontDesk, { contractId: contract.id, usageDate: '2024-06-02', hours: 1 }),
        await logUsage(frontDesk, { hours: 'lots' }),
        await t.request('/api/contracts', {
          method: 'POST',
          body: { clientId, name: 'Season', startDate: '2024-06-01', totalHours: 1 },
          cookie: frontDesk.cookie,
        }),
        await t.request(`/api/contracts/${contract.id}`, { method: 'DELETE', cookie: frontDesk.cookie }),
      ]
      for (const response of refused) {
        expect(response.status).toBe(403)
        expect((await errorOf(response)).code).toBe('FORBIDDEN')
      }
      expect(await hoursUsedOf(contract.id)).toBe('0.00')
    })
  })

  async function createRoom(user: TestUser, timeZone: string, facilityId?: string) {
    const organisationId = await organisationOf(user)
    const [facility] = facilityId
      ? await t.db.select().from(facilities).where(eq(facilities.id, facilityId))
      : await t.db.insert(facilities).values({ organisationId, name: 'Arena', timeZone }).returning()
    const [room] = await t.db
      .insert(rooms)
      .values({ organisationId, facilityId: facility!.id, name: 'Rink', type: 'rink', ...OPEN_AROUND_THE_CLOCK })
      .returning()
    return { facility: facility!, room: room! }
  }

  async function book(
    user: TestUser,
    booking: { roomId: string; clientId: string; date: string; startTime: string; durationMinutes: number; title?: string },
  ) {
    const response = await t.request('/api/events', { method: 'POST', cookie: user.cookie, body: { title: 'Practice', ...booking } })
    expect(response.status, await response.clone().text()).toBe(201)
    return ((await response.json()) as { events: { id: string }[] }).events
  }
})
