import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/activity/responses'
import { activityEntries, organisations } from '../../db/schema'
import { findPostgresError } from '../../errors'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type Page = { entries: ActivityEntry[]; nextBefore: string | null }

describe.each(testDatabaseKinds())('the activity trail on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

  const post = (user: TestUser, path: string, body?: unknown) => t.request(path, { method: 'POST', cookie: user.cookie, body })
  const trail = async (user: TestUser, query = '') => {
    const response = await t.request(`/api/activity${query}`, { cookie: user.cookie })
    expect(response.status).toBe(200)
    return (await response.json()) as Page
  }

  async function venue(user: TestUser, timeZone = 'America/Toronto') {
    const facility = await post(user, '/api/facilities', { name: 'North Arena', timeZone })
    const facilityId = ((await facility.json()) as { facility: { id: string } }).facility.id
    const rink = await post(user, `/api/facilities/${facilityId}/rooms`, { name: 'Rink 1', type: 'rink', ...OPEN_AROUND_THE_CLOCK })
    const other = await post(user, `/api/facilities/${facilityId}/rooms`, { name: 'Rink 2', type: 'rink', ...OPEN_AROUND_THE_CLOCK })
    const client = await post(user, '/api/clients', { name: 'Bayview Minor Hockey' })
    return {
      facilityId,
      roomId: ((await rink.json()) as { room: { id: string } }).room.id,
      otherRoomId: ((await other.json()) as { room: { id: string } }).room.id,
      clientId: ((await client.json()) as { client: { id: string } }).client.id,
    }
  }

  async function book(user: TestUser, place: { roomId: string; clientId: string }, date: string, startTime = '10:00', extra = {}) {
    const response = await post(user, '/api/events', {
      roomId: place.roomId,
      clientId: place.clientId,
      date,
      startTime,
      durationMinutes: 60,
      title: 'U11 Practice',
      ...extra,
    })
    return response
  }

  const eventEntries = async (user: TestUser) => (await trail(user, '?kind=event')).entries

  it('records a booking, a move and a deletion by whom, with what changed, in the facility zone', async () => {
    const place = await venue(owner)
    const created = await book(owner, place, '2030-12-03')
    expect(created.status).toBe(201)
    const event = ((await created.json()) as { events: { id: string; clientId: string }[] }).events[0]!

    const [booked] = await eventEntries(owner)
    expect(booked).toMatchObject({
      action: 'created',
      entity: 'event',
      entityId: event.id,
      label: 'U11 Practice',
      timeZone: 'America/Toronto',
      actorId: owner.id,
      changes: {
        start: { before: null, after: '2030-12-03T15:00:00.000Z' },
        end: { before: null, after: '2030-12-03T16:00:00.000Z' },
        space: { before: null, after: 'Rink 1' },
        client: { before: null, after: 'Bayview Minor Hockey' },
      },
    })

    const moved = await t.request(`/api/events/${event.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: {
        roomId: place.otherRoomId,
        clientId: place.clientId,
        title: 'U11 Practice',
        startTime: '2030-12-03T16:00:00.000Z',
        endTime: '2030-12-03T17:00:00.000Z',
        version: 1,
      },
    })
    expect(moved.status).toBe(200)
    const [move] = await eventEntries(owner)
    expect(move).toMatchObject({ action: 'updated', entityId: event.id, label: 'U11 Practice' })
    // Only what changed: the times and the space, nothing else.
    expect(move!.changes).toEqual({
      start: { before: '2030-12-03T15:00:00.000Z', after: '2030-12-03T16:00:00.000Z' },
      end: { before: '2030-12-03T16:00:00.000Z', after: '2030-12-03T17:00:00.000Z' },
      space: { before: 'Rink 1', after: 'Rink 2' },
    })

    expect((await t.request(`/api/events/${event.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    const [removed] = await eventEntries(owner)
    expect(removed).toMatchObject({
      action: 'deleted',
      entityId: event.id,
      label: 'U11 Practice',
      changes: { start: { before: '2030-12-03T16:00:00.000Z', after: null }, space: { before: 'Rink 2', after: null } },
    })

    // The event's history, newest first.
    const history = await trail(owner, `?entityId=${event.id}`)
    expect(history.entries.map((entry) => entry.action)).toEqual(['deleted', 'updated', 'created'])
  })

  it('records a booking split at midnight once, under its title without the part', async () => {
    const place = await venue(owner)
    const created = await post(owner, '/api/events', {
      roomId: place.roomId,
      clientId: place.clientId,
      date: '2030-12-10',
      startTime: '23:00',
      durationMinutes: 120,
      title: 'Late Game',
    })
    expect(created.status).toBe(201)
    const parts = ((await created.json()) as { events: { id: string }[] }).events
    const entries = (await eventEntries(owner)).filter((entry) => entry.label === 'Late Game')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.changes).toMatchObject({
      start: { after: '2030-12-11T04:00:00.000Z' },
      end: { after: '2030-12-11T06:00:00.000Z' },
    })
    // Either part's sheet shows the booking's history.
    for (const part of parts) {
      expect((await trail(owner, `?kind=event&entityId=${part.id}`)).entries.map((entry) => entry.id)).toEqual([entries[0]!.id])
    }
  })

  it('names the space and the client for a caller that does not pass their names', async () => {
    // The booking statement passes the names it has read (migration 0026); a caller from before it
    // passes only the ids, and the entry reads the same.
    const place = await venue(owner)
    const organisationId = await t.organisationOf(owner)
    const eventId = '6f1b0c2e-3c1d-4e7a-9a55-0d3c8f1e2a77'
    await t.db.execute(sql`select record_booking_activity(${organisationId}::uuid, ${owner.id}, 'Someone', false, 'America/Toronto',
      ${place.facilityId}::uuid,
      ${JSON.stringify([{ id: eventId, title: 'Old Caller', start_time: '2030-12-04T15:00:00.000Z', end_time: '2030-12-04T16:00:00.000Z', event_group_id: null }])}::jsonb,
      '[]'::jsonb, jsonb_build_object('room_id', ${place.roomId}::uuid, 'client_id', ${place.clientId}::uuid))`)
    const [entry] = (await eventEntries(owner)).filter((candidate) => candidate.entityId === eventId)
    expect(entry?.changes).toEqual({
      start: { before: null, after: '2030-12-04T15:00:00.000Z' },
      end: { before: null, after: '2030-12-04T16:00:00.000Z' },
      space: { before: null, after: 'Rink 1' },
      client: { before: null, after: 'Bayview Minor Hockey' },
    })
  })

  it('leaves no entry for a booking the database refused', async () => {
    const place = await venue(owner)
    expect((await book(owner, place, '2030-12-17')).status).toBe(201)
    const before = (await eventEntries(owner)).length
    const clash = await book(owner, place, '2030-12-17', '10:30')
    expect(clash.status).toBe(409)
    expect((await eventEntries(owner)).length).toBe(before)
  })

  it('shows an organisation only its own trail, and pages it newest first', async () => {
    const place = await venue(stranger)
    for (let day = 1; day <= 60; day++) {
      expect(
        (
          await book(
            stranger,
            place,
            `2031-01-${String((day % 28) + 1).padStart(2, '0')}`,
            `${String(6 + Math.floor(day / 28)).padStart(2, '0')}:00`,
          )
        ).status,
      ).toBe(201)
    }
    const first = await trail(stranger, '?kind=event')
    expect(first.entries).toHaveLength(50)
    expect(first.nextBefore).not.toBeNull()
    const second = await trail(stranger, `?kind=event&before=${encodeURIComponent(first.nextBefore!)}`)
    expect(second.entries).toHaveLength(10)
    expect(second.nextBefore).toBeNull()
    const ids = [...first.entries, ...second.entries].map((entry) => Number(entry.id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Set(ids).size).toBe(60)
    // The owner of another organisation sees none of it.
    const owners = (await trail(owner)).entries
    expect(owners.some((entry) => ids.includes(Number(entry.id)))).toBe(false)
    // Filters: by person, and by a date range that ends before everything.
    expect((await trail(stranger, `?person=${owner.id}`)).entries).toEqual([])
    expect((await trail(stranger, `?person=${stranger.id}&kind=event`)).entries).toHaveLength(50)
    expect((await trail(stranger, '?to=2000-01-01T00:00:00.000Z')).entries).toEqual([])
  })

  it('is refused to roles without the trail, and answers bad filters with 422', async () => {
    const organisationId = await t.organisationOf(owner)
    const scheduler = await t.addMember(admin, organisationId, 'scheduler')
    expect((await t.request('/api/activity', { cookie: scheduler.cookie })).status).toBe(403)
    expect((await t.request('/api/activity?kind=spaceship', { cookie: owner.cookie })).status).toBe(422)
    expect((await t.request('/api/activity?before=yesterday', { cookie: owner.cookie })).status).toBe(422)
    expect(
      (await t.request('/api/activity?from=2030-01-02T00:00:00.000Z&to=2030-01-01T00:00:00.000Z', { cookie: owner.cookie })).status,
    ).toBe(422)
  })

  it('cannot be changed or deleted, except by deleting the organisation, which takes its trail', async () => {
    const organisationId = await t.organisationOf(owner)
    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (caught: unknown) => caught,
      )
      expect(findPostgresError(error)?.code).toBe('42501')
    }
    await refused(t.db.update(activityEntries).set({ label: 'forged' }).where(eq(activityEntries.organisationId, organisationId)))
    await refused(t.db.delete(activityEntries).where(eq(activityEntries.organisationId, organisationId)))
    await refused(t.db.execute(sql`truncate activity_entries`))
    expect((await trail(owner)).entries.length).toBeGreaterThan(0)

    const leaving = await t.createOperator(admin)
    const leavingOrganisation = await t.organisationOf(leaving)
    await venue(leaving)
    const count = async () =>
      (await t.db.select({ id: activityEntries.id }).from(activityEntries).where(eq(activityEntries.organisationId, leavingOrganisation)))
        .length
    expect(await count()).toBeGreaterThan(0)
    await t.db.delete(organisations).where(eq(organisations.id, leavingOrganisation))
    expect(await count()).toBe(0)
  })
})
