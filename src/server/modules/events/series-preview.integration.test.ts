import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'

type Occurrence = { startTime: string; endTime: string; status: 'free' | 'clash' | 'changeRoom'; reason: string | null }

// A series with a preview (docs/product.md#series): every occurrence listed before booking, and
// 'Book {n} free dates' booking only the free ones, in one transaction.
describe.each(testDatabaseKinds())('series preview on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let other: TestUser

  beforeAll(async () => {
    t = await createTestApp(kind)
    const admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    other = await t.createOperator(admin)
  })
  afterAll(async () => {
    await t.close()
  })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  /** A rink with a change room, a client, and three bookings in the way of a daily 19:00 series. */
  const createVenue = async () => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    const space = async (name: string, type: string) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facility.id}/rooms`, {
            name,
            type,
            operatingStartTime: '06:00',
            operatingEndTime: '23:30',
          }),
          201,
        )
      ).room.id
    const rinkId = await space('Rink A', 'rink')
    const otherRinkId = await space('Rink B', 'rink')
    const changeRoomId = await space('Change Room 1', 'change_room')
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }), 201)
    const book = (roomId: string, date: string, title: string, changeRoom1Id: string | null = null) =>
      request('POST', '/api/events', { roomId, clientId: client.id, title, date, startTime: '19:30', durationMinutes: 60, changeRoom1Id })
    await expectJson(await book(rinkId, '2030-06-04', 'Figure skating'), 201)
    await expectJson(await book(otherRinkId, '2030-06-06', 'Kings vs Bears', changeRoomId), 201)
    const series = {
      roomId: rinkId,
      clientId: client.id,
      title: 'Jets practice',
      date: '2030-06-03',
      startTime: '19:00',
      durationMinutes: 60,
      changeRoom1Id: changeRoomId,
      recurrence: { frequency: 'daily', endDate: '2030-06-07' },
    }
    return { rinkId, series }
  }

  it('lists every occurrence, marking a clash and a change room that is taken', async () => {
    const { series } = await createVenue()
    const { clientId: _client, title: _title, ...dates } = series
    const { occurrences } = await expectJson<{ occurrences: Occurrence[] }>(await request('POST', '/api/events/preview', dates), 200)
    expect(occurrences.map(({ status, reason }) => [status, reason])).toEqual([
      ['free', null],
      ['clash', 'Clashes with "Figure skating"'],
      ['free', null],
      ['changeRoom', 'Change room "Change Room 1" is in use by "Kings vs Bears"'],
      ['free', null],
    ])
    expect(occurrences[0]!.startTime).toBe('2030-06-03T23:00:00.000Z')
    // Previewing books nothing, and another organisation's room is not found.
    expect(await t.db.select().from(schedules).where(eq(schedules.title, 'Jets practice'))).toEqual([])
    expect((await request('POST', '/api/events/preview', dates, other)).status).toBe(404)
  })

  it('keeps a plain create all or nothing, and books only the free dates when asked', async () => {
    const { rinkId, series } = await createVenue()
    const refused = await request('POST', '/api/events', series)
    expect(refused.status).toBe(409)
    expect(await t.db.select().from(schedules).where(eq(schedules.roomId, rinkId))).toHaveLength(1)
    const { events, skipped } = await expectJson<{ events: unknown[]; skipped: number }>(
      await request('POST', '/api/events', { ...series, skipTaken: true }),
      201,
    )
    expect(events).toHaveLength(3)
    expect(skipped).toBe(2)
    expect(await t.db.select().from(schedules).where(eq(schedules.roomId, rinkId))).toHaveLength(4)
    // Nothing is free any more: said so, nothing written.
    const none = await request('POST', '/api/events', { ...series, skipTaken: true })
    expect(none.status).toBe(409)
    expect((await errorOf(none)).message).toBe('None of these dates is free')
  })
})
