import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { createApp } from '../../app'
import { createAuth } from '../../auth/auth'
import { openDatabase, type Database, type Db } from '../../db/client'
import { schedules } from '../../db/schema'
import { readEnv } from '../../env'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, TEST_ORIGIN, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { FEED_CHANGES_CHANNEL } from './feed-cache'

const TORONTO = 'America/Toronto'
const KATHMANDU = 'Asia/Kathmandu'

type ApiEvent = {
  id: string
  title: string
  startTime: string
  endTime: string
  clientId: string
  color: string
  eventType: string
  version: number
}
type ApiFeed = { id: string; scope: string; targetId: string; url: string | null; includeClientNames: boolean; resetAt: string | null }

type ParsedEvent = {
  uid: string
  summary: string
  location: string
  description: string | null
  sequence: number
  lastModified: string
  tzid: string | null
  /** The wall-clock times as written, 'YYYY-MM-DDTHH:MM:SS' in the event's zone. */
  localStart: string
  localEnd: string
  /** The instants, as the parser works them out from the VTIMEZONE. */
  start: string
  end: string
}

// Parses the feed with a real iCalendar parser: the zones come from the feed's own VTIMEZONEs.
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    const iso = (time: ICAL.Time) => new Date(time.toUnixTime() * 1000).toISOString().replace('.000Z', 'Z')
    const description = component.getFirstPropertyValue('description')
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: typeof description === 'string' ? description : null,
      sequence: event.sequence,
      lastModified: String(component.getFirstPropertyValue('last-modified')),
      tzid: component.getFirstProperty('dtstart')!.getParameter('tzid') as string | null,
      localStart: event.startDate.toString(),
      localEnd: event.endDate.toString(),
      start: iso(event.startDate),
      end: iso(event.endDate),
    }
  })
  return { calendar, events }
}

const pad = (value: number) => String(value).padStart(2, '0')
/** The n-th Sunday of a month (0-based), as 'YYYY-MM-DD'. */
function nthSunday(year: number, month: number, n: number) {
  const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay()
  return `${year}-${pad(month + 1)}-${pad(1 + ((7 - firstDay) % 7) + 7 * (n - 1))}`
}
/** The next date (after today) of a yearly rule, so the event falls inside the feed's window. */
function next(rule: (year: number) => string) {
  const today = new Date().toISOString().slice(0, 10)
  const year = new Date().getUTCFullYear()
  return rule(year) > today ? rule(year) : rule(year + 1)
}
/** A date `days` from today, 'YYYY-MM-DD'. */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The database handle with a count of the statements started through it (select, execute, ...). */
function countingStatements(db: Db) {
  const counter = { statements: 0 }
  const starts = new Set(['select', 'selectDistinct', 'execute', 'insert', 'update', 'delete', 'transaction', '$count', 'with'])
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && starts.has(property)) counter.statements += 1
      return Reflect.get(target, property, receiver) as unknown
    },
  })
  return { db: counted, counter }
}

/** Another app instance on `database`: its own feed cache, as a second server process would have. */
function appOn(database: Database) {
  const env = readEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false' })
  const app = createApp({ database, auth: createAuth({ db: database.db, env }), env })
  return (path: string, headers: Record<string, string> = {}) => app.request(`${TEST_ORIGIN}${path}`, { headers })
}

describe.each(testDatabaseKinds())('calendar feeds on %s', (kind) => {
  const {
    t,
    operators: [operator, stranger],
  } = useTestApp(kind, { env: { TRUST_PROXY: 'true' }, operators: 2 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  /** A facility in `timeZone`: a sheet with a half as its part, a studio apart, two change rooms, two clients. */
  async function createVenue(timeZone: string, user: TestUser = operator) {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone }, user),
      201,
    )
    const space = async (name: string, extra: Record<string, unknown> = {}) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facility.id}/rooms`, { name, type: 'rink', ...OPEN_AROUND_THE_CLOCK, ...extra }, user),
          201,
        )
      ).room.id
    const sheet = await space('Full Sheet')
    const half = await space('Half Ice A', { parentId: sheet })
    const studio = await space('Studio')
    const home = await space('Room 1', { type: 'change_room' })
    const away = await space('Room 2', { type: 'change_room' })
    const client = async (name: string) =>
      (await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name }, user), 201)).client.id
    return { facilityId: facility.id, sheet, half, studio, home, away, jets: await client('Jets'), sharks: await client('Sharks') }
  }

  async function book(
    roomId: string,
    clientId: string,
    date: string,
    startTime: string,
    durationMinutes: number,
    extra: Record<string, unknown> = {},
  ) {
    return (
      await expectJson<{ events: ApiEvent[] }>(
        await request('POST', '/api/events', { roomId, clientId, title: 'Practice', date, startTime, durationMinutes, ...extra }),
        201,
      )
    ).events
  }

  async function createFeed(scope: 'client' | 'space' | 'facility', targetId: string, includeClientNames = false, user = operator) {
    const response = await request('POST', '/api/feeds', { scope, targetId, includeClientNames }, user)
    expect([200, 201]).toContain(response.status)
    return ((await response.json()) as { feed: ApiFeed }).feed
  }

  const pathOf = (feed: ApiFeed) => new URL(feed.url!).pathname
  const fetchFeed = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers })
  async function readFeed(feed: ApiFeed) {
    const response = await fetchFeed(pathOf(feed))
    expect(response.status).toBe(200)
    return parseFeed(await response.text())
  }

  let organisationId: Promise<string> | undefined
  /**
   * Runs `write` and waits until this instance has heard it announced to `feed` or to its
   * organisation (ADR 0059): from then on, the feed must be the new one.
   */
  async function heard<T>(feed: ApiFeed, write: () => Promise<T>, database: Database = t.database): Promise<T> {
    const organisation = await (organisationId ??= t.organisationOf(operator))
    const keys = new Set([`feed:${feed.id}`, `organisation:${organisation}`])
    let arrive = () => {}
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    const unlisten = await database.listen(FEED_CHANGES_CHANNEL, (payload) => {
      if (payload !== null && keys.has(payload)) arrive()
    })
    try {
      const result = await write()
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        arrived,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no announcement for feed ${feed.id}`)), 5_000))),
      ]).finally(() => clearTimeout(timer))
      return result
    } finally {
      await unlisten()
    }
  }

  it('serves a client feed at a secret address, with only that client’s bookings, and refresh hints', async () => {
    const venue = await createVenue(TORONTO)
    const day = daysFromToday(10)
    const [jets] = await book(venue.sheet, venue.jets, day, '10:00', 60, { title: 'Jets practice', description: 'Bring pucks' })
    await book(venue.studio, venue.sharks, day, '12:00', 60, { title: 'Sharks dryland' })

    const created = await request('POST', '/api/feeds', { scope: 'client', targetId: venue.jets })
    expect(created.status).toBe(201)
    const { feed } = (await created.json()) as { feed: ApiFeed }
    expect(feed).toMatchObject({ scope: 'client', targetId: venue.jets, resetAt: null })
    const token = pathOf(feed).match(/^\/feeds\/([A-Za-z0-9_-]{43})\.ics$/)![1]!
    // Only its hash is stored, never the token itself.
    const stored = JSON.stringify(await t.db.execute(`select * from calendar_feeds where id = '${feed.id}'`))
    expect(stored).not.toContain(token)

    // Asking again answers the same feed and address.
    const again = await expectJson<{ feed: ApiFeed }>(await request('POST', '/api/feeds', { scope: 'client', targetId: venue.jets }), 200)
    expect(again.feed).toEqual(feed)
    expect((await expectJson<{ feed: ApiFeed }>(await request('GET', `/api/feeds?scope=client&targetId=${venue.jets}`), 200)).feed).toEqual(
      feed,
    )

    const response = await fetchFeed(pathOf(feed))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    const text = await response.text()
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H')
    expect(text).toContain('X-PUBLISHED-TTL:PT1H')
    expect(text).not.toContain('RRULE:FREQ=DAILY')
    const { events } = parseFeed(text)
    expect(events).toEqual([
      expect.objectContaining({
        uid: `${jets!.id}@fieldhouse`,
        summary: 'Jets practice',
        location: 'Full Sheet, Arena',
        description: 'Client: Jets\nBring pucks',
        tzid: TORONTO,
        start: jets!.startTime.replace('.000Z', 'Z'),
        end: jets!.endTime.replace('.000Z', 'Z'),
      }),
    ])
    expect(text).not.toContain('Sharks')
  })

  it('writes times in the facility’s zone, right across both daylight saving changes in Toronto', async () => {
    const venue = await createVenue(TORONTO)
    const spring = next((year) => nthSunday(year, 2, 2))
    const autumn = next((year) => nthSunday(year, 10, 1))
    // 01:00 EST for three hours ends at 05:00 EDT; 00:30 EDT for three hours ends at 02:30 EST.
    const [march] = await book(venue.sheet, venue.jets, spring, '01:00', 180)
    const [november] = await book(venue.sheet, venue.jets, autumn, '00:30', 180)
    const { calendar, events } = await readFeed(await createFeed('client', venue.jets))
    expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([TORONTO])
    const byUid = new Map(events.map((event) => [event.uid, event]))
    expect(byUid.get(`${march!.id}@fieldhouse`)).toMatchObject({
      tzid: TORONTO,
      localStart: `${spring}T01:00:00`,
      localEnd: `${spring}T05:00:00`,
      start: `${spring}T06:00:00Z`,
      end: `${spring}T09:00:00Z`,
    })
    expect(byUid.get(`${november!.id}@fieldhouse`)).toMatchObject({
      tzid: TORONTO,
      localStart: `${autumn}T00:30:00`,
      localEnd: `${autumn}T02:30:00`,
      start: `${autumn}T04:30:00Z`,
      end: `${autumn}T07:30:00Z`,
    })
  })

  it('writes times in a +05:45 zone (Kathmandu) with its own VTIMEZONE', async () => {
    const venue = await createVenue(KATHMANDU)
    const day = daysFromToday(20)
    const [event] = await book(venue.sheet, venue.jets, day, '10:00', 90)
    const { calendar, events } = await readFeed(await createFeed('facility', venue.facilityId))
    const zone = calendar.getFirstSubcomponent('vtimezone')!
    expect(zone.getFirstPropertyValue('tzid')).toBe(KATHMANDU)
    expect(zone.toString()).toContain('TZOFFSETTO:+0545')
    expect(events).toEqual([
      expect.objectContaining({
        uid: `${event!.id}@fieldhouse`,
        tzid: KATHMANDU,
        localStart: `${day}T10:00:00`,
        localEnd: `${day}T11:30:00`,
        start: `${day}T04:15:00Z`,
        end: `${day}T05:45:00Z`,
      }),
    ])
  })

  it('keeps an event’s UID across edits while SEQUENCE rises and LAST-MODIFIED changes; a deleted event leaves the feed', async () => {
    const venue = await createVenue(TORONTO)
    const day = daysFromToday(15)
    const [event, other] = [
      (await book(venue.sheet, venue.jets, day, '09:00', 60))[0]!,
      (await book(venue.sheet, venue.jets, day, '11:00', 60))[0]!,
    ]
    // Last changed a while ago, so an edit now shows in LAST-MODIFIED, which counts whole seconds.
    await t.db
      .update(schedules)
      .set({ updatedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(schedules.id, event.id))
    const feed = await createFeed('client', venue.jets)
    const before = (await readFeed(feed)).events.find((parsed) => parsed.uid === `${event.id}@fieldhouse`)!
    const [row] = await t.db.select({ version: schedules.version }).from(schedules).where(eq(schedules.id, event.id))
    expect(before.sequence).toBe(row!.version)
    expect(before.lastModified).toBe('2026-01-01T00:00:00Z')
    const etagBefore = (await fetchFeed(pathOf(feed))).headers.get('etag')

    const edited = await expectJson<{ events: ApiEvent[] }>(
      await heard(feed, () =>
        request('PUT', `/api/events/${event.id}`, {
          clientId: venue.jets,
          title: 'Moved practice',
          color: event.color,
          eventType: 'practice',
          startTime: `${day}T15:00:00Z`,
          endTime: `${day}T16:00:00Z`,
          version: row!.version,
        }),
      ),
      200,
    )
    expect(edited.events[0]!.id).toBe(event.id)
    const after = (await readFeed(feed)).events.find((parsed) => parsed.uid === `${event.id}@fieldhouse`)!
    expect(after).toMatchObject({ summary: 'Moved practice', start: `${day}T15:00:00Z` })
    expect(after.sequence).toBeGreaterThan(before.sequence)
    expect(after.lastModified).not.toBe(before.lastModified)
    expect((await fetchFeed(pathOf(feed))).headers.get('etag')).not.toBe(etagBefore)

    const etagWithBoth = (await fetchFeed(pathOf(feed))).headers.get('etag')
    expect((await heard(feed, () => request('DELETE', `/api/events/${other.id}`))).status).toBe(204)
    const response = await fetchFeed(pathOf(feed), { 'if-none-match': etagWithBoth! })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(parseFeed(text).events.map((parsed) => parsed.uid)).toEqual([`${event.id}@fieldhouse`])
    expect(text).not.toContain('CANCELLED')
  })

  it('shows an event split at midnight as one event spanning midnight', async () => {
    const venue = await createVenue(TORONTO)
    const day = daysFromToday(30)
    const parts = await book(venue.sheet, venue.jets, day, '23:00', 120, { title: 'Late game' })
    expect(parts).toHaveLength(2)
    const { events } = await readFeed(await createFeed('space', venue.sheet))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      uid: `${parts[0]!.id}@fieldhouse`,
      summary: 'Late game',
      start: parts[0]!.startTime.replace('.000Z', 'Z'),
      end: parts[1]!.endTime.replace('.000Z', 'Z'),
      localStart: `${day}T23:00:00`,
    })
    expect(events[0]!.localEnd).toMatch(/T01:00:00$/)
  })

  it('puts a game’s teams in the summary and its change rooms in the location', async () => {
    const venue = await createVenue(TORONTO)
    await book(venue.sheet, venue.jets, daysFromToday(12), '19:00', 90, {
      title: 'League game',
      eventType: 'game',
      team1Name: 'Jets',
      team2Name: 'Sharks',
      changeRoom1Id: venue.home,
      changeRoom2Id: venue.away,
    })
    const { events } = await readFeed(await createFeed('facility', venue.facilityId))
    expect(events[0]).toMatchObject({
      summary: 'League game (Jets vs Sharks)',
      location: 'Full Sheet, Arena (Change rooms: Home Room 1, Away Room 2)',
    })
  })

  it('keeps client names and descriptions out of space and facility feeds unless the operator includes them', async () => {
    const venue = await createVenue(TORONTO)
    const day = daysFromToday(40)
    const [onHalf] = await book(venue.half, venue.jets, day, '08:00', 60, { title: 'Skills', description: 'Private note' })
    const [onSheet] = await book(venue.sheet, venue.sharks, day, '10:00', 60, { title: 'Sheet practice' })
    await book(venue.studio, venue.sharks, day, '10:00', 60, { title: 'Studio class' })

    // The sheet's feed holds its own bookings and its half's: both occupy it.
    const sheetFeed = await createFeed('space', venue.sheet)
    const sheetText = await (await fetchFeed(pathOf(sheetFeed))).text()
    expect(parseFeed(sheetText).events.map((event) => event.uid)).toEqual([`${onHalf!.id}@fieldhouse`, `${onSheet!.id}@fieldhouse`])
    for (const secret of ['Jets', 'Sharks', 'Private note', 'DESCRIPTION']) expect(sheetText).not.toContain(secret)
    // The half's feed holds its own; the whole's booking is not on it.
    expect((await readFeed(await createFeed('space', venue.half))).events.map((event) => event.uid)).toEqual([`${onHalf!.id}@fieldhouse`])

    const facilityFeed = await createFeed('facility', venue.facilityId)
    const facilityText = await (await fetchFeed(pathOf(facilityFeed))).text()
    expect(parseFeed(facilityText).events).toHaveLength(3)
    for (const secret of ['Jets', 'Sharks', 'Private note']) expect(facilityText).not.toContain(secret)

    const updated = await expectJson<{ feed: ApiFeed }>(
      await request('PUT', `/api/feeds/${sheetFeed.id}`, { includeClientNames: true }),
      200,
    )
    expect(updated.feed).toMatchObject({ includeClientNames: true, url: sheetFeed.url })
    const included = (await readFeed(sheetFeed)).events
    expect(included.map((event) => event.description)).toEqual(['Client: Jets\nPrivate note', 'Client: Sharks'])
  })

  it('answers an unchanged feed 304 to its ETag', async () => {
    const venue = await createVenue(TORONTO)
    await book(venue.sheet, venue.jets, daysFromToday(5), '07:00', 60)
    const feed = await createFeed('client', venue.jets)
    const first = await fetchFeed(pathOf(feed))
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    const cached = await fetchFeed(pathOf(feed), { 'if-none-match': etag })
    expect(cached.status).toBe(304)
    expect(await cached.text()).toBe('')
    expect(cached.headers.get('etag')).toBe(etag)
    expect((await fetchFeed(pathOf(feed), { 'if-none-match': `W/${etag}` })).status).toBe(304)
    expect((await fetchFeed(pathOf(feed), { 'if-none-match': '"something-else"' })).status).toBe(200)
  })

  it('serves a rendered feed again only while nothing it shows changed: a renamed change room or client is a new feed', async () => {
    const venue = await createVenue(TORONTO)
    await book(venue.sheet, venue.jets, daysFromToday(6), '18:00', 60, {
      title: 'League game',
      eventType: 'game',
      team1Name: 'Jets',
      team2Name: 'Sharks',
      changeRoom1Id: venue.home,
    })
    const feed = await createFeed('client', venue.jets)
    const first = await fetchFeed(pathOf(feed))
    const etag = first.headers.get('etag')!
    expect(await first.text()).toBe(await (await fetchFeed(pathOf(feed))).text())

    await expectJson(await heard(feed, () => request('PUT', `/api/rooms/${venue.home}`, { name: 'Blue Room', type: 'change_room' })), 200)
    const renamedRoom = await fetchFeed(pathOf(feed), { 'if-none-match': etag })
    expect(renamedRoom.status).toBe(200)
    expect(parseFeed(await renamedRoom.text()).events[0]!.location).toBe('Full Sheet, Arena (Change rooms: Home Blue Room)')

    await expectJson(await heard(feed, () => request('PUT', `/api/clients/${venue.jets}`, { name: 'Jets U13' })), 200)
    const renamedClient = await fetchFeed(pathOf(feed), { 'if-none-match': renamedRoom.headers.get('etag')! })
    expect(renamedClient.status).toBe(200)
    expect(parseFeed(await renamedClient.text()).events[0]!.description).toBe('Client: Jets U13')
  })

  it('leaves out holds, claims and bookings outside the window', async () => {
    const venue = await createVenue(TORONTO)
    const [kept] = await book(venue.sheet, venue.jets, daysFromToday(3), '07:00', 60)
    const [held] = await book(venue.sheet, venue.jets, daysFromToday(4), '07:00', 60)
    await book(venue.sheet, venue.jets, daysFromToday(600), '07:00', 60)
    await t.db.update(schedules).set({ kind: 'hold' }).where(eq(schedules.id, held!.id))
    const { events } = await readFeed(await createFeed('client', venue.jets))
    expect(events.map((event) => event.uid)).toEqual([`${kept!.id}@fieldhouse`])
  })

  it('answers a malformed, unknown or reset address 404 with the same body, and a reset at once', async () => {
    const venue = await createVenue(TORONTO)
    const feed = await createFeed('client', venue.jets)
    const oldPath = pathOf(feed)
    const reset = await expectJson<{ feed: ApiFeed }>(await request('POST', `/api/feeds/${feed.id}/reset`), 200)
    expect(reset.feed.id).toBe(feed.id)
    expect(reset.feed.url).not.toBe(feed.url)
    expect(reset.feed.resetAt).not.toBeNull()
    expect((await fetchFeed(pathOf(reset.feed))).status).toBe(200)
    expect(
      (await expectJson<{ feed: ApiFeed }>(await request('GET', `/api/feeds?scope=client&targetId=${venue.jets}`), 200)).feed!.url,
    ).toBe(reset.feed.url)

    const answers = await Promise.all(
      [
        oldPath,
        `/feeds/${'A'.repeat(43)}.ics`,
        `/feeds/${oldPath.slice(7, -4)}`,
        '/feeds/short.ics',
        `/feeds/${'A'.repeat(44)}.ics`,
        '/feeds/%00.ics',
        '/feeds/',
        `${oldPath}/x`,
      ].map(async (path) => {
        const response = await fetchFeed(path)
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          etag: response.headers.get('etag'),
          body: await response.text(),
        }
      }),
    )
    const unknownApi = await t.request('/api/no-such-route', { cookie: operator.cookie })
    for (const answer of answers) {
      expect(answer).toEqual({ status: 404, type: unknownApi.headers.get('content-type'), etag: null, body: answers[0]!.body })
    }
    expect(answers[0]!.body).toBe(await unknownApi.text())
  })

  it('refuses an address that keeps asking for feeds that do not exist, while real feeds keep working for it', async () => {
    const venue = await createVenue(TORONTO)
    const feed = await createFeed('client', venue.jets)
    // The app trusts the proxy header here, so this test speaks from an address of its own.
    const guesser = { 'x-forwarded-for': '198.51.100.40' }
    const guess = (index: number) => fetchFeed(`/feeds/${String(index).padStart(43, 'A')}.ics`, guesser)
    const statuses = []
    for (let index = 0; index < 30; index++) statuses.push((await guess(index)).status)
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 404))
    const refused = await guess(30)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests for calendar feeds that do not exist from this address. Please try again in a minute.',
      },
    })
    expect((await fetchFeed(pathOf(feed), guesser)).status).toBe(200)
    // Nobody else pays for it.
    expect((await fetchFeed(`/feeds/${'B'.repeat(43)}.ics`, { 'x-forwarded-for': '198.51.100.41' })).status).toBe(404)
  })

  it('answers another organisation’s client, space, facility or feed 404, and refuses a bad body with 422', async () => {
    const venue = await createVenue(TORONTO)
    const feed = await createFeed('space', venue.sheet)
    for (const [scope, targetId] of [
      ['client', venue.jets],
      ['space', venue.sheet],
      ['facility', venue.facilityId],
      // A's things of the wrong kind are as missing as another's.
      ['client', venue.facilityId],
    ] as const) {
      expect((await request('GET', `/api/feeds?scope=${scope}&targetId=${targetId}`, undefined, stranger)).status).toBe(404)
      expect((await request('POST', '/api/feeds', { scope, targetId }, stranger)).status).toBe(404)
    }
    expect((await request('POST', '/api/feeds', { scope: 'client', targetId: venue.facilityId })).status).toBe(404)
    expect((await request('POST', `/api/feeds/${feed.id}/reset`, undefined, stranger)).status).toBe(404)
    expect((await request('PUT', `/api/feeds/${feed.id}`, { includeClientNames: true }, stranger)).status).toBe(404)
    const bad = await request('POST', '/api/feeds', { scope: 'room', targetId: venue.sheet })
    expect(bad.status).toBe(422)
    expect((await errorOf(bad)).message).toBe('Please choose a client, space or facility feed')
    expect((await request('PUT', `/api/feeds/${feed.id}`, { includeClientNames: 'yes' })).status).toBe(422)
    // Nothing changed: the space's feed is as it was.
    expect((await expectJson<{ feed: ApiFeed }>(await request('GET', `/api/feeds?scope=space&targetId=${venue.sheet}`), 200)).feed).toEqual(
      feed,
    )
  })

  it('goes with the client it follows', async () => {
    const venue = await createVenue(TORONTO)
    const feed = await createFeed('client', venue.sharks)
    expect((await request('DELETE', `/api/clients/${venue.sharks}`)).status).toBe(204)
    expect((await fetchFeed(pathOf(feed))).status).toBe(404)
  })

  it('answers an unchanged feed from memory: its 304 starts no statement', async () => {
    const venue = await createVenue(TORONTO)
    await book(venue.sheet, venue.jets, daysFromToday(5), '07:00', 60)
    const feed = await createFeed('client', venue.jets)
    const counting = countingStatements(t.db)
    const instance = appOn({ ...t.database, db: counting.db })
    // The instance keeps nothing until it listens, which it starts doing as it is made.
    const deadline = Date.now() + 5_000
    let etag = ''
    for (;;) {
      const first = await instance(pathOf(feed), etag ? { 'if-none-match': etag } : {})
      etag = first.headers.get('etag')!
      const before = counting.counter.statements
      const again = await instance(pathOf(feed), { 'if-none-match': etag })
      if (again.status === 304 && counting.counter.statements === before) break
      if (Date.now() > deadline) throw new Error('the feed was never answered from memory')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const before = counting.counter.statements
    for (let count = 0; count < 5; count++) {
      const unchanged = await instance(pathOf(feed), { 'if-none-match': etag })
      expect(unchanged.status).toBe(304)
      expect(unchanged.headers.get('etag')).toBe(etag)
    }
    expect(counting.counter.statements).toBe(before)
    // The full feed too: rendered once (one statement), then served from memory.
    const full = await instance(pathOf(feed))
    expect(full.status).toBe(200)
    const rendered = counting.counter.statements
    expect(rendered - before).toBeLessThanOrEqual(1)
    expect(await full.text()).toBe(await (await instance(pathOf(feed))).text())
    expect(counting.counter.statements).toBe(rendered)
  })

  it('answers the new feed with a new ETag once any change it shows is announced, never a stale 304', async () => {
    const venue = await createVenue(TORONTO)
    const day = daysFromToday(8)
    const clientFeed = await createFeed('client', venue.jets)
    const spaceFeed = await createFeed('space', venue.sheet)
    const facilityFeed = await createFeed('facility', venue.facilityId)
    const etags = new Map<string, string>()
    // Reads the feed as a calendar holding its last ETag does, twice: the second is a 304.
    const changedFeed = async (feed: ApiFeed) => {
      const response = await fetchFeed(pathOf(feed), { 'if-none-match': etags.get(feed.id) ?? '"none"' })
      expect(response.status).toBe(200)
      const etag = response.headers.get('etag')!
      expect(etag).not.toBe(etags.get(feed.id))
      etags.set(feed.id, etag)
      expect((await fetchFeed(pathOf(feed), { 'if-none-match': etag })).status).toBe(304)
      return parseFeed(await response.text())
    }
    for (const feed of [clientFeed, spaceFeed, facilityFeed]) await changedFeed(feed)

    // A new booking.
    const [practice] = await heard(clientFeed, () => book(venue.half, venue.jets, day, '09:00', 60, { title: 'Skills' }))
    expect((await changedFeed(clientFeed)).events.map((event) => event.summary)).toEqual(['Skills'])
    // A half's booking is on its whole's feed.
    expect((await changedFeed(spaceFeed)).events.map((event) => event.summary)).toEqual(['Skills'])
    expect((await changedFeed(facilityFeed)).events).toHaveLength(1)

    // Moved off the sheet to the studio: gone from the sheet's feed.
    const move = (roomId: string, version: number) =>
      request('PUT', `/api/events/${practice!.id}`, {
        roomId,
        clientId: venue.jets,
        title: 'Skills',
        color: practice!.color,
        eventType: 'practice',
        startTime: `${day}T15:00:00Z`,
        endTime: `${day}T16:00:00Z`,
        version,
      })
    await expectJson(await heard(spaceFeed, () => move(venue.studio, practice!.version)), 200)
    expect((await changedFeed(spaceFeed)).events).toEqual([])
    expect((await changedFeed(clientFeed)).events[0]).toMatchObject({ location: 'Studio, Arena', start: `${day}T15:00:00Z` })

    // A space linked under the sheet brings its bookings onto the sheet's feed.
    const { room: halfB } = await expectJson<{ room: { id: string } }>(
      await request('POST', `/api/facilities/${venue.facilityId}/rooms`, { name: 'Half Ice B', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
      201,
    )
    await heard(facilityFeed, () => book(halfB.id, venue.sharks, day, '20:00', 60, { title: 'Late skate' }))
    expect((await changedFeed(facilityFeed)).events).toHaveLength(2)
    // Not yet the sheet's part: its feed is unchanged.
    expect((await fetchFeed(pathOf(spaceFeed), { 'if-none-match': etags.get(spaceFeed.id)! })).status).toBe(304)
    await expectJson(
      await heard(spaceFeed, () =>
        request('PUT', `/api/rooms/${halfB.id}`, { name: 'Half Ice B', type: 'rink', parentId: venue.sheet, ...OPEN_AROUND_THE_CLOCK }),
      ),
      200,
    )
    expect((await changedFeed(spaceFeed)).events.map((event) => event.summary)).toEqual(['Late skate'])

    // A renamed space, a renamed client, the facility's zone.
    await expectJson(
      await heard(clientFeed, () =>
        request('PUT', `/api/rooms/${venue.studio}`, { name: 'Dryland', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
      ),
      200,
    )
    expect((await changedFeed(clientFeed)).events[0]!.location).toBe('Dryland, Arena')
    await expectJson(await heard(clientFeed, () => request('PUT', `/api/clients/${venue.jets}`, { name: 'Jets U15' })), 200)
    expect((await changedFeed(clientFeed)).events[0]!.description).toBe('Client: Jets U15')
    await expectJson(
      await heard(facilityFeed, () => request('PUT', `/api/facilities/${venue.facilityId}`, { name: 'Arena', timeZone: KATHMANDU })),
      200,
    )
    expect((await changedFeed(facilityFeed)).events.map((event) => event.tzid)).toEqual([KATHMANDU, KATHMANDU])
    expect((await changedFeed(clientFeed)).events.map((event) => event.tzid)).toEqual([KATHMANDU])

    // The setting, then a reset: the old address is a 404 at once, the new one a feed.
    await expectJson(await request('PUT', `/api/feeds/${facilityFeed.id}`, { includeClientNames: true }), 200)
    expect((await changedFeed(facilityFeed)).events.map((event) => event.description)).toEqual(['Client: Jets U15', 'Client: Sharks'])
    const reset = await expectJson<{ feed: ApiFeed }>(await request('POST', `/api/feeds/${clientFeed.id}/reset`), 200)
    expect((await fetchFeed(pathOf(clientFeed), { 'if-none-match': etags.get(clientFeed.id)! })).status).toBe(404)
    expect((await fetchFeed(pathOf(reset.feed), { 'if-none-match': etags.get(clientFeed.id)! })).status).toBe(304)

    // Deleted.
    expect((await heard(reset.feed, () => request('DELETE', `/api/events/${practice!.id}`))).status).toBe(204)
    expect((await changedFeed(reset.feed)).events).toEqual([])
  })

  it.runIf(kind === 'postgres')(
    'forgets a feed another instance changed, and keeps nothing while it may miss an announcement',
    async () => {
      const venue = await createVenue(TORONTO)
      const day = daysFromToday(9)
      await book(venue.sheet, venue.jets, day, '07:00', 60, { title: 'Early' })
      const feed = await createFeed('space', venue.sheet)
      // A second server on the same database, with a listening connection of its own.
      const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] }
      const url = new URL(readEnv().databaseUrl!)
      url.pathname = `/${result.rows[0].name}`
      const other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })
      try {
        const counting = countingStatements(other.db)
        const otherApp = appOn({ ...other, db: counting.db })
        const fromMemory = async (etag: string) => {
          const before = counting.counter.statements
          const response = await otherApp(pathOf(feed), { 'if-none-match': etag })
          return response.status === 304 && counting.counter.statements === before
        }
        const waitUntilFromMemory = async (etag: string) => {
          const deadline = Date.now() + 5_000
          while (!(await fromMemory(etag))) {
            if (Date.now() > deadline) throw new Error('the other instance never answered from memory')
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        }
        let etag = (await otherApp(pathOf(feed))).headers.get('etag')!
        await waitUntilFromMemory(etag)

        // Booked through this instance: the other hears it and answers the new feed.
        await heard(feed, () => book(venue.sheet, venue.sharks, day, '09:00', 60, { title: 'Second' }), other)
        const changed = await otherApp(pathOf(feed), { 'if-none-match': etag })
        expect(changed.status).toBe(200)
        expect(parseFeed(await changed.text()).events.map((event) => event.summary)).toEqual(['Early', 'Second'])
        etag = changed.headers.get('etag')!
        await waitUntilFromMemory(etag)

        // Its listening connection lost: it forgets everything, and keeps nothing until it listens again.
        const states: boolean[] = []
        const unlisten = await other.listen(FEED_CHANGES_CHANNEL, (payload, isListening) => {
          if (payload === null && isListening !== undefined) states.push(isListening)
        })
        await t.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%feed_changes%'`,
        )
        const lostBy = Date.now() + 5_000
        while (!states.includes(false)) {
          if (Date.now() > lostBy) throw new Error('the other instance never heard that it lost its connection')
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        // A change no trigger announces (triggers off, as a restore runs, so the version is raised
        // by hand) while it cannot hear: it is read from the database, not from memory.
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`)
          await tx.execute(
            sql`update schedules set title = 'Unannounced', version = version + 1 where room_id = ${venue.sheet} and title = 'Early'`,
          )
        })
        if (!states.includes(true)) {
          const before = counting.counter.statements
          const unheard = await otherApp(pathOf(feed), { 'if-none-match': etag })
          expect(counting.counter.statements).toBeGreaterThan(before)
          expect(unheard.status).toBe(200)
          expect(parseFeed(await unheard.text()).events.map((event) => event.summary)).toEqual(['Unannounced', 'Second'])
          etag = unheard.headers.get('etag')!
        }
        const backBy = Date.now() + 10_000
        while (!states.includes(true)) {
          if (Date.now() > backBy) throw new Error('the other instance never listened again')
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        const back = await otherApp(pathOf(feed), { 'if-none-match': etag })
        if (back.status === 200) etag = back.headers.get('etag')!
        await waitUntilFromMemory(etag)
        await unlisten()

        // A reset through this instance: the other answers the old address 404.
        await heard(feed, () => request('POST', `/api/feeds/${feed.id}/reset`), other)
        expect((await otherApp(pathOf(feed), { 'if-none-match': etag })).status).toBe(404)
      } finally {
        await other.close()
      }
    },
  )
})
