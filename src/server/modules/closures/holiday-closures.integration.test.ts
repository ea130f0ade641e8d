import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { activityEntries, closures, schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'
const at = (date: string, time: string) => combineLocalDateTime(date, time, TORONTO).toISOString()

type Holiday = { date: string; name: string; isAlreadyClosed: boolean }
type Preview = { holidays: Holiday[]; events: { id: string; title: string }[]; total: number }
type Added = { added: number; skipped: Holiday[]; kept: number; cancelled: number }

// Public holidays as closures (docs/product.md#closures, ADR 0050): a season's holidays of a region
// become all-day closures of the whole facility in one write, those already closed skipped.
describe.each(testDatabaseKinds())('public holidays as closures on %s', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  const createArena = async () => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    const { room } = await expectJson<{ room: { id: string } }>(
      await request('POST', `/api/facilities/${facility.id}/rooms`, {
        name: 'Rink A',
        type: 'rink',
        operatingStartTime: '06:00',
        operatingEndTime: '23:00',
      }),
      201,
    )
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }), 201)
    return { facilityId: facility.id, rinkId: room.id, clientId: client.id }
  }
  type Arena = Awaited<ReturnType<typeof createArena>>

  const season = { country: 'CA', region: 'ON', from: '2026-09-01', to: '2027-04-30' }
  const preview = (arena: Arena, body: Record<string, unknown> = season) =>
    request('POST', `/api/facilities/${arena.facilityId}/closures/holidays/preview`, body)
  const addHolidays = (arena: Arena, body: Record<string, unknown> = season) =>
    request('POST', `/api/facilities/${arena.facilityId}/closures/holidays`, body)
  const closuresOf = (arena: Arena) =>
    t.db
      .select({ reason: closures.reason, roomId: closures.roomId, start: closures.startTime, end: closures.endTime })
      .from(closures)
      .where(eq(closures.facilityId, arena.facilityId))
      .orderBy(closures.startTime)

  it("lists a season's public holidays of a province, and adds them all as all-day closures of the facility in one entry", async () => {
    const arena = await createArena()
    const { holidays, total } = await expectJson<Preview>(await preview(arena), 200)
    expect(total).toBe(0)
    expect(holidays.map(({ date, name }) => [date, name])).toEqual(
      expect.arrayContaining([
        ['2026-09-07', 'Labour Day'],
        ['2026-10-12', 'Thanksgiving'],
        ['2026-12-25', 'Christmas Day'],
        ['2026-12-26', 'Boxing Day'],
        ['2027-01-01', "New Year's Day"],
        ['2027-02-15', 'Family Day'],
      ]),
    )
    // Only the season's days, in date order, one per day, the province's own included.
    expect(holidays.every(({ date }) => date >= season.from && date <= season.to)).toBe(true)
    expect(holidays.map(({ date }) => date)).toEqual([...new Set(holidays.map(({ date }) => date))].sort())
    expect(holidays.every(({ isAlreadyClosed }) => !isAlreadyClosed)).toBe(true)
    // Quebec has no Family Day.
    const quebec = await expectJson<Preview>(await preview(arena, { ...season, region: 'qc' }), 200)
    expect(quebec.holidays.map(({ name }) => name)).not.toContain('Family Day')

    const answer = await expectJson<Added>(await addHolidays(arena), 201)
    expect(answer).toEqual({ added: holidays.length, skipped: [], kept: 0, cancelled: 0, declinedRequests: 0 })
    const rows = await closuresOf(arena)
    expect(rows).toHaveLength(holidays.length)
    // All day on the facility's calendar, the whole facility, the holiday's name as the reason.
    expect(rows.find((row) => row.reason === 'Christmas Day')).toEqual({
      reason: 'Christmas Day',
      roomId: null,
      start: new Date(at('2026-12-25', '00:00')),
      end: new Date(at('2026-12-26', '00:00')),
    })
    const entries = await t.db
      .select({ action: activityEntries.action, entity: activityEntries.entity, label: activityEntries.label })
      .from(activityEntries)
      .where(and(eq(activityEntries.facilityId, arena.facilityId), eq(activityEntries.entity, 'closure')))
    expect(entries).toEqual([{ action: 'created', entity: 'closure', label: `${holidays.length} public holidays` }])

    // A weekly series across Dec 25 lists it among the taken dates, with the holiday's name.
    const series = {
      roomId: arena.rinkId,
      date: '2026-12-18',
      startTime: '18:00',
      durationMinutes: 60,
      recurrence: { frequency: 'weekly', weekdays: [5], endDate: '2027-01-08' },
    }
    const { occurrences } = await expectJson<{ occurrences: { status: string; reason: string | null }[] }>(
      await request('POST', '/api/events/preview', series),
      200,
    )
    expect(occurrences.map(({ status, reason }) => [status, reason])).toEqual([
      ['free', null],
      ['closed', 'Closed: Christmas Day'],
      ['closed', "Closed: New Year's Day"],
      ['free', null],
    ])
  })

  it('skips a holiday whose day is already closed and says so; adding again adds nothing and writes nothing', async () => {
    const arena = await createArena()
    await expectJson(
      await request('POST', `/api/facilities/${arena.facilityId}/closures`, {
        spaceId: null,
        reason: 'Closed for Christmas',
        startDate: '2026-12-24',
        startTime: '12:00',
        endDate: '2026-12-27',
        endTime: '00:00',
      }),
      201,
    )
    const { holidays } = await expectJson<Preview>(await preview(arena), 200)
    expect(holidays.filter(({ isAlreadyClosed }) => isAlreadyClosed).map(({ name }) => name)).toEqual(['Christmas Day', 'Boxing Day'])
    const first = await expectJson<Added>(await addHolidays(arena), 201)
    expect(first.added).toBe(holidays.length - 2)
    expect(first.skipped.map(({ date, name }) => [date, name])).toEqual([
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-26', 'Boxing Day'],
    ])
    const before = (await closuresOf(arena)).length
    const again = await expectJson<Added>(await addHolidays(arena), 201)
    expect(again).toMatchObject({ added: 0, kept: 0, cancelled: 0 })
    expect(again.skipped).toHaveLength(holidays.length)
    expect(await closuresOf(arena)).toHaveLength(before)
  })

  it('asks what to do with booked events, writes nothing until told, and cancels them when asked', async () => {
    const arena = await createArena()
    const { events } = await expectJson<{ events: { id: string }[] }>(
      await request('POST', '/api/events', {
        roomId: arena.rinkId,
        clientId: arena.clientId,
        title: 'New Year skate',
        date: '2027-01-01',
        startTime: '13:00',
        durationMinutes: 60,
      }),
      201,
    )
    expect((await expectJson<Preview>(await preview(arena), 200)).events.map(({ title }) => title)).toEqual(['New Year skate'])
    const unasked = await addHolidays(arena)
    expect(unasked.status).toBe(409)
    expect((await errorOf(unasked)).message).toBe('This closure covers 1 event. Choose to keep or cancel it.')
    expect(await closuresOf(arena)).toEqual([])
    const done = await expectJson<Added>(await addHolidays(arena, { ...season, coveredEvents: 'cancel' }), 201)
    expect(done).toMatchObject({ kept: 0, cancelled: 1 })
    expect(await t.db.select().from(schedules).where(eq(schedules.id, events[0]!.id))).toEqual([])
  })

  it('refuses an unknown country or province, and days the wrong way round, and changes nothing', async () => {
    const arena = await createArena()
    for (const [body, field, message] of [
      [{ ...season, country: 'ZZ' }, 'country', 'Please choose a country'],
      [{ ...season, country: 'Canada' }, 'country', 'Please choose a country'],
      [{ ...season, region: 'XX' }, 'region', 'Please choose a state or province of that country'],
      [{ ...season, to: '2026-08-31' }, 'to', 'The last day must be on or after the first'],
      [{ ...season, to: '2027-09-02' }, 'to', 'Choose at most 366 days'],
    ] as const) {
      const response = await addHolidays(arena, body)
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect((await errorOf(response)).fields?.[field], JSON.stringify(body)).toBe(message)
    }
    expect(await closuresOf(arena)).toEqual([])
  })

  it('adds each holiday once when many add them at the same moment', async () => {
    const arena = await createArena()
    const { holidays } = await expectJson<Preview>(await preview(arena), 200)
    const answers = await Promise.all(Array.from({ length: 12 }, () => addHolidays(arena)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201))
    const added = (await Promise.all(answers.map((answer) => answer.json() as Promise<Added>))).map((answer) => answer.added)
    expect(added.filter((count) => count > 0)).toEqual([holidays.length])
    expect(await closuresOf(arena)).toHaveLength(holidays.length)
  })
})
