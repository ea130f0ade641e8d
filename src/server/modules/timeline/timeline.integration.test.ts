import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { timelineWatches } from '../../db/schema'
import { SCHEDULE_CHANGES_CHANNEL } from '../../realtime/schedule-changes'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const DAY = '2033-06-01'

// Reads an event stream's text until `event` arrives, or fails after `timeoutMs`.
async function waitForEvent(reader: ReadableStreamDefaultReader<Uint8Array>, event: string, timeoutMs = 2_000): Promise<void> {
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + timeoutMs
  while (!text.includes(`event: ${event}`)) {
    const left = deadline - Date.now()
    if (left <= 0) throw new Error(`no '${event}' within ${timeoutMs} ms; got ${JSON.stringify(text)}`)
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))])
    if (chunk === null) continue
    if (chunk.done) throw new Error(`the stream ended before '${event}'`)
    text += decoder.decode(chunk.value)
  }
}

describe.each(testDatabaseKinds())('the timeline live updates on %s', (kind) => {
  const {
    t,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  async function post<T>(user: TestUser, path: string, body: unknown): Promise<T> {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    expect(response.status, path).toBe(201)
    return (await response.json()) as T
  }

  async function seedFacility(user: TestUser) {
    const { facility } = await post<{ facility: { id: string } }>(user, '/api/facilities', { name: 'Bayview Arena' })
    const { room } = await post<{ room: { id: string } }>(user, `/api/facilities/${facility.id}/rooms`, { name: 'Rink', type: 'rink' })
    const { client } = await post<{ client: { id: string } }>(user, '/api/clients', { name: 'Bayview Minor Hockey' })
    return { facilityId: facility.id, roomId: room.id, clientId: client.id }
  }

  const book = (user: TestUser, venue: { roomId: string; clientId: string }, startTime: string) =>
    post(user, '/api/events', {
      roomId: venue.roomId,
      clientId: venue.clientId,
      title: 'Practice',
      date: DAY,
      startTime,
      durationMinutes: 60,
    })

  it('tells an open timeline of a booking in its facility within 2 seconds, and keeps the facility watched', async () => {
    const venue = await seedFacility(owner)
    const response = await t.request(`/api/facilities/${venue.facilityId}/timeline/changes`, { cookie: owner.cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.getReader()
    try {
      await waitForEvent(reader, 'ready')
      const [watch] = await t.db
        .select()
        .from(timelineWatches)
        .where(and(eq(timelineWatches.facilityId, venue.facilityId)))
      expect(watch!.expiresAt.getTime()).toBeGreaterThan(Date.now())

      await book(owner, venue, '10:00')
      await waitForEvent(reader, 'changed')
    } finally {
      await reader.cancel()
    }
  })

  it('announces the bookings of a facility only while someone watches it', async () => {
    const venue = await seedFacility(owner)
    const received: Array<string | null> = []
    const unlisten = await t.database.listen(SCHEDULE_CHANGES_CHANNEL, (payload) => received.push(payload))
    try {
      await book(owner, venue, '10:00')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(received).not.toContain(`timeline:${venue.facilityId}`)

      const response = await t.request(`/api/facilities/${venue.facilityId}/timeline/changes`, { cookie: owner.cookie })
      const reader = response.body!.getReader()
      await waitForEvent(reader, 'ready')
      await reader.cancel()
      await book(owner, venue, '12:00')
      const deadline = Date.now() + 2_000
      while (!received.includes(`timeline:${venue.facilityId}`) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(received).toContain(`timeline:${venue.facilityId}`)
    } finally {
      await unlisten()
    }
  })
})
