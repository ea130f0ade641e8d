import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_MESSAGES, notPendingMessage } from '@shared/renting/requests'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime, todayInZone } from '@shared/scheduling/local-day'
import { activityEntries, bookingRequests, contractUsage, outboxMessages, rooms, schedules, waitlistOffers } from '../../../db/schema'
import { errorOf, expectJson } from '../../../test/responses'
import { useTestApp } from '../../../test/setup'
import type { TestUser } from '../../../test/test-app'
import { testDatabaseKinds } from '../../../test/test-database'
import { sweepExpiredRequests } from './service'

const ZONE = 'America/Toronto'
const HOUR = 3_600_000

type RenterRequest = {
  id: string
  clientId: string
  status: string
  startTime: string
  endTime: string
  expiresAt: string
  eventId: string | null
  declineReason: string | null
}
type OperatorRequest = RenterRequest & { requestedBy: { name: string; email: string } | null; decidedByName: string | null }

describe.each(testDatabaseKinds())('requests that hold the ice, on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2, env: { TEST_CLOCK: 'true' } })
  let organisationId: string
  let facilityId: string
  let rinkA: string
  let halfA: string
  let rinkB: string
  let clientX: string
  let clientY: string
  let contractX: string
  let renterX: TestUser
  let renterY: TestUser
  let strangerRoom: string
  // Each test asks for ice on a day of its own, a few days ahead.
  let dayCount = 0
  const nextDay = () => addCalendarDays(todayInZone(ZONE, new Date()), 2 + (dayCount += 1))
  const local = (date: string, time: string) => combineLocalDateTime(date, time, ZONE)

  const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
    t.request(path, { method, body, cookie: user?.cookie })
  const post = async <T>(user: TestUser, path: string, body: unknown, status = 201) =>
    expectJson<T>(await call(user, 'POST', path, body), status)

  beforeAll(async () => {
    organisationId = await t.organisationOf(owner)
    facilityId = (await post<{ facility: { id: string } }>(owner, '/api/facilities', { name: 'Maple Arena', timeZone: ZONE })).facility.id
    const space = async (name: string, parentId: string | null = null) =>
      (
        await post<{ room: { id: string } }>(owner, `/api/facilities/${facilityId}/rooms`, {
          name,
          type: 'rink',
          parentId,
          operatingStartTime: '06:00',
          operatingEndTime: '23:00',
          bookingInterval: 30,
        })
      ).room.id
    rinkA = await space('Rink A')
    halfA = await space('Rink A East', rinkA)
    rinkB = await space('Rink B')
    await post(owner, `/api/facilities/${facilityId}/rooms`, { name: 'Dressing Room 1', type: 'change_room' })
    // 'Accept requests' (the space's form is the operators' side of it).
    await t.db
      .update(rooms)
      .set({ acceptsRequests: true })
      .where(inArray(rooms.id, [rinkA, halfA]))
    clientX = (
      await post<{ client: { id: string } }>(owner, '/api/clients', { name: 'Hawks', email: 'hawks@example.com', emailConfirmations: true })
    ).client.id
    clientY = (await post<{ client: { id: string } }>(owner, '/api/clients', { name: 'Sharks' })).client.id
    contractX = (
      await post<{ contract: { id: string } }>(owner, '/api/contracts', {
        clientId: clientX,
        name: 'Season',
        startDate: '2020-01-01',
        totalHours: 500,
      })
    ).contract.id
    renterX = await t.addRenter(organisationId, clientX)
    renterY = await t.addRenter(organisationId, clientY)

    const strangerFacility = (await post<{ facility: { id: string } }>(stranger, '/api/facilities', { name: 'Elsewhere', timeZone: ZONE }))
      .facility
    strangerRoom = (
      await post<{ room: { id: string } }>(stranger, `/api/facilities/${strangerFacility.id}/rooms`, { name: 'Their Rink', type: 'rink' })
    ).room.id
    await t.db.update(rooms).set({ acceptsRequests: true }).where(eq(rooms.id, strangerRoom))
  })

  const ask = (
    renter: TestUser,
    clientId: string,
    roomId: string,
    date: string,
    startTime: string,
    title = 'Hawks practice',
    durationMinutes = 60,
  ) => call(renter, 'POST', '/api/portal/requests', { clientId, roomId, date, startTime, durationMinutes, title })
  const book = (roomId: string, date: string, startTime: string, title = 'Booked by the desk') =>
    call(owner, 'POST', '/api/events', { roomId, clientId: clientY, title, date, startTime, durationMinutes: 60 })
  const slotsOf = async (renter: TestUser, roomId: string, date: string, durationMinutes = 60) => {
    const response = await call(renter, 'GET', `/api/portal/free-slots?roomId=${roomId}&date=${date}&durationMinutes=${durationMinutes}`)
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return { text, slots: (JSON.parse(text) as { slots: { start: string; end: string }[] }).slots }
  }
  const statusOf = async (requestId: string) =>
    (await t.db.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, requestId)))[0]?.status
  const scheduleOf = async (id: string) =>
    (await t.db.select({ kind: schedules.kind }).from(schedules).where(eq(schedules.id, id)))[0] ?? null
  const mailsOf = (kindOf: string, key: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, kindOf), eq(outboxMessages.businessKey, key)))
  const entriesOf = (requestId: string) =>
    t.db
      .select()
      .from(activityEntries)
      .where(and(eq(activityEntries.entity, 'request'), eq(activityEntries.entityId, requestId)))
      .orderBy(asc(activityEntries.id))
  const offersAt = (roomId: string, start: Date) =>
    t.db
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.roomId, roomId), eq(waitlistOffers.startTime, start)))
  const holdOf = async (requestId: string) => {
    const [row] = await t.db.select({ holdId: bookingRequests.holdId }).from(bookingRequests).where(eq(bookingRequests.id, requestId))
    return row?.holdId ?? null
  }

  it('shows the facilities with spaces that accept requests, and free slots that never name what is in the way', async () => {
    const { facilities } = await expectJson<{ facilities: { id: string; spaces: { id: string; name: string }[] }[] }>(
      await call(renterX, 'GET', '/api/portal/facilities'),
      200,
    )
    expect(facilities.map((facility) => [facility.id, facility.spaces.map((space) => space.name)])).toEqual([
      [facilityId, ['Rink A', 'Rink A East']],
    ])

    const date = nextDay()
    expect((await book(rinkA, date, '10:00', 'Secret Practice')).status).toBe(201)
    const { text, slots } = await slotsOf(renterX, halfA, date)
    expect(text).not.toContain('Secret')
    expect(slots.length).toBeGreaterThan(0)
    // The whole sheet's booking holds its half: nothing offered from 9:30 to 11:00.
    const taken = { start: local(date, '10:00').getTime(), end: local(date, '11:00').getTime() }
    expect(slots.filter((slot) => Date.parse(slot.start) < taken.end && Date.parse(slot.end) > taken.start)).toEqual([])
    expect(slots.map((slot) => slot.start)).toContain(local(date, '11:00').toISOString())

    // A space that takes no requests, another venue's, and a duration the space does not offer.
    expect((await call(renterX, 'GET', `/api/portal/free-slots?roomId=${rinkB}&date=${date}&durationMinutes=60`)).status).toBe(404)
    expect((await call(renterX, 'GET', `/api/portal/free-slots?roomId=${strangerRoom}&date=${date}&durationMinutes=60`)).status).toBe(404)
    const odd = await call(renterX, 'GET', `/api/portal/free-slots?roomId=${halfA}&date=${date}&durationMinutes=45`)
    expect(odd.status).toBe(422)
    expect((await errorOf(odd)).message).toBe(REQUEST_MESSAGES.duration)
    // Staff are not renters.
    expect((await call(owner, 'GET', '/api/portal/facilities')).status).toBe(403)
  })

  it('lists a facility’s day over every space that accepts requests: each space’s starts, by the same search', async () => {
    const date = nextDay()
    expect((await book(rinkA, date, '14:00', 'Secret Scrimmage')).status).toBe(201)
    const response = await call(renterX, 'GET', `/api/portal/facilities/${facilityId}/free-slots?date=${date}&durationMinutes=60`)
    const text = await response.text()
    expect(response.status, text).toBe(200)
    expect(text).not.toContain('Secret')
    const day = JSON.parse(text) as { timeZone: string; date: string; spaces: { roomId: string; name: string; starts: string[] }[] }
    // Both spaces that take requests, never Rink B, and each space's starts are its own search's.
    expect(day.spaces.map((space) => space.name)).toEqual(['Rink A', 'Rink A East'])
    for (const space of day.spaces) {
      const own = (await slotsOf(renterX, space.roomId, date)).slots
      expect(space.starts.map((start) => local(date, start).toISOString())).toEqual(own.map((slot) => slot.start))
    }
    expect(day.spaces[0]!.starts).not.toContain('14:00')
    // Another venue's facility, or one with no space that takes requests, is not found.
    expect((await call(renterX, 'GET', `/api/portal/facilities/${randomUUID()}/free-slots?date=${date}&durationMinutes=60`)).status).toBe(
      404,
    )
    const odd = await call(renterX, 'GET', `/api/portal/facilities/${facilityId}/free-slots?date=${date}&durationMinutes=45`)
    expect(odd.status).toBe(422)
    expect((await call(owner, 'GET', `/api/portal/facilities/${facilityId}/free-slots?date=${date}&durationMinutes=60`)).status).toBe(403)
  })

  it('declines the pending requests a new closure covers, emails their renters and offers nothing to the waitlist', async () => {
    const date = nextDay()
    const { request } = await expectJson<{ request: { id: string } }>(await ask(renterX, clientX, halfA, date, '07:00', 'Early skate'), 201)
    const { request: later } = await expectJson<{ request: { id: string } }>(
      await ask(renterX, clientX, rinkA, date, '10:00', 'Late skate'),
      201,
    )
    const holdId = (await holdOf(request.id))!
    // Someone waits for that morning: a decline for any other reason would offer it to them.
    await post(renterY, '/api/portal/waitlist', { clientId: clientY, roomId: halfA, date, fromTime: '06:00', toTime: '09:00' })
    // A closure of the whole sheet closes its half too; the request after it stays pending.
    const closure = await call(owner, 'POST', `/api/facilities/${facilityId}/closures`, {
      spaceId: rinkA,
      startDate: date,
      startTime: '06:00',
      endDate: date,
      endTime: '09:00',
      reason: 'Ice plant repair',
      coveredEvents: 'keep',
    })
    expect(await expectJson(closure, 201)).toMatchObject({ kept: 0, cancelled: 0, declinedRequests: 1 })
    expect(await statusOf(request.id)).toBe('declined')
    expect(await scheduleOf(holdId)).toBeNull()
    expect(await statusOf(later.id)).toBe('pending')
    const [mail] = await mailsOf('request_declined', `request_declined:${request.id}`)
    expect(mail?.recipient).toBe(renterX.email)
    expect(mail?.textBody).toContain(REQUEST_MESSAGES.closed)
    const [entry] = (await entriesOf(request.id)).filter((row) => row.action === 'declined')
    expect(entry).toMatchObject({ actorId: owner.id })
    expect(await offersAt(halfA, local(date, '07:00'))).toEqual([])
    // Answered once: an approval now says so.
    const refused = await call(owner, 'POST', `/api/requests/${request.id}/approve`)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe(notPendingMessage('declined'))
  })

  it('holds the slot: nobody books over a pending request, and no other renter can request it', async () => {
    const date = nextDay()
    const before = Date.now()
    const { request } = await expectJson<{ request: RenterRequest }>(await ask(renterX, clientX, halfA, date, '14:00'), 201)
    expect(request).toMatchObject({ status: 'pending', clientId: clientX, eventId: null, startTime: local(date, '14:00').toISOString() })
    // 'Hold requests for': 24 hours by default.
    expect(Date.parse(request.expiresAt) - before).toBeGreaterThanOrEqual(24 * HOUR - 1000)
    expect(Date.parse(request.expiresAt) - before).toBeLessThan(24 * HOUR + 60_000)

    const refused = await book(rinkA, date, '14:30')
    expect(refused.status).toBe(409)
    const other = await ask(renterY, clientY, rinkA, date, '13:30', 'Sharks skate')
    expect(other.status).toBe(409)
    expect((await errorOf(other)).message).toBe(REQUEST_MESSAGES.taken)
    expect((await slotsOf(renterY, halfA, date)).slots.map((slot) => slot.start)).not.toContain(local(date, '14:00').toISOString())

    const holdId = (await holdOf(request.id))!
    expect(await scheduleOf(holdId)).toEqual({ kind: 'hold' })
    expect(await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, holdId))).toEqual([])
    const [entry] = await entriesOf(request.id)
    expect(entry).toMatchObject({ action: 'requested', actorId: renterX.id, label: 'Hawks practice', organisationId })
  })

  it('refuses a slot the search would not offer, with a clear message, and changes nothing', async () => {
    const date = nextDay()
    const refusal = async (response: Response) => {
      expect(response.status).toBe(422)
      return (await errorOf(response)).message
    }
    expect(await refusal(await ask(renterX, clientX, halfA, date, '14:15'))).toContain('30-minute interval')
    expect(await refusal(await ask(renterX, clientX, halfA, date, '22:30'))).toBe(REQUEST_MESSAGES.outsideHours)
    expect(await refusal(await ask(renterX, clientX, halfA, addCalendarDays(date, -30), '10:00'))).toBe(REQUEST_MESSAGES.started)
    expect(await refusal(await ask(renterX, clientX, halfA, date, '10:00', '   '))).toBe(REQUEST_MESSAGES.title)
    // Another client's name, or a space that takes no requests, is not found.
    expect((await ask(renterX, clientY, halfA, date, '10:00')).status).toBe(404)
    expect((await ask(renterX, clientX, rinkB, date, '10:00')).status).toBe(404)
    expect((await ask(renterX, clientX, strangerRoom, date, '10:00')).status).toBe(404)
    expect(
      await t.db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.startTime, local(date, '10:00'))),
    ).toEqual([])
  })

  it('approves: the hold is the booking, charged to the contract, the client and the renter told', async () => {
    const date = nextDay()
    const { request } = await expectJson<{ request: RenterRequest }>(
      await ask(renterX, clientX, rinkA, date, '18:00', 'Hawks U11', 90),
      201,
    )
    const holdId = (await holdOf(request.id))!
    const listed = await expectJson<{ requests: OperatorRequest[] }>(await call(owner, 'GET', '/api/requests'), 200)
    expect(listed.requests.find((candidate) => candidate.id === request.id)?.requestedBy?.email).toBe(renterX.email)
    const { pending } = await expectJson<{ pending: number }>(await call(owner, 'GET', '/api/requests/count'), 200)
    expect(pending).toBe(listed.requests.length)

    const approved = await expectJson<{ request: OperatorRequest }>(await call(owner, 'POST', `/api/requests/${request.id}/approve`), 200)
    expect(approved.request).toMatchObject({ status: 'approved', eventId: holdId })
    expect(approved.request.decidedByName).not.toBeNull()
    expect(await scheduleOf(holdId)).toEqual({ kind: 'booking' })
    const charges = await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, holdId))
    expect(charges.map((charge) => [charge.contractId, charge.hoursLogged])).toEqual([[contractX, '1.50']])
    expect((await mailsOf('request_approved', `request_approved:${request.id}`)).map((mail) => mail.recipient)).toEqual([renterX.email])
    expect((await mailsOf('booking_confirmed', `booking_confirmed:${holdId}`)).map((mail) => mail.recipient)).toEqual(['hawks@example.com'])
    expect((await entriesOf(request.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ['requested', renterX.id],
      ['approved', owner.id],
    ])
    const [created] = await t.db
      .select()
      .from(activityEntries)
      .where(and(eq(activityEntries.entity, 'event'), eq(activityEntries.entityId, holdId)))
    expect(created).toMatchObject({ action: 'created', actorId: owner.id, label: 'Hawks U11' })
    // The renter sees it approved; a second answer finds it answered.
    const mine = await expectJson<{ requests: RenterRequest[] }>(await call(renterX, 'GET', '/api/portal/requests'), 200)
    expect(mine.requests.find((candidate) => candidate.id === request.id)?.status).toBe('approved')
    const again = await call(owner, 'POST', `/api/requests/${request.id}/decline`, { reason: 'Too late' })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(REQUEST_MESSAGES.alreadyApproved)
  })

  it('declines: the slot is free again and the renter is emailed the reason', async () => {
    const date = nextDay()
    const { request } = await expectJson<{ request: RenterRequest }>(await ask(renterX, clientX, halfA, date, '09:00'), 201)
    const holdId = (await holdOf(request.id))!
    const blank = await call(owner, 'POST', `/api/requests/${request.id}/decline`, { reason: ' ' })
    expect(blank.status).toBe(422)
    expect((await errorOf(blank)).message).toBe(REQUEST_MESSAGES.reason)
    expect(await statusOf(request.id)).toBe('pending')

    const declined = await expectJson<{ request: OperatorRequest }>(
      await call(owner, 'POST', `/api/requests/${request.id}/decline`, { reason: 'The ice is being resurfaced' }),
      200,
    )
    expect(declined.request).toMatchObject({ status: 'declined', declineReason: 'The ice is being resurfaced', eventId: null })
    expect(await scheduleOf(holdId)).toBeNull()
    const [mail] = await mailsOf('request_declined', `request_declined:${request.id}`)
    expect(mail?.recipient).toBe(renterX.email)
    expect(mail?.textBody).toContain('Reason: The ice is being resurfaced')
    expect((await entriesOf(request.id)).map((entry) => entry.action)).toEqual(['requested', 'declined'])
    expect((await book(halfA, date, '09:00')).status).toBe(201)
  })

  it('lets a renter withdraw its own clients’ requests, and shows a renter no other client’s', async () => {
    const date = nextDay()
    const { request } = await expectJson<{ request: RenterRequest }>(await ask(renterX, clientX, halfA, date, '07:00'), 201)
    const theirs = await expectJson<{ requests: RenterRequest[] }>(await call(renterY, 'GET', '/api/portal/requests'), 200)
    expect(theirs.requests.map((candidate) => candidate.clientId).filter((id) => id !== clientY)).toEqual([])
    expect((await call(renterY, 'GET', `/api/portal/requests?clientId=${clientX}`)).status).toBe(404)
    expect((await call(renterY, 'POST', `/api/portal/requests/${request.id}/withdraw`)).status).toBe(404)
    expect((await call(stranger, 'POST', `/api/requests/${request.id}/approve`)).status).toBe(404)
    expect(await statusOf(request.id)).toBe('pending')

    const withdrawn = await expectJson<{ request: RenterRequest }>(
      await call(renterX, 'POST', `/api/portal/requests/${request.id}/withdraw`),
      200,
    )
    expect(withdrawn.request.status).toBe('withdrawn')
    expect((await entriesOf(request.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ['requested', renterX.id],
      ['withdrawn', renterX.id],
    ])
    const again = await call(renterX, 'POST', `/api/portal/requests/${request.id}/withdraw`)
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(REQUEST_MESSAGES.alreadyWithdrawn)
    expect((await book(halfA, date, '07:00')).status).toBe(201)
  })

  it('expires a request left unanswered, driven by the test clock, which only the administrator moves', async () => {
    const date = nextDay()
    const { request } = await expectJson<{ request: RenterRequest }>(await ask(renterX, clientX, halfA, date, '20:00'), 201)
    const holdId = (await holdOf(request.id))!
    expect((await call(owner, 'POST', '/api/test/clock', { advanceMinutes: 60 })).status).toBe(403)
    expect((await call(admin, 'POST', '/api/test/clock', { advanceMinutes: 0 })).status).toBe(422)
    const early = await expectJson<{ expired: string[] }>(await call(admin, 'POST', '/api/test/clock', { advanceMinutes: 23 * 60 }), 200)
    expect(early.expired).not.toContain(request.id)
    const swept = await expectJson<{ now: string; expired: string[] }>(
      await call(admin, 'POST', '/api/test/clock', { advanceMinutes: 61 }),
      200,
    )
    expect(swept.expired).toContain(request.id)
    expect(await statusOf(request.id)).toBe('expired')
    expect(await scheduleOf(holdId)).toBeNull()
    expect((await mailsOf('request_expired', `request_expired:${request.id}`)).map((mail) => mail.recipient)).toEqual([renterX.email])
    const expiredEntry = (await entriesOf(request.id)).find((entry) => entry.action === 'expired')
    expect(expiredEntry).toMatchObject({ actorId: null, actorName: 'Fieldhouse' })
    const late = await call(owner, 'POST', `/api/requests/${request.id}/approve`)
    expect(late.status).toBe(409)
    expect((await errorOf(late)).message).toBe(REQUEST_MESSAGES.alreadyExpired)
    // A request made now waits its full hours on the moved clock.
    const { request: next } = await expectJson<{ request: RenterRequest }>(await ask(renterX, clientX, halfA, date, '20:00'), 201)
    expect(Date.parse(next.expiresAt)).toBeGreaterThan(Date.parse(swept.now) + 23 * HOUR)
  })

  it('lets a space with a pending request be deleted, taking the request and its hold with it', async () => {
    const spaceId = (
      await post<{ room: { id: string } }>(owner, `/api/facilities/${facilityId}/rooms`, {
        name: 'Outdoor Rink',
        type: 'rink',
        operatingStartTime: '06:00',
        operatingEndTime: '23:00',
        bookingInterval: 30,
      })
    ).room.id
    await t.db.update(rooms).set({ acceptsRequests: true }).where(eq(rooms.id, spaceId))
    const { request } = await expectJson<{ request: RenterRequest }>(await ask(renterX, clientX, spaceId, nextDay(), '08:00'), 201)
    const holdId = (await holdOf(request.id))!
    expect((await call(owner, 'DELETE', `/api/rooms/${spaceId}`)).status).toBe(204)
    expect(await statusOf(request.id)).toBeUndefined()
    expect(await scheduleOf(holdId)).toBeNull()
  })

  it('gives the slot to exactly one of 100 renters requesting it at once', async () => {
    const date = nextDay()
    const renters: { renter: TestUser; clientId: string }[] = []
    for (let index = 0; index < 10; index += 1) {
      const { client } = await post<{ client: { id: string } }>(owner, '/api/clients', { name: `Racer ${index}` })
      renters.push({ renter: await t.addRenter(organisationId, client.id), clientId: client.id })
    }
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        const { renter, clientId } = renters[index % renters.length]!
        // Half ask for the whole sheet, half for its half: they meet through the linked spaces.
        return ask(renter, clientId, index % 2 === 0 ? rinkA : halfA, date, '16:00', `Race ${index}`)
      }),
    )
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([])
    const held = await t.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(inArray(schedules.roomId, [rinkA, halfA]), eq(schedules.startTime, local(date, '16:00'))))
    expect(held).toHaveLength(1)
    const pending = await t.db
      .select()
      .from(bookingRequests)
      .where(and(eq(bookingRequests.startTime, local(date, '16:00')), eq(bookingRequests.status, 'pending')))
    expect(pending.map((row) => row.holdId)).toEqual([held[0]!.id])
  }, 120_000)

  it('answers a request exactly once when approvals, declines, a withdrawal and the expiry race 100 ways', async () => {
    for (let round = 0; round < 3; round += 1) {
      const date = nextDay()
      const { request } = await expectJson<{ request: RenterRequest }>(
        await ask(renterX, clientX, rinkA, date, '12:00', `Raced ${round}`),
        201,
      )
      const holdId = (await holdOf(request.id))!
      const far = new Date(Date.now() + 400 * 24 * HOUR)
      const attempts = Array.from({ length: 100 }, async (_, index) => {
        switch (index % 4) {
          case 0:
            return (await call(owner, 'POST', `/api/requests/${request.id}/approve`)).status === 200 ? 'approved' : null
          case 1:
            return (await call(owner, 'POST', `/api/requests/${request.id}/decline`, { reason: 'Race' })).status === 200 ? 'declined' : null
          case 2:
            return (await call(renterX, 'POST', `/api/portal/requests/${request.id}/withdraw`)).status === 200 ? 'withdrawn' : null
          default:
            return (await sweepExpiredRequests(t.db, { clockNow: far, origin: 'http://localhost:3000' })).includes(request.id)
              ? 'expired'
              : null
        }
      })
      const outcomes = (await Promise.all(attempts)).filter((outcome) => outcome !== null)
      expect(outcomes).toHaveLength(1)
      expect(await statusOf(request.id)).toBe(outcomes[0])
      const hold = await scheduleOf(holdId)
      const charges = await t.db.select().from(contractUsage).where(eq(contractUsage.scheduleId, holdId))
      if (outcomes[0] === 'approved') {
        expect(hold).toEqual({ kind: 'booking' })
        expect(charges).toHaveLength(1)
      } else {
        expect(hold).toBeNull()
        expect(charges).toEqual([])
      }
      const told = await t.db
        .select({ kind: outboxMessages.kind })
        .from(outboxMessages)
        .where(
          inArray(
            outboxMessages.businessKey,
            ['approved', 'declined', 'expired'].map((word) => `request_${word}:${request.id}`),
          ),
        )
      expect(told).toHaveLength(outcomes[0] === 'withdrawn' ? 0 : 1)
      const decided = (await entriesOf(request.id)).filter((entry) => entry.action !== 'requested')
      expect(decided.map((entry) => entry.action)).toEqual([outcomes[0]])
    }
  }, 180_000)
})
