import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { LIMITS } from '@shared/limits'
import { rooms, schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { listUpcomingPage } from './repository'

type ListedEvent = {
  id: string
  title: string
  startTime: string
  roomName: string
  facilityId: string
  facilityName: string
  clientId: string | null
  clientName: string | null
  changeRoom1Name: string | null
  changeRoom2Name: string | null
}
type Page = { events: ListedEvent[]; nextAfter: string | null }

const HOUR = 60 * 60 * 1000
const PAGE = LIMITS.eventsList.limit

// All Events' list (docs/product.md#events): GET /api/events/upcoming narrowed by facility, space,
// client and a search, a page at a time after a (start, id) cursor.
describe.each(testDatabaseKinds())('the upcoming events list on %s', (kind) => {
  const {
    t,
    admin,
    operators: [operator, stranger],
  } = useTestApp(kind, { operators: 2 })

  const post = async <T>(user: TestUser, path: string, body: unknown) =>
    expectJson<T>(await t.request(path, { method: 'POST', body, cookie: user.cookie }), 201)

  /** Two facilities: North with Rink A, Rink B and two change rooms, South with its Court; three clients. */
  const createVenue = async (user: TestUser) => {
    const facility = async (name: string) =>
      (await post<{ facility: { id: string } }>(user, '/api/facilities', { name, timeZone: 'America/Toronto' })).facility.id
    const space = async (facilityId: string, name: string, type: string) =>
      (await post<{ room: { id: string } }>(user, `/api/facilities/${facilityId}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK })).room.id
    const client = async (name: string) => (await post<{ client: { id: string } }>(user, '/api/clients', { name })).client.id
    const north = await facility('North Arena')
    const south = await facility('South Centre')
    const rinkA = await space(north, 'Rink A', 'rink')
    const [row] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, rinkA))
    return {
      organisationId: row!.organisationId,
      north,
      south,
      rinkA,
      rinkB: await space(north, 'Rink B', 'rink'),
      court: await space(south, 'Court', 'court'),
      homeRoom: await space(north, 'Dressing Room 1', 'change_room'),
      awayRoom: await space(north, 'Dressing Room 2', 'change_room'),
      jets: await client('Northside Jets'),
      owls: await client('Owls Ringette'),
      wildcards: await client('100% Fitness_Club'),
    }
  }
  type Venue = Awaited<ReturnType<typeof createVenue>>

  type NewEvent = {
    title: string
    roomId: string
    clientId: string
    hoursFromNow: number
    team1Name?: string
    team2Name?: string
    changeRoom1Id?: string
    changeRoom2Id?: string
  }
  // Past and in-progress events cannot be booked through the API, so rows are written straight,
  // hours from now, on whole hours: several spaces share start times, so ties are ordered by id.
  const insert = (venue: Venue, events: NewEvent[]) => {
    const hour = Math.floor(Date.now() / HOUR) * HOUR
    return t.db.insert(schedules).values(
      events.map(({ hoursFromNow, team1Name, team2Name, ...event }) => {
        const start = new Date(hour + hoursFromNow * HOUR)
        const isGame = team1Name !== undefined
        return {
          ...event,
          organisationId: venue.organisationId,
          startTime: start,
          endTime: new Date(start.getTime() + HOUR),
          eventType: isGame ? 'game' : 'practice',
          team1Name: team1Name ?? null,
          team2Name: team2Name ?? null,
        }
      }),
    )
  }

  const page = async (user: TestUser, query: Record<string, string> = {}) =>
    expectJson<Page>(await t.request(`/api/events/upcoming?${new URLSearchParams(query)}`, { cookie: user.cookie }), 200)
  const titles = ({ events }: Page) => events.map((event) => event.title)

  /** Every page of a query, following nextAfter to the end. */
  const allPages = async (user: TestUser, query: Record<string, string> = {}) => {
    const pages: Page[] = [await page(user, query)]
    while (pages.at(-1)!.nextAfter) pages.push(await page(user, { ...query, after: pages.at(-1)!.nextAfter! }))
    return pages
  }

  it('lists upcoming events earliest first, each with its client and change rooms by name', async () => {
    const user = await t.createOperator(admin)
    const venue = await createVenue(user)
    await insert(venue, [
      { title: 'Jets vs Owls', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: 3, team1Name: 'Jets', team2Name: 'Owls' },
      { title: 'Owls practice', roomId: venue.rinkB, clientId: venue.owls, hoursFromNow: 2, changeRoom1Id: venue.homeRoom },
      { title: 'Under way', roomId: venue.court, clientId: venue.owls, hoursFromNow: 0 },
      { title: 'Finished', roomId: venue.court, clientId: venue.owls, hoursFromNow: -2 },
    ])
    await t.db
      .update(schedules)
      .set({ changeRoom1Id: venue.homeRoom, changeRoom2Id: venue.awayRoom })
      .where(eq(schedules.title, 'Jets vs Owls'))

    const listed = await page(user)
    // An event under way has not ended, so it is still upcoming.
    expect(titles(listed)).toEqual(['Under way', 'Owls practice', 'Jets vs Owls'])
    expect(listed.nextAfter).toBeNull()
    expect(listed.events[2]).toMatchObject({
      roomName: 'Rink A',
      facilityName: 'North Arena',
      clientName: 'Northside Jets',
      changeRoom1Name: 'Dressing Room 1',
      changeRoom2Name: 'Dressing Room 2',
    })
    expect(listed.events[1]).toMatchObject({ clientName: 'Owls Ringette', changeRoom1Name: 'Dressing Room 1', changeRoom2Name: null })
    expect(listed.events[0]).toMatchObject({ facilityName: 'South Centre', changeRoom1Name: null })
  })

  it('narrows by facility, space and client, alone or together', async () => {
    const user = await t.createOperator(admin)
    const venue = await createVenue(user)
    await insert(venue, [
      { title: 'Jets on A', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: 1 },
      { title: 'Owls on B', roomId: venue.rinkB, clientId: venue.owls, hoursFromNow: 2 },
      { title: 'Jets on the court', roomId: venue.court, clientId: venue.jets, hoursFromNow: 3 },
      { title: 'Owls on A', roomId: venue.rinkA, clientId: venue.owls, hoursFromNow: 4 },
    ])

    expect(titles(await page(user, { facilityId: venue.north }))).toEqual(['Jets on A', 'Owls on B', 'Owls on A'])
    expect(titles(await page(user, { facilityId: venue.south }))).toEqual(['Jets on the court'])
    expect(titles(await page(user, { roomId: venue.rinkA }))).toEqual(['Jets on A', 'Owls on A'])
    expect(titles(await page(user, { clientId: venue.jets }))).toEqual(['Jets on A', 'Jets on the court'])
    expect(titles(await page(user, { facilityId: venue.north, clientId: venue.jets }))).toEqual(['Jets on A'])
    expect(titles(await page(user, { facilityId: venue.north, roomId: venue.rinkA, clientId: venue.owls }))).toEqual(['Owls on A'])
    // A space of another facility than the one asked for has nothing in it.
    expect(titles(await page(user, { facilityId: venue.south, roomId: venue.rinkA }))).toEqual([])
  })

  it('searches titles, team names and the client’s name, whatever the case, taking wildcards as typed', async () => {
    const user = await t.createOperator(admin)
    const venue = await createVenue(user)
    await insert(venue, [
      { title: 'Morning skate', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: 1 },
      { title: 'League game', roomId: venue.rinkB, clientId: venue.owls, hoursFromNow: 2, team1Name: 'Hawks', team2Name: 'Falcons' },
      { title: 'Bootcamp', roomId: venue.court, clientId: venue.wildcards, hoursFromNow: 3 },
      { title: 'Skills', roomId: venue.rinkA, clientId: venue.owls, hoursFromNow: 4 },
    ])

    expect(titles(await page(user, { q: 'SKATE' }))).toEqual(['Morning skate'])
    expect(titles(await page(user, { q: 'falcon' }))).toEqual(['League game'])
    expect(titles(await page(user, { q: '  northside jets ' }))).toEqual(['Morning skate'])
    expect(titles(await page(user, { q: 'Owls' }))).toEqual(['League game', 'Skills'])
    // '%' and '_' match only themselves, not anything and any character.
    expect(titles(await page(user, { q: '100%' }))).toEqual(['Bootcamp'])
    expect(titles(await page(user, { q: '%' }))).toEqual(['Bootcamp'])
    expect(titles(await page(user, { q: 's_ills' }))).toEqual([])
    // A search and the filters together; a blank search is no search.
    expect(titles(await page(user, { q: 'owls', roomId: venue.rinkA }))).toEqual(['Skills'])
    expect(titles(await page(user, { q: 'owls', facilityId: venue.south }))).toEqual([])
    expect(titles(await page(user, { q: '   ' }))).toHaveLength(4)
  })

  it('pages 50 at a time after the last event shown, missing none and repeating none, with or without filters', async () => {
    const user = await t.createOperator(admin)
    const venue = await createVenue(user)
    // 130 events on three spaces, starting together on the same hours; exactly a page on the court.
    const events: NewEvent[] = []
    for (let hour = 1; hour <= 50; hour += 1) {
      if (hour <= 40) events.push({ title: `Jets A ${hour}`, roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: hour })
      if (hour <= 40) events.push({ title: `Owls B ${hour}`, roomId: venue.rinkB, clientId: venue.owls, hoursFromNow: hour })
      events.push({ title: `Jets court ${hour}`, roomId: venue.court, clientId: venue.jets, hoursFromNow: hour })
    }
    await insert(venue, events)
    const stored = await t.db
      .select({
        id: schedules.id,
        startTime: schedules.startTime,
        roomId: schedules.roomId,
        clientId: schedules.clientId,
        title: schedules.title,
      })
      .from(schedules)
      .where(eq(schedules.organisationId, venue.organisationId))
    // (start, id) order, as the list runs.
    const expected = (keep: (event: (typeof stored)[number]) => boolean) =>
      stored
        .filter(keep)
        .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || (a.id < b.id ? -1 : 1))
        .map((event) => event.id)

    const cases: Array<[Record<string, string>, (event: (typeof stored)[number]) => boolean]> = [
      [{}, () => true],
      [{ facilityId: venue.north }, (event) => event.roomId !== venue.court],
      [{ roomId: venue.rinkA }, (event) => event.roomId === venue.rinkA],
      [{ roomId: venue.court }, (event) => event.roomId === venue.court],
      [{ clientId: venue.jets }, (event) => event.clientId === venue.jets],
      [{ clientId: venue.jets, facilityId: venue.north }, (event) => event.clientId === venue.jets && event.roomId === venue.rinkA],
      [{ q: 'jets' }, (event) => event.clientId === venue.jets],
      [{ q: 'owls', facilityId: venue.north }, (event) => event.clientId === venue.owls],
    ]
    for (const [query, keep] of cases) {
      const pages = await allPages(user, query)
      const ids = expected(keep)
      expect(
        pages.map((each) => each.events.length),
        JSON.stringify(query),
      ).toEqual([...Array.from({ length: Math.floor(ids.length / PAGE) }, () => PAGE), ids.length % PAGE].filter(Boolean))
      expect(
        pages.flatMap((each) => each.events.map((event) => event.id)),
        JSON.stringify(query),
      ).toEqual(ids)
    }

    // An event booked before the cursor after the first page neither shifts nor repeats the next.
    const first = await page(user)
    const { room: studio } = await post<{ room: { id: string } }>(user, `/api/facilities/${venue.south}/rooms`, {
      name: 'Studio',
      type: 'room',
      ...OPEN_AROUND_THE_CLOCK,
    })
    await insert(venue, [{ title: 'Squeezed in', roomId: studio.id, clientId: venue.owls, hoursFromNow: 1 }])
    const second = await page(user, { after: first.nextAfter! })
    expect(second.events[0]!.id).toBe(expected(() => true)[PAGE])
  })

  it('reads at most a bounded stretch of events for a search, and the next page goes on from where it stopped', async () => {
    const user = await t.createOperator(admin)
    const venue = await createVenue(user)
    const events: NewEvent[] = Array.from({ length: 12 }, (_, index) => ({
      title: index === 8 ? 'Needle' : `Hay ${index}`,
      roomId: venue.rinkA,
      clientId: venue.owls,
      hoursFromNow: index + 1,
    }))
    await insert(venue, events)
    const query = {
      now: new Date(),
      facilityId: null,
      roomId: null,
      clientId: null,
      kind: null,
      search: 'needle',
      limit: PAGE + 1,
      scanLimit: 5,
    }

    // The first five read hold no match: nothing to list yet, and where to go on from.
    const first = await listUpcomingPage(t.db, venue.organisationId, { ...query, after: null })
    expect(first.events).toEqual([])
    expect(first.scannedTo).not.toBeNull()
    const second = await listUpcomingPage(t.db, venue.organisationId, { ...query, after: first.scannedTo })
    expect(second.events.map((event) => event.title)).toEqual(['Needle'])
    expect(second.scannedTo).not.toBeNull()
    const third = await listUpcomingPage(t.db, venue.organisationId, { ...query, after: second.scannedTo })
    // The last two: the walk ended before its limit, so nothing follows.
    expect(third).toEqual({ events: [], scannedTo: null })
    // A facility beside a client is no index either: the walk of the client's events is bounded the same way.
    const elsewhere = { ...query, search: null, clientId: venue.owls, facilityId: venue.south, after: null }
    expect((await listUpcomingPage(t.db, venue.organisationId, elsewhere)).scannedTo).not.toBeNull()
  })

  it('finds nothing through another organisation’s facility, space or client', async () => {
    const owner = await t.createOperator(admin)
    const venue = await createVenue(owner)
    await insert(venue, [{ title: 'Jets on A', roomId: venue.rinkA, clientId: venue.jets, hoursFromNow: 1 }])
    const theirs = await createVenue(stranger)
    await insert(theirs, [{ title: 'Their own', roomId: theirs.rinkA, clientId: theirs.jets, hoursFromNow: 1 }])

    const queries: Record<string, string>[] = [
      { facilityId: venue.north },
      { roomId: venue.rinkA },
      { clientId: venue.jets },
      { q: 'Jets on A' },
    ]
    for (const query of queries) {
      expect(await page(stranger, query), JSON.stringify(query)).toEqual({ events: [], nextAfter: null })
    }
    expect(titles(await page(stranger))).toEqual(['Their own'])
  })

  it('refuses a malformed filter, search or cursor with the field’s message', async () => {
    const refusal = async (query: string) => {
      const response = await t.request(`/api/events/upcoming?${query}`, { cookie: operator.cookie })
      expect(response.status, query).toBe(422)
      return (await errorOf(response)).fields
    }
    expect(await refusal('facilityId=north')).toEqual({ facilityId: 'Facility not found' })
    expect(await refusal('roomId=1%27%20or%201=1')).toEqual({ roomId: 'Space not found' })
    expect(await refusal('clientId=jets')).toEqual({ clientId: 'Client not found' })
    expect(await refusal(`q=${'x'.repeat(LIMITS.eventsList.search + 1)}`)).toEqual({ q: 'Search must be 100 characters or less' })
    for (const after of ['yesterday', '2030-01-01T00:00:00Z_1', '2030-02-30T00:00:00.000Z_00000000-0000-4000-8000-000000000000', '_']) {
      expect(await refusal(`after=${encodeURIComponent(after)}`), after).toEqual({ after: 'Invalid cursor' })
    }
    // The longest search, surrounded by spaces, is still a search.
    await page(operator, { q: ` ${'x'.repeat(LIMITS.eventsList.search)} ` })
  })
})
