import { describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { contractUsage, schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { dstGapMessage } from '@shared/scheduling/local-day'

const TORONTO = 'America/Toronto'
const STALE = 'This event was changed by someone else. Reload to see the latest.'

type ApiEvent = {
  id: string
  roomId: string
  title: string
  startTime: string
  endTime: string
  clientId: string | null
  color: string
  eventType: 'practice' | 'game'
  eventGroupId: string | null
  version: number
  seriesId: string | null
  followsRule: boolean
}
type Series = {
  id: string
  frequency: string
  weekdays: number[]
  startDate: string
  endDate: string
  version: number
  eventCount: number
  changedCount: number
}

// A series is a series (docs/product.md#series, ADR 0031): it remembers its rule, an occurrence changed by
// itself leaves the rule but stays in the series, and 'this and following' or 'all' re-plan or
// delete the rest in one statement, refused as stale when the series moved on meanwhile.
describe.each(testDatabaseKinds())('series on %s', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })

  const request = (method: string, path: string, body?: unknown) => t.request(path, { method, body, cookie: operator.cookie })

  const createVenue = async () => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    const { room } = await expectJson<{ room: { id: string } }>(
      await request('POST', `/api/facilities/${facility.id}/rooms`, {
        name: 'Rink A',
        type: 'rink',
        // Open around the clock on a 15-minute grid: the race below moves starts by 15 minutes.
        ...OPEN_AROUND_THE_CLOCK,
      }),
      201,
    )
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }), 201)
    const { contract } = await expectJson<{ contract: { id: string } }>(
      await request('POST', '/api/contracts', { clientId: client.id, name: 'Season', startDate: '2020-01-01', totalHours: 900 }),
      201,
    )
    return { roomId: room.id, clientId: client.id, contractId: contract.id }
  }
  type Venue = Awaited<ReturnType<typeof createVenue>>

  // Mondays and Wednesdays from Mon Mar 1 2032 to Wed Mar 24: 8 practices at 7 PM.
  const bookSeries = async (venue: Venue, startTime = '19:00', durationMinutes = 60) =>
    (
      await expectJson<{ events: ApiEvent[] }>(
        await request('POST', '/api/events', {
          roomId: venue.roomId,
          clientId: venue.clientId,
          title: 'Jets practice',
          date: '2032-03-01',
          startTime,
          durationMinutes,
          recurrence: { frequency: 'weekly', weekdays: [1, 3], endDate: '2032-03-24' },
        }),
        201,
      )
    ).events

  const series = async (id: string) => expectJson<Series>(await request('GET', `/api/series/${id}`), 200)
  const rows = (venue: Venue) => t.db.select().from(schedules).where(eq(schedules.roomId, venue.roomId)).orderBy(asc(schedules.startTime))
  const chargedHours = async (venue: Venue) =>
    (await t.db.select({ hours: contractUsage.hoursLogged }).from(contractUsage).where(eq(contractUsage.contractId, venue.contractId)))
      .map(({ hours }) => Number(hours))
      .reduce((sum, hours) => sum + hours, 0)

  const edit = (event: ApiEvent, changes: Record<string, unknown>) =>
    request('PUT', `/api/events/${event.id}`, {
      clientId: event.clientId,
      title: event.title,
      color: event.color,
      eventType: event.eventType,
      startTime: event.startTime,
      endTime: event.endTime,
      version: event.version,
      ...changes,
    })

  it('refuses a series edit that would start an occurrence in a spring-forward gap, and changes nothing', async () => {
    const venue = await createVenue()
    const events = await bookSeries(venue)
    const before = await rows(venue)
    const { version } = await series(events[0]!.seriesId!)
    // Monday 1 March 19:00 moved to Sunday 29 February 02:30: Monday 15 March would start at 02:30
    // on Sunday 14 March, the night Toronto's clocks go forward.
    const response = await edit(events[0]!, {
      startTime: '2032-02-29T07:30:00Z',
      endTime: '2032-02-29T08:30:00Z',
      scope: 'all',
      seriesVersion: version,
    })
    expect(response.status).toBe(422)
    const message = dstGapMessage('2032-03-14', '02:30')
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message)
    expect(await rows(venue)).toEqual(before)
  })

  it('remembers its rule; one occurrence changed by itself leaves the rule but stays in the series', async () => {
    const venue = await createVenue()
    const events = await bookSeries(venue)
    expect(events).toHaveLength(8)
    const seriesId = events[0]!.seriesId!
    expect(events.every((event) => event.seriesId === seriesId && event.followsRule)).toBe(true)
    expect(await series(seriesId)).toMatchObject({
      frequency: 'weekly',
      weekdays: [1, 3],
      startDate: '2032-03-01',
      endDate: '2032-03-24',
      eventCount: 8,
      changedCount: 0,
    })

    const moved = await expectJson<{ events: ApiEvent[] }>(
      await edit(events[2]!, { startTime: '2032-03-08T22:00:00Z', endTime: '2032-03-08T23:00:00Z' }),
      200,
    )
    expect(moved.events[0]).toMatchObject({ seriesId, followsRule: false })
    expect(await series(seriesId)).toMatchObject({ eventCount: 8, changedCount: 1 })
  })

  it("re-plans 'this and following', leaving earlier and self-changed occurrences as they are, with hours recharged", async () => {
    const venue = await createVenue()
    const events = await bookSeries(venue)
    const seriesId = events[0]!.seriesId!
    // The 6th (Wed Mar 17) is moved an hour earlier by itself first.
    await expectJson(await edit(events[5]!, { startTime: '2032-03-17T21:00:00Z', endTime: '2032-03-17T22:00:00Z' }), 200)
    const { version } = await series(seriesId)

    // From the 3rd (Mon Mar 8, 7 PM EST = 00:00Z): to 6 PM, 90 minutes, renamed.
    const result = await expectJson<{ events: ApiEvent[]; changed: number; leftAsChanged: number; skipped: number }>(
      await edit(events[2]!, {
        title: 'Jets skills',
        startTime: '2032-03-08T23:00:00Z',
        endTime: '2032-03-09T00:30:00Z',
        scope: 'following',
        seriesVersion: version,
      }),
      200,
    )
    expect({ changed: result.changed, leftAsChanged: result.leftAsChanged, skipped: result.skipped }).toEqual({
      changed: 5,
      leftAsChanged: 1,
      skipped: 0,
    })
    const after = await rows(venue)
    expect(after.map((row) => [row.title, row.startTime.toISOString()])).toEqual([
      ['Jets practice', '2032-03-02T00:00:00.000Z'],
      ['Jets practice', '2032-03-04T00:00:00.000Z'],
      ['Jets skills', '2032-03-08T23:00:00.000Z'],
      ['Jets skills', '2032-03-10T23:00:00.000Z'],
      // After the DST change (Mar 14), 6 PM EDT.
      ['Jets skills', '2032-03-15T22:00:00.000Z'],
      ['Jets practice', '2032-03-17T21:00:00.000Z'],
      ['Jets skills', '2032-03-22T22:00:00.000Z'],
      ['Jets skills', '2032-03-24T22:00:00.000Z'],
    ])
    // Each re-planned occurrence kept its id; the hours follow: 2 × 1 + 1 + 5 × 1.5.
    expect(after.map((row) => row.id)).toEqual(expect.arrayContaining(events.filter((_, index) => index !== 5).map((event) => event.id)))
    expect(await chargedHours(venue)).toBe(10.5)
    expect((await series(seriesId)).version).toBeGreaterThan(version)

    // Based on the version before, an edit of 'all' is refused and changes nothing.
    const stale = await edit(events[0]!, { title: 'Stale', scope: 'all', seriesVersion: version })
    expect(stale.status).toBe(409)
    expect((await errorOf(stale)).message).toBe(STALE)
    expect((await rows(venue)).map((row) => row.title)).not.toContain('Stale')
  })

  it('shows which dates would clash before saving, and can leave those as they are', async () => {
    const venue = await createVenue()
    const events = await bookSeries(venue)
    const seriesId = events[0]!.seriesId!
    // Wed Mar 17, 5–7 PM EDT is taken by another booking.
    await expectJson(
      await request('POST', '/api/events', {
        roomId: venue.roomId,
        clientId: venue.clientId,
        title: 'Tournament',
        date: '2032-03-17',
        startTime: '17:00',
        durationMinutes: 120,
      }),
      201,
    )
    const { version } = await series(seriesId)
    const body = { startTime: '2032-03-01T23:00:00Z', endTime: '2032-03-02T00:00:00Z', scope: 'all', seriesVersion: version }
    const preview = await expectJson<{ occurrences: { startTime: string; status: string; reason: string | null }[] }>(
      await request('POST', `/api/events/${events[0]!.id}/series-preview`, {
        clientId: venue.clientId,
        title: 'Jets practice',
        color: events[0]!.color,
        eventType: 'practice',
        version: events[0]!.version,
        ...body,
      }),
      200,
    )
    expect(preview.occurrences).toHaveLength(8)
    expect(preview.occurrences.filter((occurrence) => occurrence.status !== 'free')).toEqual([
      { startTime: '2032-03-17T22:00:00.000Z', endTime: '2032-03-17T23:00:00.000Z', status: 'clash', reason: 'Clashes with "Tournament"' },
    ])

    const refused = await edit(events[0]!, body)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toMatch(/^Time slot conflicts with: "Tournament"/)

    const skipped = await expectJson<{ changed: number; skipped: number }>(await edit(events[0]!, { ...body, skipTaken: true }), 200)
    expect(skipped).toMatchObject({ changed: 7, skipped: 1 })
    const wednesday = (await rows(venue)).find((row) => row.startTime.toISOString().startsWith('2032-03-17T23'))
    expect(wednesday?.title).toBe('Jets practice')
  })

  it("deletes 'this and following' or 'all' in one step, giving the hours back and ending the rule", async () => {
    const venue = await createVenue()
    const events = await bookSeries(venue)
    const seriesId = events[0]!.seriesId!
    expect(await chargedHours(venue)).toBe(8)

    expect((await request('DELETE', `/api/events/${events[4]!.id}?scope=following`)).status).toBe(204)
    expect(await rows(venue)).toHaveLength(4)
    expect(await chargedHours(venue)).toBe(4)
    expect(await series(seriesId)).toMatchObject({ endDate: '2032-03-14', eventCount: 4 })

    expect((await request('DELETE', `/api/events/${events[1]!.id}?scope=all`)).status).toBe(204)
    expect(await rows(venue)).toHaveLength(0)
    expect(await chargedHours(venue)).toBe(0)
    expect((await request('DELETE', `/api/events/${events[0]!.id}?scope=bogus`)).status).toBe(422)
  })

  it('keeps the midnight split when a series crossing midnight is edited as a whole', async () => {
    const venue = await createVenue()
    // 11 PM to 1 AM: each occurrence is two parts.
    const events = await bookSeries(venue, '23:00', 120)
    expect(events).toHaveLength(16)
    const { version } = await series(events[0]!.seriesId!)
    const first = events[0]!
    const result = await expectJson<{ events: ApiEvent[]; changed: number }>(
      await edit(first, {
        title: 'Late skate',
        startTime: '2032-03-02T04:30:00Z',
        endTime: '2032-03-02T06:30:00Z',
        scope: 'all',
        seriesVersion: version,
      }),
      200,
    )
    expect(result.changed).toBe(8)
    const after = await rows(venue)
    expect(after).toHaveLength(16)
    expect(after.filter((row) => row.title === 'Late skate (Part 1)')).toHaveLength(8)
    expect(after.every((row) => row.eventGroupId !== null)).toBe(true)
  })

  it("lets exactly one of 100 'this and following' edits based on one version win, leaving nothing half-written", async () => {
    const venue = await createVenue()
    const events = await bookSeries(venue)
    const { version } = await series(events[0]!.seriesId!)
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        const minutes = String((index % 4) * 15).padStart(2, '0')
        return edit(events[index % 3]!, {
          title: `Edit ${index}`,
          startTime: `${events[index % 3]!.startTime.slice(0, 10)}T22:${minutes}:00Z`,
          endTime: `${events[index % 3]!.startTime.slice(0, 10)}T23:${minutes}:00Z`,
          scope: index % 2 === 0 ? 'following' : 'all',
          seriesVersion: version,
        })
      }),
    )
    const winners = responses.flatMap((response, index) => (response.status === 200 ? [index] : []))
    expect(winners).toHaveLength(1)
    for (const response of responses) {
      if (response.status === 200) continue
      expect(response.status).toBe(409)
      expect((await errorOf(response)).message).toBe(STALE)
    }
    const after = await rows(venue)
    expect(after).toHaveLength(8)
    const titles = new Set(after.map((row) => row.title))
    expect([...titles].filter((title) => title.startsWith('Edit '))).toEqual([`Edit ${winners[0]}`])
    expect(await chargedHours(venue)).toBe(8)
  })
})
