import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityEntries, contractUsage, schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

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
}

// Edits carry the version they were based on (docs/product.md#events, ADR 0028): a stale one is refused with
// the stale message and writes nothing, so two people editing one event never overwrite each other.
describe.each(testDatabaseKinds())('event versions on %s', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  const createVenue = async () => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }),
      201,
    )
    const space = async (name: string) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facility.id}/rooms`, {
            name,
            type: 'rink',
            operatingStartTime: '00:00',
            operatingEndTime: '23:30',
          }),
          201,
        )
      ).room.id
    const rinkA = await space('Rink A')
    const rinkB = await space('Rink B')
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }), 201)
    const { contract } = await expectJson<{ contract: { id: string } }>(
      await request('POST', '/api/contracts', { clientId: client.id, name: 'Season', startDate: '2020-01-01', totalHours: 500 }),
      201,
    )
    return { rinkA, rinkB, clientId: client.id, contractId: contract.id }
  }
  type Venue = Awaited<ReturnType<typeof createVenue>>

  const book = async (venue: Venue, date: string, startTime: string, durationMinutes = 60) =>
    (
      await expectJson<{ events: ApiEvent[] }>(
        await request('POST', '/api/events', {
          roomId: venue.rinkA,
          clientId: venue.clientId,
          title: 'Jets practice',
          date,
          startTime,
          durationMinutes,
        }),
        201,
      )
    ).events

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

  it('raises the version with every change and refuses an edit based on an older one, writing nothing', async () => {
    const venue = await createVenue()
    const [event] = await book(venue, '2031-01-10', '10:00')
    expect(event!.version).toBe(1)

    const first = await expectJson<{ events: ApiEvent[] }>(await edit(event!, { title: 'Renamed' }), 200)
    expect(first.events[0]!.version).toBe(2)

    const trailBefore = await t.db.select().from(activityEntries).where(eq(activityEntries.entityId, event!.id))
    const stale = await edit(event!, { title: 'Based on version 1', startTime: '2031-01-10T18:00:00Z', endTime: '2031-01-10T19:00:00Z' })
    expect(stale.status).toBe(409)
    expect((await errorOf(stale)).message).toBe(STALE)
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, event!.id))
    expect({ title: row!.title, start: row!.startTime.toISOString(), version: row!.version }).toEqual({
      title: 'Renamed',
      start: event!.startTime,
      version: 2,
    })
    expect(await t.db.select().from(activityEntries).where(eq(activityEntries.entityId, event!.id))).toHaveLength(trailBefore.length)

    // Without a version an edit is refused as invalid input: nothing may overwrite blindly.
    const blind = await request('PUT', `/api/events/${event!.id}`, {
      clientId: event!.clientId,
      title: 'Blind',
      startTime: event!.startTime,
      endTime: event!.endTime,
    })
    expect(blind.status).toBe(422)

    // Any write to the row raises it, whatever statement makes it (the trigger, not the route).
    await t.db.update(schedules).set({ description: 'Written elsewhere' }).where(eq(schedules.id, event!.id))
    const [after] = await t.db.select({ version: schedules.version }).from(schedules).where(eq(schedules.id, event!.id))
    expect(after!.version).toBe(3)
  })

  it('lets exactly one of 100 edits based on one version win; the other 99 are refused as stale and leave nothing behind', async () => {
    const venue = await createVenue()
    // Crosses midnight: the edits rewrite both parts, or none.
    const events = await book(venue, '2031-02-10', '23:00', 120)
    expect(events).toHaveLength(2)
    const target = events[0]!
    const edits = Array.from({ length: 100 }, (_, index) => {
      const hour = String(6 + (index % 14)).padStart(2, '0')
      return edit(target, {
        title: `Edit ${index}`,
        roomId: index % 2 === 0 ? venue.rinkA : venue.rinkB,
        startTime: `2031-02-1${1 + (index % 5)}T${hour}:00:00Z`,
        endTime: `2031-02-1${1 + (index % 5)}T${hour}:45:00Z`,
      })
    })
    const responses = await Promise.all(edits)
    const winners = responses.flatMap((response, index) => (response.status === 200 ? [index] : []))
    expect(winners).toHaveLength(1)
    for (const response of responses) {
      if (response.status === 200) continue
      expect(response.status).toBe(409)
      expect((await errorOf(response)).message).toBe(STALE)
    }

    const winner = winners[0]!
    const rows = await t.db.select().from(schedules).where(eq(schedules.clientId, venue.clientId))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.title).toBe(`Edit ${winner}`)
    expect(rows[0]!.roomId).toBe(winner % 2 === 0 ? venue.rinkA : venue.rinkB)
    expect(rows[0]!.version).toBe(2)
    // One charge, for the winner's 45 minutes: nothing of a loser was charged.
    const charges = await t.db
      .select({ hours: contractUsage.hoursLogged })
      .from(contractUsage)
      .where(and(eq(contractUsage.contractId, venue.contractId)))
    expect(charges.map((charge) => charge.hours)).toEqual(['0.75'])
  })
})
