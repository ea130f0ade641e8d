import { afterEach, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { memberships, rooms, schedules, users } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { buildSelloffEmail } from '@shared/scheduling/selloff-email'

type ErrorBody = { error: { code: string; message: string } }
type Slot = { start: string; end: string; isAvailable: boolean }
type Availability = {
  facility: { id: string; name: string; timeZone: string }
  window: { start: string; end: string }
  rooms: { id: string; name: string; type: 'rink' | 'court' | 'room' | 'field'; parentId: string | null; slots: Slot[] }[]
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000'
// 2024-06-03 in Toronto is EDT, UTC-4: the server's clock reads 10:10 on the facility's wall clock.
const NOW = new Date('2024-06-03T14:10:00Z')
const toronto = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return new Date(Date.UTC(2024, 5, 3, hours + 4, minutes)).toISOString()
}

describe.each(testDatabaseKinds())('marketing availability on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

  afterEach(() => {
    vi.useRealTimers()
  })

  async function createFacility(user: TestUser, name = 'Maple Arena'): Promise<string> {
    const response = await t.request('/api/facilities', {
      method: 'POST',
      cookie: user.cookie,
      body: { name, timeZone: 'America/Toronto' },
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { facility: { id: string } }).facility.id
  }

  async function createRoom(user: TestUser, facilityId: string, body: Record<string, unknown>): Promise<string> {
    const response = await t.request(`/api/facilities/${facilityId}/rooms`, { method: 'POST', cookie: user.cookie, body })
    expect(response.status).toBe(201)
    return ((await response.json()) as { room: { id: string } }).room.id
  }

  async function organisationOfRoom(roomId: string) {
    const [room] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, roomId))
    return room!.organisationId
  }

  // Straight to the database, in the room's organisation as the API would.
  async function insertEvent(roomId: string, start: string, end: string) {
    await t.db.insert(schedules).values({
      organisationId: await organisationOfRoom(roomId),
      roomId,
      title: 'Practice',
      startTime: new Date(start),
      endTime: new Date(end),
    })
  }

  // Only the clock the service reads is frozen; timers keep running for the database drivers.
  async function readAvailabilityAt(now: Date, user: TestUser, query: string) {
    vi.useFakeTimers({ toFake: ['Date'], now })
    try {
      return await t.request(`/api/marketing/availability?${query}`, { cookie: user.cookie })
    } finally {
      vi.useRealTimers()
    }
  }

  it('answers every sellable room with its slots in one request, booked by the overlap rule', async () => {
    const facilityId = await createFacility(owner)
    // Booked on a 15-minute interval, sold on the hour: events off the selling grid still take their slots.
    const rinkId = await createRoom(owner, facilityId, { name: 'Rink A', type: 'rink', bookingInterval: 15 })
    const courtId = await createRoom(owner, facilityId, {
      name: 'court B',
      type: 'court',
      bookingInterval: 30,
      operatingStartTime: '09:00',
      operatingEndTime: '12:00',
    })
    await createRoom(owner, facilityId, { name: 'Home Change Room', type: 'change_room' })

    // Ends exactly at the 11:00 slot's start: that slot stays free.
    await insertEvent(rinkId, toronto('10:30'), toronto('11:00'))
    await insertEvent(rinkId, toronto('12:15'), toronto('12:45'))
    // Starts exactly at the 13:00 slot's end: that slot stays free.
    await insertEvent(rinkId, toronto('14:00'), toronto('15:00'))
    await t.db.update(rooms).set({ bookingInterval: 60 }).where(eq(rooms.id, rinkId))
    // Began before now and runs into the first slot.
    await insertEvent(courtId, toronto('09:00'), toronto('10:45'))
    // Another operator's rink at the same hour changes nothing here.
    const foreignRinkId = await createRoom(stranger, await createFacility(stranger), { name: 'Rink A', type: 'rink' })
    await insertEvent(foreignRinkId, toronto('11:00'), toronto('14:00'))

    const response = await readAvailabilityAt(NOW, owner, `facilityId=${facilityId}&hoursAhead=4`)
    expect(response.status).toBe(200)
    const availability = (await response.json()) as Availability
    expect(availability.facility).toEqual({ id: facilityId, name: 'Maple Arena', timeZone: 'America/Toronto' })
    expect(availability.window).toEqual({ start: NOW.toISOString(), end: toronto('14:10') })
    // By name, whatever the case; change rooms are not sold.
    expect(availability.rooms.map(({ name, type }) => [name, type])).toEqual([
      ['court B', 'court'],
      ['Rink A', 'rink'],
    ])
    const [court, rink] = availability.rooms
    expect(court?.id).toBe(courtId)
    expect(court?.slots).toEqual([
      { start: toronto('10:30'), end: toronto('11:00'), isAvailable: false },
      { start: toronto('11:00'), end: toronto('11:30'), isAvailable: true },
      { start: toronto('11:30'), end: toronto('12:00'), isAvailable: true },
    ])
    expect(rink?.id).toBe(rinkId)
    expect(rink?.slots).toEqual([
      { start: toronto('11:00'), end: toronto('12:00'), isAvailable: true },
      { start: toronto('12:00'), end: toronto('13:00'), isAvailable: false },
      { start: toronto('13:00'), end: toronto('14:00'), isAvailable: true },
    ])
  })

  it('offers no slot while a closure closes the room, one of its wholes or its facility', async () => {
    const facilityId = await createFacility(owner)
    const sheetId = await createRoom(owner, facilityId, { name: 'Full Sheet', type: 'rink', bookingInterval: 60 })
    const halfId = await createRoom(owner, facilityId, { name: 'Half Ice A', type: 'rink', bookingInterval: 60, parentId: sheetId })
    const courtId = await createRoom(owner, facilityId, { name: 'Court', type: 'court', bookingInterval: 60 })
    const close = async (spaceId: string | null, startTime: string, endTime: string) => {
      const body = { spaceId, reason: 'Maintenance', startDate: '2024-06-03', startTime, endDate: '2024-06-03', endTime }
      const response = await t.request(`/api/facilities/${facilityId}/closures`, { method: 'POST', cookie: owner.cookie, body })
      expect(response.status).toBe(201)
    }
    await close(sheetId, '12:00', '13:00')
    await close(null, '13:30', '14:00')
    const response = await readAvailabilityAt(NOW, owner, `facilityId=${facilityId}&hoursAhead=4`)
    const { rooms: sold } = (await response.json()) as Availability
    const free = (roomId: string) => sold.find((room) => room.id === roomId)!.slots.map((slot) => [slot.start, slot.isAvailable])
    const expected = [
      [toronto('11:00'), true],
      [toronto('12:00'), false],
      [toronto('13:00'), false],
    ]
    expect(free(sheetId)).toEqual(expected)
    expect(free(halfId)).toEqual(expected)
    expect(free(courtId)).toEqual([
      [toronto('11:00'), true],
      [toronto('12:00'), true],
      [toronto('13:00'), false],
    ])
  })

  it('names the whole each space is part of, so the email sells a sheet and its halves as one inventory', async () => {
    const facilityId = await createFacility(owner)
    const sheetId = await createRoom(owner, facilityId, { name: 'Rink A', type: 'rink', bookingInterval: 60 })
    await createRoom(owner, facilityId, { name: 'Half Ice East', type: 'rink', bookingInterval: 60, parentId: sheetId })
    const westId = await createRoom(owner, facilityId, { name: 'Half Ice West', type: 'rink', bookingInterval: 60, parentId: sheetId })
    await insertEvent(westId, toronto('12:00'), toronto('13:00'))
    const response = await readAvailabilityAt(NOW, owner, `facilityId=${facilityId}&hoursAhead=4`)
    expect(response.status).toBe(200)
    const availability = (await response.json()) as Availability
    expect(availability.rooms.map((room) => [room.name, room.parentId])).toEqual([
      ['Half Ice East', sheetId],
      ['Half Ice West', sheetId],
      ['Rink A', null],
    ])
    const { body } = buildSelloffEmail({
      facilityName: availability.facility.name,
      timeZone: availability.facility.timeZone,
      now: new Date(availability.window.start),
      rooms: availability.rooms.map((room) => ({
        ...room,
        slots: room.slots.map((slot) => ({ ...slot, start: new Date(slot.start), end: new Date(slot.end) })),
      })),
    })
    expect(body).toContain(
      [
        'Rink A: full sheet, or either half',
        '• 11:00 am - 12:00 pm',
        '• 1:00 pm - 2:00 pm',
        '',
        'Rink A: Half Ice East',
        '• 12:00 pm - 1:00 pm',
      ].join('\n'),
    )
    expect(body).not.toContain('Half Ice West')
  })

  it('widens the window with hours ahead, and defaults to 4 hours', async () => {
    const facilityId = await createFacility(owner)
    await createRoom(owner, facilityId, { name: 'Rink A', type: 'rink', bookingInterval: 60 })

    const byDefault = (await (await readAvailabilityAt(NOW, owner, `facilityId=${facilityId}`)).json()) as Availability
    expect(byDefault.window.end).toBe(toronto('14:10'))
    expect(byDefault.rooms[0]?.slots).toHaveLength(3)

    const wider = (await (await readAvailabilityAt(NOW, owner, `facilityId=${facilityId}&hoursAhead=12`)).json()) as Availability
    // 11:00 to 22:00, the closing time, comes before the window's end at 22:10.
    expect(wider.rooms[0]?.slots).toHaveLength(11)
    expect(wider.rooms[0]?.slots.at(-1)?.end).toBe(toronto('22:00'))
  })

  it('reads one room or six with the same number of queries', async () => {
    const queriesFor = async (roomCount: number) => {
      const facilityId = await createFacility(owner)
      for (let index = 0; index < roomCount; index++) {
        const roomId = await createRoom(owner, facilityId, { name: `Rink ${index}`, type: 'rink' })
        await insertEvent(roomId, toronto('11:00'), toronto('12:00'))
      }
      const select = vi.spyOn(t.db, 'select')
      try {
        const response = await readAvailabilityAt(NOW, owner, `facilityId=${facilityId}`)
        expect(((await response.json()) as Availability).rooms).toHaveLength(roomCount)
        return select.mock.calls.length
      } finally {
        select.mockRestore()
      }
    }
    expect(await queriesFor(6)).toBe(await queriesFor(1))
  })

  it('answers a facility without sellable rooms with no rooms', async () => {
    const facilityId = await createFacility(owner)
    await createRoom(owner, facilityId, { name: 'Away Change Room', type: 'change_room' })
    const response = await t.request(`/api/marketing/availability?facilityId=${facilityId}`, { cookie: owner.cookie })
    expect(response.status).toBe(200)
    expect(((await response.json()) as Availability).rooms).toEqual([])
  })

  it("answers another operator's facility exactly like a missing one: 404", async () => {
    const facilityId = await createFacility(owner)
    await createRoom(owner, facilityId, { name: 'Rink A', type: 'rink' })
    for (const id of [facilityId, MISSING_ID]) {
      const response = await t.request(`/api/marketing/availability?facilityId=${id}`, { cookie: stranger.cookie })
      expect(response.status).toBe(404)
      expect(((await response.json()) as ErrorBody).error).toEqual({ code: 'NOT_FOUND', message: 'Facility not found' })
    }
  })

  it('answers 422 to hours ahead outside 1 to 12 and to a missing facility', async () => {
    const facilityId = await createFacility(owner)
    for (const hoursAhead of ['0', '13', '1.5']) {
      const response = await t.request(`/api/marketing/availability?facilityId=${facilityId}&hoursAhead=${hoursAhead}`, {
        cookie: owner.cookie,
      })
      expect(response.status, hoursAhead).toBe(422)
      expect(((await response.json()) as ErrorBody).error.message).toBe('Hours ahead must be a whole number from 1 to 12')
    }
    const missing = await t.request('/api/marketing/availability', { cookie: owner.cookie })
    expect(missing.status).toBe(422)
    expect(((await missing.json()) as ErrorBody).error.message).toBe('Please select a facility')
  })

  it('answers a scheduler of the organisation, and the front desk with 403', async () => {
    const facilityId = await createFacility(owner)
    const roomId = await createRoom(owner, facilityId, { name: 'Rink A', type: 'rink' })
    const organisationId = await organisationOfRoom(roomId)
    const join = async (role: 'scheduler' | 'front_desk') => {
      const member = await t.createOperator(admin)
      await t.db.insert(memberships).values({ organisationId, userId: member.id, role })
      await t.db.update(users).set({ activeOrganisationId: organisationId }).where(eq(users.id, member.id))
      return member
    }
    const scheduler = await join('scheduler')
    const frontDesk = await join('front_desk')
    const read = (member: TestUser, query: string) => t.request(`/api/marketing/availability${query}`, { cookie: member.cookie })
    expect((await read(scheduler, `?facilityId=${facilityId}`)).status).toBe(200)
    // Refused before the query is even read.
    for (const query of [`?facilityId=${facilityId}`, '', '?hoursAhead=99']) {
      const response = await read(frontDesk, query)
      expect(response.status, query).toBe(403)
      expect(((await response.json()) as ErrorBody).error.code).toBe('FORBIDDEN')
    }
  })

  it('answers 401 to a signed-out caller', async () => {
    const facilityId = await createFacility(owner)
    const response = await t.request(`/api/marketing/availability?facilityId=${facilityId}`)
    expect(response.status).toBe(401)
  })
})
