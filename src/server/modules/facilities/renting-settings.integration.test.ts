import { describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { activityEntries, facilities, rooms } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Facility = { id: string; name: string; holdRequestsHours: number; releaseUntilHours: number }
type Room = { id: string; name: string; type: string; acceptsRequests: boolean }

// 'Accept requests' on a space, 'Hold requests for' and 'Release until' on a facility
// (docs/product.md#renters): set through the same forms and routes as the rest of each.
describe.each(testDatabaseKinds())('the renting settings of facilities and spaces on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  async function createFacility(user: TestUser, body: Record<string, unknown> = {}): Promise<Facility> {
    const response = await t.request('/api/facilities', { method: 'POST', cookie: user.cookie, body: { name: 'Maple Arena', ...body } })
    expect(response.status).toBe(201)
    return ((await response.json()) as { facility: Facility }).facility
  }

  async function createRoom(user: TestUser, facilityId: string, body: Record<string, unknown> = {}): Promise<Room> {
    const response = await t.request(`/api/facilities/${facilityId}/rooms`, {
      method: 'POST',
      cookie: user.cookie,
      body: { name: 'Rink A', type: 'rink', ...body },
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { room: Room }).room
  }

  const editFacility = (user: TestUser, id: string, body: unknown) =>
    t.request(`/api/facilities/${id}`, { method: 'PUT', cookie: user.cookie, body })
  const editRoom = (user: TestUser, id: string, body: unknown) =>
    t.request(`/api/rooms/${id}`, { method: 'PUT', cookie: user.cookie, body })

  const updatesOf = async (entityId: string) =>
    (
      await t.db
        .select({ action: activityEntries.action, changes: activityEntries.changes })
        .from(activityEntries)
        .where(eq(activityEntries.entityId, entityId))
        .orderBy(asc(activityEntries.id))
    )
      .filter(({ action }) => action === 'updated')
      .map(({ changes }) => changes)

  describe("a facility's 'Hold requests for' and 'Release until'", () => {
    it('start at 24 and 48 hours, change with the form, and the trail records before → after', async () => {
      const facility = await createFacility(owner)
      expect(facility).toMatchObject({ holdRequestsHours: 24, releaseUntilHours: 48 })

      const response = await editFacility(owner, facility.id, { name: 'Maple Arena', holdRequestsHours: 72, releaseUntilHours: 0 })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { facility: Facility }).facility).toMatchObject({ holdRequestsHours: 72, releaseUntilHours: 0 })
      const read = await t.request(`/api/facilities/${facility.id}`, { cookie: owner.cookie })
      expect(((await read.json()) as { facility: Facility }).facility).toMatchObject({ holdRequestsHours: 72, releaseUntilHours: 0 })
      const list = await t.request('/api/facilities', { cookie: owner.cookie })
      expect(((await list.json()) as { facilities: Facility[] }).facilities.find(({ id }) => id === facility.id)).toMatchObject({
        holdRequestsHours: 72,
        releaseUntilHours: 0,
      })
      expect(await updatesOf(facility.id)).toEqual([
        { holdRequestsHours: { before: 24, after: 72 }, releaseUntilHours: { before: 48, after: 0 } },
      ])
    })

    it('a new facility may set them, and an edit that leaves them out keeps them', async () => {
      const facility = await createFacility(owner, { holdRequestsHours: 1, releaseUntilHours: 720 })
      expect(facility).toMatchObject({ holdRequestsHours: 1, releaseUntilHours: 720 })
      const response = await editFacility(owner, facility.id, { name: 'Renamed Arena' })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { facility: Facility }).facility).toMatchObject({ holdRequestsHours: 1, releaseUntilHours: 720 })
      expect(await updatesOf(facility.id)).toEqual([{ name: { before: 'Maple Arena', after: 'Renamed Arena' } }])
    })

    it('answers 422 with the form’s messages out of range, and changes nothing', async () => {
      const facility = await createFacility(owner)
      const cases: [Record<string, unknown>, string, string][] = [
        [{ holdRequestsHours: 0 }, 'holdRequestsHours', 'Hold requests for must be a whole number of hours from 1 to 336'],
        [{ holdRequestsHours: 337 }, 'holdRequestsHours', 'Hold requests for must be a whole number of hours from 1 to 336'],
        [{ holdRequestsHours: 2.5 }, 'holdRequestsHours', 'Hold requests for must be a whole number of hours from 1 to 336'],
        [{ releaseUntilHours: -1 }, 'releaseUntilHours', 'Release until must be a whole number of hours from 0 to 720'],
        [{ releaseUntilHours: 721 }, 'releaseUntilHours', 'Release until must be a whole number of hours from 0 to 720'],
        [{ releaseUntilHours: '48' }, 'releaseUntilHours', 'Release until must be a whole number of hours from 0 to 720'],
      ]
      for (const [body, field, message] of cases) {
        const response = await editFacility(owner, facility.id, { name: 'Changed', ...body })
        expect(response.status, JSON.stringify(body)).toBe(422)
        expect((await errorOf(response)).fields?.[field]).toBe(message)
      }
      const [row] = await t.db.select().from(facilities).where(eq(facilities.id, facility.id))
      expect(row).toMatchObject({ name: 'Maple Arena', holdRequestsHours: 24, releaseUntilHours: 48 })
      expect(await updatesOf(facility.id)).toEqual([])
    })
  })

  describe("a space's 'Accept requests'", () => {
    it('is off by default, turns on and off with the form, and the trail records it', async () => {
      const facility = await createFacility(owner)
      const room = await createRoom(owner, facility.id)
      expect(room.acceptsRequests).toBe(false)

      const on = await editRoom(owner, room.id, { name: 'Rink A', type: 'rink', acceptsRequests: true })
      expect(on.status).toBe(200)
      expect(((await on.json()) as { room: Room }).room.acceptsRequests).toBe(true)
      const read = await t.request(`/api/rooms/${room.id}`, { cookie: owner.cookie })
      expect(((await read.json()) as { room: Room }).room.acceptsRequests).toBe(true)
      const list = await t.request(`/api/facilities/${facility.id}/rooms`, { cookie: owner.cookie })
      expect(((await list.json()) as { rooms: Room[] }).rooms[0]!.acceptsRequests).toBe(true)

      // Left out, an edit keeps it.
      expect((await editRoom(owner, room.id, { name: 'Rink 1', type: 'rink' })).status).toBe(200)
      expect((await editRoom(owner, room.id, { name: 'Rink 1', type: 'rink', acceptsRequests: false })).status).toBe(200)
      expect(await updatesOf(room.id)).toEqual([
        { acceptsRequests: { before: false, after: true } },
        { name: { before: 'Rink A', after: 'Rink 1' } },
        { acceptsRequests: { before: true, after: false } },
      ])
    })

    it('a new space may accept requests from the start', async () => {
      const facility = await createFacility(owner)
      expect((await createRoom(owner, facility.id, { acceptsRequests: true })).acceptsRequests).toBe(true)
    })

    it('a change room never accepts requests, and a space that becomes one stops', async () => {
      const facility = await createFacility(owner)
      const created = await t.request(`/api/facilities/${facility.id}/rooms`, {
        method: 'POST',
        cookie: owner.cookie,
        body: { name: 'Home', type: 'change_room', acceptsRequests: true },
      })
      expect(created.status).toBe(422)
      expect((await errorOf(created)).fields?.acceptsRequests).toBe('A change room cannot accept requests')

      const room = await createRoom(owner, facility.id, { acceptsRequests: true })
      const refused = await editRoom(owner, room.id, { name: 'Rink A', type: 'change_room', acceptsRequests: true })
      expect(refused.status).toBe(422)
      expect((await errorOf(refused)).fields?.acceptsRequests).toBe('A change room cannot accept requests')

      const becomes = await editRoom(owner, room.id, { name: 'Rink A', type: 'change_room' })
      expect(becomes.status).toBe(200)
      expect(((await becomes.json()) as { room: Room }).room.acceptsRequests).toBe(false)
      expect(await updatesOf(room.id)).toEqual([
        { type: { before: 'rink', after: 'change_room' }, acceptsRequests: { before: true, after: false } },
      ])
    })

    it('a Scheduler cannot change it', async () => {
      const operator = await t.createOperator(admin)
      const facility = await createFacility(operator)
      const room = await createRoom(operator, facility.id)
      const scheduler = await t.addMember(admin, await t.organisationOf(operator), 'scheduler')
      const response = await editRoom(scheduler, room.id, { name: 'Rink A', type: 'rink', acceptsRequests: true })
      expect(response.status).toBe(403)
      const [row] = await t.db.select({ acceptsRequests: rooms.acceptsRequests }).from(rooms).where(eq(rooms.id, room.id))
      expect(row!.acceptsRequests).toBe(false)
    })
  })
})
