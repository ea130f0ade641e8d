import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { changeRoomHolds, schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'
const DAY = '2030-06-03'

type ApiEvent = { id: string; title: string; startTime: string; endTime: string }
type ChangeRoomUse = { id: string; name: string; inUseBy: { eventId: string; title: string } | null }

// Change rooms are never double-booked (docs/product.md#events, ADR 0025).
describe.each(testDatabaseKinds())('change rooms on %s', (kind) => {
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

  /** A facility with `rinks` rinks, change rooms 1 and 2 and a client. */
  const createVenue = async ({ rinks = 2, changeRoomMinutes = 0, user = operator } = {}) => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO, changeRoomMinutes }, user),
      201,
    )
    const space = async (name: string, type: string) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facility.id}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK }, user),
          201,
        )
      ).room.id
    const rinkIds: string[] = []
    for (let index = 1; index <= rinks; index++) rinkIds.push(await space(`Rink ${index}`, 'rink'))
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }, user), 201)
    return {
      facilityId: facility.id,
      rinkIds,
      changeRoom1: await space('Change Room 1', 'change_room'),
      changeRoom2: await space('Change Room 2', 'change_room'),
      clientId: client.id,
    }
  }
  type Venue = Awaited<ReturnType<typeof createVenue>>

  const book = (
    venue: Venue,
    rink: number,
    startTime: string,
    rooms: { home?: string | null; away?: string | null },
    title = 'Game',
    durationMinutes = 60,
  ) =>
    request('POST', '/api/events', {
      roomId: venue.rinkIds[rink],
      clientId: venue.clientId,
      title,
      date: DAY,
      startTime,
      durationMinutes,
      eventType: 'game',
      team1Name: 'Home',
      team2Name: 'Away',
      changeRoom1Id: rooms.home ?? null,
      changeRoom2Id: rooms.away ?? null,
    })
  const bookOk = async (...args: Parameters<typeof book>) => (await expectJson<{ events: ApiEvent[] }>(await book(...args), 201)).events

  it('refuses a change room another event holds at that time, naming the room and the event', async () => {
    const venue = await createVenue()
    await bookOk(venue, 0, '10:00', { home: venue.changeRoom1, away: venue.changeRoom2 }, 'Jets vs Sharks')
    const clash = await book(venue, 1, '10:30', { away: venue.changeRoom2 }, 'Kings vs Bears')
    expect(clash.status).toBe(409)
    expect((await errorOf(clash)).message).toBe(
      'Change room "Change Room 2" is in use by "Jets vs Sharks" (Jun 3, 2030 10:00 AM - 11:00 AM)',
    )
    // Back to back is fine.
    await bookOk(venue, 1, '11:00', { home: venue.changeRoom2, away: venue.changeRoom1 })
    await bookOk(venue, 1, '09:00', { home: venue.changeRoom1 })
  })

  it('refuses one change room for both teams of a game, in the API and in the database', async () => {
    const venue = await createVenue()
    const same = await book(venue, 0, '08:00', { home: venue.changeRoom1, away: venue.changeRoom1 })
    expect(same.status).toBe(422)
    expect(await errorOf(same)).toMatchObject({
      message: 'Home and away need different change rooms',
      fields: { changeRoom2Id: 'Home and away need different change rooms' },
    })
    // An edit that gives the away team the home team's room is refused the same way, and changes nothing.
    const [game] = await bookOk(venue, 0, '08:00', { home: venue.changeRoom1, away: venue.changeRoom2 })
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, game!.id))
    const edit = {
      clientId: venue.clientId,
      title: 'Game',
      startTime: row!.startTime.toISOString(),
      endTime: row!.endTime.toISOString(),
      eventType: 'game',
      changeRoom1Id: venue.changeRoom2,
      changeRoom2Id: venue.changeRoom2,
      version: row!.version,
    }
    const refused = await request('PUT', `/api/events/${game!.id}`, edit)
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).message).toBe('Home and away need different change rooms')
    const [unchanged] = await t.db.select().from(schedules).where(eq(schedules.id, game!.id))
    expect([unchanged!.changeRoom1Id, unchanged!.changeRoom2Id, unchanged!.version]).toEqual([
      venue.changeRoom1,
      venue.changeRoom2,
      row!.version,
    ])
    // A practice keeps one change room: the away one is cleared, so nothing is shared.
    expect((await request('PUT', `/api/events/${game!.id}`, { ...edit, eventType: 'practice' })).status).toBe(200)
    // The database refuses it from any writer, not only through the API.
    await expect(
      t.db.update(schedules).set({ changeRoom1Id: venue.changeRoom1, changeRoom2Id: venue.changeRoom1 }).where(eq(schedules.id, game!.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'schedules_change_rooms_differ' }) })
  })

  it('holds change rooms for the facility’s change room time before and after, for bookings made from then on', async () => {
    const venue = await createVenue({ changeRoomMinutes: 15 })
    await bookOk(venue, 0, '10:00', { home: venue.changeRoom1 }, 'Early game')
    // 11:00 + 15 minutes after, 11:15 − 15 before: they overlap by fifteen minutes.
    expect((await errorOf(await book(venue, 1, '11:15', { home: venue.changeRoom1 }))).message).toBe(
      'Change room "Change Room 1" is in use by "Early game" (Jun 3, 2030 10:00 AM - 11:00 AM)',
    )
    await bookOk(venue, 1, '11:30', { home: venue.changeRoom1 })
    // Edits that only change details keep the holds; a new time re-checks them.
    const body = { name: 'Arena', timeZone: TORONTO, changeRoomMinutes: 0 }
    await expectJson(await request('PUT', `/api/facilities/${venue.facilityId}`, body), 200)
    await bookOk(venue, 1, '09:00', { home: venue.changeRoom1 }, 'Morning', 45)
    expect((await book(venue, 0, '12:45', { home: venue.changeRoom1 })).status).toBe(201)
  })

  it('keeps an event split at midnight in its change room across the two parts', async () => {
    const venue = await createVenue({ changeRoomMinutes: 30 })
    const parts = await bookOk(venue, 0, '23:00', { home: venue.changeRoom1 }, 'Overnight', 120)
    expect(parts).toHaveLength(2)
    const held = await t.db.select().from(changeRoomHolds).where(eq(changeRoomHolds.changeRoomId, venue.changeRoom1))
    expect(held).toHaveLength(2)
  })

  it('marks the change rooms in use at a time, leaving out the event being edited, and finds no other organisation’s room', async () => {
    const venue = await createVenue()
    const [game] = await bookOk(venue, 0, '10:00', { home: venue.changeRoom1 }, 'Jets vs Sharks')
    const from = combineLocalDateTime(DAY, '10:30', TORONTO).toISOString()
    const to = combineLocalDateTime(DAY, '11:30', TORONTO).toISOString()
    const use = async (query: string, user = operator) =>
      (await expectJson<{ changeRooms: ChangeRoomUse[] }>(await request('GET', `/api/events/change-rooms?${query}`, undefined, user), 200))
        .changeRooms
    const inUse = await use(`roomId=${venue.rinkIds[1]}&from=${from}&to=${to}`)
    expect(inUse.map(({ name, inUseBy }) => [name, inUseBy?.title ?? null])).toEqual([
      ['Change Room 1', 'Jets vs Sharks'],
      ['Change Room 2', null],
    ])
    const editing = await use(`roomId=${venue.rinkIds[0]}&from=${from}&to=${to}&excludeEventId=${game!.id}`)
    expect(editing.every(({ inUseBy }) => inUseBy === null)).toBe(true)
    expect(
      (await request('GET', `/api/events/change-rooms?roomId=${venue.rinkIds[0]}&from=${from}&to=${to}`, undefined, other)).status,
    ).toBe(404)
    expect((await request('GET', `/api/events/change-rooms?roomId=${venue.rinkIds[0]}&from=${to}&to=${from}`)).status).toBe(422)
  })

  it('ends a 100-way race for one change room across ten rinks with exactly one booking', { timeout: 120_000 }, async () => {
    const venue = await createVenue({ rinks: 10 })
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        book(
          venue,
          index % 10,
          index % 2 === 0 ? '19:00' : '19:30',
          index % 3 === 0 ? { away: venue.changeRoom1 } : { home: venue.changeRoom1 },
          `Racer ${index}`,
        ),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(99)
    const messages = await Promise.all(responses.filter((response) => response.status === 409).map(errorOf))
    expect(
      messages.every(({ message }) => /^(Change room "Change Room 1" is in use by|Time slot conflicts with:) "Racer \d+"/.test(message)),
      messages.map(({ message }) => message).join('\n'),
    ).toBe(true)
    expect(await t.db.select().from(changeRoomHolds).where(eq(changeRoomHolds.changeRoomId, venue.changeRoom1))).toHaveLength(1)
  })

  it('lists clashes kept from before the rule, refuses new ones against them, and lets an edit resolve them', async () => {
    const venue = await createVenue()
    const [kept] = await bookOk(venue, 0, '10:00', { home: venue.changeRoom1 }, 'Kept game')
    const [later] = await bookOk(venue, 1, '12:00', { home: venue.changeRoom1 }, 'Later game')
    // As migration 0015 leaves it: the later event's hold overlaps the kept one, outside the constraint.
    await t.db
      .update(changeRoomHolds)
      .set({
        isLegacy: true,
        during: `[${combineLocalDateTime(DAY, '10:30', TORONTO).toISOString()},${combineLocalDateTime(DAY, '11:30', TORONTO).toISOString()})`,
      })
      .where(and(eq(changeRoomHolds.scheduleId, later!.id), eq(changeRoomHolds.changeRoomId, venue.changeRoom1)))
    const { clashes } = await expectJson<{
      clashes: { changeRoomName: string; event: { title: string }; clashesWith: { title: string } }[]
    }>(await request('GET', `/api/facilities/${venue.facilityId}/change-room-clashes`), 200)
    expect(clashes.map((clash) => [clash.changeRoomName, clash.event.title, clash.clashesWith.title])).toEqual([
      ['Change Room 1', 'Later game', 'Kept game'],
    ])
    expect((await request('GET', `/api/facilities/${venue.facilityId}/change-room-clashes`, undefined, other)).status).toBe(404)
    // A new booking that meets the kept clash's hold is refused too.
    expect((await book(venue, 1, '11:15', { home: venue.changeRoom1 }, 'New', 30)).status).toBe(409)
    // Moving the later game's change room resolves it.
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, later!.id))
    const edit = {
      clientId: venue.clientId,
      title: 'Later game',
      startTime: row!.startTime.toISOString(),
      endTime: row!.endTime.toISOString(),
      eventType: 'game',
      color: '#3b82f6',
      changeRoom1Id: venue.changeRoom2,
      version: row!.version,
    }
    await expectJson(await request('PUT', `/api/events/${later!.id}`, edit), 200)
    const after = await expectJson<{ clashes: unknown[] }>(
      await request('GET', `/api/facilities/${venue.facilityId}/change-room-clashes`),
      200,
    )
    expect(after.clashes).toEqual([])
    void kept
  })
})
