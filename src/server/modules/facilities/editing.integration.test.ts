import { describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { activityEntries, facilities, rooms, schedules } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Facility = { id: string; name: string; address: string | null; description: string | null; timeZone: string }
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
type OutsideEvent = { id: string; title: string; startTime: string; endTime: string; roomId: string; roomName: string }

const MISSING_ID = '00000000-0000-4000-8000-000000000000'
// Far enough ahead that every event below is upcoming whenever the tests run.
const DAY = '2033-06-01'

describe.each(testDatabaseKinds())('editing facilities and spaces on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

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

  // The create dialog's fields of a room as the API answers them, ready to send back edited.
  const roomBody = ({ name, type, capacity, description, operatingStartTime, operatingEndTime, bookingInterval }: Room) => ({
    name,
    type,
    capacity,
    description,
    operatingStartTime,
    operatingEndTime,
    bookingInterval,
  })

  async function insertEvent(
    roomId: string,
    start: string,
    end: string,
    title = 'Practice',
    extra: Partial<typeof schedules.$inferInsert> = {},
  ) {
    const [room] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, roomId))
    const [row] = await bookedBeforeHoursChanged(roomId, () =>
      t.db
        .insert(schedules)
        .values({ organisationId: room!.organisationId, roomId, title, startTime: new Date(start), endTime: new Date(end), ...extra })
        .returning({ id: schedules.id }),
    )
    return row!.id
  }

  /**
   * Writes events as if booked while the room was open around the clock, then gives it its hours
   * back: the events these tests list are ones a change of hours left outside them, which the
   * start rule (schedules_placed) would refuse as new bookings.
   */
  async function bookedBeforeHoursChanged<T>(roomId: string, write: () => Promise<T>): Promise<T> {
    const [hours] = await t.db
      .select({
        operatingStartTime: rooms.operatingStartTime,
        operatingEndTime: rooms.operatingEndTime,
        bookingInterval: rooms.bookingInterval,
      })
      .from(rooms)
      .where(eq(rooms.id, roomId))
    await t.db.update(rooms).set(OPEN_AROUND_THE_CLOCK).where(eq(rooms.id, roomId))
    try {
      return await write()
    } finally {
      await t.db.update(rooms).set(hours!).where(eq(rooms.id, roomId))
    }
  }

  const entriesOf = (entityId: string) =>
    t.db
      .select({
        action: activityEntries.action,
        entity: activityEntries.entity,
        label: activityEntries.label,
        changes: activityEntries.changes,
      })
      .from(activityEntries)
      .where(eq(activityEntries.entityId, entityId))
      .orderBy(asc(activityEntries.id))

  const eventTimes = (ids: string[]) =>
    Promise.all(
      ids.map(async (id) => {
        const [row] = await t.db
          .select({ start: schedules.startTime, end: schedules.endTime, localDate: schedules.localDate })
          .from(schedules)
          .where(eq(schedules.id, id))
        return row ? { start: row.start.toISOString(), end: row.end.toISOString(), localDate: row.localDate } : null
      }),
    )

  describe('a facility', () => {
    it('changes its name, address, description and time zone, and the trail records before → after', async () => {
      const facility = await createFacility(owner, { name: 'Old Arena', address: '1 Old St', description: 'Old' })
      const response = await editFacility(owner, facility.id, {
        name: ' New Arena ',
        address: '2 New St',
        description: '',
        timeZone: 'America/Toronto',
      })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { facility: Facility; eventsOutsideHours: OutsideEvent[] }
      expect(body.facility).toMatchObject({
        id: facility.id,
        name: 'New Arena',
        address: '2 New St',
        description: null,
        timeZone: 'America/Toronto',
      })
      expect(body.eventsOutsideHours).toEqual([])
      const read = await t.request(`/api/facilities/${facility.id}`, { cookie: owner.cookie })
      expect(((await read.json()) as { facility: Facility }).facility).toMatchObject(body.facility)

      const entries = await entriesOf(facility.id)
      expect(entries.map(({ action }) => action)).toEqual(['created', 'updated'])
      expect(entries[1]).toMatchObject({
        entity: 'facility',
        label: 'New Arena',
        changes: {
          name: { before: 'Old Arena', after: 'New Arena' },
          address: { before: '1 Old St', after: '2 New St' },
          description: { before: 'Old', after: null },
          timeZone: { before: 'UTC', after: 'America/Toronto' },
        },
      })
    })

    it('saved unchanged answers 200 and records nothing', async () => {
      const facility = await createFacility(owner, { name: 'Same Arena', address: '1 Main St', timeZone: 'Europe/Paris' })
      const response = await editFacility(owner, facility.id, {
        name: 'Same Arena',
        address: '1 Main St',
        description: null,
        timeZone: 'Europe/Paris',
      })
      expect(response.status).toBe(200)
      expect((await entriesOf(facility.id)).map(({ action }) => action)).toEqual(['created'])
    })

    it('changes time zone keeping every event at its instant, and lists the upcoming ones now outside hours', async () => {
      const facility = await createFacility(owner, { name: 'Zone Arena' })
      const rink = await createRoom(owner, facility.id, { name: 'Rink', operatingStartTime: '09:00', operatingEndTime: '22:00' })
      // In Toronto (EDT, UTC-4) 10:00Z is 06:00, before the opening; 20:00Z is 16:00; 01:00Z the next
      // day is 21:00 the day before, which in UTC was before the opening.
      const early = await insertEvent(rink.id, `${DAY}T10:00:00Z`, `${DAY}T11:00:00Z`, 'Early')
      const afternoon = await insertEvent(rink.id, `${DAY}T20:00:00Z`, `${DAY}T21:00:00Z`, 'Afternoon')
      const late = await insertEvent(rink.id, '2033-06-02T01:00:00Z', '2033-06-02T02:00:00Z', 'Late')
      const past = await insertEvent(rink.id, '2024-06-01T10:00:00Z', '2024-06-01T11:00:00Z', 'Past')
      const before = await eventTimes([early, afternoon, late, past])
      expect(before[2]!.localDate).toBe('2033-06-02')

      const response = await editFacility(owner, facility.id, { name: 'Zone Arena', timeZone: 'America/Toronto' })
      expect(response.status).toBe(200)
      const { eventsOutsideHours } = (await response.json()) as { eventsOutsideHours: OutsideEvent[] }
      expect(eventsOutsideHours).toEqual([
        {
          id: early,
          title: 'Early',
          startTime: `${DAY}T10:00:00.000Z`,
          endTime: `${DAY}T11:00:00.000Z`,
          roomId: rink.id,
          roomName: 'Rink',
        },
      ])

      const after = await eventTimes([early, afternoon, late, past])
      expect(after.map((row) => row && { start: row.start, end: row.end })).toEqual(
        before.map((row) => row && { start: row.start, end: row.end }),
      )
      // The day each event is counted under follows the new clock.
      expect(after[2]!.localDate).toBe('2033-06-01')
    })

    it('lists at most 100 events outside hours, earliest first', async () => {
      const facility = await createFacility(owner, { name: 'Busy Arena' })
      const rink = await createRoom(owner, facility.id, { name: 'Rink' })
      const [{ organisationId }] = (await t.db
        .select({ organisationId: rooms.organisationId })
        .from(rooms)
        .where(eq(rooms.id, rink.id))) as [{ organisationId: string }]
      const start = Date.parse(`${DAY}T06:00:00Z`)
      await bookedBeforeHoursChanged(rink.id, () =>
        t.db.insert(schedules).values(
          Array.from({ length: 105 }, (_, index) => ({
            organisationId,
            roomId: rink.id,
            title: `Dawn ${index}`,
            startTime: new Date(start + index * 86_400_000),
            endTime: new Date(start + index * 86_400_000 + 3_600_000),
          })),
        ),
      )
      const response = await editFacility(owner, facility.id, { name: 'Busy Arena', description: 'Early birds' })
      const { eventsOutsideHours } = (await response.json()) as { eventsOutsideHours: OutsideEvent[] }
      expect(eventsOutsideHours).toHaveLength(100)
      expect(eventsOutsideHours[0]!.title).toBe('Dawn 0')
      expect(eventsOutsideHours[99]!.title).toBe('Dawn 99')
    })

    it('answers 422 with the create dialog’s messages and changes nothing', async () => {
      const facility = await createFacility(owner, { name: 'Valid Arena' })
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '   ' }, 'name', 'Please enter a facility name'],
        [{ name: 'x'.repeat(101) }, 'name', 'Name must be 100 characters or less'],
        [{ name: 'A', address: 'x'.repeat(201) }, 'address', 'Address must be 200 characters or less'],
        [{ name: 'A', timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Please choose a time zone from the list'],
      ]
      for (const [body, field, message] of cases) {
        const response = await editFacility(owner, facility.id, body)
        expect(response.status, JSON.stringify(body)).toBe(422)
        const error = await errorOf(response)
        expect(error.code).toBe('VALIDATION')
        expect(error.fields?.[field]).toBe(message)
      }
      const [row] = await t.db.select().from(facilities).where(eq(facilities.id, facility.id))
      expect(row).toMatchObject({ name: 'Valid Arena', timeZone: 'UTC' })
      expect((await entriesOf(facility.id)).map(({ action }) => action)).toEqual(['created'])
    })
  })

  describe('a space', () => {
    it('changes every field of the space dialog, and the trail records before → after', async () => {
      const facility = await createFacility(owner, { name: 'Space Arena', timeZone: 'America/Toronto' })
      const room = await createRoom(owner, facility.id, { name: 'Rink A', capacity: 20, description: 'Old ice' })
      const edited = {
        name: 'Court B',
        type: 'court',
        capacity: 40,
        description: 'New floor',
        operatingStartTime: '07:30',
        operatingEndTime: '23:00',
        bookingInterval: 60,
      }
      const response = await editRoom(owner, room.id, edited)
      expect(response.status).toBe(200)
      const body = (await response.json()) as { room: Room; eventsOutsideHours: OutsideEvent[] }
      expect(body.room).toMatchObject({ id: room.id, facilityId: facility.id, ...edited })
      expect(body.eventsOutsideHours).toEqual([])
      const read = await t.request(`/api/rooms/${room.id}`, { cookie: owner.cookie })
      expect(((await read.json()) as { room: Room }).room).toMatchObject(edited)

      const entries = await entriesOf(room.id)
      expect(entries.map(({ action }) => action)).toEqual(['created', 'updated'])
      expect(entries[1]).toMatchObject({
        entity: 'space',
        label: 'Court B',
        changes: {
          name: { before: 'Rink A', after: 'Court B' },
          type: { before: 'rink', after: 'court' },
          capacity: { before: 20, after: 40 },
          description: { before: 'Old ice', after: 'New floor' },
          operatingStartTime: { before: '09:00', after: '07:30' },
          operatingEndTime: { before: '22:00', after: '23:00' },
          bookingInterval: { before: 30, after: 60 },
        },
      })
    })

    it('saved unchanged answers 200 and records nothing', async () => {
      const facility = await createFacility(owner, { name: 'Still Arena' })
      const room = await createRoom(owner, facility.id, { capacity: 12 })
      const response = await editRoom(owner, room.id, roomBody(room))
      expect(response.status).toBe(200)
      expect((await entriesOf(room.id)).map(({ action }) => action)).toEqual(['created'])
    })

    it('shorter hours or a longer interval move nothing, and list the upcoming events now outside them', async () => {
      const facility = await createFacility(owner, { name: 'Hours Arena' })
      const room = await createRoom(owner, facility.id, { name: 'Rink' })
      const neighbour = await createRoom(owner, facility.id, { name: 'Neighbour' })
      const opening = await insertEvent(room.id, `${DAY}T09:00:00Z`, `${DAY}T10:00:00Z`, 'Opening')
      const noon = await insertEvent(room.id, `${DAY}T12:00:00Z`, `${DAY}T13:00:00Z`, 'Noon')
      const halfPast = await insertEvent(room.id, `${DAY}T14:30:00Z`, `${DAY}T15:30:00Z`, 'Half past')
      const evening = await insertEvent(room.id, `${DAY}T19:00:00Z`, `${DAY}T20:30:00Z`, 'Evening')
      const past = await insertEvent(room.id, '2024-06-01T09:00:00Z', '2024-06-01T10:00:00Z', 'Past')
      await insertEvent(neighbour.id, `${DAY}T06:00:00Z`, `${DAY}T07:00:00Z`, 'Other space')
      const before = await eventTimes([opening, noon, halfPast, evening, past])

      const response = await editRoom(owner, room.id, {
        ...roomBody(room),
        operatingStartTime: '10:00',
        operatingEndTime: '20:00',
        bookingInterval: 60,
      })
      expect(response.status).toBe(200)
      const { eventsOutsideHours } = (await response.json()) as { eventsOutsideHours: OutsideEvent[] }
      expect(eventsOutsideHours.map(({ title }) => title)).toEqual(['Opening', 'Half past', 'Evening'])
      expect(eventsOutsideHours[0]).toEqual({
        id: opening,
        title: 'Opening',
        startTime: `${DAY}T09:00:00.000Z`,
        endTime: `${DAY}T10:00:00.000Z`,
        roomId: room.id,
        roomName: 'Rink',
      })
      expect(await eventTimes([opening, noon, halfPast, evening, past])).toEqual(before)

      // The facility's answer lists them too, with those of its other spaces.
      const facilityEdit = await editFacility(owner, facility.id, { name: 'Hours Arena' })
      const listed = ((await facilityEdit.json()) as { eventsOutsideHours: OutsideEvent[] }).eventsOutsideHours
      expect(listed.map(({ title }) => title)).toEqual(['Other space', 'Opening', 'Half past', 'Evening'])
    })

    it('answers 422 with the create dialog’s messages and changes nothing', async () => {
      const facility = await createFacility(owner, { name: 'Checked Arena' })
      const room = await createRoom(owner, facility.id)
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', 'Please enter a name'],
        [{ type: 'pool' }, 'type', 'Please select a type'],
        [{ capacity: 0 }, 'capacity', 'Capacity must be a whole number of at least 1'],
        [{ operatingStartTime: '22:00', operatingEndTime: '09:00' }, 'operatingEndTime', 'Closing time must be after opening time'],
        [{ bookingInterval: 45 }, 'bookingInterval', 'Please choose a booking interval of 15, 30, 60, 90 or 120 minutes'],
      ]
      for (const [change, field, message] of cases) {
        const response = await editRoom(owner, room.id, { ...roomBody(room), ...change })
        expect(response.status, JSON.stringify(change)).toBe(422)
        const error = await errorOf(response)
        expect(error.code).toBe('VALIDATION')
        expect(error.fields?.[field]).toBe(message)
      }
      const read = await t.request(`/api/rooms/${room.id}`, { cookie: owner.cookie })
      expect(((await read.json()) as { room: Room }).room).toMatchObject(roomBody(room))
      expect((await entriesOf(room.id)).map(({ action }) => action)).toEqual(['created'])
    })

    it('refuses a type change that existing data contradicts, and allows it otherwise', async () => {
      const facility = await createFacility(owner, { name: 'Typed Arena' })
      const booked = await createRoom(owner, facility.id, { name: 'Booked rink' })
      const shown = await createRoom(owner, facility.id, { name: 'Shown rink' })
      const empty = await createRoom(owner, facility.id, { name: 'Empty rink' })
      const assigned = await createRoom(owner, facility.id, { name: 'Assigned change room', type: 'change_room' })
      const unused = await createRoom(owner, facility.id, { name: 'Unused change room', type: 'change_room' })
      await insertEvent(booked.id, `${DAY}T10:00:00Z`, `${DAY}T11:00:00Z`, 'Game', { changeRoom1Id: assigned.id })
      const screen = await t.request('/api/screens', {
        method: 'POST',
        cookie: owner.cookie,
        body: { name: 'Typed Lobby', rooms: [{ roomId: shown.id }] },
      })
      expect(screen.status).toBe(201)

      const refusals: [Room, string, string][] = [
        [booked, 'change_room', 'This space has events booked, so it cannot become a change room'],
        [shown, 'change_room', 'This space is shown on a lobby screen, so it cannot become a change room'],
        [assigned, 'rink', 'This change room is assigned to events, so it cannot become a bookable space'],
      ]
      for (const [room, type, message] of refusals) {
        const response = await editRoom(owner, room.id, { ...roomBody(room), name: 'Renamed', type })
        expect(response.status, room.name).toBe(422)
        const error = await errorOf(response)
        expect(error).toMatchObject({ code: 'VALIDATION', message, fields: { type: message } })
        const [row] = await t.db.select({ name: rooms.name, type: rooms.type }).from(rooms).where(eq(rooms.id, room.id))
        expect(row).toEqual({ name: room.name, type: room.type })
        expect((await entriesOf(room.id)).map(({ action }) => action)).toEqual(['created'])
      }

      // Between bookable types, and where nothing depends on the type, the change is made.
      expect((await editRoom(owner, booked.id, { ...roomBody(booked), type: 'field' })).status).toBe(200)
      expect((await editRoom(owner, empty.id, { ...roomBody(empty), type: 'change_room' })).status).toBe(200)
      expect((await editRoom(owner, unused.id, { ...roomBody(unused), type: 'room' })).status).toBe(200)
      expect((await editRoom(owner, assigned.id, { ...roomBody(assigned), name: 'Visitors' })).status).toBe(200)
      const types = await t.db.select({ id: rooms.id, type: rooms.type }).from(rooms).where(eq(rooms.facilityId, facility.id))
      expect(Object.fromEntries(types.map(({ id, type }) => [id, type]))).toMatchObject({
        [booked.id]: 'field',
        [empty.id]: 'change_room',
        [unused.id]: 'room',
        [assigned.id]: 'change_room',
      })
    })
  })

  describe('who may edit', () => {
    it('another organisation, or a missing id, gets 404 and changes nothing', async () => {
      const facility = await createFacility(owner, { name: 'Private Arena' })
      const room = await createRoom(owner, facility.id)
      const facilityResponse = await editFacility(stranger, facility.id, { name: 'Taken' })
      expect(facilityResponse.status).toBe(404)
      expect((await errorOf(facilityResponse)).message).toBe('Facility not found')
      const roomResponse = await editRoom(stranger, room.id, { ...roomBody(room), name: 'Taken' })
      expect(roomResponse.status).toBe(404)
      expect((await errorOf(roomResponse)).message).toBe('Space not found')
      expect((await editFacility(owner, MISSING_ID, { name: 'Nowhere' })).status).toBe(404)
      expect((await editRoom(owner, MISSING_ID, roomBody(room))).status).toBe(404)
      expect((await editRoom(owner, 'not-a-uuid', roomBody(room))).status).toBe(404)

      const [row] = await t.db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, facility.id))
      expect(row!.name).toBe('Private Arena')
      const [roomRow] = await t.db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, room.id))
      expect(roomRow!.name).toBe(room.name)
    })

    it('a Manager edits; a Scheduler and Front Desk are refused with 403', async () => {
      const operator = await t.createOperator(admin)
      const facility = await createFacility(operator, { name: 'Team Arena' })
      const room = await createRoom(operator, facility.id)
      const organisationId = await t.organisationOf(operator)
      for (const role of ['scheduler', 'front_desk'] as const) {
        const member = await t.addMember(admin, organisationId, role)
        const refused = [
          await editFacility(member, facility.id, { name: 'Mine' }),
          await editRoom(member, room.id, { ...roomBody(room), name: 'Mine' }),
        ]
        for (const response of refused) {
          expect(response.status, role).toBe(403)
          expect((await errorOf(response)).code).toBe('FORBIDDEN')
        }
      }
      const manager = await t.addMember(admin, organisationId, 'manager')
      expect((await editFacility(manager, facility.id, { name: 'Managed Arena' })).status).toBe(200)
      expect((await editRoom(manager, room.id, { ...roomBody(room), name: 'Managed rink' })).status).toBe(200)
      const entries = await entriesOf(facility.id)
      expect(entries.map(({ action }) => action)).toEqual(['created', 'updated'])
    })
  })
})
