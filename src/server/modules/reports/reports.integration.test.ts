import { describe, expect, it } from 'vitest'
import { reportResponse, type ReportResponse } from '@shared/reports/responses'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { todayInZone } from '@shared/scheduling/local-day'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

// Every number below is worked out by hand from the bookings each test makes (ADR 0066).
const ZONE = 'America/Toronto'

describe.each(testDatabaseKinds())('GET /api/reports on %s', (kind) => {
  const {
    t,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

  async function post<T>(user: TestUser, path: string, body: unknown, status = 201): Promise<T> {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return JSON.parse(text) as T
  }
  async function report(user: TestUser, query: string): Promise<ReportResponse> {
    const response = await t.request(`/api/reports?${query}`, { cookie: user.cookie })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return reportResponse.parse(JSON.parse(text))
  }
  const client = async (name: string) => (await post<{ client: { id: string } }>(owner, '/api/clients', { name })).client.id
  const book = async (roomId: string, clientId: string, date: string, startTime: string, durationMinutes: number) => {
    const body = { roomId, clientId, title: 'Ice', date, startTime, durationMinutes }
    return (await post<{ events: { id: string }[] }>(owner, '/api/events', body)).events[0]!.id
  }

  // Rink A (08:00 to 22:00, a 15-minute changeover) with two halves, and Rink B (open around the
  // clock, no changeover). Prime time is the default: weekdays 16:00 to 22:00, weekends 07:00 to 22:00.
  async function arena(name: string) {
    const { facility } = await post<{ facility: { id: string } }>(owner, '/api/facilities', { name, timeZone: ZONE })
    const room = async (body: Record<string, unknown>) =>
      (await post<{ room: { id: string } }>(owner, `/api/facilities/${facility.id}/rooms`, { type: 'rink', ...body })).room.id
    const rinkA = await room({ name: 'Rink A', operatingStartTime: '08:00', operatingEndTime: '22:00', changeoverMinutes: 15 })
    const east = await room({ name: 'Rink A East', operatingStartTime: '08:00', operatingEndTime: '22:00', parentId: rinkA })
    const west = await room({ name: 'Rink A West', operatingStartTime: '08:00', operatingEndTime: '22:00', parentId: rinkA })
    const rinkB = await room({ name: 'Rink B', operatingStartTime: '00:00', operatingEndTime: '00:00', bookingInterval: 15 })
    return { facilityId: facility.id, rinkA, east, west, rinkB }
  }

  it('sums a week with a closure, a changeover, a half, a booking over midnight and the night the clocks go forward', async () => {
    const place = await arena('Maple Arena')
    const hawks = await client('Hawks')
    const wolves = await client('Wolves')
    // Monday 2026-03-02 to Sunday 2026-03-08; the clocks go forward at 02:00 on the Sunday.
    await book(place.rinkA, hawks, '2026-03-02', '17:00', 60) // prime; its changeover 18:00 to 18:15
    await book(place.east, hawks, '2026-03-03', '10:00', 120) // a half: 1 hour of Rink A
    await book(place.rinkB, hawks, '2026-03-07', '23:00', 120) // Saturday 23:00 to Sunday 01:00
    await book(place.rinkB, hawks, '2026-03-08', '01:00', 120) // 01:00 EST to 04:00 EDT: 2 real hours
    await book(place.rinkB, wolves, '2026-03-04', '20:00', 90) // prime
    await post(owner, `/api/facilities/${place.facilityId}/closures`, {
      spaceId: place.rinkA,
      startDate: '2026-03-05',
      startTime: '08:00',
      endDate: '2026-03-05',
      endTime: '12:00',
      reason: 'Resurfacing the slab',
    })
    // Contracts made after the bookings, so no booking is charged to them: their hours are the usage logged.
    const { contract } = await post<{ contract: { id: string } }>(owner, '/api/contracts', {
      clientId: hawks,
      name: 'Hawks 2026',
      startDate: '2026-02-01',
      totalHours: 10,
    })
    await post(owner, '/api/usage', { contractId: contract.id, usageDate: '2026-03-04', hours: 3 })
    await post(owner, '/api/usage', { contractId: contract.id, usageDate: '2026-02-20', hours: 2 })

    const answer = await report(owner, `facilityId=${place.facilityId}&from=2026-03-02&to=2026-03-08`)
    expect(answer.facilities).toEqual([{ id: place.facilityId, name: 'Maple Arena', timeZone: ZONE }])
    const [rinkA, rinkB] = answer.utilisation.spaces
    // Rink A: 7 × 14 h − 4 h closed − 0.25 h changeover; booked 1 h + half of 2 h.
    // Prime: 5 × 6 h + 2 × 14 h (07:00–22:00 within 08:00–22:00) − 0.25 h changeover.
    expect(rinkA).toEqual({
      id: place.rinkA,
      name: 'Rink A',
      facilityId: place.facilityId,
      facilityName: 'Maple Arena',
      parts: ['Rink A East', 'Rink A West'],
      bookedHours: 2,
      sellableHours: 93.75,
      share: 0.0213,
      primeBookedHours: 1,
      primeSellableHours: 57.75,
      primeShare: 0.0173,
      nonPrimeBookedHours: 1,
      nonPrimeSellableHours: 36,
      nonPrimeShare: 0.0278,
    })
    // Rink B: 6 × 24 h + the 23-hour Sunday; booked 2 + 2 + 1.5 h; prime 5 × 6 h + 2 × 15 h.
    expect(rinkB).toMatchObject({
      name: 'Rink B',
      parts: [],
      bookedHours: 5.5,
      sellableHours: 167,
      share: 0.0329,
      primeBookedHours: 1.5,
      primeSellableHours: 60,
      nonPrimeBookedHours: 4,
      nonPrimeSellableHours: 107,
    })
    expect(answer.utilisation.total).toMatchObject({
      bookedHours: 7.5,
      sellableHours: 260.75,
      share: 0.0288,
      primeBookedHours: 2.5,
      primeSellableHours: 117.75,
    })
    const cell = (weekday: number, hour: number) => answer.utilisation.heatmap.find((c) => c.weekday === weekday && c.hour === hour)
    expect(cell(0, 17)).toEqual({ weekday: 0, hour: 17, bookedHours: 1, sellableHours: 2, share: 0.5 })
    expect(cell(0, 18)).toMatchObject({ bookedHours: 0, sellableHours: 1.75 })
    expect(cell(1, 10)).toMatchObject({ bookedHours: 0.5, sellableHours: 2, share: 0.25 })
    expect(cell(3, 9)).toMatchObject({ bookedHours: 0, sellableHours: 1 }) // Rink A closed
    expect(cell(5, 23)).toMatchObject({ bookedHours: 1, sellableHours: 1 })
    expect(cell(6, 0)).toMatchObject({ bookedHours: 1, sellableHours: 1 })
    expect(cell(6, 1)).toMatchObject({ bookedHours: 1, sellableHours: 1 })
    expect(cell(6, 2)).toBeUndefined() // 02:00 never happens that Sunday
    expect(cell(6, 3)).toMatchObject({ bookedHours: 1, sellableHours: 1 })
    expect(cell(6, 7)).toMatchObject({ bookedHours: 0, sellableHours: 1 }) // Rink A opens at 08:00
    expect(answer.utilisation.heatmap.reduce((sum, c) => sum + c.sellableHours, 0)).toBeCloseTo(260.75, 2)

    // Hawks' own hours (a half counts whole for the client): 1 + 2 + 2 + 2.
    expect(answer.clients.rows).toEqual([
      {
        clientId: hawks,
        clientName: 'Hawks',
        bookedHours: 7,
        contracts: [
          {
            contractId: contract.id,
            name: 'Hawks 2026',
            totalHours: 10,
            usedInPeriodHours: 3,
            usedHours: 5,
            remainingHours: 5,
            endDate: null,
          },
        ],
      },
      { clientId: wolves, clientName: 'Wolves', bookedHours: 1.5, contracts: [] },
    ])
    expect(answer.unsold).toEqual({ releasedHours: 0, resoldHours: 0, primeEmptyHours: 115.25, releases: [] })
  })

  it('reads whole months from the roll-up to the same sums as their bookings, ragged ends and all', async () => {
    const place = await arena('Roll-up Arena')
    const hawks = await client('Roll-up Hawks')
    const wolves = await client('Roll-up Wolves')
    // Every week from Friday 2027-01-15 to Saturday 2027-04-10: a weeknight prime hour on Rink A
    // (with its changeover), a weekend morning on a half, and a late skate over midnight on Rink B;
    // a booking on the last night of each month runs into the next.
    for (let date = '2027-01-15'; date <= '2027-04-10'; date = addCalendarDays(date, 7)) {
      await book(place.rinkA, hawks, date, '18:30', 90)
      await book(place.east, wolves, addCalendarDays(date, 1), '09:00', 60)
      await book(place.rinkB, hawks, addCalendarDays(date, 3), '23:00', 120)
    }
    for (const date of ['2027-01-31', '2027-02-28', '2027-03-31']) await book(place.rinkB, wolves, date, '22:00', 180)
    // The clocks go forward on Sunday 2027-03-14: a booking over 2:00 AM is measured on its own.
    await book(place.rinkB, wolves, '2027-03-14', '01:00', 120)

    const query = (from: string, to: string) => report(owner, `facilityId=${place.facilityId}&from=${from}&to=${to}`)
    // February and March whole, from the roll-up, and January's and April's ends from the bookings…
    const whole = await query('2027-01-15', '2027-04-10')
    // …against the same days in parts that hold no whole month, each read from the bookings alone.
    const parts = await Promise.all([
      query('2027-01-15', '2027-01-31'),
      query('2027-02-01', '2027-02-27'),
      query('2027-02-28', '2027-03-30'),
      query('2027-03-31', '2027-04-10'),
    ])
    const sum = (value: (answer: ReportResponse) => number) => parts.reduce((total, answer) => total + value(answer), 0)
    const expectSum = (value: (answer: ReportResponse) => number) => expect(value(whole)).toBeCloseTo(sum(value), 1)
    expect(whole.utilisation.total.bookedHours).toBeGreaterThan(60)
    for (const key of ['bookedHours', 'sellableHours', 'primeBookedHours', 'primeSellableHours'] as const) {
      expectSum((answer) => answer.utilisation.total[key])
      for (const space of whole.utilisation.spaces) {
        expectSum((answer) => answer.utilisation.spaces.find((row) => row.id === space.id)?.[key] ?? 0)
      }
    }
    for (const cell of whole.utilisation.heatmap) {
      const hours = (answer: ReportResponse) =>
        answer.utilisation.heatmap.find((row) => row.weekday === cell.weekday && row.hour === cell.hour)?.bookedHours ?? 0
      expectSum(hours)
    }
    for (const id of [hawks, wolves]) {
      expectSum((answer) => answer.clients.rows.find((row) => row.clientId === id)?.bookedHours ?? 0)
    }
  })

  it("lists a contract whose last four weeks' pace empties it within four weeks", async () => {
    const comets = await client('Comets')
    const today = todayInZone(ZONE, new Date())
    const { contract } = await post<{ contract: { id: string } }>(owner, '/api/contracts', {
      clientId: comets,
      name: 'Comets Season',
      startDate: addCalendarDays(today, -60),
      totalHours: 20,
    })
    // 12 hours in the last 28 days: 3 a week, 8 left, so 2⅔ weeks (18⅔ days, 18 whole ones).
    await post(owner, '/api/usage', { contractId: contract.id, usageDate: addCalendarDays(today, -7), hours: 12 })
    // Slower contracts are left out: 10 hours left at 1 a week.
    const slow = (
      await post<{ contract: { id: string } }>(owner, '/api/contracts', {
        clientId: comets,
        name: 'Comets Summer',
        startDate: addCalendarDays(today, -60),
        totalHours: 14,
      })
    ).contract.id
    await post(owner, '/api/usage', { contractId: slow, usageDate: addCalendarDays(today, -3), hours: 4 })

    const answer = await report(owner, `from=${today}&to=${today}`)
    expect(answer.clients.runningOut.filter((row) => row.clientId === comets)).toEqual([
      {
        contractId: contract.id,
        contractName: 'Comets Season',
        clientId: comets,
        clientName: 'Comets',
        remainingHours: 8,
        weeklyPaceHours: 3,
        runsOutOn: addCalendarDays(today, 18),
      },
    ])
  })

  it('counts released ice and what was booked over it since, a half by its share', async () => {
    const place = await arena('Birch Arena')
    const owls = await client('Owls')
    const date = addCalendarDays(todayInZone(ZONE, new Date()), 3)
    const released = await book(place.rinkA, owls, date, '10:00', 120)
    await post(owner, `/api/events/${released}/release`, {}, 200)
    // Over the released 10:00–12:00: a half for an hour (half an hour of Rink A), then all of Rink A for half an hour.
    await book(place.east, owls, date, '10:00', 60)
    await book(place.rinkA, owls, date, '11:00', 30)
    // Rink B is not the released space.
    await book(place.rinkB, owls, date, '10:00', 60)

    const answer = await report(owner, `facilityId=${place.facilityId}&from=${date}&to=${date}`)
    expect(answer.unsold.releasedHours).toBe(2)
    expect(answer.unsold.resoldHours).toBe(1)
    expect(answer.unsold.releases).toEqual([
      { spaceName: 'Rink A', facilityName: 'Birch Arena', start: expect.any(String), end: expect.any(String), hours: 2, resoldHours: 1 },
    ])
    const { start, end } = answer.unsold.releases[0]!
    expect(new Date(end).getTime() - new Date(start).getTime()).toBe(2 * 3_600_000)
  })

  it("answers 404 for another organisation's facility and 422 for a period that is too long", async () => {
    const place = await arena('Cedar Arena')
    const other = await t.request(`/api/reports?facilityId=${place.facilityId}&from=2026-03-01&to=2026-03-02`, { cookie: stranger.cookie })
    expect(other.status).toBe(404)
    const tooLong = await t.request('/api/reports?from=2026-01-01&to=2027-06-01', { cookie: owner.cookie })
    expect(tooLong.status).toBe(422)
    const empty = await report(stranger, 'from=2026-03-01&to=2026-03-02')
    expect(empty.utilisation.spaces).toEqual([])
  })
})
