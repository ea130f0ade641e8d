import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../env'
import { clientFor, startAppProcess, type AppProcess } from './app-process'
import { OPEN_AROUND_THE_CLOCK } from './test-app'
import { createTestDatabase, type TestDatabase } from './test-database'

// Two app processes on one PostgreSQL, as behind a load balancer (docs/scaling.md). PGlite is one
// process by design, so this runs where DATABASE_URL points at a PostgreSQL (CI sets it).
describe.skipIf(!readEnv().databaseUrl)('two app instances on one PostgreSQL', () => {
  let database: TestDatabase
  let first: AppProcess
  let second: AppProcess
  let cookie = ''
  const ids = { roomId: '', clientId: '', slug: '' }

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    ;[first, second] = await Promise.all([
      startAppProcess({ DATABASE_URL: database.url! }),
      startAppProcess({ DATABASE_URL: database.url! }),
    ])
  }, 120_000)

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()])
    await database?.drop()
  })

  it('a session made on one instance works on the other', async () => {
    const onFirst = clientFor(first.origin)
    const onSecond = clientFor(second.origin)
    const email = 'owner@two-instances.test'
    const password = 'two instances, one database'
    expect((await onFirst('/api/auth/sign-up/email', { method: 'POST', body: { fullName: 'Owner', email, password } })).status).toBe(201)
    const signIn = await onFirst('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })
    expect(signIn.status).toBe(200)
    cookie = signIn.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!
    const me = await onSecond('/api/me', { cookie })
    expect(me.status).toBe(200)
  })

  it('a 200-way booking race split across both instances books exactly one event', async () => {
    const onFirst = clientFor(first.origin)
    const onSecond = clientFor(second.origin)
    const facility = await (
      await onSecond('/api/facilities', { method: 'POST', cookie, body: { name: 'Twin Rinks', timeZone: 'America/Toronto' } })
    ).json()
    const facilityId = (facility as { facility: { id: string } }).facility.id
    const room = await (
      await onFirst(`/api/facilities/${facilityId}/rooms`, {
        method: 'POST',
        cookie,
        body: { name: 'Rink 1', type: 'rink', ...OPEN_AROUND_THE_CLOCK },
      })
    ).json()
    ids.roomId = (room as { room: { id: string } }).room.id
    const client = await (await onSecond('/api/clients', { method: 'POST', cookie, body: { name: 'Raceway Hockey' } })).json()
    ids.clientId = (client as { client: { id: string } }).client.id

    const booking = { roomId: ids.roomId, clientId: ids.clientId, date: '2031-03-04', durationMinutes: 60, title: 'Race' }
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        (index % 2 === 0 ? onFirst : onSecond)('/api/events', {
          method: 'POST',
          cookie,
          // Every request overlaps every other: starts at 18:00 or 18:15 on the room's 15-minute grid,
          // each an hour long, both starts on both instances.
          body: { ...booking, startTime: Math.floor(index / 2) % 2 === 0 ? '18:00' : '18:15' },
        }).then((response) => response.status),
      ),
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(199)
  }, 120_000)

  it('a change made through one instance reaches a board connected to the other within 2 s', async () => {
    const onFirst = clientFor(first.origin)
    const screen = await onFirst('/api/screens', {
      method: 'POST',
      cookie,
      body: { name: 'Twin Lobby', rooms: [{ roomId: ids.roomId, color: '#16a34a' }] },
    })
    expect(screen.status).toBe(201)
    ids.slug = ((await screen.json()) as { screen: { slug: string } }).screen.slug

    const controller = new AbortController()
    const stream = await fetch(`${second.origin}/api/public/displays/${ids.slug}/changes`, { signal: controller.signal })
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    const nextEvent = async (name: string) => {
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) throw new Error('the stream ended')
        buffer += value
        if (buffer.includes(`event: ${name}`)) return
      }
    }
    await nextEvent('ready')

    const startedAt = Date.now()
    // The board listens on the second instance; the booking goes through the first.
    const created = await onFirst('/api/events', {
      method: 'POST',
      cookie,
      body: {
        roomId: ids.roomId,
        clientId: ids.clientId,
        date: '2031-03-05',
        startTime: '07:00',
        durationMinutes: 60,
        title: 'Morning skate',
      },
    })
    expect(created.status).toBe(201)
    await nextEvent('changed')
    expect(Date.now() - startedAt).toBeLessThan(2000)
    controller.abort()
  }, 60_000)
  it('a booking on one instance uses the zone a facility has now, whatever that instance remembered', async () => {
    const onSecond = clientFor(second.origin)
    const book = (date: string) =>
      onSecond('/api/events', {
        method: 'POST',
        cookie,
        body: { roomId: ids.roomId, clientId: ids.clientId, date, startTime: '09:00', durationMinutes: 60, title: 'Morning skate' },
      })
    // The second instance books in the room and so remembers its zone, Toronto.
    const before = await book('2031-05-05')
    expect(before.status).toBe(201)
    expect(((await before.json()) as { events: { startTime: string }[] }).events[0]!.startTime).toBe('2031-05-05T13:00:00.000Z')
    // The facility moves to Vancouver behind that instance's back (another instance, or a script).
    const admin = new pg.Client({ connectionString: database.url! })
    await admin.connect()
    try {
      await admin.query(`update facilities set time_zone = 'America/Vancouver' where id = (select facility_id from rooms where id = $1)`, [
        ids.roomId,
      ])
    } finally {
      await admin.end()
    }
    const after = await book('2031-05-06')
    expect(after.status).toBe(201)
    // 09:00 in Vancouver, not in Toronto.
    expect(((await after.json()) as { events: { startTime: string }[] }).events[0]!.startTime).toBe('2031-05-06T16:00:00.000Z')
  })
})
