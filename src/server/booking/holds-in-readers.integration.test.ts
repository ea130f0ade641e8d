import { beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, weekdayOf } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, localDayRange, todayInZone } from '@shared/scheduling/local-day'
import type { PublicBoard } from '@shared/screens/public-board'
import { schedules } from '../db/schema'
import { errorOf, expectJson } from '../test/responses'
import { useTestApp } from '../test/setup'
import { OPEN_AROUND_THE_CLOCK } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

const TORONTO = 'America/Toronto'
const QUARTER_MS = 15 * 60_000

type Listed = { id: string; title: string; kind: string }

// A renter's pending request holds its ice as a schedules row of kind 'hold' (ADR 0055). Every
// reader says what it means (docs/product.md#renters): the operators' lists, month grid and range
// (the timeline and the day views) show a hold, marked by its kind; what means bookings only (a
// board, Create Invoices, a contract's hours, the client page's bookings) leaves it out; what
// looks for free ice (Find Ice, marketing's slots) finds it taken; and a refusal it causes names
// it as a pending request. Holds are written here straight to the table, as tests may arrange rows.
describe.each(testDatabaseKinds())('holds in every reader on %s', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })
  let organisationId: string
  let facilityId: string
  let rinkA: string
  let halfA: string
  let rinkB: string
  let homeRoom: string
  let jets: string
  const today = todayInZone(TORONTO, new Date())
  const tomorrow = addCalendarDays(today, 1)
  const at = (day: string, time: string) => combineLocalDateTime(day, time, TORONTO)

  const request = (method: string, path: string, body?: unknown) => t.request(path, { method, body, cookie: operator.cookie })
  const post = async <T>(path: string, body: unknown) => expectJson<T>(await request('POST', path, body), 201)
  const book = (roomId: string, day: string, startTime: string, title: string, durationMinutes = 60, extra: object = {}) =>
    request('POST', '/api/events', { roomId, clientId: jets, title, date: day, startTime, durationMinutes, ...extra })
  const hold = async (roomId: string, start: Date, end: Date, title: string, extra: Partial<typeof schedules.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(schedules)
      .values({ organisationId, roomId, clientId: jets, title, startTime: start, endTime: end, kind: 'hold', ...extra })
      .returning({ id: schedules.id })
    return row!.id
  }

  beforeAll(async () => {
    organisationId = await t.organisationOf(operator)
    facilityId = (await post<{ facility: { id: string } }>('/api/facilities', { name: 'Arena', timeZone: TORONTO })).facility.id
    const space = async (name: string, type = 'rink', parentId: string | null = null) =>
      (await post<{ room: { id: string } }>(`/api/facilities/${facilityId}/rooms`, { name, type, parentId, ...OPEN_AROUND_THE_CLOCK })).room
        .id
    rinkA = await space('Rink A')
    halfA = await space('Half A', 'rink', rinkA)
    rinkB = await space('Rink B')
    homeRoom = await space('Dressing Room 1', 'change_room')
    jets = (await post<{ client: { id: string } }>('/api/clients', { name: 'Jets' })).client.id
  })

  it('answers a hold in the range, the month grid and the lists, with its kind', async () => {
    const booked = (await expectJson<{ events: { id: string }[] }>(await book(rinkB, tomorrow, '06:00', 'Jets practice'), 201)).events[0]!
    const held = await hold(rinkB, at(tomorrow, '08:00'), at(tomorrow, '09:00'), 'Hawks U11')
    const kinds = (events: Listed[]) =>
      Object.fromEntries(events.filter(({ id }) => id === booked.id || id === held).map((event) => [event.title, event.kind]))
    const expected = { 'Jets practice': 'booking', 'Hawks U11': 'hold' }

    const day = localDayRange(tomorrow, TORONTO)
    const range = new URLSearchParams({ from: day.start.toISOString(), to: day.end.toISOString() })
    // The timeline's and the facility page's read (cached per instance), and All Events' day.
    const facilityRange = await expectJson<{ events: Listed[] }>(await request('GET', `/api/events?${range}&facilityId=${facilityId}`), 200)
    expect(kinds(facilityRange.events)).toEqual(expected)
    const everywhere = await expectJson<{ events: Listed[] }>(await request('GET', `/api/events?${range}`), 200)
    expect(kinds(everywhere.events)).toEqual(expected)
    const roomRange = await expectJson<{ events: Listed[] }>(
      await request('GET', `/api/events?${range}&facilityId=${facilityId}&roomId=${rinkB}`),
      200,
    )
    expect(kinds(roomRange.events)).toEqual(expected)

    const month = await expectJson<{ days: { date: string; total: number; events: Listed[] }[] }>(
      await request('GET', `/api/events/month?${range}`),
      200,
    )
    const monthDay = month.days.find((entry) => entry.date === tomorrow)!
    expect(kinds(monthDay.events)).toEqual(expected)

    // All Events' list, unfiltered (each space's next events merged), of a space, and searched.
    for (const query of ['', `?roomId=${rinkB}`, `?facilityId=${facilityId}`, '?q=Hawks', `?clientId=${jets}`]) {
      const page = await expectJson<{ events: Listed[] }>(await request('GET', `/api/events/upcoming${query}`), 200)
      expect(page.events.find((event) => event.id === held)?.kind, query).toBe('hold')
    }
  })

  it('leaves holds out of the client page’s bookings, upcoming and past', async () => {
    const booked = (await expectJson<{ events: { id: string }[] }>(await book(rinkB, tomorrow, '10:00', 'Jets game'), 201)).events[0]!
    const held = await hold(rinkB, at(tomorrow, '11:00'), at(tomorrow, '12:00'), 'Jets request')
    const pastStart = Math.floor((Date.now() - 30 * 24 * 3_600_000) / QUARTER_MS) * QUARTER_MS
    const pastHold = await hold(rinkB, new Date(pastStart), new Date(pastStart + 3_600_000), 'Old request')
    for (const when of ['upcoming', 'past']) {
      const all = await expectJson<{ events: Listed[] }>(await request('GET', `/api/events/${when}?clientId=${jets}`), 200)
      const bookings = await expectJson<{ events: Listed[] }>(
        await request('GET', `/api/events/${when}?clientId=${jets}&kind=booking`),
        200,
      )
      const ids = (events: Listed[]) => events.map((event) => event.id)
      expect(ids(all.events), when).toContain(when === 'upcoming' ? held : pastHold)
      expect(ids(bookings.events), when).not.toContain(held)
      expect(ids(bookings.events), when).not.toContain(pastHold)
      expect(bookings.events.every((event) => event.kind === 'booking')).toBe(true)
      if (when === 'upcoming') expect(ids(bookings.events)).toContain(booked.id)
    }
    // A space's past list and All Events' upcoming list narrow by kind the same way.
    const spacePast = await expectJson<{ events: Listed[] }>(await request('GET', `/api/events/past?roomId=${rinkB}&kind=booking`), 200)
    expect(spacePast.events.map((event) => event.id)).not.toContain(pastHold)
    const upcoming = await expectJson<{ events: Listed[] }>(await request('GET', '/api/events/upcoming?kind=booking'), 200)
    expect(upcoming.events.map((event) => event.id)).not.toContain(held)
    const refused = await request('GET', '/api/events/upcoming?kind=pencil')
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).fields).toMatchObject({ kind: 'Unknown kind' })
  })

  it('never shows a hold on a board', async () => {
    await post('/api/screens', { name: 'Lobby', rooms: [{ roomId: rinkA, color: '#ef4444' }] })
    // Today's hours may be past already, where the API books nothing: the booking is written straight too.
    await t.db.insert(schedules).values({
      organisationId,
      roomId: rinkA,
      clientId: jets,
      title: 'Early skate',
      startTime: at(today, '03:00'),
      endTime: at(today, '04:00'),
    })
    await hold(rinkA, at(today, '04:00'), at(today, '05:00'), 'Pending birthday party')
    const board = await expectJson<PublicBoard>(await t.request('/api/public/displays/lobby'), 200)
    expect(board.rooms[0]!.events.map((event) => event.title)).toEqual(['Early skate'])
  })

  it('never bills a hold, nor charges its hours to a contract', async () => {
    const contract = await post<{ contract: { id: string } }>('/api/contracts', {
      clientId: jets,
      name: 'Season',
      startDate: today,
      totalHours: 100,
    })
    const hoursUsed = async () => {
      const { contracts } = await expectJson<{ contracts: { id: string; hoursUsed: string }[] }>(
        await request('GET', `/api/clients/${jets}/contracts`),
        200,
      )
      return contracts.find((entry) => entry.id === contract.contract.id)!.hoursUsed
    }
    await expectJson(await request('PUT', `/api/rooms/${rinkB}/rates`, { primeRateMinor: 10000, nonPrimeRateMinor: 10000 }), 200)
    const day = addCalendarDays(today, 3)
    const before = await hoursUsed()
    await expectJson(await book(rinkB, day, '14:00', 'Billed practice'), 201)
    await hold(rinkB, at(day, '16:00'), at(day, '18:00'), 'Unbilled request')
    expect(Number(await hoursUsed()) - Number(before)).toBe(1)

    const generated = await expectJson<{ invoices: { id: string }[] }>(
      await request('POST', '/api/invoices/generate', { periodStart: day, periodEnd: day, clientId: jets }),
      200,
    )
    const lines = await Promise.all(
      generated.invoices.map(
        async ({ id }) =>
          (await expectJson<{ invoice: { lines: { description: string }[] } }>(await request('GET', `/api/invoices/${id}`), 200)).invoice
            .lines,
      ),
    )
    expect(lines.flat().map((line) => line.description)).toEqual([expect.stringMatching(/^Rink B · .* · 14:00–15:00 · 1 h$/)])
  })

  it('finds no free ice where a hold is, in Find Ice and in marketing’s slots', async () => {
    const day = addCalendarDays(today, 2)
    await hold(rinkA, at(day, '10:00'), at(day, '11:00'), 'Held for Find Ice')
    const search = new URLSearchParams({
      facilityId,
      durationMinutes: '60',
      weekdays: String(weekdayOf(day)),
      earliestStart: '09:00',
      latestEnd: '12:00',
      weeks: '1',
    })
    for (const spaceId of [rinkA, halfA]) {
      const { slots } = await expectJson<{ slots: { spaceId: string; start: string }[] }>(
        await request('GET', `/api/availability/free-slots?${search}&spaceId=${spaceId}`),
        200,
      )
      const starts = slots.filter((slot) => slot.spaceId === spaceId).map((slot) => slot.start)
      expect(starts).toContain(at(day, '09:00').toISOString())
      expect(starts).not.toContain(at(day, '10:00').toISOString())
      expect(starts).not.toContain(at(day, '09:30').toISOString())
      expect(starts).toContain(at(day, '11:00').toISOString())
    }

    // Marketing sells the next hours: a hold there is not free ice, on its space or on its whole.
    const start = Math.ceil(Date.now() / QUARTER_MS) * QUARTER_MS + 4 * QUARTER_MS
    await hold(halfA, new Date(start), new Date(start + 3_600_000), 'Held for marketing')
    const { rooms } = await expectJson<{ rooms: { id: string; slots: { start: string; end: string; isAvailable: boolean }[] }[] }>(
      await request('GET', `/api/marketing/availability?facilityId=${facilityId}&hoursAhead=4`),
      200,
    )
    for (const roomId of [rinkA, halfA]) {
      const slots = rooms.find((room) => room.id === roomId)!.slots
      const during = slots.filter((slot) => Date.parse(slot.start) < start + 3_600_000 && Date.parse(slot.end) > start)
      expect(during.length, roomId).toBeGreaterThan(0)
      expect(during.every((slot) => !slot.isAvailable)).toBe(true)
    }
    expect(rooms.find((room) => room.id === rinkB)!.slots.some((slot) => slot.isAvailable)).toBe(true)
  })

  it('names a hold in the way as a pending request when a booking is refused', async () => {
    const day = addCalendarDays(today, 5)
    await hold(halfA, at(day, '10:00'), at(day, '11:00'), 'Hawks U11')
    const refused = await book(rinkA, day, '10:30', 'Jets practice')
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe(
      `Time slot conflicts with: a pending request "Hawks U11" (${spanText(day, '10:00', '11:00')}) on Half A`,
    )
  })

  it('names a hold in the way as a pending request in a series preview and for its change room', async () => {
    const day = addCalendarDays(today, 6)
    await hold(halfA, at(day, '10:00'), at(day, '11:00'), 'Hawks U13')
    const { occurrences } = await expectJson<{ occurrences: { status: string; reason: string | null }[] }>(
      await request('POST', '/api/events/preview', {
        roomId: rinkA,
        date: day,
        startTime: '10:30',
        durationMinutes: 60,
        recurrence: { frequency: 'daily', endDate: addCalendarDays(day, 1) },
      }),
      200,
    )
    expect(occurrences.map(({ status, reason }) => [status, reason])).toEqual([
      ['clash', 'Clashes with a pending request "Hawks U13"'],
      ['free', null],
    ])

    // A hold takes its change room as a booking does.
    await hold(rinkB, at(day, '14:00'), at(day, '15:00'), 'Sharks U13', { changeRoom1Id: homeRoom })
    const changeRoom = await book(rinkA, day, '14:00', 'Jets game', 60, { changeRoom1Id: homeRoom })
    expect(changeRoom.status).toBe(409)
    expect((await errorOf(changeRoom)).message).toBe(
      `Change room "Dressing Room 1" is in use by a pending request "Sharks U13" (${spanText(day, '14:00', '15:00')})`,
    )
  })

  const spanText = (day: string, from: string, to: string) => {
    const date = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    const clock = (time: string) => {
      const [hours, minutes] = time.split(':').map(Number)
      return `${hours! % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours! < 12 ? 'AM' : 'PM'}`
    }
    return `${date} ${clock(from)} - ${clock(to)}`
  }
})
