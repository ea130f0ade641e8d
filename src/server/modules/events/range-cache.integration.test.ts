import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { rooms, timelineWatches, schedules } from '../../db/schema'
import { expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import { TEST_ORIGIN } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type Range = { events: { id: string; title: string; kind: string }[] }

// A facility's range is answered from the instance's cache while an open timeline watches the
// facility (ADR 0032); every change still shows: this instance's writes at once, another's once
// its notification arrives.
describe.each(testDatabaseKinds())('cached facility ranges on %s', (kind) => {
  const {
    t,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  async function seed() {
    const post = async <T>(path: string, body: unknown) =>
      expectJson<T>(await t.request(path, { method: 'POST', cookie: owner.cookie, body }), 201)
    const { facility } = await post<{ facility: { id: string; organisationId?: string } }>('/api/facilities', { name: 'Cache Arena' })
    const { room } = await post<{ room: { id: string } }>(`/api/facilities/${facility.id}/rooms`, { name: 'Rink', type: 'rink' })
    const { client } = await post<{ client: { id: string } }>('/api/clients', { name: 'Cache Club' })
    const book = (startTime: string, title: string) =>
      post('/api/events', { roomId: room.id, clientId: client.id, title, date: '2033-07-01', startTime, durationMinutes: 60 })
    return { facilityId: facility.id, roomId: room.id, clientId: client.id, book }
  }

  const rangePath = (facilityId: string) => `/api/events?facilityId=${facilityId}&from=2033-07-01T00:00:00Z&to=2033-07-02T12:00:00Z`
  const titles = async (facilityId: string) =>
    (await expectJson<Range>(await t.request(rangePath(facilityId), { cookie: owner.cookie }), 200)).events.map((event) => event.title)

  it('answers an unchanged range with 304 and gzip, and shows this instance’s writes and another’s', async () => {
    const venue = await seed()
    await venue.book('10:00', 'First')
    const [{ organisationId }] = (await t.db.select({ organisationId: schedules.organisationId }).from(schedules).limit(1)) as [
      { organisationId: string },
    ]
    await t.db.insert(timelineWatches).values({ organisationId, facilityId: venue.facilityId, expiresAt: new Date(Date.now() + 120_000) })

    const first = await t.request(rangePath(venue.facilityId), { cookie: owner.cookie })
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    const unchanged = await t.request(rangePath(venue.facilityId), { cookie: owner.cookie, headers: { 'if-none-match': etag } })
    expect(unchanged.status).toBe(304)
    const zipped = await t.app.request(`${TEST_ORIGIN}${rangePath(venue.facilityId)}`, {
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'accept-encoding': 'gzip, br' },
    })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(
      (JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()) as Range).events.map((event) => event.title),
    ).toEqual(['First'])

    // Booked through this instance: the next read has it at once.
    await venue.book('12:00', 'Second')
    expect(await titles(venue.facilityId)).toEqual(['First', 'Second'])

    // Written elsewhere (another instance, a script): shown once its notification arrives.
    await t.db.insert(schedules).values({
      organisationId,
      roomId: venue.roomId,
      clientId: venue.clientId,
      title: 'Elsewhere',
      startTime: new Date('2033-07-01T18:00:00Z'),
      endTime: new Date('2033-07-01T19:00:00Z'),
    })
    const deadline = Date.now() + 2_000
    let seen = await titles(venue.facilityId)
    while (!seen.includes('Elsewhere') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      seen = await titles(venue.facilityId)
    }
    expect(seen).toEqual(['First', 'Second', 'Elsewhere'])
  })

  it('shows a renter’s request as a hold, and at once as a booking once approved through this instance', async () => {
    const venue = await seed()
    const organisationId = await t.organisationOf(owner)
    await t.db.update(rooms).set({ acceptsRequests: true }).where(eq(rooms.id, venue.roomId))
    const renter = await t.addRenter(organisationId, venue.clientId)
    await t.db.insert(timelineWatches).values({ organisationId, facilityId: venue.facilityId, expiresAt: new Date(Date.now() + 120_000) })
    const kinds = async () =>
      (await expectJson<Range>(await t.request(rangePath(venue.facilityId), { cookie: owner.cookie }), 200)).events.map(
        ({ title, kind }) => `${title}: ${kind}`,
      )
    expect(await kinds()).toEqual([])

    const { request } = await expectJson<{ request: { id: string } }>(
      await t.request('/api/portal/requests', {
        method: 'POST',
        cookie: renter.cookie,
        body: {
          clientId: venue.clientId,
          roomId: venue.roomId,
          date: '2033-07-01',
          startTime: '09:00',
          durationMinutes: 60,
          title: 'Hawks U11',
        },
      }),
      201,
    )
    // Made in the portal: shown once its notification arrives, as a hold.
    const deadline = Date.now() + 2_000
    let seen = await kinds()
    while (seen.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      seen = await kinds()
    }
    expect(seen).toEqual(['Hawks U11: hold'])

    await expectJson(await t.request(`/api/requests/${request.id}/approve`, { method: 'POST', cookie: owner.cookie }), 200)
    expect(await kinds()).toEqual(['Hawks U11: booking'])
  })
})
