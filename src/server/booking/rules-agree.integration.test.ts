import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { inArray, sql } from 'drizzle-orm'
import {
  changeRoomHoldsOf,
  groupIntoBookings,
  occupancyOf,
  problemsOf,
  statusOf,
  type BookingProblem,
  type WhatIsThere,
} from '@shared/booking/rules'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { closureCloses, linkedSpacesOf } from '@shared/scheduling/space-tree'
import { splitAtMidnight, stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import { formatTimeOfDay } from '@shared/scheduling/time-of-day'
import { closures, schedules } from '../db/schema'
import { OPEN_AROUND_THE_CLOCK, createTestApp, type TestApp, type TestUser } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

// The shared booking rules (src/shared/booking/rules.ts) against the database that holds them:
// random bookings and moves through the API, each one's answer (booked, or refused and why) as
// statusOf reads what is there. Driven through the API and read directly, never through the
// server's modules.

const ZONE = 'America/Toronto'
// From 4:00 PM on the night the clocks fall back, in quarter hours to 8:00 AM: most bookings
// meet, and many cross midnight.
const FIRST_DAY = '2030-11-02'
const WINDOW_START_MINUTES = 16 * 60
const SLOTS = 64
const SLOT_MINUTES = 15
const CHANGE_ROOM_MINUTES = 15
const RUNS = 30
const COMMANDS_PER_RUN = 22

type Space = { id: string; parentId: string | null; type: string; name: string; changeoverMinutes: number } & typeof STUDIO_HOURS
const STUDIO_HOURS = { operatingStartTime: '08:00', operatingEndTime: '22:00', bookingInterval: 30 }

const when = { slot: fc.integer({ min: 0, max: SLOTS - 1 }), durationSlots: fc.integer({ min: 1, max: 20 }) }
// 0: none; otherwise the change room of that number.
const changeRoomsChoice = { home: fc.integer({ min: 0, max: 3 }), away: fc.integer({ min: 0, max: 3 }) }
const command = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), space: fc.integer({ min: 0, max: 3 }), ...when, ...changeRoomsChoice }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      // Null: the booking stays in its space.
      space: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      ...when,
      ...changeRoomsChoice,
    }),
  },
)
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never

// The slot's date and wall-clock time, and its instant as the server reads a create's.
function startOf(slot: number) {
  const minutes = WINDOW_START_MINUTES + slot * SLOT_MINUTES
  const date = addCalendarDays(FIRST_DAY, Math.floor(minutes / 1440))
  const time = formatTimeOfDay(minutes % 1440)
  return { date, time, instant: combineLocalDateTime(date, time, ZONE) }
}

type Row = typeof schedules.$inferSelect

// A refusal names what is in its way: the clashing event's title, the closure's words, the change
// room and its holder, or the start rule's words.
function namesOneOf(message: string, problems: BookingProblem[]) {
  return problems.some(({ status, reason }) =>
    status === 'clash' ? message.includes(reason.slice('Clashes with '.length)) : message.startsWith(reason),
  )
}

describe.each(testDatabaseKinds())('the shared booking rules agree with the database on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let clientId: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = await t.createOperator(await t.createAdmin())
    clientId = ((await post('/api/clients', { name: 'Jets' })) as { client: { id: string } }).client.id
  })
  afterAll(async () => {
    await t.close()
  })

  async function post(path: string, body: unknown) {
    const response = await t.request(path, { method: 'POST', body, cookie: operator.cookie })
    expect(response.status, path).toBe(201)
    return (await response.json()) as unknown
  }

  /** A rink with two linked halves, a studio with hours, three change rooms and four closures. */
  async function createArena() {
    const { facility } = (await post('/api/facilities', { name: 'Arena', timeZone: ZONE, changeRoomMinutes: CHANGE_ROOM_MINUTES })) as {
      facility: { id: string }
    }
    const space = async (
      name: string,
      type: string,
      parentId: string | null,
      changeoverMinutes: number,
      hours: typeof STUDIO_HOURS = OPEN_AROUND_THE_CLOCK,
    ) => {
      const { room } = (await post(`/api/facilities/${facility.id}/rooms`, { name, type, parentId, changeoverMinutes, ...hours })) as {
        room: { id: string }
      }
      return { id: room.id, parentId, type, name, changeoverMinutes, ...hours }
    }
    const sheet = await space('Full Sheet', 'rink', null, 15)
    const bookable: Space[] = [
      sheet,
      await space('Half Ice A', 'rink', sheet.id, 0),
      await space('Half Ice B', 'rink', sheet.id, 10),
      await space('Studio', 'rink', null, 5, STUDIO_HOURS),
    ]
    const changeRooms = [
      await space('Room North', 'change_room', null, 0),
      await space('Room South', 'change_room', null, 0),
      await space('Room East', 'change_room', null, 0),
    ]
    const next = addCalendarDays(FIRST_DAY, 1)
    const closure = (reason: string, spaceId: string | null, startDate: string, startTime: string, endDate: string, endTime: string) =>
      post(`/api/facilities/${facility.id}/closures`, { reason, spaceId, startDate, startTime, endDate, endTime })
    await closure('Sheet resurfacing', sheet.id, FIRST_DAY, '18:00', FIRST_DAY, '19:00')
    await closure('Half A repair', bookable[1]!.id, FIRST_DAY, '23:30', next, '00:45')
    await closure('Studio cleaning', bookable[3]!.id, FIRST_DAY, '20:00', FIRST_DAY, '20:30')
    await closure('Power outage', null, next, '05:00', next, '06:00')
    return { facilityId: facility.id, bookable, changeRooms, spaces: [...bookable, ...changeRooms] }
  }
  type Arena = Awaited<ReturnType<typeof createArena>>

  const rowsOf = (arena: Arena) =>
    t.db
      .select()
      .from(schedules)
      .where(
        inArray(
          schedules.roomId,
          arena.bookable.map((space) => space.id),
        ),
      )

  /** What is there for a booking of `space`, leaving out the booking it replaces, as read back from the database. */
  async function whatIsThere(arena: Arena, rows: Row[], space: Space, excludeIds: Set<string>, judgeStart: boolean): Promise<WhatIsThere> {
    const others = rows.filter((row) => !excludeIds.has(row.id))
    const linked = linkedSpacesOf(arena.spaces, space.id)
    const closed = await t.db
      .select()
      .from(closures)
      .where(sql`${closures.facilityId} = ${arena.facilityId}`)
    // Each other booking's change room holds, as the rules pad them.
    const holds = groupIntoBookings(others.map((row) => ({ ...row, start: row.startTime, end: row.endTime }))).flatMap((parts) => {
      const held = changeRoomHoldsOf({ parts, changeoverMinutes: 0, changeRoomIds: [] }, CHANGE_ROOM_MINUTES)
      return parts.flatMap((part, index) =>
        [part.changeRoom1Id, part.changeRoom2Id].flatMap((id) => (id ? [{ changeRoomId: id, title: part.title, held: held[index]! }] : [])),
      )
    })
    return {
      events: others
        .filter((row) => linked.has(row.roomId))
        .map((row) => ({
          title: row.title,
          blocked: { start: row.startTime, end: new Date(row.endTime.getTime() + row.changeoverMinutes * 60_000) },
        })),
      closures: closed
        .filter((closure) => closureCloses(arena.spaces, closure.roomId, space.id))
        .map(({ reason, startTime: start, endTime: end }) => ({ reason, start, end })),
      changeRooms: arena.changeRooms.map(({ id, name }) => ({ id, name, holds: holds.filter((hold) => hold.changeRoomId === id) })),
      changeRoomMinutes: CHANGE_ROOM_MINUTES,
      startRule: judgeStart ? { space, timeZone: ZONE } : null,
    }
  }

  // The rules' holds and occupancy of every booking are the ones the database wrote.
  async function expectHeldAsTheRulesSay(arena: Arena, rows: Row[]) {
    const result = await t.db.execute(sql`
      select schedule_id, change_room_id, lower(during) as held_from, upper(during) as held_to from change_room_holds
      where change_room_id in (${sql.join(
        arena.changeRooms.map((room) => sql`${room.id}::uuid`),
        sql`, `,
      )})`)
    type HoldRow = { schedule_id: string; change_room_id: string; held_from: Date | string; held_to: Date | string }
    const stored = (result as unknown as { rows: HoldRow[] }).rows
      .map(
        (row) => `${row.schedule_id} ${row.change_room_id} ${new Date(row.held_from).toISOString()} ${new Date(row.held_to).toISOString()}`,
      )
      .sort()
    const expected: string[] = []
    for (const parts of groupIntoBookings(rows.map((row) => ({ ...row, start: row.startTime, end: row.endTime })))) {
      const space = arena.bookable.find((candidate) => candidate.id === parts[0]!.roomId)!
      const occurrence = { parts, changeoverMinutes: space.changeoverMinutes, changeRoomIds: [] }
      const occupied = occupancyOf(occurrence)
      parts.forEach((part, index) =>
        expect(new Date(part.endTime.getTime() + part.changeoverMinutes * 60_000)).toEqual(occupied[index]!.end),
      )
      const held = changeRoomHoldsOf(occurrence, CHANGE_ROOM_MINUTES)
      parts.forEach((part, index) => {
        for (const id of new Set([part.changeRoom1Id, part.changeRoom2Id])) {
          if (id) expected.push(`${part.id} ${id} ${held[index]!.start.toISOString()} ${held[index]!.end.toISOString()}`)
        }
      })
    }
    expect(stored).toEqual(expected.sort())
  }

  const changeRoomsOf = (arena: Arena, step: Command) => {
    const home = step.home === 0 ? null : arena.changeRooms[step.home - 1]!.id
    const away = step.away === 0 || step.away === step.home ? null : arena.changeRooms[step.away - 1]!.id
    // A practice has one change room; a game may have two.
    return { eventType: away ? 'game' : 'practice', changeRoom1Id: home, changeRoom2Id: away }
  }

  let tried = 0
  const verdicts = new Map<string, number>()

  it(`answers every booking and move as statusOf says, in at least ${RUNS * COMMANDS_PER_RUN} tries`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: COMMANDS_PER_RUN, maxLength: COMMANDS_PER_RUN }), async (commands) => {
        const arena = await createArena()
        let count = 0
        for (const step of commands) {
          const rows = await rowsOf(arena)
          const changeRooms = changeRoomsOf(arena, step)
          const changeRoomIds = [changeRooms.changeRoom1Id, changeRooms.changeRoom2Id].filter((id) => id !== null)
          const { date, time, instant: start } = startOf(step.slot)
          const end = new Date(start.getTime() + step.durationSlots * SLOT_MINUTES * 60_000)
          const parts = splitAtMidnight({ title: '', start, end }, ZONE).map((part) => ({ start: part.start, end: part.end }))
          let response: Response
          let there: WhatIsThere
          let space: Space
          let what: string
          // A move with nothing booked yet books instead, so that every command is tried.
          if (step.kind === 'create' || rows.length === 0) {
            space = arena.bookable[step.space ?? 0]!
            there = await whatIsThere(arena, rows, space, new Set(), true)
            const title = `Booking ${++count}`
            what = `create "${title}" on ${space.name} at ${date} ${time} for ${step.durationSlots * SLOT_MINUTES} minutes`
            response = await t.request('/api/events', {
              method: 'POST',
              cookie: operator.cookie,
              body: {
                roomId: space.id,
                clientId,
                title,
                date,
                startTime: time,
                durationMinutes: step.durationSlots * SLOT_MINUTES,
                ...changeRooms,
              },
            })
          } else {
            const target = rows[step.pick % rows.length]!
            const members = new Set(
              rows
                .filter((row) => row.id === target.id || (target.eventGroupId && row.eventGroupId === target.eventGroupId))
                .map((row) => row.id),
            )
            space = step.space === null ? arena.bookable.find((candidate) => candidate.id === target.roomId)! : arena.bookable[step.space]!
            // The database judges the start of the row that keeps its id only when its start or its space changes.
            const judgeStart = target.startTime.getTime() !== start.getTime() || target.roomId !== space.id
            there = await whatIsThere(arena, rows, space, members, judgeStart)
            what = `move "${target.title}" to ${space.name} at ${date} ${time} for ${step.durationSlots * SLOT_MINUTES} minutes`
            response = await t.request(`/api/events/${target.id}`, {
              method: 'PUT',
              cookie: operator.cookie,
              body: {
                clientId,
                title: stripSplitSuffix(target.title),
                startTime: start.toISOString(),
                endTime: end.toISOString(),
                roomId: space.id,
                version: target.version,
                ...changeRooms,
              },
            })
          }
          const occurrence = { parts, changeoverMinutes: space.changeoverMinutes, changeRoomIds }
          const verdict = statusOf(occurrence, there)
          const body = (await response.json()) as { error?: { message: string } }
          const context = `${what} with ${changeRoomIds.length} change rooms: rules say ${verdict.status} (${verdict.reason}), the database ${response.status} ${body.error?.message ?? ''}`
          const expected = verdict.status === 'free' ? (what.startsWith('create') ? 201 : 200) : verdict.status === 'hours' ? 422 : 409
          expect(response.status, context).toBe(expected)
          if (verdict.status !== 'free') expect(namesOneOf(body.error!.message, problemsOf(occurrence, there)), context).toBe(true)
          tried++
          verdicts.set(verdict.status, (verdicts.get(verdict.status) ?? 0) + 1)
        }
        await expectHeldAsTheRulesSay(arena, await rowsOf(arena))
      }),
      { numRuns: RUNS },
    )
    expect(tried).toBeGreaterThanOrEqual(500)
    // Every verdict was met, so none of the rules went untested.
    expect([...verdicts.keys()].sort()).toEqual(['changeRoom', 'clash', 'closed', 'free', 'hours'])
  }, 600_000)
})
