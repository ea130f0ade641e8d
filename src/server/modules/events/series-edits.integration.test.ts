import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { asc, eq } from 'drizzle-orm'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, localDateOf } from '@shared/scheduling/local-day'
import { formatTimeOfDay } from '@shared/scheduling/time-of-day'
import type { ActivityEntry } from '@shared/activity/responses'
import { schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'
const SAME_ROOMS = 'Home and away need different change rooms'
// A Monday; each series of a run starts ten weeks after the one before, so runs never meet.
const FIRST_MONDAY = '2033-01-03'
const RUN_WEEKS = 10

type Row = typeof schedules.$inferSelect
// What an operator can change on an occurrence, besides its times, with spaces, clients and change
// rooms named by key ('A', 'Jets', '1') so that the model reads like the sheet.
type Values = {
  title: string
  room: 'A' | 'B'
  client: 'Jets' | 'Kings'
  description: string | null
  color: string
  team1Name: string | null
  team2Name: string | null
  changeRoom1: '1' | '2' | '3' | null
  changeRoom2: '1' | '2' | '3' | null
}
type Changes = Partial<Values> & { startMinutes?: number; lengthMinutes?: number }
type Occurrence = { date: string; startMinutes: number; lengthMinutes: number; followsRule: boolean; values: Values }

const FIELDS = ['title', 'room', 'client', 'description', 'color', 'team1Name', 'team2Name', 'changeRoom1', 'changeRoom2'] as const

// An edit of a series is only what the operator changed (docs/product.md#series, ADR 0045).
describe.each(testDatabaseKinds())('series edits change only what the operator changed, on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  const ids = {
    room: {} as Record<Values['room'], string>,
    client: {} as Record<Values['client'], string>,
    changeRoom: {} as Record<'1' | '2' | '3', string>,
  }
  let runs = 0

  const request = (method: string, path: string, body?: unknown) => t.request(path, { method, body, cookie: operator.cookie })

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = await t.createOperator(await t.createAdmin())
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
    ids.room = { A: await space('Rink A', 'rink'), B: await space('Rink B', 'rink') }
    ids.changeRoom = {
      1: await space('Change Room 1', 'change_room'),
      2: await space('Change Room 2', 'change_room'),
      3: await space('Change Room 3', 'change_room'),
    }
    const client = async (name: string) =>
      (await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name }), 201)).client.id
    ids.client = { Jets: await client('Jets'), Kings: await client('Kings') }
  })
  afterAll(async () => {
    await t.close()
  })

  const keyOf = <K extends string>(table: Record<K, string>, id: string | null): K | null =>
    id === null ? null : ((Object.keys(table) as K[]).find((key) => table[key] === id) ?? null)

  /** A weekly game series on Mondays; each test and run gets weeks of its own. */
  const bookSeries = async ({ count, startMinutes, lengthMinutes }: { count: number; startMinutes: number; lengthMinutes: number }) => {
    const date = addCalendarDays(FIRST_MONDAY, 7 * RUN_WEEKS * runs++)
    const { events } = await expectJson<{ events: { seriesId: string }[] }>(
      await request('POST', '/api/events', {
        roomId: ids.room.A,
        clientId: ids.client.Jets,
        title: 'U13 A Practice',
        date,
        startTime: formatTimeOfDay(startMinutes),
        durationMinutes: lengthMinutes,
        eventType: 'game',
        team1Name: 'Jets',
        team2Name: 'Kings',
        changeRoom1Id: ids.changeRoom[1],
        changeRoom2Id: ids.changeRoom[2],
        recurrence: { frequency: 'weekly', weekdays: [1], endDate: addCalendarDays(date, 7 * (count - 1)) },
      }),
      201,
    )
    const seriesId = events[0]!.seriesId
    const model: Occurrence[] = Array.from({ length: count }, (_, index) => ({
      date: addCalendarDays(date, 7 * index),
      startMinutes,
      lengthMinutes,
      followsRule: true,
      values: {
        title: 'U13 A Practice',
        room: 'A',
        client: 'Jets',
        description: null,
        color: '#3b82f6',
        team1Name: 'Jets',
        team2Name: 'Kings',
        changeRoom1: '1',
        changeRoom2: '2',
      },
    }))
    return { seriesId, model }
  }

  /** The trail's entries about the series' events, newest first. */
  const activityOf = async (seriesId: string) => {
    const eventIds = new Set((await rowsOf(seriesId)).map((row) => row.id))
    const { entries } = await expectJson<{ entries: ActivityEntry[] }>(await request('GET', '/api/activity?kind=event'), 200)
    return entries.filter((entry) => entry.action === 'updated' && entry.entityId !== null && eventIds.has(entry.entityId))
  }

  const rowsOf = (seriesId: string) =>
    t.db.select().from(schedules).where(eq(schedules.seriesId, seriesId)).orderBy(asc(schedules.startTime))

  const valuesOf = (row: Row): Values => ({
    title: row.title,
    room: keyOf(ids.room, row.roomId)!,
    client: keyOf(ids.client, row.clientId)!,
    description: row.description,
    color: row.color,
    team1Name: row.team1Name,
    team2Name: row.team2Name,
    changeRoom1: keyOf(ids.changeRoom, row.changeRoom1Id),
    changeRoom2: keyOf(ids.changeRoom, row.changeRoom2Id),
  })

  /** What the database holds, read the way the model is written. */
  const stateOf = async (seriesId: string) =>
    (await rowsOf(seriesId)).map((row) => ({
      start: row.startTime.toISOString(),
      end: row.endTime.toISOString(),
      followsRule: row.followsRule,
      values: valuesOf(row),
    }))

  const expectedState = (model: Occurrence[]) =>
    model.map(({ date, startMinutes, lengthMinutes, followsRule, values }) => {
      const start = combineLocalDateTime(date, formatTimeOfDay(startMinutes), TORONTO)
      return {
        start: start.toISOString(),
        end: new Date(start.getTime() + lengthMinutes * 60_000).toISOString(),
        followsRule,
        values,
      }
    })

  /**
   * The sheet's save: every field of the form, as the operator left it, the edited occurrence's
   * own values with `changes` typed over them, based on the versions the sheet read.
   */
  const edit = async (seriesId: string, index: number, scope: 'this' | 'following' | 'all', changes: Changes) => {
    const row = (await rowsOf(seriesId))[index]!
    const { version: seriesVersion } = await expectJson<{ version: number }>(await request('GET', `/api/series/${seriesId}`), 200)
    const { startMinutes, lengthMinutes, ...typed } = changes
    const values = { ...valuesOf(row), ...typed }
    const start =
      startMinutes === undefined
        ? row.startTime
        : combineLocalDateTime(localDateOf(row.startTime, TORONTO), formatTimeOfDay(startMinutes), TORONTO)
    const length = lengthMinutes === undefined ? row.endTime.getTime() - row.startTime.getTime() : lengthMinutes * 60_000
    return request('PUT', `/api/events/${row.id}`, {
      roomId: ids.room[values.room],
      clientId: ids.client[values.client],
      title: values.title,
      description: values.description,
      color: values.color,
      eventType: 'game',
      team1Name: values.team1Name,
      team2Name: values.team2Name,
      changeRoom1Id: values.changeRoom1 === null ? null : ids.changeRoom[values.changeRoom1],
      changeRoom2Id: values.changeRoom2 === null ? null : ids.changeRoom[values.changeRoom2],
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + length).toISOString(),
      version: row.version,
      scope,
      seriesVersion,
    })
  }

  it("keeps a 'this and following' move when 'all events' then changes only the description", async () => {
    const { seriesId, model } = await bookSeries({ count: 8, startMinutes: 18 * 60 + 30, lengthMinutes: 60 })
    const moved = await expectJson<{ changed: number }>(await edit(seriesId, 3, 'following', { startMinutes: 19 * 60 }), 200)
    expect(moved.changed).toBe(5)
    // One entry for the edit, with each occurrence's own before and after (ADR 0046).
    const [entry, ...others] = await activityOf(seriesId)
    expect(others).toHaveLength(0)
    const times = (minutes: number, index: number) => {
      const start = combineLocalDateTime(model[index]!.date, formatTimeOfDay(minutes), TORONTO)
      return { start: start.toISOString(), end: new Date(start.getTime() + 60 * 60_000).toISOString() }
    }
    expect(entry).toMatchObject({
      action: 'updated',
      label: 'U13 A Practice',
      changes: {
        start: { before: times(18 * 60 + 30, 3).start, after: times(19 * 60, 3).start },
        seriesEvents: { before: null, after: 5 },
        occurrences: {
          before: [3, 4, 5, 6, 7].map((index) => times(18 * 60 + 30, index)),
          after: [3, 4, 5, 6, 7].map((index) => times(19 * 60, index)),
        },
      },
    })
    const described = await expectJson<{ changed: number }>(await edit(seriesId, 0, 'all', { description: 'Bring pucks' }), 200)
    const [descriptionEntry] = await activityOf(seriesId)
    expect(descriptionEntry!.changes).toMatchObject({
      description: { before: null, after: 'Bring pucks' },
      seriesEvents: { after: 8 },
    })
    expect(Object.keys(descriptionEntry!.changes).sort()).toEqual(['description', 'occurrences', 'seriesEvents'])
    // Each occurrence keeps its own times in the details: the later five at 7:00 PM.
    expect((descriptionEntry!.changes.occurrences!.after as { start: string }[]).map(({ start }) => start)).toEqual(
      model.map((_, index) => times(index >= 3 ? 19 * 60 : 18 * 60 + 30, index).start),
    )
    expect(described.changed).toBe(8)
    const state = await stateOf(seriesId)
    expect(state).toEqual(
      expectedState(
        model.map((occurrence, index) => ({
          ...occurrence,
          startMinutes: index >= 3 ? 19 * 60 : occurrence.startMinutes,
          values: { ...occurrence.values, description: 'Bring pucks' },
        })),
      ),
    )
  })

  it("keeps each occurrence's space and times when 'all events' changes only a change room", async () => {
    const { seriesId, model } = await bookSeries({ count: 5, startMinutes: 17 * 60, lengthMinutes: 90 })
    await expectJson(await edit(seriesId, 2, 'following', { room: 'B', startMinutes: 18 * 60, lengthMinutes: 60 }), 200)
    await expectJson(await edit(seriesId, 4, 'all', { changeRoom2: '3' }), 200)
    expect(await stateOf(seriesId)).toEqual(
      expectedState(
        model.map((occurrence, index) => ({
          ...occurrence,
          ...(index >= 2 && { startMinutes: 18 * 60, lengthMinutes: 60 }),
          values: { ...occurrence.values, room: index >= 2 ? 'B' : 'A', changeRoom2: '3' },
        })),
      ),
    )
  })

  it('refuses a series edit that would give home and away one change room anywhere, and changes nothing', async () => {
    const { seriesId } = await bookSeries({ count: 4, startMinutes: 19 * 60, lengthMinutes: 60 })
    await expectJson(await edit(seriesId, 2, 'following', { changeRoom1: '3' }), 200)
    const before = await stateOf(seriesId)
    // The edited first game would have 1 / 3, but the last two would have 3 / 3.
    const refused = await edit(seriesId, 0, 'all', { changeRoom2: '3' })
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).message).toBe(SAME_ROOMS)
    expect(await stateOf(seriesId)).toEqual(before)
  })

  // Random sequences of edits on random series: no field the operator left alone ever changes, and
  // every occurrence is where the operator put it (the model below is the rule in a few lines).
  const option = <T>(values: readonly T[]) => fc.constantFrom(...values)
  const changes = fc.record(
    {
      startMinutes: option([16 * 60, 17 * 60 + 30, 18 * 60 + 30, 19 * 60, 20 * 60]),
      lengthMinutes: option([45, 60, 90]),
      room: option(['A', 'B'] as const),
      client: option(['Jets', 'Kings'] as const),
      title: option(['U13 A Practice', 'U15 Game', 'Jets vs Kings']),
      description: option([null, 'Bring pucks', 'Skates sharpened']),
      color: option(['#3b82f6', '#ef4444']),
      team1Name: option([null, 'Jets', 'Kings']),
      team2Name: option([null, 'Jets', 'Kings']),
      changeRoom1: option([null, '1', '2', '3'] as const),
      changeRoom2: option([null, '1', '2', '3'] as const),
    },
    { requiredKeys: [] },
  )
  const editCommand = fc.record({ pick: fc.nat(), scope: option(['this', 'following', 'all'] as const), changes })
  const seriesShape = fc.record({
    count: fc.integer({ min: 2, max: 5 }),
    startMinutes: option([17 * 60, 18 * 60 + 30, 19 * 60]),
    lengthMinutes: option([60, 90]),
  })

  /** What the edit should leave: the model's rule, written apart from the service's. */
  function applyEdit(model: Occurrence[], index: number, scope: 'this' | 'following' | 'all', changes: Changes) {
    const edited = model[index]!
    const { startMinutes: typedStart, lengthMinutes: typedLength, ...typedValues } = changes
    const wanted: Values = { ...edited.values, ...typedValues }
    const changedFields = FIELDS.filter((field) => wanted[field] !== edited.values[field])
    const startMinutes = typedStart ?? edited.startMinutes
    const lengthMinutes = typedLength ?? edited.lengthMinutes
    return model.map((occurrence, position) => {
      if (position === index) return { ...occurrence, startMinutes, lengthMinutes, values: wanted, followsRule: scope !== 'this' }
      const inScope = scope === 'all' || (scope === 'following' && position > index)
      if (!inScope || !occurrence.followsRule) return occurrence
      const values = { ...occurrence.values }
      for (const field of changedFields) Object.assign(values, { [field]: wanted[field] })
      return {
        ...occurrence,
        startMinutes: startMinutes !== edited.startMinutes ? startMinutes : occurrence.startMinutes,
        lengthMinutes: lengthMinutes !== edited.lengthMinutes ? lengthMinutes : occurrence.lengthMinutes,
        values,
      }
    })
  }

  it('never changes what an operator left alone, over random sequences of this / following / all edits', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(seriesShape, fc.array(editCommand, { minLength: 1, maxLength: 4 }), async (shape, commands) => {
        const booked = await bookSeries(shape)
        const { seriesId } = booked
        let { model } = booked
        for (const { pick, scope, changes: typed } of commands) {
          const index = pick % model.length
          const next = applyEdit(model, index, scope, typed)
          const shares = next.some(({ values }) => values.changeRoom1 !== null && values.changeRoom1 === values.changeRoom2)
          const response = await edit(seriesId, index, scope, typed)
          if (shares) {
            expect(response.status).toBe(422)
            expect((await errorOf(response)).message).toBe(SAME_ROOMS)
          } else {
            expect(response.status, JSON.stringify(await response.clone().json())).toBe(200)
            model = next
          }
          expect(await stateOf(seriesId)).toEqual(expectedState(model))
        }
      }),
      { numRuns: 40 },
    )
  })
})
