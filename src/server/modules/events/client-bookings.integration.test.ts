import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { rooms, schedules } from '../../db/schema'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type ListedEvent = { id: string; title: string; clientId: string | null; roomName: string; facilityName: string; startTime: string }
type ErrorBody = { error: { code: string; fields?: Record<string, string> } }

const HOUR = 60 * 60 * 1000

// The client page's bookings: GET /api/events/upcoming and /past with a clientId.
describe.each(testDatabaseKinds())('a client’s bookings on %s', (kind) => {
  let t: TestApp
  let admin: TestUser

  beforeAll(async () => {
    t = await createTestApp(kind)
    admin = await t.createAdmin()
  })
  afterAll(async () => {
    await t.close()
  })

  const post = async <T>(user: TestUser, path: string, body: unknown) => {
    const response = await t.request(path, { method: 'POST', body, cookie: user.cookie })
    expect(response.status, `${path}: ${response.status}`).toBe(201)
    return (await response.json()) as T
  }

  /** An operator's venue with two spaces and two clients. */
  const createVenue = async (user: TestUser) => {
    const { facility } = await post<{ facility: { id: string } }>(user, '/api/facilities', { name: 'Arena', timeZone: 'America/Toronto' })
    const room = async (name: string) =>
      (await post<{ room: { id: string } }>(user, `/api/facilities/${facility.id}/rooms`, { name, type: 'rink', ...OPEN_AROUND_THE_CLOCK }))
        .room.id
    const client = async (name: string) => (await post<{ client: { id: string } }>(user, '/api/clients', { name })).client.id
    const rinkA = await room('Rink A')
    const [row] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, rinkA))
    return {
      organisationId: row!.organisationId,
      rinkA,
      rinkB: await room('Rink B'),
      jets: await client('Jets'),
      owls: await client('Owls'),
    }
  }
  type Venue = Awaited<ReturnType<typeof createVenue>>

  // Past events cannot be booked through the API, so every row is written straight, hours from now.
  const insert = (
    venue: Venue,
    { title, roomId, clientId, hoursFromNow }: { title: string; roomId: string; clientId: string; hoursFromNow: number },
  ) => {
    // On the quarter hour at or before it, a start the spaces take (start-rule.integration.test.ts).
    const QUARTER = HOUR / 4
    const start = new Date(Math.floor((Date.now() + hoursFromNow * HOUR) / QUARTER) * QUARTER)
    return t.db.insert(schedules).values({
      organisationId: venue.organisationId,
      roomId,
      clientId,
      title,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR),
    })
  }

  const list = async (user: TestUser, path: string) => {
    const response = await t.request(path, { cookie: user.cookie })
    expect(response.status, path).toBe(200)
    return ((await response.json()) as { events: ListedEvent[] }).events
  }
  const titles = (events: ListedEvent[]) => events.map((event) => event.title)

  it('lists only the client’s upcoming events, earliest first, and its past ones, latest first', async () => {
    const user = await t.createOperator(admin)
    const venue = await createVenue(user)
    await insert(venue, { title: 'Jets later', roomId: venue.rinkB, clientId: venue.jets, hoursFromNow: 48 })
    await insert(venue, { title: 'Jets soon', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: 2 })
    await insert(venue, { title: 'Jets now', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: -0.5 })
    await insert(venue, { title: 'Jets last week', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: -24 * 7 })
    await insert(venue, { title: 'Jets yesterday', roomId: venue.rinkB, clientId: venue.jets, hoursFromNow: -24 })
    await insert(venue, { title: 'Owls soon', roomId: venue.rinkA, clientId: venue.owls, hoursFromNow: 4 })
    await insert(venue, { title: 'Owls yesterday', roomId: venue.rinkA, clientId: venue.owls, hoursFromNow: -25 })

    const upcoming = await list(user, `/api/events/upcoming?clientId=${venue.jets}`)
    // An event under way has not ended, so it is still upcoming (docs/product.md#events).
    expect(titles(upcoming)).toEqual(['Jets now', 'Jets soon', 'Jets later'])
    expect(upcoming[2]).toMatchObject({ clientId: venue.jets, roomName: 'Rink B', facilityName: 'Arena' })
    expect(titles(await list(user, `/api/events/past?clientId=${venue.jets}`))).toEqual(['Jets yesterday', 'Jets last week'])
    expect(titles(await list(user, `/api/events/upcoming?clientId=${venue.owls}`))).toEqual(['Owls soon'])

    // Both filters together: the client's events in that space.
    expect(titles(await list(user, `/api/events/past?clientId=${venue.jets}&roomId=${venue.rinkB}`))).toEqual(['Jets yesterday'])
    // Without a client the lists are still every client's.
    expect(titles(await list(user, `/api/events/past?roomId=${venue.rinkA}`))).toEqual(['Owls yesterday', 'Jets last week'])
  })

  it('finds nothing for another organisation’s client', async () => {
    const user = await t.createOperator(admin)
    const stranger = await t.createOperator(admin)
    const venue = await createVenue(user)
    const theirs = await createVenue(stranger)
    await insert(venue, { title: 'Jets soon', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: 2 })
    await insert(venue, { title: 'Jets yesterday', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: -24 })
    await insert(theirs, { title: 'Their Jets soon', roomId: theirs.rinkA, clientId: theirs.jets, hoursFromNow: 3 })

    expect(await list(stranger, `/api/events/upcoming?clientId=${venue.jets}`)).toEqual([])
    expect(await list(stranger, `/api/events/past?clientId=${venue.jets}`)).toEqual([])
    // Even with one of their own spaces beside it.
    expect(await list(stranger, `/api/events/upcoming?clientId=${venue.jets}&roomId=${theirs.rinkA}`)).toEqual([])
    expect(titles(await list(stranger, `/api/events/upcoming?clientId=${theirs.jets}`))).toEqual(['Their Jets soon'])
    expect(await list(user, `/api/events/upcoming?clientId=${theirs.jets}`)).toEqual([])
  })

  it('refuses a client id that is not an id', async () => {
    const user = await t.createOperator(admin)
    for (const path of ['/api/events/upcoming?clientId=jets', '/api/events/past?clientId=1%27%20or%201=1']) {
      const response = await t.request(path, { cookie: user.cookie })
      expect(response.status, path).toBe(422)
      expect(((await response.json()) as ErrorBody).error.fields).toEqual({ clientId: 'Client not found' })
    }
  })
})
