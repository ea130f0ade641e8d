import { describe, expect, it } from 'vitest'
import { and, eq, isNotNull } from 'drizzle-orm'
import { activityEntries, contractSpaces, contractUsage, contracts, rooms, schedules } from '../../db/schema'
import { findPostgresError, SQLSTATE } from '../../errors'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type Contract = {
  id: string
  name: string
  endDate: string | null
  hoursUsed: string
  hoursBooked: string
  totalHours: string
  notes: string | null
  appliesTo: 'all' | 'types' | 'spaces'
  roomTypes: string[]
  spaces: { id: string; name: string }[]
}
type Group = { client: { id: string }; totals: { totalHours: string; hoursUsed: string; hoursRemaining: string }; contracts: Contract[] }

// Contracts tell the truth (docs/product.md#clients-and-contracts, ADR 0029): a contract may be limited to space types or
// spaces, and a booking is charged to the client's latest-started active contract that applies
// to its space; booked hours (events not ended) are told apart from used ones.
describe.each(testDatabaseKinds())('contracts that tell the truth on %s', (kind) => {
  const {
    t,
    operators: [operator, other],
  } = useTestApp(kind, { operators: 2 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  /** A facility with a rink, two courts and a change room, and a client. */
  const createVenue = async (user: TestUser = operator) => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Lakeshore Arena', timeZone: 'UTC' }, user),
      201,
    )
    const space = async (name: string, type: string) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request(
            'POST',
            `/api/facilities/${facility.id}/rooms`,
            { name, type, operatingStartTime: '00:00', operatingEndTime: '23:30' },
            user,
          ),
          201,
        )
      ).room.id
    const rink = await space('Rink A', 'rink')
    const court = await space('Court 1', 'court')
    const court2 = await space('Court 2', 'court')
    const changeRoom = await space('Dressing Room 1', 'change_room')
    const { client } = await expectJson<{ client: { id: string } }>(
      await request('POST', '/api/clients', { name: 'Lakeshore FSC' }, user),
      201,
    )
    return { facilityId: facility.id, rink, court, court2, changeRoom, clientId: client.id }
  }

  const createContract = async (body: Record<string, unknown>, user: TestUser = operator) =>
    (await expectJson<{ contract: Contract }>(await request('POST', '/api/contracts', body, user), 201)).contract

  const updateContract = (id: string, body: Record<string, unknown>) => request('PUT', `/api/contracts/${id}`, body)

  const book = async (roomId: string, clientId: string, date: string, durationMinutes = 60, startTime = '10:00') =>
    (
      await expectJson<{ events: { id: string }[] }>(
        await request('POST', '/api/events', { roomId, clientId, date, startTime, durationMinutes, title: 'Practice' }),
        201,
      )
    ).events

  /** The contract each of the events is charged to, or null. */
  const chargeOf = async (eventId: string) => {
    const rows = await t.db
      .select({ contractId: contractUsage.contractId })
      .from(contractUsage)
      .where(eq(contractUsage.scheduleId, eventId))
    return rows[0]?.contractId ?? null
  }

  const contractsOf = async (clientId: string) =>
    (await expectJson<{ contracts: Contract[] }>(await request('GET', `/api/clients/${clientId}/contracts`), 200)).contracts

  const chargingContract = async (clientId: string, roomId: string, date = '2024-08-01') =>
    (
      await expectJson<{ contract: (Contract & { clientName: string }) | null }>(
        await request('GET', `/api/clients/${clientId}/charging-contract?roomId=${roomId}&date=${date}`),
        200,
      )
    ).contract

  it('charges a booking to the latest-started active contract that applies to its space', async () => {
    const venue = await createVenue()
    const everywhere = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-01-01', totalHours: 50 })
    const iceOnly = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-06-01',
      totalHours: 20,
      appliesTo: 'types',
      roomTypes: ['rink'],
    })
    expect(iceOnly).toMatchObject({ appliesTo: 'types', roomTypes: ['rink'], spaces: [] })
    const courtOne = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-07-01',
      totalHours: 10,
      appliesTo: 'spaces',
      spaceIds: [venue.court],
    })
    expect(courtOne).toMatchObject({ appliesTo: 'spaces', roomTypes: [], spaces: [{ id: venue.court, name: 'Court 1' }] })

    // The ice-only contract is the latest for the rink; the court booking passes it by.
    const [onIce] = await book(venue.rink, venue.clientId, '2031-01-06')
    const [onCourt2] = await book(venue.court2, venue.clientId, '2031-01-06')
    const [onCourt1] = await book(venue.court, venue.clientId, '2031-01-06')
    expect(await chargeOf(onIce!.id)).toBe(iceOnly.id)
    expect(await chargeOf(onCourt2!.id)).toBe(everywhere.id)
    expect(await chargeOf(onCourt1!.id)).toBe(courtOne.id)

    // The event dialog's warning asks the same rule.
    expect((await chargingContract(venue.clientId, venue.rink))?.id).toBe(iceOnly.id)
    expect(await chargingContract(venue.clientId, venue.court2)).toMatchObject({ id: everywhere.id, clientName: 'Lakeshore FSC' })
    expect((await chargingContract(venue.clientId, venue.court))?.id).toBe(courtOne.id)

    // Moving an event re-charges it by its new space.
    const moved = request('PUT', `/api/events/${onIce!.id}`, {
      clientId: venue.clientId,
      roomId: venue.court2,
      title: 'Practice',
      startTime: '2031-01-07T10:00:00Z',
      endTime: '2031-01-07T11:00:00Z',
      version: 1,
    })
    await expectJson(await moved, 200)
    expect(await chargeOf(onIce!.id)).toBe(everywhere.id)
  })

  it('charges nothing when no active contract applies to the space; the database refuses such a charge', async () => {
    const venue = await createVenue()
    const iceOnly = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-01-01',
      totalHours: 5,
      appliesTo: 'types',
      roomTypes: ['rink'],
    })
    const [onCourt] = await book(venue.court, venue.clientId, '2031-02-03')
    expect(await chargeOf(onCourt!.id)).toBeNull()
    expect(await chargingContract(venue.clientId, venue.court)).toBeNull()

    // contract_usage_applies (migration 0021): whatever writes it, a charge lands only where its contract applies.
    const charge = {
      organisationId: await t.organisationOf(operator),
      contractId: iceOnly.id,
      usageDate: '2031-02-03',
      hoursLogged: '1.00',
    }
    await expect(t.db.insert(contractUsage).values({ ...charge, scheduleId: onCourt!.id })).rejects.toSatisfy(
      (error: unknown) => findPostgresError(error)?.code === SQLSTATE.serializationFailure,
    )
    // Hours logged by hand belong to no space.
    await t.db.insert(contractUsage).values(charge)
  })

  it('narrowing a scope moves the charges of events not yet ended to the contract that applies now; past events keep theirs', async () => {
    const venue = await createVenue()
    const older = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-01-01', totalHours: 50 })
    const season = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-06-01', totalHours: 50 })
    const [pastCourt] = await book(venue.court, venue.clientId, '2024-09-02', 90)
    const [futureCourt] = await book(venue.court, venue.clientId, '2031-03-03', 120)
    const [futureIce] = await book(venue.rink, venue.clientId, '2031-03-03', 60)
    expect(await chargeOf(futureCourt!.id)).toBe(season.id)

    // Saved from the form, whose hours used are those read before: the moved charge leaves them.
    expect((await contractsOf(venue.clientId)).find((contract) => contract.id === season.id)?.hoursUsed).toBe('4.50')
    const narrowed = await expectJson<{ contract: Contract }>(
      await updateContract(season.id, {
        clientId: venue.clientId,
        name: 'Season',
        startDate: '2024-06-01',
        totalHours: 50,
        hoursUsed: 4.5,
        appliesTo: 'types',
        roomTypes: ['rink'],
      }),
      200,
    )
    expect(narrowed.contract).toMatchObject({ appliesTo: 'types', roomTypes: ['rink'], hoursUsed: '2.50', hoursBooked: '1.00' })
    const [trail] = await t.db
      .select({ changes: activityEntries.changes })
      .from(activityEntries)
      .where(and(eq(activityEntries.entityId, season.id), eq(activityEntries.action, 'updated')))
    // The trail keeps the limit, and the hours the moved charge took with it.
    expect(trail?.changes).toEqual({ appliesTo: { before: null, after: 'Ice only' }, hoursUsed: { before: 4.5, after: 2.5 } })
    expect(await chargeOf(pastCourt!.id)).toBe(season.id)
    expect(await chargeOf(futureCourt!.id)).toBe(older.id)
    expect(await chargeOf(futureIce!.id)).toBe(season.id)

    // With no other contract for courts, the future court booking is no longer charged at all.
    const { contract: emptied } = await expectJson<{ contract: Contract }>(
      await updateContract(older.id, {
        clientId: venue.clientId,
        name: 'Season',
        startDate: '2024-01-01',
        totalHours: 50,
        hoursUsed: 2,
        appliesTo: 'spaces',
        spaceIds: [venue.rink],
      }),
      200,
    )
    expect(await chargeOf(futureCourt!.id)).toBeNull()
    expect(emptied).toMatchObject({ hoursUsed: '0.00', hoursBooked: '0.00', spaces: [{ id: venue.rink, name: 'Rink A' }] })
  })

  it('tells booked hours (events not ended) from used ones; hours used still counts both', async () => {
    const venue = await createVenue()
    const contract = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-01-01',
      totalHours: 10,
      hoursUsed: 1,
    })
    await expectJson(
      await request('POST', '/api/usage', { contractId: contract.id, usageDate: '2024-03-01', hours: 2, description: 'Extra ice' }),
      201,
    )
    await book(venue.rink, venue.clientId, '2024-09-02', 90)
    await book(venue.rink, venue.clientId, '2031-04-07', 180)
    const [read] = await contractsOf(venue.clientId)
    expect(read).toMatchObject({ hoursUsed: '7.50', hoursBooked: '3.00', totalHours: '10.00' })

    const { groups } = await expectJson<{ groups: Group[] }>(await request('GET', '/api/contracts'), 200)
    expect(groups.find((group) => group.client.id === venue.clientId)?.contracts[0]).toMatchObject({
      hoursUsed: '7.50',
      hoursBooked: '3.00',
    })
  })

  it('reads an overdrawn contract as it is: used beyond its total, remaining below zero', async () => {
    const venue = await createVenue()
    const contract = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-01-01',
      totalHours: 5,
      hoursUsed: 2.25,
    })
    await book(venue.rink, venue.clientId, '2031-05-05', 240)
    expect((await chargingContract(venue.clientId, venue.rink))?.hoursUsed).toBe('6.25')
    const { groups } = await expectJson<{ groups: Group[] }>(await request('GET', '/api/contracts'), 200)
    const group = groups.find((candidate) => candidate.client.id === venue.clientId)!
    expect(group.totals).toEqual({ totalHours: '5.00', hoursUsed: '6.25', hoursRemaining: '-1.25' })
    expect(group.contracts[0]).toMatchObject({ id: contract.id, hoursUsed: '6.25', hoursBooked: '4.00' })
  })

  it('edits an overdrawn contract without touching its hours used; hours the operator sets still stay within the total', async () => {
    const venue = await createVenue()
    const contract = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-01-01',
      totalHours: 5,
      hoursUsed: 2.25,
    })
    await book(venue.rink, venue.clientId, '2031-05-06', 240)
    const edit = {
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2024-01-01',
      totalHours: 5,
      status: 'active',
      notes: 'Top-up agreed',
    }
    // Without hours used the edit leaves them as the ledger has them, beyond the total.
    const { contract: edited } = await expectJson<{ contract: Contract }>(await updateContract(contract.id, edit), 200)
    expect(edited).toMatchObject({ notes: 'Top-up agreed', hoursUsed: '6.25' })
    // A later booking still adds to them.
    await book(venue.rink, venue.clientId, '2031-05-07', 60)
    expect((await chargingContract(venue.clientId, venue.rink))?.hoursUsed).toBe('7.25')
    // Hours the operator sets are held to the spec's rule, and a refused edit changes nothing.
    const refused = await updateContract(contract.id, { ...edit, notes: 'Changed', hoursUsed: 5.01 })
    expect(refused.status).toBe(422)
    expect((await refused.json()).error.message).toBe('Hours used must be between 0 and total hours')
    expect((await chargingContract(venue.clientId, venue.rink))?.notes).toBe('Top-up agreed')
    // Set by hand, they become the new balance.
    const { contract: reset } = await expectJson<{ contract: Contract }>(await updateContract(contract.id, { ...edit, hoursUsed: 1 }), 200)
    expect(reset.hoursUsed).toBe('1.00')
  })

  it('limits a contract only to its own organisation’s bookable spaces; a deleted space leaves every scope', async () => {
    const venue = await createVenue()
    const theirs = await createVenue(other)
    const base = { clientId: venue.clientId, name: 'Season', startDate: '2024-01-01', totalHours: 10 }

    const foreign = await request('POST', '/api/contracts', { ...base, appliesTo: 'spaces', spaceIds: [theirs.rink] })
    expect(foreign.status).toBe(404)
    expect(await errorOf(foreign)).toMatchObject({ message: 'Space not found' })
    const changeRoom = await request('POST', '/api/contracts', { ...base, appliesTo: 'spaces', spaceIds: [venue.changeRoom] })
    expect(changeRoom.status).toBe(422)
    expect((await errorOf(changeRoom)).fields).toHaveProperty('spaceIds')
    const noTypes = await request('POST', '/api/contracts', { ...base, appliesTo: 'types', roomTypes: [] })
    expect((await errorOf(noTypes)).fields).toEqual({ roomTypes: 'Choose at least one space type' })
    // Another organisation's client or space is not found through the warning's route either.
    expect((await request('GET', `/api/clients/${theirs.clientId}/charging-contract?roomId=${venue.rink}&date=2024-08-01`)).status).toBe(
      404,
    )
    expect((await request('GET', `/api/clients/${venue.clientId}/charging-contract?roomId=${theirs.rink}&date=2024-08-01`)).status).toBe(
      404,
    )

    const scoped = await createContract({ ...base, appliesTo: 'spaces', spaceIds: [venue.court, venue.court2] })
    // The database refuses a scope row pointing at another organisation's space, whatever the service does.
    await expect(
      t.db.insert(contractSpaces).values({ organisationId: await t.organisationOf(operator), contractId: scoped.id, roomId: theirs.rink }),
    ).rejects.toThrow()

    expect((await request('DELETE', `/api/rooms/${venue.court2}`)).status).toBe(204)
    const [read] = await contractsOf(venue.clientId)
    expect(read!.spaces).toEqual([{ id: venue.court, name: 'Court 1' }])
  })

  it('charges every one of 100 racing bookings to a contract that applies to its space while the scope changes', async () => {
    const venue = await createVenue()
    const fallback = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-01-01', totalHours: 1000 })
    const season = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-06-01', totalHours: 1000 })
    const scopes = [
      { appliesTo: 'types', roomTypes: ['rink'] },
      { appliesTo: 'spaces', spaceIds: [venue.court] },
      { appliesTo: 'all' },
      { appliesTo: 'types', roomTypes: ['court'] },
    ]
    const spaces = [venue.rink, venue.court, venue.court2]
    const day = (index: number) => new Date(Date.UTC(2032, 0, 1) + index * 86_400_000).toISOString().slice(0, 10)
    const bookings = Array.from({ length: 100 }, (_, index) =>
      request('POST', '/api/events', {
        roomId: spaces[index % spaces.length],
        clientId: venue.clientId,
        date: day(index),
        startTime: '10:00',
        durationMinutes: 60,
        title: `Racer ${index}`,
      }),
    )
    const changes = Array.from({ length: 12 }, (_, index) =>
      updateContract(season.id, {
        clientId: venue.clientId,
        name: 'Season',
        startDate: '2024-06-01',
        totalHours: 1000,
        ...scopes[index % scopes.length],
      }),
    )
    const answers = await Promise.all([...bookings, ...changes])
    const statuses = answers.map((answer) => answer.status)
    expect(
      statuses.every((status) => status === 201 || status === 200),
      statuses.join(','),
    ).toBe(true)

    const [final] = await t.db
      .select({ appliesTo: contracts.appliesTo, roomTypes: contracts.appliesToRoomTypes })
      .from(contracts)
      .where(eq(contracts.id, season.id))
    const scopeSpaces = (await t.db.select().from(contractSpaces).where(eq(contractSpaces.contractId, season.id))).map((row) => row.roomId)
    const charges = await t.db
      .select({ contractId: contractUsage.contractId, roomId: schedules.roomId, type: rooms.type })
      .from(contractUsage)
      .innerJoin(schedules, and(eq(schedules.organisationId, contractUsage.organisationId), eq(schedules.id, contractUsage.scheduleId)))
      .innerJoin(rooms, and(eq(rooms.organisationId, schedules.organisationId), eq(rooms.id, schedules.roomId)))
      .where(and(eq(schedules.clientId, venue.clientId), isNotNull(contractUsage.scheduleId)))
    // The fallback applies everywhere, so every booking is charged, and the season only where it applies.
    expect(charges).toHaveLength(100)
    const seasonApplies = (charge: { roomId: string; type: string }) =>
      final!.appliesTo === 'all' ||
      (final!.appliesTo === 'types' && final!.roomTypes.includes(charge.type)) ||
      (final!.appliesTo === 'spaces' && scopeSpaces.includes(charge.roomId))
    const misplaced = charges.filter((charge) => charge.contractId === season.id && !seasonApplies(charge))
    expect(misplaced).toEqual([])
    expect(charges.every((charge) => charge.contractId === season.id || charge.contractId === fallback.id)).toBe(true)
  })

  /* ---------- names and end dates (ADR 0049) ---------- */

  it('a booking after a contract’s end date charges the next contract that applies, or none', async () => {
    const venue = await createVenue()
    const fallback = await createContract({ clientId: venue.clientId, name: 'Open Ice', startDate: '2024-01-01', totalHours: 100 })
    const season = await createContract({
      clientId: venue.clientId,
      name: ' 2031–32 Season ',
      startDate: '2031-09-01',
      endDate: '2032-04-30',
      totalHours: 100,
    })
    expect(season).toMatchObject({ name: '2031–32 Season', endDate: '2032-04-30' })
    // On the end date it still charges; the day after, the next contract that applies does.
    const [onLastDay] = await book(venue.rink, venue.clientId, '2032-04-30')
    const [dayAfter] = await book(venue.rink, venue.clientId, '2032-05-01')
    expect(await chargeOf(onLastDay!.id)).toBe(season.id)
    expect(await chargeOf(dayAfter!.id)).toBe(fallback.id)
    expect((await chargingContract(venue.clientId, venue.rink, '2032-04-30'))?.id).toBe(season.id)
    expect((await chargingContract(venue.clientId, venue.rink, '2032-05-01'))?.id).toBe(fallback.id)

    // A weekly series across the end date: each date is charged by its own day.
    const { events } = await expectJson<{ events: { id: string; startTime: string }[] }>(
      await request('POST', '/api/events', {
        roomId: venue.court,
        clientId: venue.clientId,
        title: 'Dryland',
        date: '2032-04-22',
        startTime: '18:00',
        durationMinutes: 60,
        recurrence: { frequency: 'weekly', weekdays: [4], endDate: '2032-05-13' },
      }),
      201,
    )
    const charged = await Promise.all(events.map(async (event) => [event.startTime.slice(0, 10), await chargeOf(event.id)]))
    expect(charged).toEqual([
      ['2032-04-22', season.id],
      ['2032-04-29', season.id],
      ['2032-05-06', fallback.id],
      ['2032-05-13', fallback.id],
    ])

    // Moved past the end date, an event's charge moves with it.
    const [moved] = await book(venue.rink, venue.clientId, '2032-04-01', 60, '07:00')
    expect(await chargeOf(moved!.id)).toBe(season.id)
    await expectJson(
      await request('PUT', `/api/events/${moved!.id}`, {
        roomId: venue.rink,
        clientId: venue.clientId,
        title: 'Practice',
        startTime: '2032-05-20T07:00:00Z',
        endTime: '2032-05-20T08:00:00Z',
        version: 1,
      }),
      200,
    )
    expect(await chargeOf(moved!.id)).toBe(fallback.id)

    // With no other contract, a booking after the end date is not charged at all.
    const alone = await createVenue()
    const ended = await createContract({
      clientId: alone.clientId,
      name: 'Spring',
      startDate: '2031-01-01',
      endDate: '2031-03-31',
      totalHours: 10,
    })
    const [late] = await book(alone.rink, alone.clientId, '2031-04-01')
    expect(await chargeOf(late!.id)).toBeNull()
    expect(await chargingContract(alone.clientId, alone.rink, '2031-04-01')).toBeNull()
    expect((await contractsOf(alone.clientId)).find((contract) => contract.id === ended.id)?.hoursUsed).toBe('0.00')
  })

  it('ending a contract earlier moves the charges of events not yet ended after the new end date; earlier ones stay', async () => {
    const venue = await createVenue()
    const fallback = await createContract({ clientId: venue.clientId, name: 'Open Ice', startDate: '2024-01-01', totalHours: 100 })
    const season = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-06-01', totalHours: 100 })
    const [past] = await book(venue.rink, venue.clientId, '2024-09-02')
    const [kept] = await book(venue.rink, venue.clientId, '2031-03-31')
    const [after] = await book(venue.rink, venue.clientId, '2031-04-01', 120)
    const body = { clientId: venue.clientId, name: 'Season', startDate: '2024-06-01', totalHours: 100 }
    const { contract } = await expectJson<{ contract: Contract }>(await updateContract(season.id, { ...body, endDate: '2031-03-31' }), 200)
    expect(contract).toMatchObject({ endDate: '2031-03-31', hoursUsed: '2.00', hoursBooked: '1.00' })
    expect(await chargeOf(past!.id)).toBe(season.id)
    expect(await chargeOf(kept!.id)).toBe(season.id)
    expect(await chargeOf(after!.id)).toBe(fallback.id)
    const [trail] = await t.db
      .select({ changes: activityEntries.changes })
      .from(activityEntries)
      .where(and(eq(activityEntries.entityId, season.id), eq(activityEntries.action, 'updated')))
    expect(trail?.changes).toMatchObject({ endDate: { before: null, after: '2031-03-31' } })
    // Taking the end date away again takes no charge back: like a new contract, it charges from now on.
    await expectJson(await updateContract(season.id, { ...body, endDate: null }), 200)
    expect(await chargeOf(after!.id)).toBe(fallback.id)
  })

  it('the database holds a contract to a name and to an end date on or after its start, and refuses a charge after the end', async () => {
    const venue = await createVenue()
    const contract = await createContract({
      clientId: venue.clientId,
      name: 'Season',
      startDate: '2031-01-01',
      endDate: '2031-01-31',
      totalHours: 10,
    })
    const violation = (code: string) => (error: unknown) => findPostgresError(error)?.code === code
    await expect(t.db.update(contracts).set({ endDate: '2030-12-31' }).where(eq(contracts.id, contract.id))).rejects.toSatisfy(
      violation(SQLSTATE.checkViolation),
    )
    await expect(t.db.update(contracts).set({ name: '  ' }).where(eq(contracts.id, contract.id))).rejects.toSatisfy(
      violation(SQLSTATE.checkViolation),
    )
    const [event] = await book(venue.rink, venue.clientId, '2031-02-03')
    expect(await chargeOf(event!.id)).toBeNull()
    const charge = {
      organisationId: await t.organisationOf(operator),
      contractId: contract.id,
      usageDate: '2031-02-03',
      hoursLogged: '1.00',
    }
    await expect(t.db.insert(contractUsage).values({ ...charge, scheduleId: event!.id })).rejects.toSatisfy(
      violation(SQLSTATE.serializationFailure),
    )
    // Hours logged by hand are dated by the operator, who chose the contract.
    await t.db.insert(contractUsage).values(charge)
  })

  it('refuses a contract without a name or with an end before its start, and changes nothing', async () => {
    const venue = await createVenue()
    const valid = { clientId: venue.clientId, name: 'Season', startDate: '2031-09-01', totalHours: 10 }
    for (const [body, field, message] of [
      [{ ...valid, name: undefined }, 'name', 'Please enter a name for the contract'],
      [{ ...valid, name: ' \u200b ' }, 'name', 'Please enter a name for the contract'],
      [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Name must be 100 characters or less'],
      [{ ...valid, endDate: '2031-08-31' }, 'endDate', 'End date must be on or after the start date'],
      [{ ...valid, endDate: '2031-02-30' }, 'endDate', 'Please enter the end date as a date'],
      [{ ...valid, endDate: ['2032-04-30'] }, 'endDate', 'Please enter the end date as a date'],
    ] as const) {
      const response = await request('POST', '/api/contracts', body)
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect((await errorOf(response)).fields?.[field], JSON.stringify(body)).toBe(message)
    }
    expect(await contractsOf(venue.clientId)).toEqual([])
  })

  it('charges every one of 100 racing bookings to a contract that has not ended by its date while the end date changes', async () => {
    const venue = await createVenue()
    const fallback = await createContract({ clientId: venue.clientId, name: 'Open Ice', startDate: '2024-01-01', totalHours: 1000 })
    const season = await createContract({ clientId: venue.clientId, name: 'Season', startDate: '2024-06-01', totalHours: 1000 })
    const day = (index: number) => new Date(Date.UTC(2032, 0, 1) + index * 86_400_000).toISOString().slice(0, 10)
    const endDates = [day(20), null, day(70), day(45), day(5), null]
    const bookings = Array.from({ length: 100 }, (_, index) =>
      request('POST', '/api/events', {
        roomId: [venue.rink, venue.court, venue.court2][index % 3],
        clientId: venue.clientId,
        date: day(index),
        startTime: '10:00',
        durationMinutes: 60,
        title: `Racer ${index}`,
      }),
    )
    const changes = Array.from({ length: 12 }, (_, index) =>
      updateContract(season.id, {
        clientId: venue.clientId,
        name: 'Season',
        startDate: '2024-06-01',
        totalHours: 1000,
        endDate: endDates[index % endDates.length],
      }),
    )
    const statuses = (await Promise.all([...bookings, ...changes])).map((answer) => answer.status)
    expect(
      statuses.every((status) => status === 201 || status === 200),
      statuses.join(','),
    ).toBe(true)
    const [final] = await t.db.select({ endDate: contracts.endDate }).from(contracts).where(eq(contracts.id, season.id))
    const charges = await t.db
      .select({ contractId: contractUsage.contractId, usageDate: contractUsage.usageDate })
      .from(contractUsage)
      .innerJoin(schedules, and(eq(schedules.organisationId, contractUsage.organisationId), eq(schedules.id, contractUsage.scheduleId)))
      .where(eq(schedules.clientId, venue.clientId))
    expect(charges).toHaveLength(100)
    const misplaced = charges.filter(
      (charge) => charge.contractId === season.id && final!.endDate !== null && charge.usageDate > final!.endDate,
    )
    expect(misplaced).toEqual([])
    expect(charges.every((charge) => charge.contractId === season.id || charge.contractId === fallback.id)).toBe(true)
  })
})
