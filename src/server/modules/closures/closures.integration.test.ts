import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { rangesOverlap } from '@shared/scheduling/overlap'
import { activityEntries, closures, contractUsage, outboxMessages, schedules } from '../../db/schema'
import { errorOf, expectJson } from '../../test/responses'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const TORONTO = 'America/Toronto'

type ApiEvent = { id: string; roomId: string; title: string; startTime: string; endTime: string }
type ApiClosure = {
  id: string
  facilityId: string
  facilityName: string
  timeZone: string
  spaceId: string | null
  spaceName: string | null
  reason: string
  startTime: string
  endTime: string
}
type Covered = { events: { id: string; title: string; startTime: string; endTime: string; roomName: string }[]; total: number }
type Occurrence = { startTime: string; status: string; reason: string | null }

const at = (date: string, time: string) => combineLocalDateTime(date, time, TORONTO)

// Closures (docs/product.md#closures, ADR 0026): a closed facility or space refuses bookings, in the database,
// and adding a closure over events keeps or cancels them as the operator chooses.
describe.each(testDatabaseKinds())('closures on %s', (kind) => {
  const {
    t,
    operators: [operator, other],
  } = useTestApp(kind, { operators: 2 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  /** Full Sheet → Half Ice A / Half Ice B, a Studio apart, a change room, a client with a contract. */
  const createArena = async (user: TestUser = operator) => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Arena', timeZone: TORONTO }, user),
      201,
    )
    const space = async (name: string, type: string, parentId: string | null = null) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request(
            'POST',
            `/api/facilities/${facility.id}/rooms`,
            { name, type, parentId, operatingStartTime: '00:00', operatingEndTime: '23:30' },
            user,
          ),
          201,
        )
      ).room.id
    const sheet = await space('Full Sheet', 'rink')
    const halfA = await space('Half Ice A', 'rink', sheet)
    const halfB = await space('Half Ice B', 'rink', sheet)
    const studio = await space('Studio', 'room')
    const changeRoom = await space('Change Room 1', 'change_room')
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Jets' }, user), 201)
    const { contract } = await expectJson<{ contract: { id: string } }>(
      await request('POST', '/api/contracts', { clientId: client.id, name: 'Season', startDate: '2020-01-01', totalHours: 500 }, user),
      201,
    )
    return { facilityId: facility.id, sheet, halfA, halfB, studio, changeRoom, clientId: client.id, contractId: contract.id, user }
  }
  type Arena = Awaited<ReturnType<typeof createArena>>

  const book = (arena: Arena, roomId: string, date: string, startTime: string, durationMinutes = 60, title = 'Practice') =>
    request('POST', '/api/events', { roomId, clientId: arena.clientId, title, date, startTime, durationMinutes }, arena.user)

  const addClosure = (arena: Arena, body: Record<string, unknown>) =>
    request('POST', `/api/facilities/${arena.facilityId}/closures`, { reason: 'Christmas Day', ...body }, arena.user)

  const christmas = { spaceId: null, startDate: '2030-12-25', startTime: '00:00', endDate: '2030-12-26', endTime: '00:00' }

  it('refuses a booking into a closed facility with the closure in words, and books beside it', async () => {
    const arena = await createArena()
    const { closure } = await expectJson<{ closure: ApiClosure }>(await addClosure(arena, christmas), 201)
    expect(closure).toMatchObject({
      facilityId: arena.facilityId,
      facilityName: 'Arena',
      timeZone: TORONTO,
      spaceId: null,
      spaceName: null,
      reason: 'Christmas Day',
      startTime: at('2030-12-25', '00:00').toISOString(),
      endTime: at('2030-12-26', '00:00').toISOString(),
    })
    for (const roomId of [arena.sheet, arena.halfA, arena.studio]) {
      const refused = await book(arena, roomId, '2030-12-25', '10:00')
      expect(refused.status).toBe(409)
      expect((await errorOf(refused)).message).toBe('Closed: Christmas Day (Dec 25, 2030 12:00 AM - Dec 26, 2030 12:00 AM)')
    }
    // An event that ends as the closure starts, or starts as it ends, is bookable.
    await expectJson(await book(arena, arena.sheet, '2030-12-24', '23:00'), 201)
    await expectJson(await book(arena, arena.sheet, '2030-12-26', '00:00'), 201)
    // Another facility of the organisation is open.
    const elsewhere = await createArena()
    await expectJson(await book(elsewhere, elsewhere.sheet, '2030-12-25', '10:00'), 201)
  })

  it('closes a space with its wholes and parts but never its siblings', async () => {
    const arena = await createArena()
    const maintenance = {
      reason: 'Ice plant maintenance',
      spaceId: arena.halfA,
      startDate: '2030-06-03',
      startTime: '06:00',
      endDate: '2030-06-03',
      endTime: '12:00',
    }
    await expectJson(await addClosure(arena, maintenance), 201)
    expect((await book(arena, arena.halfA, '2030-06-03', '08:00')).status).toBe(409)
    const sheet = await book(arena, arena.sheet, '2030-06-03', '11:30')
    expect(sheet.status).toBe(409)
    expect((await errorOf(sheet)).message).toBe('Closed: Ice plant maintenance (Jun 3, 2030 6:00 AM - 12:00 PM)')
    await expectJson(await book(arena, arena.halfB, '2030-06-03', '08:00'), 201)
    await expectJson(await book(arena, arena.halfA, '2030-06-03', '12:00'), 201)

    // A closure of the whole closes its parts.
    await expectJson(await addClosure(arena, { ...maintenance, spaceId: arena.sheet, startDate: '2030-06-04', endDate: '2030-06-04' }), 201)
    expect((await book(arena, arena.halfB, '2030-06-04', '07:00')).status).toBe(409)
    await expectJson(await book(arena, arena.studio, '2030-06-04', '07:00'), 201)
  })

  it('refuses in the database too, whatever writes the row', async () => {
    const arena = await createArena()
    await expectJson(await addClosure(arena, christmas), 201)
    const organisationId = await t.organisationOf(operator)
    await expect(
      t.db.insert(schedules).values({
        organisationId,
        roomId: arena.halfB,
        title: 'Sneaked in',
        startTime: at('2030-12-25', '09:00'),
        endTime: at('2030-12-25', '10:00'),
      }),
    ).rejects.toThrow()
    expect(await t.db.select().from(schedules).where(eq(schedules.roomId, arena.halfB))).toEqual([])
  })

  it('lists the events a closure covers and writes nothing until the operator chooses', async () => {
    const arena = await createArena()
    const { events } = await expectJson<{ events: ApiEvent[] }>(
      await book(arena, arena.halfA, '2030-12-25', '09:00', 90, 'Jets practice'),
      201,
    )
    // Crossing midnight into the closure: one event, with both parts' times.
    await expectJson(await book(arena, arena.sheet, '2030-12-24', '23:00', 120, 'Late skate'), 201)
    await expectJson(await book(arena, arena.studio, '2030-12-25', '09:00', 60, 'Yoga'), 201)

    const preview = await expectJson<Covered>(
      await request('POST', `/api/facilities/${arena.facilityId}/closures/preview`, { ...christmas, spaceId: arena.sheet }),
      200,
    )
    expect(preview.total).toBe(2)
    expect(preview.events).toEqual([
      {
        id: expect.any(String) as string,
        title: 'Late skate',
        startTime: at('2030-12-24', '23:00').toISOString(),
        endTime: at('2030-12-25', '01:00').toISOString(),
        roomName: 'Full Sheet',
      },
      {
        id: events[0]!.id,
        title: 'Jets practice',
        startTime: at('2030-12-25', '09:00').toISOString(),
        endTime: at('2030-12-25', '10:30').toISOString(),
        roomName: 'Half Ice A',
      },
    ])

    const unasked = await addClosure(arena, { ...christmas, spaceId: arena.sheet })
    expect(unasked.status).toBe(409)
    expect((await errorOf(unasked)).message).toBe('This closure covers 2 events. Choose to keep or cancel them.')
    expect(await t.db.select().from(closures).where(eq(closures.facilityId, arena.facilityId))).toEqual([])

    const kept = await expectJson<{ kept: number; cancelled: number; closure: ApiClosure }>(
      await addClosure(arena, { ...christmas, spaceId: arena.sheet, coveredEvents: 'keep' }),
      201,
    )
    expect([kept.kept, kept.cancelled]).toEqual([2, 0])
    expect(kept.closure.spaceName).toBe('Full Sheet')
    const stillThere = await t.db.select({ title: schedules.title }).from(schedules).where(eq(schedules.roomId, arena.halfA))
    expect(stillThere).toEqual([{ title: 'Jets practice' }])

    // A kept event keeps its details editable; it cannot move within the closure.
    const edited = await request('PUT', `/api/events/${events[0]!.id}`, {
      clientId: arena.clientId,
      title: 'Jets practice (moved?)',
      startTime: events[0]!.startTime,
      endTime: events[0]!.endTime,
      version: 1,
    })
    await expectJson(edited, 200)
    const moved = await request('PUT', `/api/events/${events[0]!.id}`, {
      clientId: arena.clientId,
      title: 'Jets practice',
      startTime: at('2030-12-25', '11:00').toISOString(),
      endTime: at('2030-12-25', '12:00').toISOString(),
      version: 2,
    })
    expect(moved.status).toBe(409)
    expect((await errorOf(moved)).message).toMatch(/^Closed: Christmas Day \(/)
  })

  it('cancels the covered events when asked, and gives their hours back to the contract', async () => {
    const arena = await createArena()
    await expectJson(await book(arena, arena.halfA, '2030-12-25', '09:00', 90, 'Jets practice'), 201)
    await expectJson(await book(arena, arena.sheet, '2030-12-24', '23:00', 120, 'Late skate'), 201)
    const { events: kept } = await expectJson<{ events: ApiEvent[] }>(await book(arena, arena.halfA, '2030-12-26', '09:00'), 201)
    const usage = () => t.db.select().from(contractUsage).where(eq(contractUsage.contractId, arena.contractId))
    // Late skate is split at midnight: one usage row per part.
    expect(await usage()).toHaveLength(4)

    const result = await expectJson<{ kept: number; cancelled: number }>(
      await addClosure(arena, { ...christmas, coveredEvents: 'cancel' }),
      201,
    )
    expect([result.kept, result.cancelled]).toEqual([0, 2])
    const left = await t.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.organisationId, await t.organisationOf(operator)))
    expect(left.map((row) => row.id)).toContain(kept[0]!.id)
    expect(await usage()).toHaveLength(1)
    const organisationId = await t.organisationOf(operator)
    const trail = await t.db
      .select({ action: activityEntries.action, entity: activityEntries.entity, label: activityEntries.label })
      .from(activityEntries)
      .where(and(eq(activityEntries.organisationId, organisationId), eq(activityEntries.facilityId, arena.facilityId)))
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'deleted', entity: 'event', label: 'Jets practice' },
        { action: 'deleted', entity: 'event', label: 'Late skate' },
        { action: 'created', entity: 'closure', label: 'Christmas Day' },
      ]),
    )
  })

  it('tells each client whose events a closure cancelled once, in the closure’s own transaction', async () => {
    const arena = await createArena()
    await expectJson(await request('PUT', `/api/clients/${arena.clientId}`, { name: 'Jets', email: 'coach@jets.example' }), 200)
    await expectJson(await book(arena, arena.halfA, '2030-12-25', '09:00', 90, 'Jets practice'), 201)
    await expectJson(await book(arena, arena.sheet, '2030-12-25', '18:00', 60, 'Jets game'), 201)
    const organisationId = await t.organisationOf(operator)
    const cancellations = () =>
      t.db
        .select({ recipient: outboxMessages.recipient, body: outboxMessages.textBody })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.organisationId, organisationId), eq(outboxMessages.kind, 'booking_cancelled')))

    // Refused without a choice: nothing is cancelled, and nobody is told anything.
    expect((await addClosure(arena, christmas)).status).toBe(409)
    expect(await cancellations()).toEqual([])

    await expectJson(await addClosure(arena, { ...christmas, coveredEvents: 'cancel' }), 201)
    const sent = await cancellations()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.recipient).toBe('coach@jets.example')
    expect(sent[0]!.body).toContain('Half Ice A')
    expect(sent[0]!.body).toContain('Full Sheet')
  })

  it('marks the dates of a series that fall in a closure, and books only the free ones when asked', async () => {
    const arena = await createArena()
    await expectJson(await addClosure(arena, christmas), 201)
    const series = {
      roomId: arena.halfA,
      date: '2030-12-24',
      startTime: '18:00',
      durationMinutes: 60,
      recurrence: { frequency: 'daily', endDate: '2030-12-26' },
    }
    const { occurrences } = await expectJson<{ occurrences: Occurrence[] }>(await request('POST', '/api/events/preview', series), 200)
    expect(occurrences.map(({ status, reason }) => [status, reason])).toEqual([
      ['free', null],
      ['closed', 'Closed: Christmas Day'],
      ['free', null],
    ])
    const all = await request('POST', '/api/events', { ...series, clientId: arena.clientId, title: 'Jets' })
    expect(all.status).toBe(409)
    expect((await errorOf(all)).message).toMatch(/^Closed: Christmas Day/)
    const free = await expectJson<{ events: ApiEvent[]; skipped: number }>(
      await request('POST', '/api/events', { ...series, clientId: arena.clientId, title: 'Jets', skipTaken: true }),
      201,
    )
    expect([free.events.length, free.skipped]).toEqual([2, 1])
  })

  it('lists closures by range, facility and space, and removes them', async () => {
    const arena = await createArena()
    const { closure: wholeFacility } = await expectJson<{ closure: ApiClosure }>(await addClosure(arena, christmas), 201)
    const { closure: halfA } = await expectJson<{ closure: ApiClosure }>(
      await addClosure(arena, {
        ...christmas,
        reason: 'Resurfacing',
        spaceId: arena.halfA,
        startDate: '2030-12-27',
        endDate: '2030-12-28',
      }),
      201,
    )
    const range = (query: Record<string, string>) =>
      request('GET', `/api/closures?${new URLSearchParams({ from: '2030-12-20T00:00:00Z', to: '2031-01-10T00:00:00Z', ...query })}`)
    const reasons = async (query: Record<string, string>) =>
      (await expectJson<{ closures: ApiClosure[] }>(await range(query), 200)).closures.map((closure) => closure.reason)
    expect(await reasons({ facilityId: arena.facilityId })).toEqual(['Christmas Day', 'Resurfacing'])
    // The sheet is closed by its part's closure; the sibling half and the studio are not.
    expect(await reasons({ roomId: arena.sheet })).toEqual(['Christmas Day', 'Resurfacing'])
    expect(await reasons({ roomId: arena.halfB })).toEqual(['Christmas Day'])
    expect(await reasons({ roomId: arena.studio })).toEqual(['Christmas Day'])
    const { closures: upcoming } = await expectJson<{ closures: ApiClosure[] }>(
      await request('GET', `/api/facilities/${arena.facilityId}/closures`),
      200,
    )
    expect(upcoming.map((closure) => [closure.reason, closure.spaceName])).toEqual([
      ['Christmas Day', null],
      ['Resurfacing', 'Half Ice A'],
    ])

    // Another organisation sees none of it and can remove none of it.
    const everywhere = (await expectJson<{ closures: ApiClosure[] }>(await range({}), 200)).closures.map((closure) => closure.id)
    expect(everywhere).toEqual(expect.arrayContaining([wholeFacility.id, halfA.id]))
    const theirs = await request('GET', `/api/closures?from=2030-12-20T00:00:00Z&to=2031-01-10T00:00:00Z`, undefined, other)
    expect((await expectJson<{ closures: ApiClosure[] }>(theirs, 200)).closures).toEqual([])
    expect((await request('DELETE', `/api/closures/${wholeFacility.id}`, undefined, other)).status).toBe(404)
    expect((await request('GET', `/api/facilities/${arena.facilityId}/closures`, undefined, other)).status).toBe(404)

    expect((await request('DELETE', `/api/closures/${wholeFacility.id}`)).status).toBe(204)
    expect((await request('DELETE', `/api/closures/${wholeFacility.id}`)).status).toBe(404)
    await expectJson(await book(arena, arena.halfB, '2030-12-25', '10:00'), 201)
    expect(await reasons({ facilityId: arena.facilityId })).toEqual(['Resurfacing'])
    // Deleting the space takes its closures with it.
    expect((await request('DELETE', `/api/rooms/${arena.halfA}`)).status).toBe(204)
    expect(await t.db.select().from(closures).where(eq(closures.id, halfA.id))).toEqual([])
  })

  it('refuses a closure that is not one, in words, and writes nothing', async () => {
    const arena = await createArena()
    const theirs = await createArena(other)
    const refused = async (body: Record<string, unknown>, status: number, message: string, facilityId = arena.facilityId) => {
      const response = await request('POST', `/api/facilities/${facilityId}/closures`, { reason: 'Christmas Day', ...christmas, ...body })
      expect(response.status).toBe(status)
      expect((await errorOf(response)).message).toBe(message)
    }
    await refused({ endDate: '2030-12-25', endTime: '00:00' }, 422, 'The closure must end after it starts')
    await refused({ endDate: '2031-12-27' }, 422, 'A closure can last at most 366 days')
    await refused({ reason: '   ' }, 422, 'Please enter a reason')
    await refused({ spaceId: arena.changeRoom }, 422, 'Please select a space of this facility')
    const elsewhere = await createArena()
    await refused({ spaceId: elsewhere.sheet }, 422, 'Please select a space of this facility')
    await refused({ spaceId: theirs.sheet }, 404, 'Space not found')
    await refused({}, 404, 'Facility not found', theirs.facilityId)
    // DST: 02:30 on the spring-forward day does not exist, and reads as 03:30.
    await refused(
      { startDate: '2030-03-10', startTime: '03:00', endDate: '2030-03-10', endTime: '02:30' },
      422,
      'The closure must end after it starts',
    )
    expect(await t.db.select().from(closures).where(eq(closures.facilityId, arena.facilityId))).toEqual([])
  })

  it('never lets a booking slip into a closure added while 100 bookings race it', async () => {
    const arena = await createArena()
    const targets = [arena.sheet, arena.halfA, arena.halfB, arena.studio]
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00']
    const closing = request('POST', `/api/facilities/${arena.facilityId}/closures`, {
      reason: 'Ice plant maintenance',
      spaceId: arena.sheet,
      startDate: '2030-06-03',
      startTime: '10:00',
      endDate: '2030-06-03',
      endTime: '12:00',
      coveredEvents: 'cancel',
    })
    const bookings = Array.from({ length: 100 }, (_, index) =>
      book(arena, targets[index % targets.length]!, '2030-06-03', times[index % times.length]!, 60, `Racer ${index}`),
    )
    const [closed, ...booked] = await Promise.all([closing, ...bookings])
    const { cancelled } = await expectJson<{ cancelled: number }>(closed!, 201)
    const statuses = booked.map((response) => response.status)
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(','),
    ).toBe(true)
    const left = (
      await t.db
        .select({ roomId: schedules.roomId, start: schedules.startTime, end: schedules.endTime })
        .from(schedules)
        .where(eq(schedules.organisationId, await t.organisationOf(operator)))
    ).filter((event) => targets.includes(event.roomId))
    const closure = { start: at('2030-06-03', '10:00'), end: at('2030-06-03', '12:00') }
    // Whatever booked first was cancelled by the closure, and whatever came after was refused.
    expect(left.filter((event) => event.roomId !== arena.studio && rangesOverlap(event, closure))).toEqual([])
    expect(left.filter((event) => event.roomId === arena.studio).length).toBeGreaterThan(0)
    expect(statuses.filter((status) => status === 201)).toHaveLength(left.length + cancelled)
  })
})
