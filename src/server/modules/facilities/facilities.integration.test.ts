import { describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { clients, contracts, contractUsage, facilities, rooms, schedules } from '../../db/schema'
import { findPostgresError } from '../../errors'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { contractHoursUsed } from '../contracts/repository'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Facility = { id: string; name: string; address: string | null; description: string | null; timeZone: string; createdAt: string }
type Room = {
  id: string
  facilityId: string
  name: string
  type: string
  capacity: number | null
  description: string | null
  operatingStartTime: string
  operatingEndTime: string
  bookingInterval: number
}
type FacilityEvent = { id: string; roomId: string; roomName: string; title: string; startTime: string; endTime: string }

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

describe.each(testDatabaseKinds())('facilities and spaces on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  const organisationOf = (user: TestUser) => t.organisationOf(user)

  const joinAs = (role: 'manager' | 'scheduler' | 'front_desk', organisationId: string) => t.addMember(admin, organisationId, role)

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

  // The event takes its room's organisation, as the events module does.
  async function insertEvent(roomId: string, start: string, end: string, title = 'Practice') {
    const [room] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, roomId))
    const [row] = await t.db
      .insert(schedules)
      .values({ organisationId: room!.organisationId, roomId, title, startTime: new Date(start), endTime: new Date(end) })
      .returning({ id: schedules.id })
    return row!.id
  }

  describe('facilities', () => {
    it('creates a facility with trimmed text, blanks as null, and the given time zone', async () => {
      const facility = await createFacility(owner, {
        name: '  Lakeside Rinks ',
        address: ' ',
        description: '',
        timeZone: 'America/Toronto',
      })
      expect(facility).toMatchObject({ name: 'Lakeside Rinks', address: null, description: null, timeZone: 'America/Toronto' })
      const [row] = await t.db.select().from(facilities).where(eq(facilities.id, facility.id))
      expect(row).toMatchObject({ organisationId: await organisationOf(owner), address: null, description: null })
    })

    it('falls back to UTC when no time zone is given', async () => {
      expect((await createFacility(owner)).timeZone).toBe('UTC')
    })

    it('lists only the caller’s organisation’s facilities, newest first, and counts them', async () => {
      const operator = await t.createOperator(admin)
      const empty = await t.request('/api/facilities/count', { cookie: operator.cookie })
      expect(await empty.json()).toEqual({ count: 0 })

      const first = await createFacility(operator, { name: 'First' })
      const second = await createFacility(operator, { name: 'Second' })
      await createFacility(stranger, { name: 'Not yours' })

      const list = await t.request('/api/facilities', { cookie: operator.cookie })
      const { facilities: listed } = (await list.json()) as { facilities: Facility[] }
      expect(listed.map(({ id }) => id)).toEqual([second.id, first.id])
      expect(listed[0]).not.toHaveProperty('organisationId')

      const counted = await t.request('/api/facilities/count', { cookie: operator.cookie })
      expect(await counted.json()).toEqual({ count: 2 })
    })

    it('answers 422 with the spec message for each invalid field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '   ' }, 'name', 'Please enter a facility name'],
        [{}, 'name', 'Please enter a facility name'],
        [{ name: 'x'.repeat(101) }, 'name', 'Name must be 100 characters or less'],
        [{ name: 'A', address: 'x'.repeat(201) }, 'address', 'Address must be 200 characters or less'],
        [{ name: 'A', description: 'x'.repeat(501) }, 'description', 'Description must be 500 characters or less'],
        [{ name: 'A', timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Please choose a time zone from the list'],
        [{ name: 'A', timeZone: '+05:00' }, 'timeZone', 'Please choose a time zone from the list'],
      ]
      for (const [body, field, message] of cases) {
        const response = await t.request('/api/facilities', { method: 'POST', cookie: owner.cookie, body })
        expect(response.status, JSON.stringify(body)).toBe(422)
        const error = await errorOf(response)
        expect(error.code).toBe('VALIDATION')
        expect(error.fields?.[field]).toBe(message)
      }
    })

    it('accepts every field at its maximum length', async () => {
      const facility = await createFacility(owner, { name: 'x'.repeat(100), address: 'a'.repeat(200), description: 'd'.repeat(500) })
      expect(facility.name).toHaveLength(100)
    })

    it('answers 401 to a signed-out caller', async () => {
      expect((await t.request('/api/facilities')).status).toBe(401)
      expect((await t.request('/api/facilities', { method: 'POST', body: { name: 'A' } })).status).toBe(401)
    })
  })

  describe('ownership', () => {
    it('answers 404 to another organisation on every facility and room endpoint, for reading and writing', async () => {
      const facility = await createFacility(owner, { name: 'Private Arena' })
      const room = await createRoom(owner, facility.id)
      const attempts: [string, string, unknown?][] = [
        ['GET', `/api/facilities/${facility.id}`],
        ['DELETE', `/api/facilities/${facility.id}`],
        ['GET', `/api/facilities/${facility.id}/rooms`],
        ['POST', `/api/facilities/${facility.id}/rooms`, { name: 'Sneaky', type: 'room' }],
        ['GET', `/api/facilities/${facility.id}/change-rooms`],
        ['GET', `/api/rooms/${room.id}`],
        ['DELETE', `/api/rooms/${room.id}`],
      ]
      for (const [method, path, body] of attempts) {
        const response = await t.request(path, { method, body, cookie: stranger.cookie })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect((await errorOf(response)).code).toBe('NOT_FOUND')
      }

      // Nothing was changed by the refused writes.
      const [stillThere] = await t.db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facility.id))
      expect(stillThere).toBeDefined()
      const roomRows = await t.db.select({ name: rooms.name }).from(rooms).where(eq(rooms.facilityId, facility.id))
      expect(roomRows).toEqual([{ name: 'Rink A' }])
    })

    it('answers a missing id exactly like another organisation’s, and a malformed id the same way', async () => {
      const strangers = await t.request(`/api/facilities/${(await createFacility(owner)).id}`, { cookie: stranger.cookie })
      const missing = await t.request(`/api/facilities/${MISSING_ID}`, { cookie: owner.cookie })
      const malformed = await t.request('/api/facilities/not-a-uuid', { cookie: owner.cookie })
      expect(missing.status).toBe(404)
      expect(malformed.status).toBe(404)
      expect(await errorOf(missing)).toEqual(await errorOf(strangers))
      expect((await t.request(`/api/rooms/${MISSING_ID}`, { cookie: owner.cookie })).status).toBe(404)
      expect((await t.request('/api/rooms/42', { method: 'DELETE', cookie: owner.cookie })).status).toBe(404)
    })

    it('shows another organisation nothing of a facility through the events query, as if it did not exist', async () => {
      const facility = await createFacility(owner)
      const room = await createRoom(owner, facility.id)
      await insertEvent(room.id, '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z', 'Private practice')
      const range = 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z'
      for (const filter of [`facilityId=${facility.id}`, `roomId=${room.id}`]) {
        const response = await t.request(`/api/events?${range}&${filter}`, { cookie: stranger.cookie })
        expect(response.status).toBe(200)
        expect(((await response.json()) as { events: unknown[] }).events).toEqual([])
      }
    })

    it('answers no events for a space filter of another of the organisation’s facilities', async () => {
      const facility = await createFacility(owner)
      const other = await createFacility(owner)
      const room = await createRoom(owner, other.id)
      await insertEvent(room.id, '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z', 'Elsewhere')
      const response = await t.request(
        `/api/events?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&facilityId=${facility.id}&roomId=${room.id}`,
        { cookie: owner.cookie },
      )
      expect(response.status).toBe(200)
      expect(((await response.json()) as { events: unknown[] }).events).toEqual([])
    })
  })

  describe('an organisation’s members', () => {
    it('keep a space open until midnight: a closing time of 12:00 AM is accepted and stored as such', async () => {
      const operator = await t.createOperator(admin)
      const facility = await createFacility(operator, { name: 'Late Arena' })
      const room = await createRoom(operator, facility.id, { name: 'Rink A', operatingStartTime: '06:00', operatingEndTime: '00:00' })
      const read = await t.request(`/api/rooms/${room.id}`, { cookie: operator.cookie })
      expect(((await read.json()) as { room: Room }).room.operatingEndTime).toBe('00:00')
      // The database holds the same rule: a closing before the opening is refused, midnight is not.
      await expect(t.db.update(rooms).set({ operatingEndTime: '05:00' }).where(eq(rooms.id, room.id))).rejects.toThrow()
      await t.db.update(rooms).set({ operatingStartTime: '00:00', operatingEndTime: '00:00' }).where(eq(rooms.id, room.id))
    })

    it('see a facility’s change rooms listed after every other space, whatever their names', async () => {
      const operator = await t.createOperator(admin)
      const facility = await createFacility(operator, { name: 'Ordered Arena' })
      const changeRoom = await createRoom(operator, facility.id, { name: 'A Dressing Room', type: 'change_room' })
      const rink = await createRoom(operator, facility.id, { name: 'Rink B', type: 'rink' })
      const listed = await t.request(`/api/facilities/${facility.id}/rooms`, { cookie: operator.cookie })
      expect(((await listed.json()) as { rooms: Room[] }).rooms.map(({ id }) => id)).toEqual([rink.id, changeRoom.id])
    })

    it('share its facilities and spaces: a manager reads, adds and deletes what the owner created', async () => {
      const operator = await t.createOperator(admin)
      const facility = await createFacility(operator, { name: 'Shared Arena' })
      const room = await createRoom(operator, facility.id)
      const manager = await joinAs('manager', await organisationOf(operator))

      const list = await t.request('/api/facilities', { cookie: manager.cookie })
      expect(((await list.json()) as { facilities: Facility[] }).facilities.map(({ id }) => id)).toEqual([facility.id])
      expect((await t.request(`/api/rooms/${room.id}`, { cookie: manager.cookie })).status).toBe(200)
      const added = await createRoom(manager, facility.id, { name: 'Court', type: 'court' })
      const seenByOwner = await t.request(`/api/facilities/${facility.id}/rooms`, { cookie: operator.cookie })
      expect(((await seenByOwner.json()) as { rooms: Room[] }).rooms.map(({ id }) => id)).toEqual([added.id, room.id])
      const [row] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, added.id))
      expect(row!.organisationId).toBe(await organisationOf(operator))
      expect((await t.request(`/api/rooms/${room.id}`, { method: 'DELETE', cookie: manager.cookie })).status).toBe(204)
      expect((await t.request(`/api/facilities/${facility.id}`, { method: 'DELETE', cookie: manager.cookie })).status).toBe(204)
      expect((await t.request(`/api/facilities/${facility.id}`, { cookie: operator.cookie })).status).toBe(404)
    })

    it('who may not manage the venue read its facilities and spaces but are refused any write with 403, whatever the body', async () => {
      const operator = await t.createOperator(admin)
      const facility = await createFacility(operator, { name: 'Read Only Arena' })
      const room = await createRoom(operator, facility.id)
      const organisationId = await organisationOf(operator)
      for (const role of ['scheduler', 'front_desk'] as const) {
        const member = await joinAs(role, organisationId)
        const reads = [
          await t.request('/api/facilities', { cookie: member.cookie }),
          await t.request('/api/facilities/count', { cookie: member.cookie }),
          await t.request(`/api/facilities/${facility.id}`, { cookie: member.cookie }),
          await t.request(`/api/facilities/${facility.id}/rooms`, { cookie: member.cookie }),
          await t.request(`/api/facilities/${facility.id}/change-rooms`, { cookie: member.cookie }),
          await t.request(`/api/rooms/${room.id}`, { cookie: member.cookie }),
        ]
        for (const response of reads) expect(response.status, role).toBe(200)

        const refused = [
          await t.request('/api/facilities', { method: 'POST', body: { name: 'Mine' }, cookie: member.cookie }),
          await t.request('/api/facilities', { method: 'POST', body: { name: '' }, cookie: member.cookie }),
          await t.request(`/api/facilities/${facility.id}`, { method: 'DELETE', cookie: member.cookie }),
          await t.request(`/api/facilities/${facility.id}/rooms`, {
            method: 'POST',
            body: { name: 'X', type: 'rink' },
            cookie: member.cookie,
          }),
          await t.request(`/api/facilities/${facility.id}/rooms`, { method: 'POST', body: [], cookie: member.cookie }),
          await t.request(`/api/rooms/${room.id}`, { method: 'DELETE', cookie: member.cookie }),
        ]
        for (const response of refused) {
          expect(response.status, role).toBe(403)
          expect((await errorOf(response)).code).toBe('FORBIDDEN')
        }
      }
      expect(await t.db.select({ id: facilities.id }).from(facilities).where(eq(facilities.organisationId, organisationId))).toEqual([
        { id: facility.id },
      ])
      expect(await t.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.facilityId, facility.id))).toEqual([{ id: room.id }])
    })

    it('cannot put a space in another organisation’s facility: the database refuses it too', async () => {
      const facility = await createFacility(stranger, { name: 'Elsewhere' })
      const organisationId = await organisationOf(owner)
      const refused = await t.db
        .insert(rooms)
        .values({ organisationId, facilityId: facility.id, name: 'Sneaky', type: 'room' })
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(findPostgresError(refused)).toMatchObject({ code: '23503', constraint: 'rooms_facility_fk' })
      expect(await t.db.select().from(rooms).where(eq(rooms.facilityId, facility.id))).toEqual([])
    })
  })

  describe('rooms', () => {
    it('creates a room with the spec defaults and answers times as HH:MM', async () => {
      const facility = await createFacility(owner)
      const room = await createRoom(owner, facility.id, { name: ' Rink B ' })
      expect(room).toMatchObject({
        facilityId: facility.id,
        name: 'Rink B',
        type: 'rink',
        capacity: null,
        description: null,
        operatingStartTime: '09:00',
        operatingEndTime: '22:00',
        bookingInterval: 30,
      })
    })

    it('keeps every given field, and lists rooms by name, change rooms last', async () => {
      const facility = await createFacility(owner)
      await createRoom(owner, facility.id, {
        name: 'Court 2',
        type: 'court',
        capacity: 40,
        description: 'Sprung floor',
        operatingStartTime: '06:30',
        operatingEndTime: '23:45',
        bookingInterval: 90,
      })
      await createRoom(owner, facility.id, { name: 'change room 1', type: 'change_room' })
      await createRoom(owner, facility.id, { name: 'Arena', type: 'field' })

      const response = await t.request(`/api/facilities/${facility.id}/rooms`, { cookie: owner.cookie })
      const { rooms: listed } = (await response.json()) as { rooms: Room[] }
      expect(listed.map(({ name }) => name)).toEqual(['Arena', 'Court 2', 'change room 1'])
      expect(listed[1]).toMatchObject({
        capacity: 40,
        description: 'Sprung floor',
        operatingStartTime: '06:30',
        operatingEndTime: '23:45',
        bookingInterval: 90,
      })

      const changeRooms = await t.request(`/api/facilities/${facility.id}/change-rooms`, { cookie: owner.cookie })
      const { changeRooms: listedChangeRooms } = (await changeRooms.json()) as { changeRooms: { id: string; name: string }[] }
      expect(listedChangeRooms).toEqual([{ id: expect.any(String), name: 'change room 1' }])
    })

    it('answers 422 with the message for each invalid field', async () => {
      const facility = await createFacility(owner)
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '  ', type: 'rink' }, 'name', 'Please enter a name'],
        [{ name: 'x'.repeat(101), type: 'rink' }, 'name', 'Name must be 100 characters or less'],
        [{ name: 'A' }, 'type', 'Please select a type'],
        [{ name: 'A', type: 'pool' }, 'type', 'Please select a type'],
        [{ name: 'A', type: 'rink', capacity: 0 }, 'capacity', 'Capacity must be a whole number of at least 1'],
        [{ name: 'A', type: 'rink', capacity: 2.5 }, 'capacity', 'Capacity must be a whole number of at least 1'],
        [{ name: 'A', type: 'rink', capacity: '12' }, 'capacity', 'Capacity must be a whole number of at least 1'],
        [{ name: 'A', type: 'rink', description: 'x'.repeat(501) }, 'description', 'Description must be 500 characters or less'],
        [{ name: 'A', type: 'rink', operatingStartTime: '9am' }, 'operatingStartTime', 'Please enter an opening time'],
        [{ name: 'A', type: 'rink', operatingEndTime: '24:00' }, 'operatingEndTime', 'Please enter a closing time'],
        [
          { name: 'A', type: 'rink', operatingStartTime: '22:00', operatingEndTime: '09:00' },
          'operatingEndTime',
          'Closing time must be after opening time',
        ],
        [
          { name: 'A', type: 'rink', bookingInterval: 45 },
          'bookingInterval',
          'Please choose a booking interval of 15, 30, 60, 90 or 120 minutes',
        ],
      ]
      for (const [body, field, message] of cases) {
        const response = await t.request(`/api/facilities/${facility.id}/rooms`, { method: 'POST', cookie: owner.cookie, body })
        expect(response.status, JSON.stringify(body)).toBe(422)
        expect((await errorOf(response)).fields?.[field], JSON.stringify(body)).toBe(message)
      }
      const roomRows = await t.db.select().from(rooms).where(eq(rooms.facilityId, facility.id))
      expect(roomRows).toEqual([])
    })

    it('answers a room with its facility’s name and time zone', async () => {
      const facility = await createFacility(owner, { name: 'North Rinks', timeZone: 'America/Winnipeg' })
      const room = await createRoom(owner, facility.id)
      const response = await t.request(`/api/rooms/${room.id}`, { cookie: owner.cookie })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        room: { id: room.id, facilityId: facility.id, operatingStartTime: '09:00' },
        facility: { id: facility.id, name: 'North Rinks', timeZone: 'America/Winnipeg' },
      })
    })

    it('deletes a room with its events, and nothing of its neighbours', async () => {
      const facility = await createFacility(owner)
      const doomed = await createRoom(owner, facility.id, { name: 'Doomed' })
      const neighbour = await createRoom(owner, facility.id, { name: 'Neighbour' })
      await insertEvent(doomed.id, '2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z')
      const kept = await insertEvent(neighbour.id, '2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z')

      const response = await t.request(`/api/rooms/${doomed.id}`, { method: 'DELETE', cookie: owner.cookie })
      expect(response.status).toBe(204)
      expect(await t.db.select().from(schedules).where(eq(schedules.roomId, doomed.id))).toEqual([])
      expect(await t.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.roomId, neighbour.id))).toEqual([{ id: kept }])
      expect((await t.request(`/api/rooms/${doomed.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404)
    })
  })

  describe('deleting a facility', () => {
    async function seedFacilityWithBookedEvents(user: TestUser) {
      const facility = await createFacility(user, { name: 'Doomed Arena' })
      const rink = await createRoom(user, facility.id, { name: 'Rink' })
      const changeRoom = await createRoom(user, facility.id, { name: 'Change Room', type: 'change_room' })
      const organisationId = await organisationOf(user)
      const [client] = await t.db.insert(clients).values({ organisationId, name: 'Hawks' }).returning()
      const [contract] = await t.db
        .insert(contracts)
        .values({
          organisationId,
          clientId: client!.id,
          name: 'Season',
          startDate: '2026-01-01',
          totalHours: '10',
          hoursAdjustment: '1.00',
        })
        .returning()
      const eventIds = [
        await insertEvent(rink.id, '2026-03-01T10:00:00Z', '2026-03-01T11:30:00Z', 'Practice'),
        await insertEvent(rink.id, '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z', 'Game'),
      ]
      await t.db.update(schedules).set({ clientId: client!.id, changeRoom1Id: changeRoom.id }).where(inArray(schedules.id, eventIds))
      await t.db.insert(contractUsage).values([
        { organisationId, contractId: contract!.id, usageDate: '2026-03-01', hoursLogged: '1.50', scheduleId: eventIds[0] },
        { organisationId, contractId: contract!.id, usageDate: '2026-03-02', hoursLogged: '1.00', scheduleId: eventIds[1] },
      ])
      return { facility, roomIds: [rink.id, changeRoom.id], eventIds, contractId: contract!.id }
    }

    const hoursUsedOf = async (contractId: string) =>
      (await t.db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(eq(contracts.id, contractId)))[0]?.hoursUsed

    it('removes its rooms and their events, and gives the booked hours back', async () => {
      const { facility, roomIds, eventIds, contractId } = await seedFacilityWithBookedEvents(owner)
      expect(await hoursUsedOf(contractId)).toBe('3.50')

      const response = await t.request(`/api/facilities/${facility.id}`, { method: 'DELETE', cookie: owner.cookie })
      expect(response.status).toBe(204)

      expect(await t.db.select().from(facilities).where(eq(facilities.id, facility.id))).toEqual([])
      expect(await t.db.select().from(rooms).where(inArray(rooms.id, roomIds))).toEqual([])
      expect(await t.db.select().from(schedules).where(inArray(schedules.id, eventIds))).toEqual([])
      expect(await hoursUsedOf(contractId)).toBe('1.00')
      expect((await t.request(`/api/facilities/${facility.id}`, { cookie: owner.cookie })).status).toBe(404)
    })

    it('is one transaction: when any part fails, the facility, its rooms and events all stay', async () => {
      const { facility, roomIds, eventIds, contractId } = await seedFacilityWithBookedEvents(owner)
      // A trigger that refuses to let the second event go fails the cascade halfway through.
      await t.db.execute(sql`
        create function refuse_game_deletion() returns trigger as $$
        begin
          if old.title = 'Game' then raise exception 'refused for the test' using errcode = 'check_violation'; end if;
          return old;
        end;
        $$ language plpgsql`)
      await t.db.execute(
        sql`create trigger refuse_game_deletion before delete on schedules for each row execute function refuse_game_deletion()`,
      )
      try {
        const response = await t.request(`/api/facilities/${facility.id}`, { method: 'DELETE', cookie: owner.cookie })
        expect(response.status).toBe(422)
      } finally {
        await t.db.execute(sql`drop trigger refuse_game_deletion on schedules`)
        await t.db.execute(sql`drop function refuse_game_deletion()`)
      }

      expect(await t.db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facility.id))).toHaveLength(1)
      expect(await t.db.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, roomIds))).toHaveLength(2)
      expect(await t.db.select({ id: schedules.id }).from(schedules).where(inArray(schedules.id, eventIds))).toHaveLength(2)
      expect(await hoursUsedOf(contractId)).toBe('3.50')
    })
  })

  describe('events of a facility, through the one events query', () => {
    it('lists the events of all its rooms that overlap the range, earliest first, with the room name', async () => {
      const facility = await createFacility(owner)
      const rink = await createRoom(owner, facility.id, { name: 'Rink', ...OPEN_AROUND_THE_CLOCK })
      const court = await createRoom(owner, facility.id, { name: 'Court', type: 'court', ...OPEN_AROUND_THE_CLOCK })
      const elsewhere = await createRoom(owner, (await createFacility(owner)).id)
      await insertEvent(rink.id, '2026-03-01T23:00:00Z', '2026-03-02T00:00:00Z', 'Ends at the range start')
      const late = await insertEvent(court.id, '2026-03-02T20:00:00Z', '2026-03-02T21:00:00Z', 'Late')
      const early = await insertEvent(rink.id, '2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z', 'Early')
      const straddling = await insertEvent(court.id, '2026-03-02T23:30:00Z', '2026-03-03T00:30:00Z', 'Straddles the end')
      await insertEvent(rink.id, '2026-03-03T00:00:00Z', '2026-03-03T01:00:00Z', 'Starts at the range end')
      await insertEvent(elsewhere.id, '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z', 'Other facility')

      const response = await t.request(`/api/events?facilityId=${facility.id}&from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z`, {
        cookie: owner.cookie,
      })
      expect(response.status).toBe(200)
      const { events } = (await response.json()) as { events: FacilityEvent[] }
      expect(events.map(({ id }) => id)).toEqual([early, late, straddling])
      expect(events[0]).toMatchObject({ roomId: rink.id, roomName: 'Rink', title: 'Early', startTime: '2026-03-02T08:00:00.000Z' })

      const oneRoom = await t.request(
        `/api/events?facilityId=${facility.id}&from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z&roomId=${court.id}`,
        { cookie: owner.cookie },
      )
      const { events: courtEvents } = (await oneRoom.json()) as { events: FacilityEvent[] }
      expect(courtEvents.map(({ id }) => id)).toEqual([late, straddling])
    })

    it('reads the range in any offset', async () => {
      const facility = await createFacility(owner, { timeZone: 'America/Toronto' })
      const rink = await createRoom(owner, facility.id, OPEN_AROUND_THE_CLOCK)
      const event = await insertEvent(rink.id, '2026-03-02T04:30:00Z', '2026-03-02T05:30:00Z')
      const range = new URLSearchParams({ from: '2026-03-02T00:00:00-05:00', to: '2026-03-03T00:00:00-05:00' })
      const response = await t.request(`/api/events?facilityId=${facility.id}&${range}`, { cookie: owner.cookie })
      const { events } = (await response.json()) as { events: FacilityEvent[] }
      expect(events.map(({ id }) => id)).toEqual([event])
    })

    it('answers 422 for a missing, reversed or too wide range', async () => {
      const facility = await createFacility(owner)
      const cases: [string, string, string][] = [
        ['to=2026-03-02T00:00:00Z', 'from', 'Please give the start of the range as an ISO date-time'],
        ['from=yesterday&to=2026-03-02T00:00:00Z', 'from', 'Please give the start of the range as an ISO date-time'],
        ['from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'to', 'The end of the range must be after its start'],
        ['from=2026-03-01T00:00:00Z&to=2026-05-01T00:00:00Z', 'to', 'The range may span at most 45 days'],
      ]
      for (const [query, field, message] of cases) {
        const response = await t.request(`/api/events?facilityId=${facility.id}&${query}`, { cookie: owner.cookie })
        expect(response.status, query).toBe(422)
        expect((await errorOf(response)).fields?.[field], query).toBe(message)
      }
    })
  })
})
