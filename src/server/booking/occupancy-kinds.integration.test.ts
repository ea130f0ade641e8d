import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { schedules, spaceOccupancy, type OccupancyKind } from '../db/schema'
import { findPostgresError } from '../errors'
import { errorOf, expectJson } from '../test/responses'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

const TORONTO = 'America/Toronto'
const DAY = '2030-09-09'
const local = (time: string) => combineLocalDateTime(DAY, time, TORONTO)

// A renter's hold and a waitlist claim will occupy ice as bookings do (ADR 0055): one kind column
// on schedules, the same triggers, the same exclusion constraint. No code writes them yet, so
// they are written here straight to the table, as the booking module will write them.
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
