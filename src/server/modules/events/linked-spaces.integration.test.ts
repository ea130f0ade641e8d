import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, todayInZone } from '@shared/scheduling/local-day'
import { rangesOverlap } from '@shared/scheduling/overlap'
import { rooms, schedules, spaceOccupancy } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { createTestApp, OPEN_AROUND_THE_CLOCK, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'
const DAY = '2030-06-03'

type ApiEvent = { id: string; roomId: string; title: string; startTime: string; endTime: string; changeoverMinutes: number }
type ApiRoom = { id: string; parentId: string | null; changeoverMinutes: number }

// Linked spaces and changeovers (docs/product.md#facilities-and-spaces, ADR 0024): the database refuses what clashes on the
// ice, whichever row it was booked on.
describe.each(testDatabaseKinds())('linked spaces and changeovers on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let other: TestUser

  beforeAll(async () => {
    t = await createTestApp(kind)
    const admin = await t.createAdmin()
    operator = await t.createOperator(admin)
    other = await t.createOperator(admin)
  })
  afterAll(async () => {
    await t.close()
  })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  /** Building → Full Sheet → Half Ice A / Half Ice B, a Studio apart, and a client. */
  const createArena = async (user: TestUser = operator, { sheetChangeover = 0 } = {}) => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }, user),
      201,
    )
    const space = async (name: string, parentId: string | null, changeoverMinutes = 0) =>
      (
        await expectJson<{ room: ApiRoom }>(
          await request(
            'POST',
            `/api/facilities/${facility.id}/rooms`,
            { name, type: 'rink', parentId, changeoverMinutes, ...OPEN_AROUND_THE_CLOCK },
            user,
          ),
          201,
        )
      ).room
    const building = await space('Building', null)
    const sheet = await space('Full Sheet', building.id, sheetChangeover)
    const halfA = await space('Half Ice A', sheet.id)
    const halfB = await space('Half Ice B', sheet.id)
    const studio = await space('Studio', null)
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }, user), 201)
    return { facilityId: facility.id, building, sheet, halfA, halfB, studio, clientId: client.id }
  }
  type Arena = Awaited<ReturnType<typeof createArena>>

  const book = (arena: Arena, room: ApiRoom, startTime: string, durationMinutes = 60, title = 'Practice', date = DAY) =>
    request('POST', '/api/events', { roomId: room.id, clientId: arena.clientId, title, date, startTime, durationMinutes })
  const bookOk = async (arena: Arena, room: ApiRoom, startTime: string, durationMinutes = 60, title = 'Practice', date = DAY) =>
    (await expectJson<{ events: ApiEvent[] }>(await book(arena, room, startTime, durationMinutes, title, date), 201)).events[0]!

  it('lets the halves be booked together, but not with their sheet or the building', async () => {
    const arena = await createArena()
    await bookOk(arena, arena.halfA, '10:00', 60, 'Half A skills')
    await bookOk(arena, arena.halfB, '10:00', 60, 'Half B skills')
    const onSheet = await book(arena, arena.sheet, '10:30', 60, 'Game')
    expect(onSheet.status).toBe(409)
    expect((await errorOf(onSheet)).message).toBe(
      'Time slot conflicts with: "Half A skills" (Jun 3, 2030 10:00 AM - 11:00 AM) on Half Ice A, "Half B skills" (Jun 3, 2030 10:00 AM - 11:00 AM) on Half Ice B',
    )
    expect((await book(arena, arena.building, '09:00', 120)).status).toBe(409)
    // The studio is no part of the building's tree here... it is a separate space altogether.
    await bookOk(arena, arena.studio, '10:00')
    // Booked on the whole, the halves are taken.
    await bookOk(arena, arena.sheet, '12:00', 60, 'Senior game')
    const onHalf = await book(arena, arena.halfB, '12:30')
    expect((await errorOf(onHalf)).message).toBe('Time slot conflicts with: "Senior game" (Jun 3, 2030 12:00 PM - 1:00 PM) on Full Sheet')
  })

  it('blocks the changeover after each booking, without changing the event’s times or its hours', async () => {
    const arena = await createArena(operator, { sheetChangeover: 15 })
    const game = await bookOk(arena, arena.sheet, '10:00', 60, 'Game')
    expect(game.changeoverMinutes).toBe(15)
    expect(new Date(game.endTime).getTime() - new Date(game.startTime).getTime()).toBe(60 * 60_000)
    // Beginning during the resurface is a clash, on the sheet or on a half of it, and the refusal
    // says the changeover is why, naming the space that needs it.
    const during = await book(arena, arena.sheet, '11:00')
    expect(during.status).toBe(409)
    expect((await errorOf(during)).message).toBe('Too close to "Game" (ends 11:00 AM): Full Sheet needs 15 minutes of changeover')
    const onHalf = await book(arena, arena.halfA, '11:00', 30)
    expect(onHalf.status).toBe(409)
    expect((await errorOf(onHalf)).message).toBe('Too close to "Game" (ends 11:00 AM): Full Sheet needs 15 minutes of changeover')
    await bookOk(arena, arena.halfA, '11:15', 30)
    // A booking of the sheet that ends less than its changeover before the next one also clashes.
    const before = await book(arena, arena.sheet, '08:00', 120 - 5)
    expect(before.status).toBe(409)
    expect((await errorOf(before)).message).toBe('Too close to "Game" (starts 10:00 AM): Full Sheet needs 15 minutes of changeover')
    // Over the game's own times, the refusal is the plain clash.
    expect((await errorOf(await book(arena, arena.sheet, '10:30', 30))).message).toBe(
      'Time slot conflicts with: "Game" (Jun 3, 2030 10:00 AM - 11:00 AM)',
    )
    await bookOk(arena, arena.sheet, '08:30', 15)
  })

  it('applies a new changeover to bookings made from then on, and keeps it through details-only edits', async () => {
    const arena = await createArena()
    const first = await bookOk(arena, arena.studio, '10:00', 60, 'Yoga')
    expect(first.changeoverMinutes).toBe(0)
    const body = {
      name: 'Studio',
      type: 'rink',
      ...OPEN_AROUND_THE_CLOCK,
      changeoverMinutes: 30,
      parentId: null,
    }
    const { room } = await expectJson<{ room: ApiRoom }>(await request('PUT', `/api/rooms/${arena.studio.id}`, body), 200)
    expect(room.changeoverMinutes).toBe(30)
    // The earlier booking keeps its 0: a booking right after it still fits.
    await bookOk(arena, arena.studio, '11:00', 60, 'Pilates')
    const later = await bookOk(arena, arena.studio, '14:00', 60, 'Dance')
    expect(later.changeoverMinutes).toBe(30)
    expect((await book(arena, arena.studio, '15:15', 30)).status).toBe(409)
  })

  it('splits at midnight without a changeover between the two parts', async () => {
    const arena = await createArena(operator, { sheetChangeover: 10 })
    const response = await request('POST', '/api/events', {
      roomId: arena.sheet.id,
      clientId: arena.clientId,
      title: 'Overnight',
      date: DAY,
      startTime: '23:00',
      durationMinutes: 120,
    })
    const { events } = await expectJson<{ events: ApiEvent[] }>(response, 201)
    expect(events.map((event) => event.changeoverMinutes)).toEqual([0, 10])
  })

  it('refuses a whole of another facility, a change room, a loop and a fifth level, in words and in the database', async () => {
    const arena = await createArena()
    const elsewhere = await createArena()
    const theirs = await createArena(other)
    const put = (room: ApiRoom, name: string, parentId: string | null, type = 'rink') =>
      request('PUT', `/api/rooms/${room.id}`, { name, type, parentId, operatingStartTime: '06:00', operatingEndTime: '23:30' })
    for (const parentId of [elsewhere.sheet.id, theirs.sheet.id]) {
      const response = await put(arena.studio, 'Studio', parentId)
      expect(response.status).toBe(422)
      expect((await errorOf(response)).message).toBe('Please choose a space of this facility')
    }
    expect((await errorOf(await put(arena.building, 'Building', arena.halfA.id))).message).toBe(
      'A space cannot be part of itself or of one of its parts',
    )
    expect((await errorOf(await put(arena.building, 'Building', arena.building.id))).message).toBe(
      'A space cannot be part of itself or of one of its parts',
    )
    const { room: quarter } = await expectJson<{ room: ApiRoom }>(
      await request('POST', `/api/facilities/${arena.facilityId}/rooms`, { name: 'Quarter', type: 'rink', parentId: arena.halfA.id }),
      201,
    )
    const tooDeep = await request('POST', `/api/facilities/${arena.facilityId}/rooms`, {
      name: 'Eighth',
      type: 'rink',
      parentId: quarter.id,
    })
    expect((await errorOf(tooDeep)).message).toBe('Linked spaces go at most 4 levels deep')
    const changeRoom = await request('POST', `/api/facilities/${arena.facilityId}/rooms`, {
      name: 'CR',
      type: 'change_room',
      parentId: arena.sheet.id,
    })
    expect(changeRoom.status).toBe(422)
    expect((await errorOf(await put(arena.sheet, 'Full Sheet', arena.building.id, 'change_room'))).message).toBe(
      'A change room cannot be part of another space or have parts',
    )
    // Past the service, the database holds the same rules.
    await expect(t.db.update(rooms).set({ parentId: arena.halfB.id }).where(eq(rooms.id, arena.building.id))).rejects.toThrow()
    await expect(t.db.update(rooms).set({ parentId: elsewhere.sheet.id }).where(eq(rooms.id, arena.studio.id))).rejects.toThrow()
  })

  it('re-links bookings when a space joins or leaves a whole, and refuses a join that would clash', async () => {
    const arena = await createArena()
    await bookOk(arena, arena.sheet, '10:00', 60, 'Game')
    await bookOk(arena, arena.studio, '10:30', 60, 'Yoga')
    const body = (parentId: string | null) => ({
      name: 'Studio',
      type: 'rink',
      parentId,
      ...OPEN_AROUND_THE_CLOCK,
    })
    const clash = await request('PUT', `/api/rooms/${arena.studio.id}`, body(arena.sheet.id))
    expect(clash.status).toBe(409)
    expect((await errorOf(clash)).message).toBe(
      'This space has bookings at the same time as the space it would be part of. Move or delete them first.',
    )
    const [stillAlone] = await t.db.select({ parentId: rooms.parentId }).from(rooms).where(eq(rooms.id, arena.studio.id))
    expect(stillAlone!.parentId).toBeNull()
    // A new part of a booked whole is taken at once.
    const { room: halfC } = await expectJson<{ room: ApiRoom }>(
      await request('POST', `/api/facilities/${arena.facilityId}/rooms`, {
        name: 'Half Ice C',
        type: 'rink',
        parentId: arena.sheet.id,
        ...OPEN_AROUND_THE_CLOCK,
      }),
      201,
    )
    expect((await errorOf(await book(arena, halfC, '10:15', 30))).message).toBe(
      'Time slot conflicts with: "Game" (Jun 3, 2030 10:00 AM - 11:00 AM) on Full Sheet',
    )
    // Once it leaves the whole, it is free again.
    await expectJson(
      await request('PUT', `/api/rooms/${halfC.id}`, { name: 'Half Ice C', type: 'rink', parentId: null, ...OPEN_AROUND_THE_CLOCK }),
      200,
    )
    await bookOk(arena, halfC, '10:15', 30)
  })

  it('deleting a whole keeps its parts and their events, or deletes them when asked', async () => {
    const arena = await createArena()
    const half = await bookOk(arena, arena.halfA, '10:00')
    await bookOk(arena, arena.sheet, '12:00')
    expect((await request('DELETE', `/api/rooms/${arena.sheet.id}?parts=sideways`)).status).toBe(422)
    expect((await request('DELETE', `/api/rooms/${arena.sheet.id}?parts=keep`)).status).toBe(204)
    const parts = await t.db.select({ id: rooms.id, parentId: rooms.parentId }).from(rooms).where(eq(rooms.parentId, arena.building.id))
    expect(parts.map((part) => part.id).sort()).toEqual([arena.halfA.id, arena.halfB.id].sort())
    expect(await t.db.select().from(schedules).where(eq(schedules.id, half.id))).toHaveLength(1)
    // The halves are still parts of the building: booking it over Half A's event clashes.
    expect((await book(arena, arena.building, '09:30', 60)).status).toBe(409)
    expect((await request('DELETE', `/api/rooms/${arena.building.id}?parts=delete`)).status).toBe(204)
    const left = await t.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.facilityId, arena.facilityId))
    expect(left.map((room) => room.id)).toEqual([arena.studio.id])
    expect(await t.db.select().from(schedules).where(eq(schedules.id, half.id))).toHaveLength(0)
    // Another organisation's whole is not found.
    const theirs = await createArena(other)
    expect((await request('DELETE', `/api/rooms/${theirs.sheet.id}?parts=delete`)).status).toBe(404)
  })

  it('ends a 200-way race of Full Sheet and half bookings for one hour with no overlap on the ice', async () => {
    const arena = await createArena()
    const targets = [arena.sheet, arena.halfA, arena.halfB]
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        book(arena, targets[index % 3]!, index % 2 === 0 ? '19:00' : '19:30', 60, `Racer ${index}`),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(','),
    ).toBe(true)
    const organisationId = await t.organisationOf(operator)
    const booked = await t.db
      .select({ roomId: schedules.roomId, start: schedules.startTime, end: schedules.endTime })
      .from(schedules)
      .where(eq(schedules.organisationId, organisationId))
    const inRace = booked.filter((event) => targets.some((target) => target.id === event.roomId))
    const onSheet = inRace.filter((event) => event.roomId === arena.sheet.id)
    const onHalves = inRace.filter((event) => event.roomId !== arena.sheet.id)
    // Either the whole sheet once, or at most one booking per half.
    if (onSheet.length > 0) {
      expect(onSheet).toHaveLength(1)
      expect(onHalves.filter((half) => rangesOverlap(half, onSheet[0]!))).toEqual([])
    } else {
      for (const half of [arena.halfA, arena.halfB]) {
        const mine = onHalves.filter((event) => event.roomId === half.id)
        expect(mine.length).toBeLessThanOrEqual(1)
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(inRace.length)
    expect(inRace.length).toBeGreaterThanOrEqual(1)
    // Every booking holds its space and its parts, and no two rows of one unit overlap.
    const ids = inRace.length
    const held = await t.db
      .select({ unitId: spaceOccupancy.unitId })
      .from(spaceOccupancy)
      .innerJoin(schedules, and(eq(schedules.organisationId, spaceOccupancy.organisationId), eq(schedules.id, spaceOccupancy.scheduleId)))
      .where(eq(spaceOccupancy.organisationId, organisationId))
    expect(held.filter((row) => targets.some((target) => target.id === row.unitId))).toHaveLength(onSheet.length * 3 + onHalves.length)
    expect(ids).toBe(onSheet.length + onHalves.length)
  })

  // Only PostgreSQL has a second connection to hold a booking open while others are made.
  it.runIf(kind === 'postgres')(
    'lets a half be booked on another day while a booking of its sheet is still being written, and makes the same day wait for it',
    async () => {
      const arena = await createArena()
      const organisationId = await t.organisationOf(operator)
      let commitSheet!: () => void
      let sheetInserted!: () => void
      const inserted = new Promise<void>((resolve) => (sheetInserted = resolve))
      const sheetBooking = t.db.transaction(async (tx) => {
        await tx.insert(schedules).values({
          organisationId,
          roomId: arena.sheet.id,
          title: 'Held game',
          startTime: combineLocalDateTime(DAY, '19:00', TORONTO),
          endTime: combineLocalDateTime(DAY, '20:00', TORONTO),
        })
        sheetInserted()
        await new Promise<void>((resolve) => (commitSheet = resolve))
      })
      await inserted
      // The sheet's uncommitted booking holds Half Ice A on its own day only.
      await bookOk(arena, arena.halfA, '19:00', 60, 'Next day', addCalendarDays(DAY, 1))
      const sameDay = book(arena, arena.halfA, '07:00', 60, 'Same day, other hour')
      const waiting = async () => {
        const result = (await t.db.execute(
          sql`select count(*)::int as waiting from pg_locks where not granted and locktype = 'advisory'`,
        )) as {
          rows: { waiting: number }[]
        }
        return Number(result.rows[0]?.waiting) > 0
      }
      while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 20))
      commitSheet()
      await sheetBooking
      // It waited, then was written: the sheet's booking leaves the morning free.
      expect((await sameDay).status).toBe(201)
    },
  )

  it('keeps every booking of a whole holding a part that joins it while 60 bookings race the join', async () => {
    const arena = await createArena()
    const { room: halfC } = await expectJson<{ room: ApiRoom }>(
      await request('POST', `/api/facilities/${arena.facilityId}/rooms`, { name: 'Half Ice C', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
      201,
    )
    const hours = Array.from({ length: 15 }, (_, index) => `${String(7 + index).padStart(2, '0')}:00`)
    const bookings = Array.from({ length: 60 }, (_, index) =>
      book(
        arena,
        [arena.sheet, arena.building, arena.halfA][index % 3]!,
        hours[index % 15]!,
        30,
        `Racer ${index}`,
        `2030-07-0${1 + Math.floor(index / 15)}`,
      ),
    )
    const join = request('PUT', `/api/rooms/${halfC.id}`, {
      name: 'Half Ice C',
      type: 'rink',
      parentId: arena.sheet.id,
      ...OPEN_AROUND_THE_CLOCK,
    })
    const [joined, ...booked] = await Promise.all([join, ...bookings])
    // No 5xx whichever way the race goes: a join that meets a booking of its space is a clash (409).
    expect([200, 409]).toContain(joined!.status)
    expect(booked.every((response) => response.status === 201 || response.status === 409)).toBe(true)
    if (joined!.status !== 200) return
    // Every booking of the sheet or the building now holds Half Ice C as well.
    const wholes = await t.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(inArray(schedules.roomId, [arena.sheet.id, arena.building.id]))
    const holding = await t.db.select({ id: spaceOccupancy.scheduleId }).from(spaceOccupancy).where(eq(spaceOccupancy.unitId, halfC.id))
    expect(holding.map((row) => row.id).sort()).toEqual(wholes.map((row) => row.id).sort())
  })

  it('marketing offers no slot on a space while its whole or a part is booked, nor in a changeover', async () => {
    const arena = await createArena(operator, { sheetChangeover: 30 })
    // Sold in 30-minute slots: the spaces' booking interval.
    const spaceIds = [arena.building.id, arena.sheet.id, arena.halfA.id, arena.halfB.id, arena.studio.id]
    await t.db.update(rooms).set({ bookingInterval: 30 }).where(inArray(rooms.id, spaceIds))
    // Soon, so that the session is still valid at the frozen clock.
    const soon = addCalendarDays(todayInZone(TORONTO, new Date()), 2)
    await bookOk(arena, arena.halfA, '10:00', 60, 'Practice', soon)
    await bookOk(arena, arena.halfB, '13:00', 60, 'Practice', soon)
    // Only the clock the service reads is frozen; timers keep running for the database drivers.
    vi.useFakeTimers({ toFake: ['Date'], now: combineLocalDateTime(soon, '09:00', TORONTO) })
    let response: Response
    try {
      response = await request('GET', `/api/marketing/availability?facilityId=${arena.facilityId}&hoursAhead=6`)
    } finally {
      vi.useRealTimers()
    }
    type Availability = { rooms: { id: string; slots: { start: string; end: string; isAvailable: boolean }[] }[] }
    const { rooms: sold } = await expectJson<Availability>(response, 200)
    const freeAt = (room: ApiRoom) =>
      sold
        .find((entry) => entry.id === room.id)!
        .slots.filter((slot) => slot.isAvailable)
        .map((slot) => new Date(slot.start).toLocaleTimeString('en-GB', { timeZone: TORONTO, hour: '2-digit', minute: '2-digit' }))
    // The sheet (30-minute slots, 30 minutes of changeover): not while a half is booked, nor in
    // the half hour before a booking of a half, which its resurface would run into.
    expect(freeAt(arena.sheet)).toEqual(['09:00', '11:00', '11:30', '12:00', '14:00', '14:30'])
    // Half B is busy only with its own booking; the building (no changeover) with any of its parts'.
    expect(freeAt(arena.halfB)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '14:00', '14:30'])
    expect(freeAt(arena.building)).toEqual(['09:00', '09:30', '11:00', '11:30', '12:00', '12:30', '14:00', '14:30'])
  })
})
