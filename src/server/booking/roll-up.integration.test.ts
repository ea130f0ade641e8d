import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { combineLocalDateTime, localDateOf } from '@shared/scheduling/local-day'
import { formatTimeOfDay } from '@shared/scheduling/time-of-day'
import { schedules, type OccupancyKind } from '../db/schema'
import { expectJson } from '../test/responses'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

// The Reports page's roll-up (booking_month_shapes, kept by schedules_roll_up) must always equal
// the bookings counted afresh, whoever writes schedules and however: inserts, moves, resizes,
// client changes, cancellations, holds made bookings, a client deleted and a facility that
// changes zone. The wall minutes it counts must be the bookings' real minutes, and missing only
// where the clocks change under a booking (schedules_wall_minutes).

const TORONTO = 'America/Toronto'
// The clocks go forward at 2:00 AM on Sunday 9 March 2031 in Toronto.
const DAYS = ['2031-02-26', '2031-02-28', '2031-03-01', '2031-03-08', '2031-03-09', '2031-03-31', '2031-04-01'] as const

type Rows<Row> = { rows: Row[] }

describe.each(testDatabaseKinds())('the reports roll-up on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let organisationId: string
  let facilityId: string
  let roomIds: string[]
  let clientIds: string[]

  beforeAll(async () => {
    t = await createTestApp(kind)
    const admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    organisationId = await t.organisationOf(operator)
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    facilityId = facility.id
    const space = async (name: string, parentId: string | null, changeoverMinutes: number) => {
      const response = await request('POST', `/api/facilities/${facility.id}/rooms`, {
        name,
        type: 'rink',
        parentId,
        ...OPEN_AROUND_THE_CLOCK,
        changeoverMinutes,
      })
      return (await expectJson<{ room: { id: string } }>(response, 201)).room.id
    }
    const rink = await space('Rink A', null, 10)
    roomIds = [rink, await space('Half A', rink, 10), await space('Rink B', null, 0)]
    clientIds = []
    for (const name of ['Jets', 'Hawks', 'Owls']) {
      clientIds.push((await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name }), 201)).client.id)
    }
  })
  afterAll(async () => {
    await t.close()
  })

  function request(method: string, path: string, body?: unknown) {
    return t.request(path, { method, body, cookie: operator.cookie })
  }

  async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
    return ((await t.db.execute(query)) as unknown as Rows<Row>).rows
  }

  /** The roll-up as kept, and as counted afresh from the bookings. */
  async function expectRollUpToAgree() {
    const kept = await rows<Record<string, unknown>>(sql`
      select to_char(month, 'YYYY-MM-DD') as month, room_id, weekday::int as weekday, start_minute::int as start_minute,
        end_minute::int as end_minute, changeover_minutes, client_id, bookings
      from booking_month_shapes where organisation_id = ${organisationId}
      order by 1, 2, 3, 4, 5, 6, 7`)
    const counted = await rows<Record<string, unknown>>(sql`
      select to_char(date_trunc('month', local_date::timestamp), 'YYYY-MM-DD') as month, room_id,
        ((local_date - date '2000-01-03') % 7)::int as weekday, local_start_minute::int as start_minute,
        local_end_minute::int as end_minute, changeover_minutes, client_id, count(*)::int as bookings
      from schedules where organisation_id = ${organisationId} and kind = 'booking' and local_start_minute is not null
      group by 1, 2, 3, 4, 5, 6, 7
      order by 1, 2, 3, 4, 5, 6, 7`)
    expect(kept).toEqual(counted)
  }

  /** Each booking's wall minutes are its real ones, and are missing only where the clocks change under it. */
  async function expectWallMinutesToBeReal(timeZone: string) {
    const all = await rows<{
      start_time: Date | string
      end_time: Date | string
      local_date: string
      local_start_minute: number | null
      local_end_minute: number | null
      changeover_minutes: number
    }>(sql`
      select start_time, end_time, to_char(local_date, 'YYYY-MM-DD') as local_date, local_start_minute, local_end_minute, changeover_minutes
      from schedules where organisation_id = ${organisationId}`)
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    // An instant as minutes on its zone's wall clock, counted from the local date's midnight.
    const wallMinutes = (instant: number, date: string) => {
      const part = Object.fromEntries(parts.formatToParts(instant).map(({ type, value }) => [type, value]))
      return (
        (Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute)) -
          Date.parse(`${date}T00:00:00Z`)) /
        60_000
      )
    }
    for (const row of all) {
      const start = new Date(row.start_time).getTime()
      const end = new Date(row.end_time).getTime()
      expect(row.local_date).toBe(localDateOf(new Date(start), timeZone))
      const minutes = (end - start) / 60_000
      const startWall = wallMinutes(start, row.local_date)
      const wallIsReal =
        startWall + minutes <= 1440 &&
        wallMinutes(end + row.changeover_minutes * 60_000, row.local_date) - startWall === minutes + row.changeover_minutes
      expect({ start: row.local_start_minute, end: row.local_end_minute }).toEqual(
        wallIsReal ? { start: startWall, end: startWall + minutes } : { start: null, end: null },
      )
    }
  }

  const operation = fc.oneof(
    fc.record({
      op: fc.constant('insert' as const),
      room: fc.nat(2),
      day: fc.nat(DAYS.length - 1),
      start: fc.integer({ min: 0, max: 95 }),
      quarters: fc.integer({ min: 1, max: 16 }),
      client: fc.integer({ min: -1, max: 2 }),
      hold: fc.boolean(),
    }),
    fc.record({
      op: fc.constant('move' as const),
      pick: fc.nat(),
      room: fc.nat(2),
      day: fc.nat(DAYS.length - 1),
      start: fc.integer({ min: 0, max: 95 }),
    }),
    fc.record({ op: fc.constant('resize' as const), pick: fc.nat(), quarters: fc.integer({ min: 1, max: 16 }) }),
    fc.record({ op: fc.constant('client' as const), pick: fc.nat(), client: fc.integer({ min: -1, max: 2 }) }),
    fc.record({ op: fc.constant('confirm' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  )

  it('keeps the counts of every booking written, moved, resized, re-charged, confirmed and cancelled', async () => {
    const at = (day: number, quarter: number) => combineLocalDateTime(DAYS[day]!, formatTimeOfDay(quarter * 15), TORONTO)
    // A refused step (a clash, a time the clocks skip) is one statement, and changes nothing.
    const attempt = async (write: () => Promise<unknown>) => {
      await write().catch(() => undefined)
    }
    const pickRow = async (pick: number) => {
      const all = await rows<{ id: string; start_time: Date | string; end_time: Date | string }>(
        sql`select id, start_time, end_time from schedules where organisation_id = ${organisationId} order by id`,
      )
      return all.length > 0 ? all[pick % all.length]! : null
    }
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 40 }), async (steps) => {
        for (const step of steps) {
          if (step.op === 'insert') {
            const startTime = at(step.day, step.start)
            await attempt(() =>
              t.db.insert(schedules).values({
                organisationId,
                roomId: roomIds[step.room]!,
                clientId: step.client < 0 ? null : clientIds[step.client]!,
                title: 'Ice',
                startTime,
                endTime: new Date(startTime.getTime() + step.quarters * 15 * 60_000),
                kind: (step.hold ? 'hold' : 'booking') as OccupancyKind,
              }),
            )
            continue
          }
          const row = await pickRow(step.pick)
          if (!row) continue
          const id = row.id
          const length = new Date(row.end_time).getTime() - new Date(row.start_time).getTime()
          if (step.op === 'move') {
            const startTime = at(step.day, step.start)
            await attempt(() =>
              t.db.execute(sql`update schedules set room_id = ${roomIds[step.room]!}, start_time = ${startTime.toISOString()},
                end_time = ${new Date(startTime.getTime() + length).toISOString()} where id = ${id}`),
            )
          } else if (step.op === 'resize') {
            await attempt(() =>
              t.db.execute(sql`update schedules set end_time = start_time + ${step.quarters * 15} * interval '1 minute' where id = ${id}`),
            )
          } else if (step.op === 'client') {
            await attempt(() =>
              t.db.execute(sql`update schedules set client_id = ${step.client < 0 ? null : clientIds[step.client]!} where id = ${id}`),
            )
          } else if (step.op === 'confirm') {
            await attempt(() => t.db.execute(sql`update schedules set kind = 'booking' where id = ${id}`))
          } else {
            await attempt(() => t.db.execute(sql`delete from schedules where id = ${id}`))
          }
        }
        await expectRollUpToAgree()
      }),
      { numRuns: 8 },
    )
    await expectWallMinutesToBeReal(TORONTO)
  })

  it('counts right when a hundred people book and cancel the same slots at once', async () => {
    const rooms: string[] = []
    for (const name of ['Race 1', 'Race 2', 'Race 3', 'Race 4']) {
      const response = await request('POST', `/api/facilities/${facilityId}/rooms`, { name, type: 'rink', ...OPEN_AROUND_THE_CLOCK })
      rooms.push((await expectJson<{ room: { id: string } }>(response, 201)).room.id)
    }
    // The five Mondays of June 2031, 10:00 to 11:00: every booking of a space and client on them
    // is one roll-up row, so the winners of each slot race on it.
    const mondays = ['2031-06-02', '2031-06-09', '2031-06-16', '2031-06-23', '2031-06-30']
    const attempts = Array.from({ length: 100 }, (_, index) => ({
      roomId: rooms[index % rooms.length]!,
      clientId: clientIds[1 + (index % 2)]!,
      title: 'Race',
      date: mondays[Math.floor(index / rooms.length) % mondays.length]!,
      startTime: '10:00',
      durationMinutes: 60,
    }))
    const answers = await Promise.all(attempts.map((body) => request('POST', '/api/events', body)))
    const booked: string[] = []
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.status)
      if (answer.status === 201) booked.push(...(await answer.json()).events.map((event: { id: string }) => event.id))
    }
    expect(booked).toHaveLength(rooms.length * mondays.length)
    await expectRollUpToAgree()
    // A hundred at once again: every winner cancelled, and each slot booked anew by someone else.
    const again = await Promise.all([
      ...booked.map((id) => request('DELETE', `/api/events/${id}`)),
      ...attempts.map((body, index) => request('POST', '/api/events', { ...body, clientId: clientIds[index % 3]! })),
    ])
    for (const answer of again) expect([201, 204, 409]).toContain(answer.status)
    await expectRollUpToAgree()
  })

  it('follows a deleted client and a facility that changes zone', async () => {
    const over = combineLocalDateTime('2031-03-09', '01:00', TORONTO)
    await t.db.insert(schedules).values([
      {
        organisationId,
        roomId: roomIds[2]!,
        clientId: clientIds[0]!,
        title: 'Over the change',
        startTime: over,
        endTime: new Date(over.getTime() + 2 * 3_600_000),
      },
      {
        organisationId,
        roomId: roomIds[2]!,
        clientId: clientIds[0]!,
        title: 'Late',
        startTime: combineLocalDateTime('2031-05-05', '22:00', TORONTO),
        endTime: combineLocalDateTime('2031-05-06', '00:00', TORONTO),
      },
    ])
    const overRow = await rows<{ local_start_minute: number | null }>(
      sql`select local_start_minute from schedules where organisation_id = ${organisationId} and title = 'Over the change'`,
    )
    expect(overRow[0]!.local_start_minute).toBeNull()
    await expectRollUpToAgree()

    expect((await request('DELETE', `/api/clients/${clientIds[0]!}`)).status).toBe(204)
    await expectRollUpToAgree()

    const response = await request('PUT', `/api/facilities/${facilityId}`, { name: 'Arena', timeZone: 'Europe/London' })
    expect(response.status).toBe(200)
    await expectWallMinutesToBeReal('Europe/London')
    await expectRollUpToAgree()
  })
})
