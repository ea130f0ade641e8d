import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql, type SQLWrapper } from 'drizzle-orm'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, todayInZone } from '@shared/scheduling/local-day'
import type { PublicBoard } from '@shared/screens/public-board'
import { schedules } from '../../db/schema'
import { endLiveStreams } from '../../realtime/live-streams'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, TEST_ORIGIN, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import * as repository from './repository'

const ZONE = 'America/Toronto'
const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

// Reads a server-sent event stream until an event with this name arrives.
async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, name: string, timeoutMs = 2_000) {
  const decoder = new TextDecoder()
  let buffered = ''
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
    ])
    if (!chunk || chunk.done) break
    buffered += decoder.decode(chunk.value, { stream: true })
    if (buffered.split('\n\n').some((message) => message.split('\n').includes(`event: ${name}`))) return
  }
  throw new Error(`no '${name}' event within ${timeoutMs} ms; got ${JSON.stringify(buffered)}`)
}

describe.each(testDatabaseKinds())('the public board on %s', (kind) => {
  const {
    t,
    operators: [owner, neighbour],
  } = useTestApp(kind, { env: { TRUST_PROXY: 'true', BOARD_STREAMS_PER_ADDRESS: '2' }, operators: 2 })
  let organisationId: string
  let rinkA: string
  let rinkB: string
  let facilityId: string
  let screenId: string
  const today = todayInZone(ZONE, new Date())
  const at = (time: string, day = today) => combineLocalDateTime(day, time, ZONE)

  async function post<T>(path: string, body: unknown, user: TestUser = owner): Promise<T> {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    expect(response.status, await response.clone().text()).toBe(201)
    return (await response.json()) as T
  }

  const uploadLogo = (user: TestUser, id: string, image: Uint8Array<ArrayBuffer>) => {
    const form = new FormData()
    form.append('logo', new Blob([image]), 'logo.png')
    return t.app.request(`${TEST_ORIGIN}/api/screens/${id}/logo`, {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      body: form,
    })
  }

  // Rows written straight to the database carry the owner's organisation, as the API's do.
  async function insertEvent(values: Partial<typeof schedules.$inferInsert> & { roomId: string; startTime: Date; endTime: Date }) {
    const [row] = await t.db
      .insert(schedules)
      .values({ organisationId, title: 'Practice', ...values })
      .returning({ id: schedules.id })
    return row!.id
  }

  const getBoard = (slug = 'main-lobby', headers: Record<string, string> = {}) => t.request(`/api/public/displays/${slug}`, { headers })
  // The app trusts the proxy header here, so each test can speak from addresses of its own.
  const from = (address: string) => ({ 'x-forwarded-for': address })
  const requestStream = (address: string, slug = 'main-lobby') =>
    t.request(`/api/public/displays/${slug}/changes`, { headers: from(address) })

  // A stream's end reaches the server a few ticks after the board lets go of it, so a slot may
  // take as long to come free.
  async function openStream(address: string, { waitForSlot = false } = {}) {
    const deadline = Date.now() + 2_000
    let response = await requestStream(address)
    while (waitForSlot && response.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      response = await requestStream(address)
    }
    // An open stream never ends, so its body is read only when it is an error.
    if (response.status !== 200) expect.fail(`${response.status}: ${await response.text()}`)
    const reader = response.body!.getReader()
    await nextEvent(reader, 'ready')
    return reader
  }

  async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>) {
    for (;;) if ((await reader.read()).done) return
  }

  beforeAll(async () => {
    const facility = (await post<{ facility: { id: string } }>('/api/facilities', { name: 'Maple Arena', timeZone: ZONE })).facility
    facilityId = facility.id
    const me = (await (await t.request('/api/me', { cookie: owner.cookie })).json()) as { user: { organisation: { id: string } } }
    organisationId = me.user.organisation.id
    const room = async (name: string, type = 'rink') =>
      (await post<{ room: { id: string } }>(`/api/facilities/${facility.id}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK })).room.id
    rinkA = await room('Rink A')
    rinkB = await room('Rink B')
    const offBoard = await room('Studio', 'room')
    const home = await room('Change Room 1', 'change_room')
    const away = await room('Change Room 2', 'change_room')
    const client = (
      await post<{ client: { id: string } }>('/api/clients', {
        name: 'Secret Client Inc',
        email: 'private@example.com',
        notes: 'Pays late, do not tell anyone',
      })
    ).client

    await insertEvent({
      roomId: rinkA,
      title: 'Yesterday late',
      startTime: at('22:00', addCalendarDays(today, -1)),
      endTime: at('23:00', addCalendarDays(today, -1)),
    })
    await insertEvent({
      roomId: rinkA,
      title: 'Cup Final',
      eventType: 'game',
      team1Name: 'Hawks',
      team2Name: 'Owls',
      changeRoom1Id: home,
      changeRoom2Id: away,
      clientId: client.id,
      description: 'Private description',
      startTime: at('18:00'),
      endTime: at('20:00'),
    })
    await insertEvent({
      roomId: rinkA,
      title: 'Learn to Skate',
      changeRoom1Id: home,
      clientId: client.id,
      startTime: at('09:00'),
      endTime: at('10:00'),
    })
    await insertEvent({
      roomId: rinkA,
      title: 'Tomorrow early',
      startTime: at('00:00', addCalendarDays(today, 1)),
      endTime: at('01:00', addCalendarDays(today, 1)),
    })
    await insertEvent({ roomId: offBoard, title: 'Yoga', startTime: at('09:00'), endTime: at('10:00') })

    const screen = (
      await post<{ screen: { id: string } }>('/api/screens', {
        name: 'Main Lobby',
        rooms: [
          { roomId: rinkA, color: '#ef4444' },
          { roomId: rinkB, color: '#22c55e' },
        ],
        tickerText: 'Skate night on Friday!',
      })
    ).screen
    screenId = screen.id
    expect((await uploadLogo(owner, screenId, PNG_1X1)).status).toBe(200)
  })

  it('shows today’s events per room in the facility’s day, with only what a board shows', async () => {
    const response = await getBoard()
    expect(response.status).toBe(200)
    const text = await response.text()
    const board = JSON.parse(text) as PublicBoard
    expect(Object.keys(board).sort()).toEqual(['facilityName', 'logoUrl', 'rooms', 'theme', 'ticker', 'timeZone'])
    expect(board).toMatchObject({ facilityName: 'Maple Arena', timeZone: ZONE, theme: 'dark', ticker: 'Skate night on Friday!' })
    expect(board.logoUrl).toMatch(/^\/api\/public\/logos\/main-lobby\/[0-9a-f]{16}$/)
    expect(board.rooms.map((room) => Object.keys(room).sort())).toEqual([
      ['closures', 'color', 'events', 'name', 'timeZone'],
      ['closures', 'color', 'events', 'name', 'timeZone'],
    ])
    expect(board.rooms.map((room) => room.closures)).toEqual([[], []])
    expect(board.rooms.map(({ name, color }) => ({ name, color }))).toEqual([
      { name: 'Rink A', color: '#ef4444' },
      { name: 'Rink B', color: '#22c55e' },
    ])
    expect(board.rooms[1]!.events).toEqual([])
    expect(board.rooms[0]!.events).toEqual([
      {
        title: 'Learn to Skate',
        startTime: at('09:00').toISOString(),
        endTime: at('10:00').toISOString(),
        eventType: 'practice',
        team1Name: null,
        team2Name: null,
        changeRoom1Name: 'Change Room 1',
        changeRoom2Name: null,
      },
      {
        title: 'Cup Final',
        startTime: at('18:00').toISOString(),
        endTime: at('20:00').toISOString(),
        eventType: 'game',
        team1Name: 'Hawks',
        team2Name: 'Owls',
        changeRoom1Name: 'Change Room 1',
        changeRoom2Name: 'Change Room 2',
      },
    ])
    // Nothing private, and no row's id, anywhere in the answer.
    for (const secret of ['Secret Client', 'private@example.com', 'Pays late', 'Private description', 'Yoga', 'Studio']) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(UUID_ANYWHERE)
    expect((await t.request(board.logoUrl!)).status).toBe(200)
  })

  it('answers an unchanged board with 304 from its ETag, and a changed one with new data at once', async () => {
    const first = await getBoard()
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const unchanged = await getBoard('main-lobby', { 'if-none-match': etag })
    expect(unchanged.status).toBe(304)
    expect(await unchanged.text()).toBe('')

    await insertEvent({ roomId: rinkB, title: 'Public Skate', startTime: at('12:00'), endTime: at('13:00') })
    // The notification travels through the database; it takes milliseconds, not seconds.
    const deadline = Date.now() + 2_000
    let changed = await getBoard('main-lobby', { 'if-none-match': etag })
    while (changed.status === 304 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      changed = await getBoard('main-lobby', { 'if-none-match': etag })
    }
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    const board = (await changed.json()) as PublicBoard
    expect(board.rooms[1]!.events.map(({ title }) => title)).toEqual(['Public Skate'])
  })

  it('shows today’s closures of a room, and drops them once removed', async () => {
    const { closure } = await post<{ closure: { id: string } }>(`/api/facilities/${facilityId}/closures`, {
      spaceId: rinkB,
      reason: 'Ice plant maintenance',
      startDate: today,
      startTime: '05:00',
      endDate: today,
      endTime: '06:00',
      coveredEvents: 'keep',
    })
    const read = async () => ((await (await getBoard()).json()) as PublicBoard).rooms.map((room) => room.closures)
    const deadline = Date.now() + 2_000
    let closures = await read()
    // A cached board answers without I/O: the wait lets the notification's socket be read.
    while (closures[1]!.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      closures = await read()
    }
    expect(closures).toEqual([
      [],
      [{ reason: 'Ice plant maintenance', startTime: at('05:00').toISOString(), endTime: at('06:00').toISOString() }],
    ])
    expect((await t.request(`/api/closures/${closure.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
  })

  it('pushes a change to an open board over server-sent events', async () => {
    const response = await t.request('/api/public/displays/main-lobby/changes')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.getReader()
    try {
      await nextEvent(reader, 'ready')
      const eventId = await insertEvent({ roomId: rinkA, title: 'Hockey', startTime: at('14:00'), endTime: at('15:00') })
      await nextEvent(reader, 'changed')
      await t.db.update(schedules).set({ title: 'Hockey (moved)' }).where(eq(schedules.id, eventId))
      await nextEvent(reader, 'changed')
    } finally {
      await reader.cancel()
    }
  })

  it('follows the screen’s theme and ticker switch', async () => {
    const response = await t.request(`/api/screens/${screenId}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { name: 'Main Lobby', theme: 'light', showTicker: false, tickerText: 'Hidden', rooms: [{ roomId: rinkB }] },
    })
    expect(response.status).toBe(200)
    const deadline = Date.now() + 2_000
    let board = (await (await getBoard()).json()) as PublicBoard
    while (board.theme !== 'light' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      board = (await (await getBoard()).json()) as PublicBoard
    }
    expect(board).toMatchObject({ theme: 'light', ticker: null })
    expect(board.rooms.map(({ name }) => name)).toEqual(['Rink B'])
  })

  it('answers an unknown address with a plain not found', async () => {
    for (const slug of ['no-such-board', 'NOT-A-SLUG', '-dash']) {
      const response = await getBoard(slug)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Screen not found' } })
    }
    expect((await t.request('/api/public/logos/main-lobby/0123456789abcdef')).status).toBe(404)
    expect((await t.request('/api/public/logos/main-lobby/..%2F..%2Fetc')).status).toBe(404)
  })

  it('answers a live stream for a board that does not exist with a plain not found instead of opening it', async () => {
    const response = await requestStream('198.51.100.10', 'no-such-board')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Screen not found' } })
  })

  it('lets one address hold only so many open streams, and counts a stream out once the board or the server ends it', async () => {
    const address = '198.51.100.20'
    const first = await openStream(address)
    const second = await openStream(address)
    const refused = await requestStream(address)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many open board connections from this address' } })
    // Another address is not held back by this one.
    const elsewhere = await openStream('198.51.100.21')

    // The board goes away.
    await first.cancel()
    const third = await openStream(address, { waitForSlot: true })
    expect((await requestStream(address)).status).toBe(429)

    // The server shuts down: every stream ends, and with it every slot it held.
    endLiveStreams()
    await Promise.all([second, third, elsewhere].map(readToEnd))
    const afterShutdown = [await openStream(address, { waitForSlot: true }), await openStream(address, { waitForSlot: true })]
    expect((await requestStream(address)).status).toBe(429)
    await Promise.all(afterShutdown.map((reader) => reader.cancel()))
  })

  it('refuses an address that keeps asking for boards that do not exist, while real boards keep working for it', async () => {
    const guesserAddress = '198.51.100.30'
    const guesser = from(guesserAddress)
    const guess = (index: number) =>
      [
        `/api/public/displays/guess-${index}`,
        `/api/public/displays/guess-${index}/changes`,
        `/api/public/logos/guess-${index}/0123456789abcdef`,
      ][index % 3]!
    const statuses = []
    for (let index = 0; index < 30; index++) statuses.push((await t.request(guess(index), { headers: guesser })).status)
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 404))

    for (const path of [guess(30), guess(31), guess(32), '/api/public/displays/NOT-A-SLUG']) {
      const refused = await t.request(path, { headers: guesser })
      expect(refused.status, path).toBe(429)
      expect(await refused.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many requests for screens that do not exist from this address. Please try again in a minute.',
        },
      })
    }

    const board = await getBoard('main-lobby', guesser)
    expect(board.status).toBe(200)
    const { logoUrl } = (await board.json()) as PublicBoard
    expect((await t.request(logoUrl!, { headers: guesser })).status).toBe(200)
    await (await openStream(guesserAddress)).cancel()
    // Nobody else pays for it.
    expect((await getBoard('guess-0', from('198.51.100.31'))).status).toBe(404)
  })

  it('serves a logo only at its own screen’s address, whichever organisation has the same image', async () => {
    const { logoUrl } = (await (await getBoard()).json()) as PublicBoard
    const version = logoUrl!.split('/').at(-1)!
    const facility = (await post<{ facility: { id: string } }>('/api/facilities', { name: 'Next Door Arena' }, neighbour)).facility
    const room = (
      await post<{ room: { id: string } }>(`/api/facilities/${facility.id}/rooms`, { name: 'Their Rink', type: 'rink' }, neighbour)
    ).room
    const theirs = (await post<{ screen: { id: string } }>('/api/screens', { name: 'Next Door', rooms: [{ roomId: room.id }] }, neighbour))
      .screen
    // The same image, so the same version, in another organisation.
    const same = await uploadLogo(neighbour, theirs.id, PNG_1X1)
    expect(((await same.json()) as { screen: { logoUrl: string } }).screen.logoUrl).toBe(`/api/public/logos/next-door/${version}`)
    const other = await uploadLogo(neighbour, theirs.id, GIF_1X1)
    const gifVersion = ((await other.json()) as { screen: { logoUrl: string } }).screen.logoUrl.split('/').at(-1)!

    const served = await t.request(`/api/public/logos/next-door/${gifVersion}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/gif')
    expect((await t.request(`/api/public/logos/next-door/${version}`)).status).toBe(404)
    expect((await t.request(`/api/public/logos/main-lobby/${gifVersion}`)).status).toBe(404)
    const ours = await t.request(`/api/public/logos/main-lobby/${version}`)
    expect(ours.headers.get('content-type')).toBe('image/png')
  })

  it('reads a board and its logo through keys among many organisations, never by scanning a table', async () => {
    const { logoUrl } = (await (await getBoard()).json()) as PublicBoard
    const version = logoUrl!.split('/').at(-1)!
    // 300 other organisations, each with 10 screens and their logos, and a room with 20 events:
    // enough rows that the planner reads the tables below through their keys when it can.
    const org = sql`md5('bulk-organisation-' || n)::uuid`
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into organisations (id, name) select ${org}, 'Bulk ' || n from generate_series(1, 300) n`)
      await tx.execute(sql`
        insert into screens (organisation_id, name, slug)
        select ${org}, 'Bulk board', 'bulk-' || n || '-' || s from generate_series(1, 300) n, generate_series(1, 10) s`)
      await tx.execute(sql`
        insert into screen_logos (organisation_id, screen_id, content_type, content, version)
        select organisation_id, id, 'image/png', decode('00', 'hex'), ${version} from screens where slug like 'bulk-%'`)
      await tx.execute(sql`
        insert into facilities (id, organisation_id, name) select md5('bulk-facility-' || n)::uuid, ${org}, 'Bulk' from generate_series(1, 300) n`)
      await tx.execute(sql`
        insert into rooms (id, organisation_id, facility_id, name, type, operating_start_time, operating_end_time)
        select md5('bulk-room-' || n)::uuid, ${org}, md5('bulk-facility-' || n)::uuid, 'Bulk', 'rink', '00:00', '00:00' from generate_series(1, 300) n`)
      await tx.execute(sql`
        insert into schedules (organisation_id, room_id, title, start_time, end_time)
        select ${org}, md5('bulk-room-' || n)::uuid, 'Bulk', date_trunc('hour', now()) + d * interval '1 day', date_trunc('hour', now()) + d * interval '1 day' + interval '1 hour'
        from generate_series(1, 300) n, generate_series(-10, 9) d`)
    })
    await t.db.execute(sql`analyze`)

    const window = { start: at('00:00'), end: at('00:00', addCalendarDays(today, 1)) }
    const queries: Array<[string, SQLWrapper, string[]]> = [
      ['screen at an address', repository.screenBySlugQuery(t.db, 'main-lobby'), ['board_addresses', 'screens']],
      ['logo', repository.logoQuery(t.db, 'main-lobby', version), ['board_addresses', 'screens', 'screen_logos']],
      [
        'events',
        repository.eventsInWindowsQuery(t.db, organisationId, [
          { roomId: rinkA, ...window },
          { roomId: rinkB, ...window },
        ]),
        ['schedules'],
      ],
    ]
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] }
    const scans = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scans)]
    for (const [name, query, tables] of queries) {
      const { rows } = (await t.db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Array<Record<string, unknown>> }
      const explained = rows[0]!['QUERY PLAN']
      const [{ Plan: plan }] = (typeof explained === 'string' ? JSON.parse(explained) : explained) as [{ Plan: PlanNode }]
      for (const node of scans(plan).filter((scan) => tables.includes(scan['Relation Name'] ?? ''))) {
        const shown = `${name}: ${JSON.stringify(plan)}`
        expect(node['Node Type'], shown).not.toBe('Seq Scan')
        // An index read whole is a scan too: each index read has a condition (a bitmap's is its child's).
        if (node['Node Type'] !== 'Bitmap Heap Scan') expect(node['Index Cond'], shown).toBeDefined()
      }
    }
    expect((await t.request(logoUrl!)).status).toBe(200)
  })
})
