import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { REQUEST_MESSAGES } from '@shared/renting/requests'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import {
  activityEntries,
  bookingRequests,
  contractUsage,
  outboxMessages,
  rooms,
  schedules,
  spaceOccupancy,
  type OccupancyKind,
} from '../db/schema'
import { AppError, findPostgresError } from '../errors'
import { confirmHold, dropHolds, holdIce } from '.'
import { errorOf, expectJson } from '../test/responses'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

const TORONTO = 'America/Toronto'
const DAY = '2030-09-09'
const local = (time: string) => combineLocalDateTime(DAY, time, TORONTO)

// A renter's hold and a waitlist claim occupy ice as bookings do (ADR 0055): one kind column on
// schedules, the same triggers, the same exclusion constraint. Here they are written straight to
// the table, so that the constraint is seen to hold whoever writes; the module's own writes of
// holds follow below.
describe.each(testDatabaseKinds())('what occupies a space, of every kind, on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let organisationId: string
  let rinkA: string
  let halfA: string
  let clientId: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    const admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    organisationId = await t.organisationOf(operator)
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    const space = async (name: string, parentId: string | null) => {
      const response = await request('POST', `/api/facilities/${facility.id}/rooms`, {
        name,
        type: 'rink',
        parentId,
        ...OPEN_AROUND_THE_CLOCK,
      })
      return (await expectJson<{ room: { id: string } }>(response, 201)).room.id
    }
    rinkA = await space('Rink A', null)
    halfA = await space('Half A', rinkA)
    clientId = (await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }), 201)).client.id
  })
  afterAll(async () => {
    await t.close()
  })

  function request(method: string, path: string, body?: unknown) {
    return t.request(path, { method, body, cookie: operator.cookie })
  }
  const book = (roomId: string, startTime: string, title = 'Practice') =>
    request('POST', '/api/events', { roomId, clientId, title, date: DAY, startTime, durationMinutes: 60 })
  const occupy = (occupancy: OccupancyKind | string, roomId: string, from: string, to: string, title: string) =>
    t.db
      .insert(schedules)
      .values({ organisationId, roomId, clientId, title, startTime: local(from), endTime: local(to), kind: occupancy as OccupancyKind })
      .returning({ id: schedules.id })
      .then(
        ([row]) => ({ id: row!.id, refusal: null }),
        (error: unknown) => ({ id: null, refusal: findPostgresError(error) }),
      )

  it('writes every booking as a booking', async () => {
    const { events } = await expectJson<{ events: { id: string }[] }>(await book(rinkA, '06:00'), 201)
    const [row] = await t.db.select({ kind: schedules.kind }).from(schedules).where(eq(schedules.id, events[0]!.id))
    expect(row!.kind).toBe('booking')
  })

  it('lets a hold occupy its space and its wholes, so a booking over it is refused, naming it', async () => {
    const hold = await occupy('hold', halfA, '10:00', '11:00', 'Request: Hawks U11')
    expect(hold.refusal).toBeNull()
    const units = await t.db.select({ unitId: spaceOccupancy.unitId }).from(spaceOccupancy).where(eq(spaceOccupancy.scheduleId, hold.id!))
    expect(units.map((unit) => unit.unitId)).toEqual([halfA])
    const refused = await book(rinkA, '10:30')
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toContain('Request: Hawks U11')
  })

  it('refuses a hold or a claim over a booking, as it refuses a second booking', async () => {
    await expectJson(await book(rinkA, '13:00', 'Jets practice'), 201)
    for (const occupancy of ['hold', 'claim', 'booking'] as const) {
      const refused = await occupy(occupancy, halfA, '13:30', '14:30', `A ${occupancy}`)
      expect(refused.refusal).toMatchObject({ code: '23P01', constraint: 'space_occupancy_no_overlap' })
    }
  })

  it('refuses a claim over a hold: two requests never hold the same ice', async () => {
    expect((await occupy('hold', rinkA, '16:00', '17:00', 'Request: Hawks U13')).refusal).toBeNull()
    const claim = await occupy('claim', halfA, '16:15', '17:15', 'Claim: Sharks')
    expect(claim.refusal).toMatchObject({ code: '23P01', constraint: 'space_occupancy_no_overlap' })
  })

  it('refuses a kind it does not know', async () => {
    const unknown = await occupy('pencil', rinkA, '20:00', '21:00', 'Pencilled in')
    // An enum: 'invalid input value for enum occupancy_kind'.
    expect(unknown.refusal).toMatchObject({ code: '22P02' })
  })
})

// The booking module's own writes of holds (holds.ts): a renter's request holds its slot, is
// confirmed as a booking (charged then, not before) or let go of. The requests module drives them
// (modules/renting/requests); here they are called directly, so that the guarantee is seen apart.
describe.each(testDatabaseKinds())('holds written by the booking module, on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let organisationId: string
  let rinkA: string
  let halfA: string
  let clientId: string
  let contractId: string
  let facilityId: string
  const actor = { id: '', name: 'Dana Lee' }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    actor.id = operator.id
    organisationId = await t.organisationOf(operator)
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    facilityId = facility.id
    const space = async (name: string, parentId: string | null, hours: object = OPEN_AROUND_THE_CLOCK) => {
      const response = await request('POST', `/api/facilities/${facility.id}/rooms`, { name, type: 'rink', parentId, ...hours })
      return (await expectJson<{ room: { id: string } }>(response, 201)).room.id
    }
    rinkA = await space('Rink A', null, { operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 30 })
    halfA = await space('Half A', rinkA, { operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 30 })
    clientId = (
      await expectJson<{ client: { id: string } }>(
        await request('POST', '/api/clients', { name: 'Jets', email: 'jets@example.com', emailConfirmations: true }),
        201,
      )
    ).client.id
    contractId = (
      await expectJson<{ contract: { id: string } }>(
        await request('POST', '/api/contracts', { clientId, name: 'Season', startDate: '2030-01-01', totalHours: 100 }),
        201,
      )
    ).contract.id
  })
  afterAll(async () => {
    await t.close()
  })

  function request(method: string, path: string, body?: unknown) {
    return t.request(path, { method, body, cookie: operator.cookie })
  }
  const book = (roomId: string, startTime: string, title = 'Practice') =>
    request('POST', '/api/events', { roomId, clientId, title, date: DAY, startTime, durationMinutes: 60 })
  const hold = (roomId: string, from: string, to: string, title = 'Request: Hawks') =>
    holdIce(t.db, organisationId, { roomId, clientId, title, start: local(from), end: local(to) }, async (_tx, held) => held)
  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : error),
    )
  const kindOf = async (id: string) => (await t.db.select({ kind: schedules.kind }).from(schedules).where(eq(schedules.id, id)))[0]?.kind
  const chargesOf = (id: string) => t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, id))

  it('holds a slot as a hold, uncharged, and a booking over it is refused by the constraint', async () => {
    const held = await hold(halfA, '10:00', '11:00')
    expect(await kindOf(held.id)).toBe('hold')
    expect(await chargesOf(held.id)).toEqual([])
    expect((await book(rinkA, '10:30')).status).toBe(409)
    expect((await book(halfA, '10:00')).status).toBe(409)
    // Nor can anything charge it: the database keeps a hold's hours off every contract.
    const charged = await t.db
      .insert(contractUsage)
      .values({ organisationId, contractId, usageDate: DAY, hoursLogged: '1.00', description: 'Request: Hawks', scheduleId: held.id })
      .then(
        () => null,
        (error: unknown) => findPostgresError(error),
      )
    expect(charged).toMatchObject({ code: '23514', constraint: 'contract_usage_bookings_only' })
  })

  it('refuses a hold over a booking, another hold or a closure in words that name nothing in the way', async () => {
    await expectJson(await book(rinkA, '13:00', 'Jets practice'), 201)
    expect(await refusalOf(hold(halfA, '13:30', '14:30'))).toEqual({ code: 'CONFLICT', message: REQUEST_MESSAGES.taken })
    await hold(rinkA, '16:00', '17:00')
    expect(await refusalOf(hold(halfA, '16:30', '17:30'))).toEqual({ code: 'CONFLICT', message: REQUEST_MESSAGES.taken })
    const closure = { reason: 'Maintenance', spaceId: halfA, startDate: DAY, startTime: '19:00', endDate: DAY, endTime: '20:00' }
    await expectJson(await request('POST', `/api/facilities/${facilityId}/closures`, { ...closure, coveredEvents: 'keep' }), 201)
    expect(await refusalOf(hold(halfA, '19:00', '20:00'))).toEqual({ code: 'CONFLICT', message: REQUEST_MESSAGES.closed })
    // The start rule is the database's too: off the space's 30-minute interval.
    expect(await refusalOf(hold(halfA, '21:15', '22:15'))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('30-minute'),
    })
  })

  it('confirms a hold as the booking it becomes: charged once, in the trail, and the client told', async () => {
    const held = await hold(rinkA, '07:00', '08:30', 'Hawks U13')
    const confirmed = await t.db.transaction((tx) => confirmHold(tx, organisationId, actor, held.id))
    expect(confirmed).toMatchObject({ id: held.id, title: 'Hawks U13' })
    expect(await kindOf(held.id)).toBe('booking')
    const charges = await chargesOf(held.id)
    expect(charges.map((charge) => [charge.contractId, charge.hoursLogged])).toEqual([[contractId, '1.50']])
    const entries = await t.db
      .select()
      .from(activityEntries)
      .where(and(eq(activityEntries.entity, 'event'), eq(activityEntries.entityId, held.id)))
    expect(entries.map((entry) => [entry.action, entry.actorName, entry.label])).toEqual([['created', 'Dana Lee', 'Hawks U13']])
    const mail = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.businessKey, `booking_confirmed:${held.id}`))
    expect(mail.map((message) => message.recipient)).toEqual(['jets@example.com'])
    // Confirmed once: a second confirmation finds no hold, and the booking is deleted as any other.
    expect(await t.db.transaction((tx) => confirmHold(tx, organisationId, actor, held.id))).toBeNull()
    expect((await request('DELETE', `/api/events/${held.id}`)).status).toBe(204)
  })

  it('lets go of holds only, and an operator can neither edit nor delete a hold as an event', async () => {
    const held = await hold(rinkA, '09:00', '10:00')
    const booked = (await expectJson<{ events: { id: string; version: number }[] }>(await book(halfA, '11:00'), 201)).events[0]!
    const deleted = await t.db.transaction((tx) => dropHolds(tx, organisationId, [held.id, booked.id]))
    expect(deleted.map((row) => row.id)).toEqual([held.id])
    expect(await kindOf(booked.id)).toBe('booking')

    const another = await hold(rinkA, '20:00', '21:00')
    const refused = await request('DELETE', `/api/events/${another.id}`)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe(REQUEST_MESSAGES.pendingHold)
    const moved = await request('PUT', `/api/events/${another.id}`, {
      roomId: rinkA,
      clientId,
      title: 'Moved',
      startTime: local('21:00').toISOString(),
      endTime: local('22:00').toISOString(),
      version: 1,
      scope: 'this',
    })
    expect(moved.status).toBe(409)
    expect(await kindOf(another.id)).toBe('hold')
    expect(await chargesOf(another.id)).toEqual([])
  })

  it('lets go of the hold of a request deleted with its client', async () => {
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Leaving' }), 201)
    const held = await holdIce(
      t.db,
      organisationId,
      { roomId: rinkA, clientId: client.id, title: 'Leaving soon', start: local('22:00'), end: local('23:00') },
      async (tx, created) => {
        const [facility] = await tx.select({ id: rooms.facilityId }).from(rooms).where(eq(rooms.id, rinkA))
        await tx.insert(bookingRequests).values({
          organisationId,
          clientId: client.id,
          facilityId: facility!.id,
          roomId: rinkA,
          title: 'Leaving soon',
          startTime: created.startTime,
          endTime: created.endTime,
          holdId: created.id,
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        return created
      },
    )
    // A pending request keeps its hold: it cannot be deleted from under it.
    await expect(t.db.delete(schedules).where(eq(schedules.id, held.id))).rejects.toThrow()
    expect((await request('DELETE', `/api/clients/${client.id}`)).status).toBe(204)
    expect(await kindOf(held.id)).toBeUndefined()
    expect((await book(rinkA, '22:00')).status).toBe(201)
  })
})
