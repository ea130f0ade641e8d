import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { rooms, schedules } from '../../db/schema'
import { findPostgresError } from '../../errors'
import { errorOf, expectJson } from '../../test/responses'
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'
const DAY = '2030-06-03'
const local = (time: string, date = DAY) => combineLocalDateTime(date, time, TORONTO)

type ApiEvent = {
  id: string
  title: string
  clientId: string
  startTime: string
  endTime: string
  version: number
  roomId: string
  seriesId: string | null
}

const HOURS_MESSAGE = 'Rink A takes bookings starting from 6:00 AM to 10:30 PM'
const INTERVAL_MESSAGE = 'Starts must be on the 30-minute interval (6:00, 6:30, …)'

// Where a booking may start is held by the server and the database, not only the form
// (docs/product.md#events, 'Where a booking may start').
describe.each(testDatabaseKinds())('the start rule on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let facilityId: string
  let rinkA: string
  let rinkB: string
  let clientId: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    const admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    facilityId = facility.id
    rinkA = await space('Rink A', { operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 30 })
    rinkB = await space('Rink B', { operatingStartTime: '09:00', operatingEndTime: '22:00', bookingInterval: 15 })
    clientId = (await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }), 201)).client.id
  })
  afterAll(async () => {
    await t.close()
  })

  function request(method: string, path: string, body?: unknown, user: TestUser = operator) {
    return t.request(path, { method, body, cookie: user.cookie })
  }
  async function space(name: string, hours: Record<string, unknown>) {
    const response = await request('POST', `/api/facilities/${facilityId}/rooms`, { name, type: 'rink', ...hours })
    return (await expectJson<{ room: { id: string } }>(response, 201)).room.id
  }
  const book = (overrides: Record<string, unknown>) =>
    request('POST', '/api/events', {
      roomId: rinkA,
      clientId,
      title: 'Practice',
      date: DAY,
      startTime: '19:00',
      durationMinutes: 60,
      ...overrides,
    })
  const bookOk = async (overrides: Record<string, unknown>) => (await expectJson<{ events: ApiEvent[] }>(await book(overrides), 201)).events
  const edit = (event: ApiEvent, overrides: Record<string, unknown>) =>
    request('PUT', `/api/events/${event.id}`, {
      clientId: event.clientId,
      title: event.title,
      description: null,
      color: '#3b82f6',
      eventType: 'practice',
      team1Name: null,
      team2Name: null,
      changeRoom1Id: null,
      changeRoom2Id: null,
      startTime: event.startTime,
      endTime: event.endTime,
      version: event.version,
      ...overrides,
    })
  const countIn = async (roomId: string) => (await t.db.select().from(schedules).where(eq(schedules.roomId, roomId))).length

  it('refuses a booking before the opening, at the closing, or off the interval, with words that say which', async () => {
    const before = await countIn(rinkA)
    for (const [startTime, message] of [
      ['05:30', HOURS_MESSAGE],
      ['23:00', HOURS_MESSAGE],
      ['03:00', HOURS_MESSAGE],
    ] as const) {
      const response = await book({ startTime })
      expect(response.status).toBe(422)
      expect(await errorOf(response)).toMatchObject({ message, fields: { startTime: message } })
    }
    const offGrid = await book({ startTime: '10:07' })
    expect(offGrid.status).toBe(422)
    expect((await errorOf(offGrid)).message).toBe(INTERVAL_MESSAGE)
    expect((await errorOf(await book({ roomId: rinkB, startTime: '08:00' }))).message).toBe(
      'Rink B takes bookings starting from 9:00 AM to 9:45 PM',
    )
    expect((await errorOf(await book({ roomId: rinkB, startTime: '10:10' }))).message).toBe(
      'Starts must be on the 15-minute interval (9:00, 9:15, …)',
    )
    expect(await countIn(rinkA)).toBe(before)
  })

  it('books the first and the last start, and the spec’s late game that runs past the closing and midnight', async () => {
    await bookOk({ date: '2030-06-10', startTime: '06:00' })
    await bookOk({ date: '2030-06-10', startTime: '22:30', durationMinutes: 30 })
    const late = await bookOk({ roomId: rinkB, date: '2030-06-11', startTime: '21:00', durationMinutes: 240 })
    expect(late).toHaveLength(2)
    expect(late[1]!.startTime).toBe(local('00:00', '2030-06-12').toISOString())
  })

  it('refuses an edit or a drop whose start breaks the rule, and lets the end move alone', async () => {
    const [event] = await bookOk({ date: '2030-06-17', startTime: '10:00' })
    const early = await edit(event!, { startTime: local('03:00', '2030-06-17'), endTime: local('04:00', '2030-06-17') })
    expect(early.status).toBe(422)
    expect((await errorOf(early)).message).toBe(HOURS_MESSAGE)
    const offGrid = await edit(event!, { startTime: local('10:10', '2030-06-17'), endTime: local('11:10', '2030-06-17') })
    expect((await errorOf(offGrid)).message).toBe(INTERVAL_MESSAGE)
    // A move to a space whose hours the start breaks.
    const moved = await edit(event!, { roomId: rinkB, startTime: local('08:00', '2030-06-17'), endTime: local('09:00', '2030-06-17') })
    expect((await errorOf(moved)).message).toBe('Rink B takes bookings starting from 9:00 AM to 9:45 PM')
    // A resize keeps the start: any end the durations allow, even past the closing.
    const resized = await expectJson<{ events: ApiEvent[] }>(await edit(event!, { endTime: local('12:30', '2030-06-17') }), 200)
    expect(resized.events[0]!.endTime).toBe(local('12:30', '2030-06-17').toISOString())
  })

  it('leaves an event booked before its space’s hours changed as it is, and editable in every other respect', async () => {
    const hoursOf = { name: 'Rink C', type: 'rink', operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 30 }
    const rinkC = await space(hoursOf.name, hoursOf)
    const [event] = await bookOk({ roomId: rinkC, date: '2030-06-24', startTime: '07:00' })
    await expectJson(await request('PUT', `/api/rooms/${rinkC}`, { ...hoursOf, operatingStartTime: '09:00' }), 200)
    const renamed = await expectJson<{ events: ApiEvent[] }>(await edit(event!, { title: 'Early skate' }), 200)
    expect(renamed.events[0]).toMatchObject({ title: 'Early skate', startTime: local('07:00', '2030-06-24').toISOString() })
    const longer = await expectJson<{ events: ApiEvent[] }>(await edit(renamed.events[0]!, { endTime: local('09:00', '2030-06-24') }), 200)
    expect(longer.events[0]!.startTime).toBe(local('07:00', '2030-06-24').toISOString())
    // A new write is held to the new hours.
    const again = await edit(longer.events[0]!, { startTime: local('07:30', '2030-06-24'), endTime: local('09:00', '2030-06-24') })
    expect((await errorOf(again)).message).toBe('Rink C takes bookings starting from 9:00 AM to 10:30 PM')
  })

  it('refuses a series whose start breaks the rule, and a series edit that moves it there, and books nothing', async () => {
    const before = await countIn(rinkA)
    const series = await book({
      date: '2030-07-01',
      startTime: '05:00',
      recurrence: { frequency: 'weekly', weekdays: [1], endDate: '2030-07-29' },
    })
    expect((await errorOf(series)).message).toBe(HOURS_MESSAGE)
    expect(await countIn(rinkA)).toBe(before)

    const booked = await bookOk({
      date: '2030-07-01',
      startTime: '18:00',
      recurrence: { frequency: 'weekly', weekdays: [1], endDate: '2030-07-29' },
    })
    const seriesId = booked[0]!.seriesId!
    const { version: seriesVersion } = await expectJson<{ version: number }>(await request('GET', `/api/series/${seriesId}`), 200)
    const following = await edit(booked[1]!, {
      startTime: local('23:30', '2030-07-08'),
      endTime: local('23:59', '2030-07-08'),
      scope: 'following',
      seriesVersion,
    })
    expect(following.status).toBe(422)
    expect((await errorOf(following)).message).toBe(HOURS_MESSAGE)
    const rows = await t.db.select().from(schedules).where(eq(schedules.seriesId, seriesId)).orderBy(schedules.startTime)
    expect(rows.map((row) => row.startTime.toISOString())).toEqual(booked.map((event) => event.startTime))
  })

  it('is held by the database for a row written past the server', async () => {
    const [room] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, rinkA))
    const row = (start: Date, end: Date, eventGroupId: string | null = null) => ({
      organisationId: room!.organisationId,
      roomId: rinkA,
      title: 'Straight to the table',
      startTime: start,
      endTime: end,
      eventGroupId,
    })
    const refusal = await t.db
      .insert(schedules)
      .values(row(local('04:00', '2030-08-05'), local('05:00', '2030-08-05')))
      .then(
        () => null,
        (error: unknown) => findPostgresError(error),
      )
    expect(refusal).toMatchObject({ code: '23514', constraint: 'schedules_start_on_booking_grid' })
    const offGrid = await t.db
      .insert(schedules)
      .values(row(local('10:00', '2030-08-05'), local('11:00', '2030-08-05')))
      .returning({ id: schedules.id })
    await expect(
      t.db
        .update(schedules)
        .set({ startTime: new Date(local('10:00', '2030-08-05').getTime() + 60_000) })
        .where(eq(schedules.id, offGrid[0]!.id)),
    ).rejects.toSatisfy((error: unknown) => findPostgresError(error)?.constraint === 'schedules_start_on_booking_grid')
    // On the interval to the minute is not enough: half a second past 10:30 is off it.
    await expect(
      t.db
        .update(schedules)
        .set({ startTime: new Date(local('10:30', '2030-08-05').getTime() + 500) })
        .where(eq(schedules.id, offGrid[0]!.id)),
    ).rejects.toSatisfy((error: unknown) => findPostgresError(error)?.constraint === 'schedules_start_on_booking_grid')
    // The part after midnight of a split event continues the booking: no new start.
    const group = crypto.randomUUID()
    await t.db
      .insert(schedules)
      .values([
        row(local('22:00', '2030-08-06'), new Date(local('00:00', '2030-08-07').getTime() - 1), group),
        row(local('00:00', '2030-08-07'), local('01:00', '2030-08-07'), group),
      ])
  })
})
