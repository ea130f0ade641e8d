import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { EVENT_MESSAGES } from '@shared/events/schema'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, dstGapMessage, localDateOf } from '@shared/scheduling/local-day'
import { RECURRENCE_MESSAGES } from '@shared/scheduling/recurrence'
import { contractUsage, contracts, rooms, schedules } from '../../db/schema'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { contractHoursUsed } from '../contracts/repository'

type ApiEvent = {
  id: string
  roomId: string
  title: string
  description: string | null
  startTime: string
  endTime: string
  color: string
  eventType: 'practice' | 'game'
  team1Name: string | null
  team2Name: string | null
  changeRoom1Id: string | null
  changeRoom2Id: string | null
  clientId: string | null
  eventGroupId: string | null
  version: number
}
type CreateResult = { events: ApiEvent[]; isSplit: boolean; isRecurring: boolean }
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

const TORONTO = 'America/Toronto'
const KATHMANDU = 'Asia/Kathmandu'

describe.each(testDatabaseKinds())('scheduling on %s', (kind) => {
  let t: TestApp
  let admin: TestUser
  let operator: TestUser
  let other: TestUser

  beforeAll(async () => {
    t = await createTestApp(kind)
    admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    other = await t.createOperator(admin)
  })
  afterAll(async () => {
    await t.close()
  })

  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  const post = async <T>(user: TestUser, path: string, body: unknown) => {
    const response = await t.request(path, { method: 'POST', body, cookie: user.cookie })
    expect(response.status, `${path}: ${response.status}`).toBe(201)
    return (await response.json()) as T
  }

  /** A facility in the zone with a rink, two change rooms and a client holding an active contract. */
  const createVenue = async (user: TestUser = operator, timeZone = TORONTO, openingHours = 5.25) => {
    const { facility } = await post<{ facility: { id: string } }>(user, '/api/facilities', { name: 'Arena', timeZone })
    const room = async (name: string, type: string) =>
      (await post<{ room: { id: string } }>(user, `/api/facilities/${facility.id}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK })).room.id
    const { client } = await post<{ client: { id: string } }>(user, '/api/clients', { name: 'Northside Jets' })
    const { contract } = await post<{ contract: { id: string } }>(user, '/api/contracts', {
      clientId: client.id,
      name: 'Season',
      startDate: '2020-01-01',
      totalHours: 5000,
      hoursUsed: openingHours,
    })
    return {
      facilityId: facility.id,
      roomId: await room('Rink A', 'rink'),
      homeChangeRoomId: await room('Change Room 1', 'change_room'),
      awayChangeRoomId: await room('Change Room 2', 'change_room'),
      clientId: client.id,
      contractId: contract.id,
      timeZone,
      openingHours,
    }
  }
  type Venue = Awaited<ReturnType<typeof createVenue>>

  const practice = (venue: Venue, overrides: Record<string, unknown> = {}) => ({
    roomId: venue.roomId,
    clientId: venue.clientId,
    title: 'Practice',
    date: '2030-06-03',
    startTime: '19:00',
    durationMinutes: 60,
    ...overrides,
  })

  const create = (body: unknown, user: TestUser = operator) => t.request('/api/events', { method: 'POST', body, cookie: user.cookie })
  const createOk = async (body: unknown) => {
    const response = await create(body)
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201)
    return (await response.json()) as CreateResult
  }
  const update = (id: string, body: unknown, user: TestUser = operator) =>
    t.request(`/api/events/${id}`, { method: 'PUT', body, cookie: user.cookie })
  const remove = (id: string, user: TestUser = operator) => t.request(`/api/events/${id}`, { method: 'DELETE', cookie: user.cookie })

  const editBody = (event: ApiEvent, overrides: Record<string, unknown> = {}) => ({
    clientId: event.clientId,
    title: event.title,
    description: event.description,
    color: event.color,
    eventType: event.eventType,
    team1Name: event.team1Name,
    team2Name: event.team2Name,
    changeRoom1Id: event.changeRoom1Id,
    changeRoom2Id: event.changeRoom2Id,
    startTime: event.startTime,
    endTime: event.endTime,
    version: event.version,
    ...overrides,
  })

  // Rows written straight to the database carry their room's organisation, as the API's do.
  const organisationOfRoom = async (roomId: string) => {
    const [room] = await t.db.select({ organisationId: rooms.organisationId }).from(rooms).where(eq(rooms.id, roomId))
    return room!.organisationId
  }

  const eventsOfRoom = (roomId: string) => t.db.select().from(schedules).where(eq(schedules.roomId, roomId)).orderBy(schedules.startTime)

  const hoursUsedOf = async (contractId: string) => {
    const [row] = await t.db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(eq(contracts.id, contractId))
    return row!.hoursUsed
  }

  const local = (date: string, time: string, timeZone: string) => combineLocalDateTime(date, time, timeZone).toISOString()

  describe('creating', () => {
    it('refuses a start in a spring-forward gap, alone or in a series, and writes nothing', async () => {
      const venue = await createVenue()
      const message = dstGapMessage('2030-03-10', '02:30')
      const single = await create(practice(venue, { date: '2030-03-10', startTime: '02:30' }))
      expect(single.status).toBe(422)
      expect(await errorOf(single)).toMatchObject({ message, fields: { startTime: message } })
      const series = await create(
        practice(venue, {
          date: '2030-03-03',
          startTime: '02:30',
          recurrence: { frequency: 'weekly', endDate: '2030-03-31', weekdays: [0] },
        }),
      )
      expect(series.status).toBe(422)
      expect((await errorOf(series)).message).toBe(message)
      const preview = await t.request('/api/events/preview', {
        method: 'POST',
        cookie: operator.cookie,
        body: { roomId: venue.roomId, date: '2030-03-10', startTime: '02:30', durationMinutes: 60 },
      })
      expect(preview.status).toBe(422)
      expect((await errorOf(preview)).message).toBe(message)
      const range = `from=${encodeURIComponent('2030-03-01T00:00:00Z')}&to=${encodeURIComponent('2030-04-01T00:00:00Z')}`
      const listed = await t.request(`/api/events?roomId=${venue.roomId}&${range}`, { cookie: operator.cookie })
      expect(((await listed.json()) as { events: unknown[] }).events).toEqual([])
      // The hour after the gap is booked as asked.
      await createOk(practice(venue, { date: '2030-03-10', startTime: '03:30' }))
    })

    it('books a practice in the facility zone and charges its hours to the client’s contract', async () => {
      const venue = await createVenue()
      const result = await createOk(
        practice(venue, { description: '  Bring pucks ', color: '#ff0000', changeRoom1Id: venue.homeChangeRoomId }),
      )
      expect(result).toMatchObject({ isSplit: false, isRecurring: false })
      expect(result.events).toHaveLength(1)
      expect(result.events[0]).toMatchObject({
        roomId: venue.roomId,
        title: 'Practice',
        description: 'Bring pucks',
        color: '#ff0000',
        eventType: 'practice',
        changeRoom1Id: venue.homeChangeRoomId,
        clientId: venue.clientId,
        eventGroupId: null,
        startTime: local('2030-06-03', '19:00', TORONTO),
        endTime: local('2030-06-03', '20:00', TORONTO),
      })
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
      const [usage] = await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, result.events[0]!.id))
      expect(usage).toMatchObject({ contractId: venue.contractId, hoursLogged: '1.00', usageDate: '2030-06-03', description: 'Practice' })
    })

    it('keeps a game’s teams and away change room, and clears them from a practice', async () => {
      const venue = await createVenue()
      const teams = { team1Name: 'Jets', team2Name: 'Sharks', changeRoom1Id: venue.homeChangeRoomId, changeRoom2Id: venue.awayChangeRoomId }
      const game = await createOk(practice(venue, { ...teams, eventType: 'game', title: 'Game' }))
      expect(game.events[0]).toMatchObject({ eventType: 'game', ...teams })
      const plain = await createOk(practice(venue, { ...teams, startTime: '21:00' }))
      expect(plain.events[0]).toMatchObject({
        eventType: 'practice',
        team1Name: null,
        team2Name: null,
        changeRoom1Id: venue.homeChangeRoomId,
        changeRoom2Id: null,
      })
    })

    it('answers missing fields with the spec messages', async () => {
      const venue = await createVenue()
      const cases: [Record<string, unknown>, string, string][] = [
        [{ clientId: '' }, 'clientId', EVENT_MESSAGES.client],
        [{ date: '' }, 'date', 'Please select a date and time'],
        [{ startTime: '' }, 'startTime', 'Please select a date and time'],
        [{ title: ' ' }, 'title', EVENT_MESSAGES.title],
        [{ title: 'x'.repeat(101) }, 'title', 'Title must be 100 characters or less'],
        [{ durationMinutes: 1441 }, 'durationMinutes', EVENT_MESSAGES.tooLong],
        [{ recurrence: { frequency: 'daily' } }, 'recurrence.endDate', 'Please select an end date for recurring events'],
        [
          { recurrence: { frequency: 'weekly', endDate: '2030-07-01', weekdays: [] } },
          'recurrence.weekdays',
          'Please select at least one day for weekly recurrence',
        ],
      ]
      for (const [overrides, field, message] of cases) {
        const response = await create(practice(venue, overrides))
        expect(response.status).toBe(422)
        expect((await errorOf(response)).fields).toEqual({ [field]: message })
      }
      expect(await eventsOfRoom(venue.roomId)).toEqual([])
    })

    it('refuses another operator’s room and client as missing', async () => {
      const mine = await createVenue()
      const theirs = await createVenue(other)
      const foreignRoom = await create(practice(mine, { roomId: theirs.roomId }))
      expect(foreignRoom.status).toBe(404)
      expect((await errorOf(foreignRoom)).message).toBe('Space not found')
      const foreignClient = await create(practice(mine, { clientId: theirs.clientId }))
      expect(foreignClient.status).toBe(404)
      expect((await errorOf(foreignClient)).message).toBe('Client not found')
      expect(await eventsOfRoom(mine.roomId)).toEqual([])
      expect(await eventsOfRoom(theirs.roomId)).toEqual([])
    })

    it('accepts only change rooms of the same facility as change rooms', async () => {
      const venue = await createVenue()
      const elsewhere = await createVenue()
      const cases = [
        { changeRoom1Id: elsewhere.homeChangeRoomId },
        { changeRoom1Id: venue.roomId },
        { eventType: 'game', changeRoom2Id: elsewhere.awayChangeRoomId },
      ]
      for (const overrides of cases) {
        const response = await create(practice(venue, overrides))
        expect(response.status).toBe(422)
        expect(Object.values((await errorOf(response)).fields ?? {})).toEqual(['Please select a change room of this facility'])
      }
      expect(await eventsOfRoom(venue.roomId)).toEqual([])
    })

    it('books a client without an active contract without charging anything', async () => {
      const venue = await createVenue()
      const { client } = await post<{ client: { id: string } }>(operator, '/api/clients', { name: 'Walk-in' })
      await createOk(practice(venue, { clientId: client.id }))
      expect(await hoursUsedOf(venue.contractId)).toBe('5.25')
    })
  })

  // A room booked lately is planned from the zone it had then (booking/engine.ts): nothing of
  // that may outlive a change.
  describe('a room booked before', () => {
    it('plans the next booking in the facility’s zone as it is now', async () => {
      const venue = await createVenue()
      await createOk(practice(venue))
      await t.db.execute(sql`update facilities set time_zone = ${KATHMANDU} where id = ${venue.facilityId}`)
      const moved = await createOk(practice(venue, { date: '2030-06-04' }))
      expect(moved.events[0]!.startTime).toBe(local('2030-06-04', '19:00', KATHMANDU))
      const [usage] = await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, moved.events[0]!.id))
      expect(usage!.usageDate).toBe('2030-06-04')
    })

    it('still refuses another operator, a change room elsewhere, a foreign client and a deleted room', async () => {
      const venue = await createVenue()
      const elsewhere = await createVenue()
      const theirs = await createVenue(other)
      await createOk(practice(venue))
      const foreign = await create(practice(venue, { date: '2030-06-05' }), other)
      expect([foreign.status, (await errorOf(foreign)).message]).toEqual([404, 'Space not found'])
      const changeRoom = await create(practice(venue, { date: '2030-06-05', changeRoom1Id: elsewhere.homeChangeRoomId }))
      expect(changeRoom.status).toBe(422)
      expect((await errorOf(changeRoom)).fields).toEqual({ changeRoom1Id: 'Please select a change room of this facility' })
      const client = await create(practice(venue, { date: '2030-06-05', clientId: theirs.clientId }))
      expect([client.status, (await errorOf(client)).message]).toEqual([404, 'Client not found'])
      expect((await t.request(`/api/rooms/${venue.roomId}`, { method: 'DELETE', cookie: operator.cookie })).status).toBe(204)
      const gone = await create(practice(venue, { date: '2030-06-05' }))
      expect([gone.status, (await errorOf(gone)).message]).toEqual([404, 'Space not found'])
    })
  })

  describe('splitting at the facility’s midnight', () => {
    const expectSplit = (events: ApiEvent[], title: string, midnight: string, start: string, end: string) => {
      expect(events).toHaveLength(2)
      const [first, second] = events
      expect(first).toMatchObject({
        title: `${title} (Part 1)`,
        startTime: start,
        endTime: new Date(new Date(midnight).getTime() - 1).toISOString(),
      })
      expect(second).toMatchObject({ title: `${title} (Part 2)`, startTime: midnight, endTime: end })
      expect(first!.eventGroupId).toBeTruthy()
      expect(second!.eventGroupId).toBe(first!.eventGroupId)
    }

    it('splits a 23:00–01:00 game into two parts and charges each its own hour', async () => {
      const venue = await createVenue()
      const result = await createOk(practice(venue, { title: 'Game', eventType: 'game', startTime: '23:00', durationMinutes: 120 }))
      expect(result.isSplit).toBe(true)
      expectSplit(
        result.events,
        'Game',
        local('2030-06-04', '00:00', TORONTO),
        local('2030-06-03', '23:00', TORONTO),
        local('2030-06-04', '01:00', TORONTO),
      )
      expect(await hoursUsedOf(venue.contractId)).toBe('7.25')
    })

    it('splits at local midnight on the fall-back night in America/Toronto', async () => {
      const venue = await createVenue()
      // 2030-11-03 is the fall-back day: midnight is still EDT (UTC-4).
      const result = await createOk(practice(venue, { title: 'Late game', date: '2030-11-02', startTime: '23:00', durationMinutes: 120 }))
      expectSplit(result.events, 'Late game', '2030-11-03T04:00:00.000Z', '2030-11-03T03:00:00.000Z', '2030-11-03T05:00:00.000Z')
      expect(localDateOf(new Date(result.events[1]!.startTime), TORONTO)).toBe('2030-11-03')
    })

    it('splits at local midnight on the spring-forward night in America/Toronto', async () => {
      const venue = await createVenue()
      // 2030-03-10 loses 02:00–03:00; midnight is still EST (UTC-5).
      const result = await createOk(practice(venue, { title: 'Late game', date: '2030-03-09', startTime: '23:00', durationMinutes: 180 }))
      expectSplit(result.events, 'Late game', '2030-03-10T05:00:00.000Z', '2030-03-10T04:00:00.000Z', '2030-03-10T07:00:00.000Z')
      expect(await hoursUsedOf(venue.contractId)).toBe('8.25')
    })

    it('splits at local midnight in Asia/Kathmandu (UTC+05:45)', async () => {
      const venue = await createVenue(operator, KATHMANDU)
      const result = await createOk(practice(venue, { date: '2030-06-03', startTime: '23:30', durationMinutes: 60 }))
      expectSplit(result.events, 'Practice', '2030-06-03T18:15:00.000Z', '2030-06-03T17:45:00.000Z', '2030-06-03T18:45:00.000Z')
    })

    it('keeps an event that ends exactly at midnight whole', async () => {
      const venue = await createVenue()
      const result = await createOk(practice(venue, { startTime: '23:00', durationMinutes: 60 }))
      expect(result.isSplit).toBe(false)
      expect(result.events).toHaveLength(1)
    })
  })

  describe('recurrence', () => {
    it('creates Mondays and Wednesdays for 4 weeks as 8 events at 19:00 local time', async () => {
      const venue = await createVenue()
      const result = await createOk(
        practice(venue, { date: '2030-06-03', recurrence: { frequency: 'weekly', endDate: '2030-06-28', weekdays: [1, 3] } }),
      )
      expect(result).toMatchObject({ isRecurring: true, isSplit: false })
      expect(result.events).toHaveLength(8)
      expect(result.events.map((event) => localDateOf(new Date(event.startTime), TORONTO))).toEqual([
        '2030-06-03',
        '2030-06-05',
        '2030-06-10',
        '2030-06-12',
        '2030-06-17',
        '2030-06-19',
        '2030-06-24',
        '2030-06-26',
      ])
      expect(await hoursUsedOf(venue.contractId)).toBe('13.25')
    })

    it('keeps a weekly 19:00 practice at 19:00 local time across the DST change', async () => {
      const venue = await createVenue()
      const result = await createOk(
        practice(venue, { date: '2030-10-26', recurrence: { frequency: 'weekly', endDate: '2030-11-09', weekdays: [6] } }),
      )
      expect(result.events.map((event) => event.startTime)).toEqual([
        local('2030-10-26', '19:00', TORONTO),
        local('2030-11-02', '19:00', TORONTO),
        local('2030-11-09', '19:00', TORONTO),
      ])
      expect(result.events[0]!.startTime).toBe('2030-10-26T23:00:00.000Z')
      expect(result.events[2]!.startTime).toBe('2030-11-10T00:00:00.000Z')
    })

    it('repeats the 31st monthly on the last day of shorter months', async () => {
      const venue = await createVenue(operator, KATHMANDU)
      const result = await createOk(practice(venue, { date: '2031-01-31', recurrence: { frequency: 'monthly', endDate: '2031-05-31' } }))
      expect(result.events.map((event) => localDateOf(new Date(event.startTime), KATHMANDU))).toEqual([
        '2031-01-31',
        '2031-02-28',
        '2031-03-31',
        '2031-04-30',
        '2031-05-31',
      ])
    })

    it('accepts 365 events and refuses 366 without writing anything', async () => {
      const venue = await createVenue()
      const daily = (endDate: string, startTime = '10:00') => ({ frequency: 'daily', endDate, weekdays: [] as number[], startTime })
      const refused = await create(practice(venue, { date: '2032-01-01', recurrence: daily(addCalendarDays('2032-01-01', 365)) }))
      expect(refused.status).toBe(422)
      expect(await errorOf(refused)).toMatchObject({
        message: RECURRENCE_MESSAGES.tooMany,
        fields: { 'recurrence.endDate': RECURRENCE_MESSAGES.tooMany },
      })
      // 183 nights across midnight make 366 events once split.
      const splitRefused = await create(
        practice(venue, {
          date: '2032-01-01',
          startTime: '23:00',
          durationMinutes: 120,
          recurrence: daily(addCalendarDays('2032-01-01', 182)),
        }),
      )
      expect((await errorOf(splitRefused)).message).toBe('Too many recurring events. Maximum 365 occurrences.')
      expect(await eventsOfRoom(venue.roomId)).toEqual([])

      const accepted = await createOk(practice(venue, { date: '2032-01-01', recurrence: daily(addCalendarDays('2032-01-01', 364)) }))
      expect(accepted.events).toHaveLength(365)
      expect(await eventsOfRoom(venue.roomId)).toHaveLength(365)
      expect(await hoursUsedOf(venue.contractId)).toBe('370.25')
    })

    it('refuses a series with no occurrence', async () => {
      const venue = await createVenue()
      const response = await create(
        practice(venue, { date: '2030-06-03', recurrence: { frequency: 'weekly', endDate: '2030-06-04', weekdays: [5] } }),
      )
      expect(response.status).toBe(422)
      expect((await errorOf(response)).message).toBe('No events to create. Check your recurrence settings.')
    })
  })

  describe('conflicts', () => {
    it('refuses an overlapping event, naming the booked one in the facility zone', async () => {
      const venue = await createVenue()
      await createOk(practice(venue, { title: 'Jets practice' }))
      const response = await create(practice(venue, { title: 'Other', startTime: '19:30' }))
      expect(response.status).toBe(409)
      expect(await errorOf(response)).toEqual({
        code: 'CONFLICT',
        message: 'Time slot conflicts with: "Jets practice" (Jun 3, 2030 7:00 PM - 8:00 PM)',
      })
      expect(await eventsOfRoom(venue.roomId)).toHaveLength(1)
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
    })

    it('lets back-to-back events touch', async () => {
      const venue = await createVenue()
      await createOk(practice(venue))
      await createOk(practice(venue, { startTime: '20:00' }))
      await createOk(practice(venue, { startTime: '18:00' }))
      expect(await eventsOfRoom(venue.roomId)).toHaveLength(3)
    })

    it('checks every occurrence of a series and writes nothing when a later one conflicts', async () => {
      const venue = await createVenue()
      await createOk(practice(venue, { title: 'Booked A', date: '2030-06-12' }))
      await createOk(practice(venue, { title: 'Booked B', date: '2030-06-19', startTime: '19:30' }))
      const response = await create(
        practice(venue, {
          title: 'Series',
          date: '2030-06-03',
          recurrence: { frequency: 'weekly', endDate: '2030-06-28', weekdays: [1, 3] },
        }),
      )
      expect(response.status).toBe(409)
      expect((await errorOf(response)).message).toBe(
        'Time slot conflicts with: "Booked A" (Jun 12, 2030 7:00 PM - 8:00 PM), "Booked B" (Jun 19, 2030 7:30 PM - 8:30 PM)',
      )
      expect((await eventsOfRoom(venue.roomId)).map((event) => event.title)).toEqual(['Booked A', 'Booked B'])
    })

    it('does not see events of another room', async () => {
      const venue = await createVenue()
      const { room } = await post<{ room: { id: string } }>(operator, `/api/facilities/${venue.facilityId}/rooms`, {
        name: 'Rink B',
        type: 'rink',
        ...OPEN_AROUND_THE_CLOCK,
      })
      await createOk(practice(venue))
      await createOk(practice(venue, { roomId: room.id }))
    })

    // Only PostgreSQL has a second connection to hold a booking open while another request checks.
    it.runIf(kind === 'postgres')(
      'a booking that slips past the check meets the constraint and still gets the conflict message',
      async () => {
        const venue = await createVenue()
        const organisationId = await organisationOfRoom(venue.roomId)
        let commitWinner!: () => void
        let winnerInserted!: () => void
        const inserted = new Promise<void>((resolve) => (winnerInserted = resolve))
        const winner = t.db.transaction(async (tx) => {
          await tx.insert(schedules).values({
            organisationId,
            roomId: venue.roomId,
            title: 'Winner',
            startTime: new Date(local('2030-06-03', '19:00', TORONTO)),
            endTime: new Date(local('2030-06-03', '20:00', TORONTO)),
          })
          winnerInserted()
          await new Promise<void>((resolve) => (commitWinner = resolve))
        })
        await inserted
        // The request's check cannot see the uncommitted booking; its insert waits on the constraint.
        const racing = create(practice(venue, { title: 'Loser', startTime: '19:30' }))
        const waitingOnLock = async () => {
          const result = (await t.db.execute(sql`select count(*)::int as waiting from pg_locks where not granted`)) as {
            rows: { waiting: number }[]
          }
          return Number(result.rows[0]?.waiting) > 0
        }
        while (!(await waitingOnLock())) await new Promise((resolve) => setTimeout(resolve, 20))
        commitWinner()
        await winner
        const response = await racing
        expect(response.status).toBe(409)
        expect((await errorOf(response)).message).toBe('Time slot conflicts with: "Winner" (Jun 3, 2030 7:00 PM - 8:00 PM)')
        expect((await eventsOfRoom(venue.roomId)).map((event) => event.title)).toEqual(['Winner'])
        expect(await hoursUsedOf(venue.contractId)).toBe('5.25')
      },
    )

    it('ends a 200-way race for one slot with exactly one booking and 199 clean conflicts', async () => {
      const venue = await createVenue()
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          create(practice(venue, { title: `Racer ${index}`, startTime: index % 2 === 0 ? '19:00' : '19:30' })),
        ),
      )
      const statuses = responses.map((response) => response.status)
      expect(statuses.filter((status) => status === 201)).toHaveLength(1)
      expect(statuses.filter((status) => status === 409)).toHaveLength(199)
      const messages = await Promise.all(responses.filter((response) => response.status === 409).map(errorOf))
      expect(
        messages.every(({ message }) => /^Time slot conflicts with: "Racer \d+" \(Jun 3, 2030 7:[03]0 PM - 8:[03]0 PM\)$/.test(message)),
      ).toBe(true)
      expect(await eventsOfRoom(venue.roomId)).toHaveLength(1)
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
    })
  })

  describe('editing', () => {
    it('ends a 120-way race of edits, moves, re-splits and deletes of one booking with one consistent booking or none', async () => {
      const venue = await createVenue()
      const { room: rinkB } = await post<{ room: { id: string } }>(operator, `/api/facilities/${venue.facilityId}/rooms`, {
        name: 'Rink B',
        type: 'rink',
        ...OPEN_AROUND_THE_CLOCK,
      })
      // Crosses midnight: two parts, one booking.
      const { events } = await createOk(practice(venue, { startTime: '23:00', durationMinutes: 120 }))
      const [first, second] = events
      const requests = Array.from({ length: 120 }, (_, index) => {
        const target = index % 2 === 0 ? first! : second!
        const hour = 10 + (index % 12)
        const crossesMidnight = index % 5 === 0
        const body = editBody(target, {
          title: `Edit ${index}`,
          roomId: index % 3 === 0 ? rinkB.id : venue.roomId,
          startTime: local('2030-06-05', crossesMidnight ? '23:30' : `${hour}:00`, TORONTO),
          endTime: local(crossesMidnight ? '2030-06-06' : '2030-06-05', crossesMidnight ? '00:30' : `${hour}:45`, TORONTO),
        })
        return index % 40 === 39 ? remove(target.id) : update(target.id, body)
      })
      const statuses = (await Promise.all(requests)).map((response) => response.status)
      expect(
        statuses.every((status) => [200, 204, 404, 409].includes(status)),
        statuses.join(','),
      ).toBe(true)

      const rows = [...(await eventsOfRoom(venue.roomId)), ...(await eventsOfRoom(rinkB.id))]
      // Whatever won, what is left is one booking: nothing, one event, or two parts of one group in one room.
      expect(rows.length).toBeLessThanOrEqual(2)
      if (rows.length === 2) {
        expect(rows[0]!.eventGroupId).not.toBeNull()
        expect(rows[0]!.eventGroupId).toBe(rows[1]!.eventGroupId)
        expect(rows[0]!.roomId).toBe(rows[1]!.roomId)
      }
      if (rows.length === 1) expect(rows[0]!.eventGroupId).toBeNull()
      // The ledger holds exactly the hours of what is booked.
      const bookedMinutes = rows.reduce((total, row) => total + (row.endTime.getTime() - row.startTime.getTime()) / 60_000, 0)
      expect(Number(await hoursUsedOf(venue.contractId))).toBeCloseTo(5.25 + bookedMinutes / 60, 2)
    })

    it('moves an event, refuses an end before the start, and charges the new duration', async () => {
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      const backwards = await update(event!.id, editBody(event!, { endTime: event!.startTime }))
      expect(backwards.status).toBe(422)
      expect(await errorOf(backwards)).toMatchObject({
        message: 'End time must be after start time',
        fields: { endTime: 'End time must be after start time' },
      })

      const response = await update(event!.id, editBody(event!, { title: 'Longer', endTime: local('2030-06-03', '21:30', TORONTO) }))
      expect(response.status).toBe(200)
      const result = (await response.json()) as { events: ApiEvent[]; isSplit: boolean }
      expect(result).toMatchObject({
        isSplit: false,
        events: [{ id: event!.id, title: 'Longer', endTime: local('2030-06-03', '21:30', TORONTO) }],
      })
      expect(await hoursUsedOf(venue.contractId)).toBe('7.75')
    })

    it('may overlap its own old times but not another event', async () => {
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      await createOk(practice(venue, { title: 'Next', startTime: '21:00' }))
      const shifted = await update(
        event!.id,
        editBody(event!, { startTime: local('2030-06-03', '19:30', TORONTO), endTime: local('2030-06-03', '20:30', TORONTO) }),
      )
      expect(shifted.status).toBe(200)
      const clash = await update(
        event!.id,
        editBody(event!, { version: 2, startTime: local('2030-06-03', '20:30', TORONTO), endTime: local('2030-06-03', '21:30', TORONTO) }),
      )
      expect(clash.status).toBe(409)
      expect((await errorOf(clash)).message).toBe('Time slot conflicts with: "Next" (Jun 3, 2030 9:00 PM - 10:00 PM)')
    })

    it('editing one part of a split event drops the other part and clears the group', async () => {
      const venue = await createVenue()
      const { events } = await createOk(practice(venue, { title: 'Game', startTime: '23:00', durationMinutes: 120 }))
      const [, second] = events
      // The new times overlap where Part 1 was: the check leaves the group out.
      const response = await update(
        second!.id,
        editBody(second!, { startTime: local('2030-06-03', '23:30', TORONTO), endTime: local('2030-06-04', '00:00', TORONTO) }),
      )
      expect(response.status).toBe(200)
      const rows = await eventsOfRoom(venue.roomId)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ id: second!.id, title: 'Game', eventGroupId: null })
      expect(await hoursUsedOf(venue.contractId)).toBe('5.75')
    })

    it('an edit that crosses midnight splits the event in two parts, the first keeping its id', async () => {
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      const response = await update(event!.id, editBody(event!, { endTime: local('2030-06-04', '02:00', TORONTO) }))
      expect(response.status).toBe(200)
      const result = (await response.json()) as { events: ApiEvent[]; isSplit: boolean }
      expect(result.isSplit).toBe(true)
      expect(result.events.map((part) => part.title)).toEqual(['Practice (Part 1)', 'Practice (Part 2)'])
      // Whatever points at the event (a link, its history) still finds its first part.
      expect(result.events[0]!.id).toBe(event!.id)
      expect(result.events[1]!.id).not.toBe(event!.id)
      expect((await eventsOfRoom(venue.roomId)).map((row) => row.id).sort()).toEqual(result.events.map((part) => part.id).sort())
      expect(await hoursUsedOf(venue.contractId)).toBe('12.25')
    })

    it('moves an event to another space of its facility through the same rules, keeping its id and its hours', async () => {
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue, { changeRoom1Id: venue.homeChangeRoomId }))).events
      const { room: rinkB } = await post<{ room: { id: string } }>(operator, `/api/facilities/${venue.facilityId}/rooms`, {
        name: 'Rink B',
        type: 'rink',
        ...OPEN_AROUND_THE_CLOCK,
      })
      await createOk(practice(venue, { roomId: rinkB.id, title: 'Already on B', startTime: '19:30' }))
      const clash = await update(event!.id, editBody(event!, { roomId: rinkB.id }))
      expect(clash.status).toBe(409)
      expect((await errorOf(clash)).message).toBe('Time slot conflicts with: "Already on B" (Jun 3, 2030 7:30 PM - 8:30 PM)')

      const moved = await update(
        event!.id,
        editBody(event!, {
          roomId: rinkB.id,
          startTime: local('2030-06-03', '17:00', TORONTO),
          endTime: local('2030-06-03', '18:30', TORONTO),
        }),
      )
      expect(moved.status).toBe(200)
      const { events } = (await moved.json()) as { events: ApiEvent[] }
      expect(events).toMatchObject([{ id: event!.id, roomId: rinkB.id, changeRoom1Id: venue.homeChangeRoomId }])
      expect(await eventsOfRoom(venue.roomId)).toEqual([])
      // The opening 5.25, the 1.5 h of the moved event and the hour already on B.
      expect(await hoursUsedOf(venue.contractId)).toBe('7.75')
    })

    it('refuses to move an event to a space of another facility, and changes nothing', async () => {
      const venue = await createVenue()
      const elsewhere = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      const response = await update(event!.id, editBody(event!, { roomId: elsewhere.roomId }))
      expect(response.status).toBe(422)
      expect((await errorOf(response)).message).toBe('An event can only move to a space of its own facility')
      expect((await eventsOfRoom(venue.roomId)).map((row) => row.id)).toEqual([event!.id])
      // Another operator's room is simply not found.
      const theirs = await createVenue(other)
      expect((await update(event!.id, editBody(event!, { roomId: theirs.roomId }))).status).toBe(404)
    })

    it('drops a NUL and other control characters from an edited title and description', async () => {
      // Names lose control characters on input (src/shared/schema-fields.ts), so a NUL never reaches the database.
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      const response = await update(event!.id, editBody(event!, { title: 'Lunch\u0000skate\r\n', description: 'Bring\u0000 skates' }))
      expect(response.status).toBe(200)
      const [row] = await eventsOfRoom(venue.roomId)
      expect(row).toMatchObject({ id: event!.id, title: 'Lunchskate', description: 'Bring skates' })
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
    })

    it('moves the charge to the new client’s contract', async () => {
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      const { client } = await post<{ client: { id: string } }>(operator, '/api/clients', { name: 'Southside Sharks' })
      const { contract } = await post<{ contract: { id: string } }>(operator, '/api/contracts', {
        clientId: client.id,
        name: 'Season',
        startDate: '2020-01-01',
        totalHours: 10,
      })
      expect((await update(event!.id, editBody(event!, { clientId: client.id }))).status).toBe(200)
      expect(await hoursUsedOf(venue.contractId)).toBe('5.25')
      expect(await hoursUsedOf(contract.id)).toBe('1.00')
    })

    it('refuses another operator’s event, client or change room', async () => {
      const venue = await createVenue()
      const theirs = await createVenue(other)
      const [event] = (await createOk(practice(venue))).events
      expect((await update(event!.id, editBody(event!), other)).status).toBe(404)
      expect((await update(event!.id, editBody(event!, { clientId: theirs.clientId }))).status).toBe(404)
      expect((await update(event!.id, editBody(event!, { changeRoom1Id: theirs.homeChangeRoomId }))).status).toBe(422)
      expect((await update('not-a-uuid', editBody(event!))).status).toBe(404)
    })
  })

  describe('deleting', () => {
    it('deletes an event and gives its hours back', async () => {
      const venue = await createVenue()
      const [event] = (await createOk(practice(venue))).events
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
      expect((await remove(event!.id, other)).status).toBe(404)
      expect((await remove(event!.id)).status).toBe(204)
      expect(await eventsOfRoom(venue.roomId)).toEqual([])
      expect(await hoursUsedOf(venue.contractId)).toBe('5.25')
      expect((await remove(event!.id)).status).toBe(404)
    })

    it('deletes both parts of a split event together', async () => {
      const venue = await createVenue()
      const { events } = await createOk(practice(venue, { startTime: '23:00', durationMinutes: 120 }))
      expect((await remove(events[0]!.id)).status).toBe(204)
      expect(await eventsOfRoom(venue.roomId)).toEqual([])
      expect(await hoursUsedOf(venue.contractId)).toBe('5.25')
    })
  })

  describe('lists', () => {
    it('lists upcoming events (end now or later) with room and facility, earliest first, at most 50', async () => {
      const user = await t.createOperator(admin)
      const venue = await createVenue(user)
      const body = practice(venue, { recurrence: { frequency: 'daily', endDate: addCalendarDays(practice(venue).date, 59), weekdays: [] } })
      expect((await create(body, user)).status).toBe(201)
      await t.db.insert(schedules).values({
        organisationId: await organisationOfRoom(venue.roomId),
        roomId: venue.roomId,
        title: 'Long ago',
        startTime: new Date('2020-01-01T10:00:00Z'),
        endTime: new Date('2020-01-01T11:00:00Z'),
      })

      const upcoming = await t.request('/api/events/upcoming', { cookie: user.cookie })
      const { events } = (await upcoming.json()) as { events: (ApiEvent & { roomName: string; facilityName: string; timeZone: string })[] }
      expect(events).toHaveLength(50)
      expect(events[0]).toMatchObject({
        title: 'Practice',
        roomName: 'Rink A',
        facilityName: 'Arena',
        facilityId: venue.facilityId,
        timeZone: TORONTO,
      })
      expect(events.map((event) => event.startTime)).toEqual([...events.map((event) => event.startTime)].sort())

      const past = await t.request(`/api/events/past?roomId=${venue.roomId}`, { cookie: user.cookie })
      expect(((await past.json()) as { events: ApiEvent[] }).events.map((event) => event.title)).toEqual(['Long ago'])
      const othersView = await t.request('/api/events/upcoming', { cookie: other.cookie })
      expect(((await othersView.json()) as { events: ApiEvent[] }).events.every((event) => event.roomId !== venue.roomId)).toBe(true)
    })

    it('lists the events of all the operator’s rooms that overlap a range in one request', async () => {
      const user = await t.createOperator(admin)
      const venue = await createVenue(user)
      const { events } = (await (
        await create(practice(venue, { date: '2030-06-30', startTime: '23:00', durationMinutes: 120 }), user)
      ).json()) as CreateResult
      const range = (from: string, to: string, who: TestUser = user) =>
        t.request(`/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { cookie: who.cookie })
      const july = await range(local('2030-07-01', '00:00', TORONTO), local('2030-08-01', '00:00', TORONTO))
      expect(((await july.json()) as { events: ApiEvent[] }).events.map((event) => event.id)).toEqual([events[1]!.id])
      const june = await range(local('2030-06-01', '00:00', TORONTO), local('2030-07-01', '00:00', TORONTO))
      expect(((await june.json()) as { events: ApiEvent[] }).events.map((event) => event.id)).toEqual([events[0]!.id])
      expect(((await (await range('2030-06-15T00:00:00Z', '2030-07-15T00:00:00Z', other)).json()) as { events: unknown[] }).events).toEqual(
        [],
      )
      const tooWide = await range('2030-01-01T00:00:00Z', '2030-03-01T00:00:00Z')
      expect(tooWide.status).toBe(422)
    })

    it('narrows the one range query to a facility or a space, and never to another operator’s', async () => {
      const user = await t.createOperator(admin)
      const first = await createVenue(user)
      const second = await createVenue(user)
      const { room: rinkB } = await post<{ room: { id: string } }>(user, `/api/facilities/${first.facilityId}/rooms`, {
        name: 'Rink B',
        type: 'rink',
        ...OPEN_AROUND_THE_CLOCK,
      })
      const book = async (roomId: string, title: string) =>
        ((await (await create(practice(first, { roomId, title }), user)).json()) as CreateResult).events[0]!.id
      const onA = await book(first.roomId, 'On A')
      const onB = await book(rinkB.id, 'On B')
      const elsewhere = await book(second.roomId, 'Elsewhere')
      const query = async (filter: string, who: TestUser = user) => {
        const from = encodeURIComponent(local('2030-06-03', '00:00', TORONTO))
        const to = encodeURIComponent(local('2030-06-04', '00:00', TORONTO))
        const response = await t.request(`/api/events?from=${from}&to=${to}${filter}`, { cookie: who.cookie })
        expect(response.status).toBe(200)
        return ((await response.json()) as { events: ApiEvent[] }).events.map((event) => event.id).sort()
      }
      expect(await query('')).toEqual([onA, onB, elsewhere].sort())
      expect(await query(`&facilityId=${first.facilityId}`)).toEqual([onA, onB].sort())
      expect(await query(`&roomId=${rinkB.id}`)).toEqual([onB])
      expect(await query(`&facilityId=${second.facilityId}&roomId=${rinkB.id}`)).toEqual([])
      // Another operator's facility or space: nothing of it, exactly as if it did not exist.
      expect(await query(`&facilityId=${first.facilityId}`, other)).toEqual([])
      expect(await query(`&roomId=${first.roomId}`, other)).toEqual([])
    })

    it('gives a month grid each local day’s first 3 events and its total, on each facility’s calendar', async () => {
      const user = await t.createOperator(admin)
      const toronto = await createVenue(user)
      const kathmandu = await createVenue(user, KATHMANDU)
      for (const startTime of ['09:00', '11:00', '13:00', '15:00', '23:30']) {
        expect(
          (await create(practice(toronto, { title: `Toronto ${startTime}`, date: '2030-06-10', startTime, durationMinutes: 30 }), user))
            .status,
        ).toBe(201)
      }
      // 02:00 in Kathmandu on the 11th is still the 10th in UTC.
      expect((await create(practice(kathmandu, { title: 'Kathmandu early', date: '2030-06-11', startTime: '02:00' }), user)).status).toBe(
        201,
      )

      const response = await t.request(
        `/api/events/month?from=${encodeURIComponent('2030-06-01T00:00:00Z')}&to=${encodeURIComponent('2030-07-01T00:00:00Z')}`,
        { cookie: user.cookie },
      )
      const { days } = (await response.json()) as {
        days: { date: string; total: number; events: (ApiEvent & { facilityName: string; timeZone: string })[] }[]
      }
      expect(days.map(({ date, total, events }) => ({ date, total, titles: events.map((event) => event.title) }))).toEqual([
        { date: '2030-06-10', total: 5, titles: ['Toronto 09:00', 'Toronto 11:00', 'Toronto 13:00'] },
        { date: '2030-06-11', total: 1, titles: ['Kathmandu early'] },
      ])
      expect(days[1]!.events[0]).toMatchObject({
        timeZone: KATHMANDU,
        roomName: 'Rink A',
        facilityId: kathmandu.facilityId,
        facilityName: 'Arena',
        startTime: local('2030-06-11', '02:00', KATHMANDU),
        endTime: local('2030-06-11', '03:00', KATHMANDU),
        eventType: 'practice',
        clientId: kathmandu.clientId,
      })
      const othersView = await t.request(
        `/api/events/month?from=${encodeURIComponent('2030-06-01T00:00:00Z')}&to=${encodeURIComponent('2030-07-01T00:00:00Z')}`,
        { cookie: other.cookie },
      )
      expect(((await othersView.json()) as { days: unknown[] }).days).toEqual([])
    })

    it('counts an event near midnight under its facility’s date however far the zone is from UTC, and moves it when the zone changes', async () => {
      const user = await t.createOperator(admin)
      // UTC+14 and UTC-11: 25 hours apart, each a day away from UTC at the times below.
      const kiritimati = await createVenue(user, 'Pacific/Kiritimati')
      const pagoPago = await createVenue(user, 'Pacific/Pago_Pago')
      // 00:30 on the 15th in Kiritimati is 10:30 on the 14th in UTC; 23:30 on the 15th in Pago Pago is 10:30 on the 16th.
      const early = practice(kiritimati, { title: 'Kiritimati 00:30', date: '2030-06-15', startTime: '00:30', durationMinutes: 30 })
      const late = practice(pagoPago, { title: 'Pago Pago 23:30', date: '2030-06-15', startTime: '23:30', durationMinutes: 30 })
      for (const body of [early, late]) expect((await create(body, user)).status).toBe(201)

      const month = async (from: string, to: string) => {
        const response = await t.request(`/api/events/month?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
          cookie: user.cookie,
        })
        expect(response.status).toBe(200)
        const { days } = (await response.json()) as { days: { date: string; total: number; events: (ApiEvent & { timeZone: string })[] }[] }
        return days.map(({ date, total, events }) => ({ date, total, titles: events.map((event) => `${event.title} (${event.timeZone})`) }))
      }
      const june = () => month('2030-06-01T00:00:00Z', '2030-07-01T00:00:00Z')

      expect(await june()).toEqual([
        { date: '2030-06-15', total: 2, titles: ['Kiritimati 00:30 (Pacific/Kiritimati)', 'Pago Pago 23:30 (Pacific/Pago_Pago)'] },
      ])
      // An hour that is the 15th only in Kiritimati still gives that day whole, with the event of
      // Pago Pago's 15th that starts a day and a half later.
      expect(await month('2030-06-15T00:00:00Z', '2030-06-15T01:00:00Z')).toEqual(await june())

      // A facility that changes zone keeps its events at the same instants; their dates follow the new zone.
      await t.db.execute(sql`update facilities set time_zone = 'UTC' where id = ${kiritimati.facilityId}`)
      await t.db.execute(sql`update facilities set time_zone = 'Asia/Tokyo' where id = ${pagoPago.facilityId}`)
      expect(await june()).toEqual([
        { date: '2030-06-14', total: 1, titles: ['Kiritimati 00:30 (UTC)'] },
        { date: '2030-06-16', total: 1, titles: ['Pago Pago 23:30 (Asia/Tokyo)'] },
      ])
    })

    it('lists the rooms that can be booked, without change rooms, as room and facility', async () => {
      const user = await t.createOperator(admin)
      const venue = await createVenue(user)
      const response = await t.request('/api/events/rooms', { cookie: user.cookie })
      const { rooms } = (await response.json()) as { rooms: Record<string, unknown>[] }
      expect(rooms).toEqual([
        {
          id: venue.roomId,
          name: 'Rink A',
          ...OPEN_AROUND_THE_CLOCK,
          facilityId: venue.facilityId,
          facilityName: 'Arena',
          timeZone: TORONTO,
        },
      ])
    })
  })

  describe('an organisation’s members', () => {
    // Another account joins the organisation in the role given, and works in it from then on.
    const joinAs = (role: 'scheduler' | 'front_desk', organisationId: string) => t.addMember(admin, organisationId, role)
    const idsOf = async (response: Response) => ((await response.json()) as { events: ApiEvent[] }).events.map((event) => event.id)

    it('share its events: a scheduler lists, books, edits and deletes those of the owner, on the same ledger', async () => {
      const venue = await createVenue()
      const organisationId = await organisationOfRoom(venue.roomId)
      const scheduler = await joinAs('scheduler', organisationId)
      const [event] = (await createOk(practice(venue))).events

      const upcoming = await t.request(`/api/events/upcoming?roomId=${venue.roomId}`, { cookie: scheduler.cookie })
      expect(await idsOf(upcoming)).toEqual([event!.id])
      const booked = await create(practice(venue, { title: 'By the scheduler', startTime: '21:00' }), scheduler)
      expect(booked.status).toBe(201)
      const edited = await update(event!.id, editBody(event!, { title: 'Renamed', changeRoom1Id: venue.homeChangeRoomId }), scheduler)
      expect(edited.status).toBe(200)
      expect(await hoursUsedOf(venue.contractId)).toBe('7.25')

      // Every row written carries the organisation, events and charges alike.
      const rows = await eventsOfRoom(venue.roomId)
      expect(rows.map((row) => [row.title, row.organisationId])).toEqual([
        ['Renamed', organisationId],
        ['By the scheduler', organisationId],
      ])
      const usage = await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, venue.contractId))
      expect(usage.map((row) => row.organisationId)).toEqual([organisationId, organisationId])

      expect((await remove(event!.id, scheduler)).status).toBe(204)
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
    })

    it('at the front desk read every list but are refused any booking with 403, whatever the body', async () => {
      // An organisation of its own, so that the range below holds this one event.
      const owner = await t.createOperator(admin)
      const venue = await createVenue(owner)
      const frontDesk = await joinAs('front_desk', await organisationOfRoom(venue.roomId))
      const booked = await create(practice(venue), owner)
      expect(booked.status).toBe(201)
      const [event] = ((await booked.json()) as CreateResult).events
      const from = encodeURIComponent(local('2030-06-03', '00:00', TORONTO))
      const to = encodeURIComponent(local('2030-06-04', '00:00', TORONTO))

      expect(await idsOf(await t.request(`/api/events?from=${from}&to=${to}`, { cookie: frontDesk.cookie }))).toEqual([event!.id])
      expect(await idsOf(await t.request(`/api/events/upcoming?roomId=${venue.roomId}`, { cookie: frontDesk.cookie }))).toEqual([event!.id])
      for (const path of [`/api/events/month?from=${from}&to=${to}`, '/api/events/past', '/api/events/rooms']) {
        expect((await t.request(path, { cookie: frontDesk.cookie })).status, path).toBe(200)
      }

      const refused = [
        await create(practice(venue, { startTime: '21:00' }), frontDesk),
        await create({}, frontDesk),
        await update(event!.id, editBody(event!, { title: 'Renamed' }), frontDesk),
        await update('not-a-uuid', {}, frontDesk),
        await remove(event!.id, frontDesk),
      ]
      for (const response of refused) {
        expect(response.status).toBe(403)
        expect((await errorOf(response)).code).toBe('FORBIDDEN')
      }
      expect((await eventsOfRoom(venue.roomId)).map((row) => [row.id, row.title])).toEqual([[event!.id, 'Practice']])
      expect(await hoursUsedOf(venue.contractId)).toBe('6.25')
    })
  })

  it('keeps the ledger exact: bookings add usage rows and never write the contract itself', async () => {
    const touched = await t.db
      .select({ id: contracts.id, hoursUsed: contractHoursUsed })
      .from(contracts)
      .where(sql`${contracts.totalHours} = 5000 and ${contracts.hoursAdjustment} <> 5.25`)
    expect(touched).toEqual([])
  })
})
