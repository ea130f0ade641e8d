import { parse } from 'csv-parse/sync'
import { describe, expect, it, beforeAll } from 'vitest'
import {
  CLIENT_EXPORT_HEADERS,
  CONTRACT_EXPORT_HEADERS,
  EVENT_EXPORT_HEADERS,
  STATEMENT_EXPORT_HEADERS,
  USAGE_EXPORT_HEADERS,
} from '@shared/exports/headers'
import type { StatementResponse } from '@shared/exports/responses'
import { useTestApp } from '../../test/setup'
import * as service from './service'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

// The CSV exports and a client's statement (docs/product.md#exports-and-statements, ADR 0067).

describe.each(testDatabaseKinds())('exports on %s', (kind) => {
  const {
    t,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

  const post = async <T>(user: TestUser, path: string, body: unknown): Promise<T> => {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    if (response.status !== 200 && response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const facility = async (user: TestUser, name: string, timeZone: string) =>
    (await post<{ facility: { id: string } }>(user, '/api/facilities', { name, timeZone })).facility.id
  const space = async (user: TestUser, facilityId: string, name: string, type = 'rink') =>
    (await post<{ room: { id: string } }>(user, `/api/facilities/${facilityId}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK })).room.id
  const client = async (user: TestUser, name: string) => (await post<{ client: { id: string } }>(user, '/api/clients', { name })).client.id
  const book = async (user: TestUser, body: Record<string, unknown>) =>
    (await post<{ events: { id: string }[] }>(user, '/api/events', { durationMinutes: 60, title: 'Practice', ...body })).events

  // Reads a CSV answer: its bytes start with the UTF-8 byte order mark, then the header row.
  async function readCsv(path: string, user: TestUser = owner) {
    const response = await t.request(path, { cookie: user.cookie })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const [header, ...rows] = parse(text) as string[][]
    return { header, rows, text, disposition: response.headers.get('content-disposition') }
  }

  let toronto: { facilityId: string; rinkId: string; studioId: string; changeRoomId: string }
  let clubId: string
  let formulaClientId: string
  let contractId: string
  let strangerClientId: string
  let strangerFacilityId: string

  beforeAll(async () => {
    const facilityId = await facility(owner, 'Centre Glace', 'America/Toronto')
    toronto = {
      facilityId,
      rinkId: await space(owner, facilityId, 'Patinoire A'),
      studioId: await space(owner, facilityId, 'Studio', 'room'),
      changeRoomId: await space(owner, facilityId, 'Vestiaire 1', 'change_room'),
    }
    clubId = await client(owner, 'Équipe Montréal')
    formulaClientId = await client(owner, '=SUM(A1)')
    // 20 hours on rinks only: a booking of the studio is charged to no contract.
    contractId = (
      await post<{ contract: { id: string } }>(owner, '/api/contracts', {
        clientId: clubId,
        name: 'Saison 2026',
        startDate: '2026-01-01',
        totalHours: 20,
        appliesTo: 'types',
        roomTypes: ['rink'],
      })
    ).contract.id

    // Either side of the spring-forward night (2026-03-08 in Toronto): 10:00 on both clocks.
    await book(owner, { roomId: toronto.rinkId, clientId: clubId, date: '2026-03-07', startTime: '10:00', title: 'Before DST' })
    await book(owner, {
      roomId: toronto.rinkId,
      clientId: clubId,
      date: '2026-03-09',
      startTime: '10:00',
      title: 'After DST',
      eventType: 'game',
      team1Name: 'Les Aigles',
      team2Name: '+Visitors',
      changeRoom1Id: toronto.changeRoomId,
    })
    // 23:00 to 01:30: stored as two parts, exported as one booking.
    const parts = await book(owner, {
      roomId: toronto.rinkId,
      clientId: formulaClientId,
      date: '2026-03-10',
      startTime: '23:00',
      durationMinutes: 150,
      title: 'Late skate',
    })
    expect(parts).toHaveLength(2)

    // The statement's ledger: 2 h before February, then in February 1.5 h booked, 3 h logged and
    // 1 h booked, a studio hour charged to nothing, and an hour after February.
    await book(owner, { roomId: toronto.rinkId, clientId: clubId, date: '2026-01-10', startTime: '08:00', durationMinutes: 120 })
    await book(owner, {
      roomId: toronto.rinkId,
      clientId: clubId,
      date: '2026-02-05',
      startTime: '18:00',
      durationMinutes: 90,
      title: 'Skills',
    })
    await post(owner, '/api/usage', { contractId, usageDate: '2026-02-10', hours: 3, description: 'Camp de jour' })
    await book(owner, { roomId: toronto.rinkId, clientId: clubId, date: '2026-02-20', startTime: '07:00', title: 'Morning' })
    await book(owner, { roomId: toronto.studioId, clientId: clubId, date: '2026-02-22', startTime: '12:00', title: 'Video session' })
    await book(owner, { roomId: toronto.rinkId, clientId: clubId, date: '2026-03-15', startTime: '09:00', title: 'Later' })

    // Another organisation's data, on the same dates.
    strangerFacilityId = await facility(stranger, 'Stranger Arena', 'America/Toronto')
    const strangerRink = await space(stranger, strangerFacilityId, 'Stranger Rink')
    strangerClientId = await client(stranger, 'Stranger Club')
    await book(stranger, {
      roomId: strangerRink,
      clientId: strangerClientId,
      date: '2026-03-07',
      startTime: '10:00',
      title: 'Stranger skate',
    })
  })

  it('exports the bookings of a period with stable headers, local times named by zone, across a DST change', async () => {
    const { header, rows, disposition, text } = await readCsv('/api/exports/events.csv?from=2026-03-01&to=2026-03-31')
    expect(header).toEqual([...EVENT_EXPORT_HEADERS])
    expect(disposition).toBe('attachment; filename="events-2026-03-01-to-2026-03-31.csv"')
    const byTitle = new Map(rows.map((row) => [row[7], Object.fromEntries(header!.map((name, index) => [name, row[index]]))]))
    expect([...byTitle.keys()]).toEqual(['Before DST', 'After DST', 'Late skate', 'Later'])
    expect(byTitle.get('Before DST')).toMatchObject({ Date: '2026-03-07', Start: '10:00', 'End date': '2026-03-07', End: '11:00' })
    expect(byTitle.get('Before DST')).toMatchObject({ 'Time zone': 'America/Toronto', Facility: 'Centre Glace', Space: 'Patinoire A' })
    expect(byTitle.get('After DST')).toMatchObject({
      Date: '2026-03-09',
      Start: '10:00',
      End: '11:00',
      Type: 'Game',
      Client: 'Équipe Montréal',
      'Home team': 'Les Aigles',
      // A team name that a spreadsheet would read as a formula stays text.
      'Away team': "'+Visitors",
      'Change room 1': 'Vestiaire 1',
      'Change room 2': '',
      Hours: '1.00',
    })
    // The booking split at midnight is one row, under the title typed, ending the next day.
    expect(byTitle.get('Late skate')).toMatchObject({
      Date: '2026-03-10',
      Start: '23:00',
      'End date': '2026-03-11',
      End: '01:30',
      Hours: '2.50',
      Client: "'=SUM(A1)",
    })
    expect(text).not.toContain('Stranger')
  })

  it('exports one facility only, and another organisation’s facility is not found', async () => {
    const own = await readCsv(`/api/exports/events.csv?facilityId=${toronto.facilityId}&from=2026-03-07&to=2026-03-07`)
    expect(own.rows.map((row) => row[7])).toEqual(['Before DST'])
    const foreign = await t.request(`/api/exports/events.csv?facilityId=${strangerFacilityId}&from=2026-03-07&to=2026-03-07`, {
      cookie: owner.cookie,
    })
    expect(foreign.status).toBe(404)
  })

  it('refuses a period that is reversed, malformed or longer than ten years', async () => {
    for (const query of [
      'from=2026-03-02&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2010-01-01&to=2026-01-01',
      'to=2026-01-01',
    ]) {
      const response = await t.request(`/api/exports/events.csv?${query}`, { cookie: owner.cookie })
      expect(response.status, query).toBe(422)
    }
  })

  it('answers a period without bookings with the byte order mark and the headers alone', async () => {
    const { header, rows } = await readCsv('/api/exports/events.csv?from=2031-01-01&to=2031-01-31')
    expect(header).toEqual([...EVENT_EXPORT_HEADERS])
    expect(rows).toEqual([])
  })

  it('exports the clients, with accented names whole and formulas escaped', async () => {
    const { header, rows, text } = await readCsv('/api/exports/clients.csv')
    expect(header).toEqual([...CLIENT_EXPORT_HEADERS])
    expect(rows.map((row) => row[0])).toEqual(["'=SUM(A1)", 'Équipe Montréal'])
    expect(rows[1]![12]).toBe('Yes')
    expect(rows[1]![14]).toBe(clubId)
    expect(text).not.toContain('Stranger')
  })

  it('exports the contracts with their hours', async () => {
    const { header, rows } = await readCsv('/api/exports/contracts.csv')
    expect(header).toEqual([...CONTRACT_EXPORT_HEADERS])
    // Used: 2 + 1.5 + 3 + 1 + 1 (Before DST) + 1 (After DST) + 1 (Later) = 10.5 of 20.
    expect(rows).toEqual([
      ['Équipe Montréal', 'Saison 2026', '2026-01-01', '', 'Active', '20.00', '10.50', '9.50', '', '', 'Ice only', clubId, contractId],
    ])
  })

  it('exports the usage ledger of a period', async () => {
    const { header, rows } = await readCsv('/api/exports/usage.csv?from=2026-02-01&to=2026-02-28')
    expect(header).toEqual([...USAGE_EXPORT_HEADERS])
    expect(rows.map((row) => [row[0], row[1], row[3], row[4], row[6], row[8]])).toEqual([
      ['2026-02-05', 'Équipe Montréal', '1.50', 'Skills', 'Patinoire A', 'America/Toronto'],
      ['2026-02-10', 'Équipe Montréal', '3.00', 'Camp de jour', '', ''],
      ['2026-02-20', 'Équipe Montréal', '1.00', 'Morning', 'Patinoire A', 'America/Toronto'],
    ])
  })

  it("states a client's period with a running balance per contract", async () => {
    const response = await t.request(`/api/clients/${clubId}/statement?from=2026-02-01&to=2026-02-28`, { cookie: owner.cookie })
    expect(response.status).toBe(200)
    const statement = (await response.json()) as StatementResponse
    expect(statement.client).toMatchObject({ id: clubId, name: 'Équipe Montréal' })
    expect(statement.period).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    // 20 h; 2 h used in January; then 1.5, 3 and 1 in February: 18, 16.5, 13.5, 12.5.
    expect(statement.contracts).toHaveLength(1)
    const [contract] = statement.contracts
    expect(contract).toMatchObject({
      id: contractId,
      totalHours: '20.00',
      openingUsedHours: '2.00',
      openingRemainingHours: '18.00',
      closingRemainingHours: '12.50',
    })
    expect(
      contract!.lines.map(({ date, kind, description, hours, remainingHours }) => [date, kind, description, hours, remainingHours]),
    ).toEqual([
      ['2026-02-05', 'booking', 'Skills', '1.50', '16.50'],
      ['2026-02-10', 'usage', 'Camp de jour', '3.00', '13.50'],
      ['2026-02-20', 'booking', 'Morning', '1.00', '12.50'],
    ])
    expect(contract!.lines[0]).toMatchObject({ spaceName: 'Patinoire A', start: '2026-02-05T23:00:00.000Z', timeZone: 'America/Toronto' })
    expect(statement.uncharged).toEqual([
      {
        date: '2026-02-22',
        title: 'Video session',
        spaceName: 'Studio',
        start: '2026-02-22T17:00:00.000Z',
        end: '2026-02-22T18:00:00.000Z',
        timeZone: 'America/Toronto',
        hours: '1.00',
      },
    ])
  })

  it('gives the statement as CSV, on the facility’s clock', async () => {
    const { header, rows, disposition } = await readCsv(`/api/clients/${clubId}/statement.csv?from=2026-02-01&to=2026-02-28`)
    expect(header).toEqual([...STATEMENT_EXPORT_HEADERS])
    expect(disposition).toBe('attachment; filename="statement-equipe-montreal-2026-02-01-to-2026-02-28.csv"')
    expect(rows).toEqual([
      ['Saison 2026', '2026-02-01', 'Opening balance', '', '', '', '', '', '', '18.00'],
      [
        'Saison 2026',
        '2026-02-05',
        'Booking',
        'Skills',
        'Patinoire A',
        '2026-02-05 18:00',
        '2026-02-05 19:30',
        'America/Toronto',
        '1.50',
        '16.50',
      ],
      ['Saison 2026', '2026-02-10', 'Usage', 'Camp de jour', '', '', '', '', '3.00', '13.50'],
      [
        'Saison 2026',
        '2026-02-20',
        'Booking',
        'Morning',
        'Patinoire A',
        '2026-02-20 07:00',
        '2026-02-20 08:00',
        'America/Toronto',
        '1.00',
        '12.50',
      ],
      ['Saison 2026', '2026-02-28', 'Closing balance', '', '', '', '', '', '', '12.50'],
      ['', '2026-02-22', 'Not charged', 'Video session', 'Studio', '2026-02-22 12:00', '2026-02-22 13:00', 'America/Toronto', '1.00', ''],
    ])
  })

  it("answers 404 for another organisation's client, and shows nothing of one to the other", async () => {
    for (const path of [`/api/clients/${strangerClientId}/statement`, `/api/clients/${strangerClientId}/statement.csv`]) {
      const response = await t.request(`${path}?from=2026-01-01&to=2026-12-31`, { cookie: owner.cookie })
      expect(response.status, path).toBe(404)
    }
    const theirs = await readCsv('/api/exports/events.csv?from=2026-01-01&to=2026-12-31', stranger)
    expect(theirs.rows.map((row) => row[7])).toEqual(['Stranger skate'])
    const theirClients = await readCsv('/api/exports/clients.csv', stranger)
    expect(theirClients.rows.map((row) => row[0])).toEqual(['Stranger Club'])
    expect((await readCsv('/api/exports/contracts.csv', stranger)).rows).toEqual([])
    expect((await readCsv('/api/exports/usage.csv?from=2026-01-01&to=2026-12-31', stranger)).rows).toEqual([])
  })

  it('reads page after page by keyset, with none lost or repeated, a split booking still one row', async () => {
    const organisationId = await t.organisationOf(owner)
    // TextDecoder reads the byte order mark and leaves it out.
    const text = async (body: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(body).arrayBuffer())
    const query = { facilityId: 'all', from: '2026-01-01', to: '2026-12-31' } as const
    const whole = await text((await service.exportEvents(t.db, organisationId, query)).body)
    // Pages of 1 and 2 rows: every keyset step, and a page boundary at the split booking.
    for (const pageSize of [1, 2]) {
      expect(await text((await service.exportEvents(t.db, organisationId, query, pageSize)).body)).toBe(whole)
      const clients = await text((await service.exportClients(t.db, organisationId, 'today', pageSize)).body)
      expect(parse(clients)).toHaveLength(3)
      const usage = await text((await service.exportUsage(t.db, organisationId, query, pageSize)).body)
      expect(parse(usage)).toHaveLength(1 + 7)
    }
    expect(parse(whole)).toHaveLength(1 + 8)
  })
})
