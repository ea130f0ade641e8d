import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import type { InvoiceDetail, InvoiceSummary } from '@shared/billing/responses'
import type { availabilityResponse } from '@shared/marketing/responses'
import { WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import type { WaitlistEntry, WaitlistFacility, WaitlistOffer } from '@shared/renting/waitlist-responses'
import { buildSelloffEmail } from '@shared/scheduling/selloff-email'
import type { z } from 'zod'
import {
  activityEntries,
  bookingRequests,
  facilities,
  outboxMessages,
  rooms,
  schedules,
  waitlistEntries,
  waitlistOffers,
} from '../../../db/schema'
import { errorOf, expectJson } from '../../../test/responses'
import { useTestApp } from '../../../test/setup'
import { sweepExpiredRequests } from '../requests/service'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../../test/test-app'
import { testDatabaseKinds } from '../../../test/test-database'

type ApiEvent = { id: string; startTime: string; endTime: string; clientId: string | null }

const HOUR = 3_600_000
// A start on the quarter hour, `hours` from now, as the booking form gives it in UTC.
function fromNow(hours: number) {
  const at = new Date(Math.ceil((Date.now() + hours * HOUR) / (15 * 60_000)) * 15 * 60_000)
  return { date: at.toISOString().slice(0, 10), startTime: at.toISOString().slice(11, 16), at }
}

// Released ice and the waitlist (docs/product.md#renters, ADR 0065).
describe.each(testDatabaseKinds())('released ice and the waitlist on %s', (kind) => {
  const {
    t,
    operators: [operator, stranger],
  } = useTestApp(kind, { operators: 2 })
  let organisationId: string
  let facilityId: string
  let rinkA: string
  let rinkB: string
  let changeRoom: string
  let jets: string
  let sharks: string
  let owls: string
  let contractOfJets: string
  let jetsRenter: TestUser
  let sharksRenter: TestUser
  let otherVenueSpace: string

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  const book = async (roomId: string, clientId: string, date: string, startTime: string, durationMinutes = 60) =>
    (
      await expectJson<{ events: ApiEvent[] }>(
        await request('POST', '/api/events', { roomId, clientId, date, startTime, durationMinutes, title: 'Practice' }),
        201,
      )
    ).events[0]!

  const join = (user: TestUser, body: Record<string, unknown>) => request('POST', '/api/portal/waitlist', body, user)
  const joined = async (user: TestUser, body: Record<string, unknown>) =>
    (await expectJson<{ entry: WaitlistEntry }>(await join(user, body), 201)).entry

  const offersOn = async (roomId: string) =>
    t.db
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.organisationId, organisationId), eq(waitlistOffers.roomId, roomId)))

  const offerMailsTo = async (offerIds: string[]) =>
    (
      await t.db
        .select({ to: outboxMessages.recipient, key: outboxMessages.businessKey, text: outboxMessages.textBody })
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'waitlist_offer'))
    ).filter((mail) => offerIds.some((id) => mail.key.startsWith(`waitlist_offer:${id}:`)))

  const hoursUsedOf = async (clientId: string) => {
    const { contracts } = await expectJson<{ contracts: { id: string; hoursUsed: string }[] }>(
      await request('GET', `/api/clients/${clientId}/contracts`),
      200,
    )
    return contracts.find((contract) => contract.id === contractOfJets)?.hoursUsed
  }

  beforeAll(async () => {
    organisationId = await t.organisationOf(operator)
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Lakeshore Arena', timeZone: 'UTC' }),
      201,
    )
    facilityId = facility.id
    const space = async (name: string, type = 'rink', user = operator, facility = facilityId) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facility}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK }, user),
          201,
        )
      ).room.id
    rinkA = await space('Rink A')
    rinkB = await space('Rink B')
    changeRoom = await space('Room 1', 'change_room')
    const client = async (name: string) =>
      (await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name }), 201)).client.id
    jets = await client('Jets')
    sharks = await client('Sharks')
    owls = await client('Owls')
    contractOfJets = (
      await expectJson<{ contract: { id: string } }>(
        await request('POST', '/api/contracts', { clientId: jets, name: 'Season', startDate: '2020-01-01', totalHours: 100 }),
        201,
      )
    ).contract.id
    jetsRenter = await t.addRenter(organisationId, jets)
    sharksRenter = await t.addRenter(organisationId, sharks)
    const { facility: elsewhere } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Elsewhere', timeZone: 'UTC' }, stranger),
      201,
    )
    otherVenueSpace = await space('Their Rink', 'rink', stranger, elsewhere.id)
  })

  describe('release', () => {
    it("lets a renter release their client's upcoming booking: cancelled, hours back, in the trail as theirs", async () => {
      const event = await book(rinkA, jets, '2031-04-01', '10:00', 90)
      expect(await hoursUsedOf(jets)).toBe('1.50')
      const released = await request('POST', `/api/portal/bookings/${event.id}/release`, undefined, jetsRenter)
      expect(released.status).toBe(204)
      expect(await t.db.select().from(schedules).where(eq(schedules.id, event.id))).toEqual([])
      expect(await hoursUsedOf(jets)).toBe('0.00')
      const entries = await t.db
        .select({ action: activityEntries.action, actorId: activityEntries.actorId, entity: activityEntries.entity })
        .from(activityEntries)
        .where(and(eq(activityEntries.organisationId, organisationId), eq(activityEntries.entityId, event.id)))
      expect(entries).toEqual(
        expect.arrayContaining([
          { action: 'deleted', actorId: jetsRenter.id, entity: 'event' },
          { action: 'released', actorId: jetsRenter.id, entity: 'event' },
        ]),
      )
      // Released once: a second release finds nothing.
      const again = await request('POST', `/api/portal/bookings/${event.id}/release`, undefined, jetsRenter)
      expect(again.status).toBe(404)
      expect((await errorOf(again)).message).toBe('Booking not found')
    })

    it("answers another client's booking, a hold and a missing one alike: 'Booking not found', nothing changed", async () => {
      const sharksEvent = await book(rinkA, sharks, '2031-04-02', '10:00')
      const [hold] = await t.db
        .insert(schedules)
        .values({
          organisationId,
          roomId: rinkA,
          clientId: jets,
          title: 'Request: Jets',
          startTime: new Date('2031-04-03T10:00:00Z'),
          endTime: new Date('2031-04-03T11:00:00Z'),
          kind: 'hold',
        })
        .returning({ id: schedules.id })
      for (const id of [sharksEvent.id, hold!.id, '0190f0f0-0000-7000-8000-000000000000']) {
        const response = await request('POST', `/api/portal/bookings/${id}/release`, undefined, jetsRenter)
        expect(response.status).toBe(404)
        expect((await errorOf(response)).message).toBe('Booking not found')
      }
      expect(
        await t.db
          .select({ id: schedules.id })
          .from(schedules)
          .where(inArray(schedules.id, [sharksEvent.id, hold!.id])),
      ).toHaveLength(2)
      // A member of another organisation releases nothing of this one.
      expect((await request('POST', `/api/events/${sharksEvent.id}/release`, undefined, stranger)).status).toBe(404)
    })

    it("refuses a renter's release within the facility's 'Release until' hours; an operator may still release it", async () => {
      const soon = fromNow(24)
      const event = await book(rinkB, jets, soon.date, soon.startTime)
      const refused = await request('POST', `/api/portal/bookings/${event.id}/release`, undefined, jetsRenter)
      expect(refused.status).toBe(409)
      const { message } = await errorOf(refused)
      expect(message).toBe(WAITLIST_MESSAGES.releaseTooLate(48))
      expect(message).toBe('This booking can no longer be released: bookings here can be released until 48 hours before they start')
      // With 'Release until' at 12 hours, the same booking can be released.
      await t.db.update(facilities).set({ releaseUntilHours: 12 }).where(eq(facilities.id, facilityId))
      try {
        const other = await book(rinkB, jets, fromNow(30).date, fromNow(30).startTime)
        expect((await request('POST', `/api/portal/bookings/${other.id}/release`, undefined, jetsRenter)).status).toBe(204)
      } finally {
        await t.db.update(facilities).set({ releaseUntilHours: 48 }).where(eq(facilities.id, facilityId))
      }
      const byOperator = await expectJson<{ deleted: number; offered: number }>(
        await request('POST', `/api/events/${event.id}/release`),
        200,
      )
      expect(byOperator).toEqual({ deleted: 1, offered: 0 })
    })

    it('refuses a booking that has started or ended, to renters and operators alike', async () => {
      const past = await book(rinkB, jets, '2024-05-01', '10:00')
      for (const [path, user] of [
        [`/api/portal/bookings/${past.id}/release`, jetsRenter],
        [`/api/events/${past.id}/release`, operator],
      ] as const) {
        const refused = await request('POST', path, undefined, user)
        expect(refused.status).toBe(409)
        expect((await errorOf(refused)).message).toBe('Only an upcoming booking can be released')
      }
    })

    it('puts the credit of a released invoiced booking on the next invoice as an adjustment', async () => {
      await expectJson(await request('PUT', `/api/rooms/${rinkB}/rates`, { primeRateMinor: 6000, nonPrimeRateMinor: 6000 }), 200)
      const event = await book(rinkB, owls, '2032-01-05', '10:00', 90)
      const owlsRenter = await t.addRenter(organisationId, owls)
      const january = await expectJson<{ invoices: InvoiceSummary[] }>(
        await request('POST', '/api/invoices/generate', { periodStart: '2032-01-01', periodEnd: '2032-01-31', clientId: owls }),
        200,
      )
      const issued = await expectJson<{ invoice: InvoiceDetail }>(
        await request('POST', `/api/invoices/${january.invoices[0]!.id}/issue`),
        200,
      )
      expect((await request('POST', `/api/portal/bookings/${event.id}/release`, undefined, owlsRenter)).status).toBe(204)
      const february = await expectJson<{ invoices: InvoiceSummary[] }>(
        await request('POST', '/api/invoices/generate', { periodStart: '2032-02-01', periodEnd: '2032-02-29', clientId: owls }),
        200,
      )
      const next = await expectJson<{ invoice: InvoiceDetail }>(await request('GET', `/api/invoices/${february.invoices[0]!.id}`), 200)
      expect(next.invoice.lines.map((line) => [line.kind, line.description, line.amountMinor])).toEqual([
        ['adjustment', `Cancelled after invoice ${issued.invoice.number}: Rink B, Jan 5, \u22121.5 h`, -9000],
      ])
    })
  })

  describe('the waitlist', () => {
    it("joins a window on a space of the client's venue, lists it, and leaves it; in the trail as the renter's", async () => {
      const entry = await joined(jetsRenter, { clientId: jets, roomId: rinkA, date: '2031-05-03', fromTime: '18:00', toTime: '22:00' })
      expect(entry).toMatchObject({
        clientId: jets,
        clientName: 'Jets',
        roomId: rinkA,
        spaceName: 'Rink A',
        facilityName: 'Lakeshore Arena',
        date: '2031-05-03',
        fromTime: '18:00',
        toTime: '22:00',
      })
      const midnight = await joined(jetsRenter, { clientId: jets, roomId: rinkA, date: '2031-05-04', fromTime: '20:00', toTime: '00:00' })
      const listed = await expectJson<{ entries: WaitlistEntry[] }>(
        await request('GET', '/api/portal/waitlist', undefined, jetsRenter),
        200,
      )
      expect(listed.entries.map((row) => row.id)).toEqual(expect.arrayContaining([entry.id, midnight.id]))
      // Another renter sees none of them and cannot remove them.
      const theirs = await expectJson<{ entries: WaitlistEntry[] }>(
        await request('GET', '/api/portal/waitlist', undefined, sharksRenter),
        200,
      )
      expect(theirs.entries.map((row) => row.id)).not.toContain(entry.id)
      expect((await request('DELETE', `/api/portal/waitlist/${entry.id}`, undefined, sharksRenter)).status).toBe(404)
      expect((await request('DELETE', `/api/portal/waitlist/${entry.id}`, undefined, jetsRenter)).status).toBe(204)
      expect((await request('DELETE', `/api/portal/waitlist/${entry.id}`, undefined, jetsRenter)).status).toBe(404)
      const trail = await t.db
        .select({ action: activityEntries.action, actorId: activityEntries.actorId })
        .from(activityEntries)
        .where(and(eq(activityEntries.organisationId, organisationId), eq(activityEntries.entityId, entry.id)))
        .orderBy(activityEntries.id)
      expect(trail).toEqual([
        { action: 'created', actorId: jetsRenter.id },
        { action: 'deleted', actorId: jetsRenter.id },
      ])
    })

    it("lists every space of the renter's venues but change rooms, and nothing of another venue", async () => {
      const { facilities: listed } = await expectJson<{ facilities: WaitlistFacility[] }>(
        await request('GET', '/api/portal/waitlist/spaces', undefined, jetsRenter),
        200,
      )
      expect(listed.map((facility) => facility.id)).toEqual([facilityId])
      const spaceIds = listed[0]!.spaces.map((space) => space.id)
      expect(spaceIds).toEqual(expect.arrayContaining([rinkA, rinkB]))
      expect(spaceIds).not.toContain(changeRoom)
      expect(spaceIds).not.toContain(otherVenueSpace)
      expect(listed[0]!.spaces.find((space) => space.id === rinkA)).toMatchObject({
        name: 'Rink A',
        operatingStartTime: '00:00',
        operatingEndTime: '00:00',
        bookingInterval: 15,
        acceptsRequests: false,
      })
    })

    it('takes a renter off the waitlist when their access to the client is removed (the database holds it)', async () => {
      const leaving = await t.addRenter(organisationId, jets)
      const entry = await joined(leaving, { clientId: jets, roomId: rinkA, date: '2031-05-04', fromTime: '08:00', toTime: '10:00' })
      expect((await request('DELETE', `/api/clients/${jets}/renters/${leaving.id}`)).status).toBe(204)
      expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id))).toEqual([])
      // Nor can a window be written for someone who does not speak for the client.
      await expect(
        t.db.insert(waitlistEntries).values({
          organisationId,
          clientId: jets,
          roomId: rinkA,
          userId: leaving.id,
          localDate: '2031-05-04',
          fromTime: '08:00',
          toTime: '10:00',
        }),
      ).rejects.toThrow()
    })

    it('refuses what cannot be waited for, with a clear message', async () => {
      const base = { clientId: jets, roomId: rinkA, date: '2031-05-03', fromTime: '18:00', toTime: '22:00' }
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...base, clientId: sharks }, 404, 'Client not found'],
        [{ ...base, roomId: otherVenueSpace }, 404, 'Space not found'],
        [{ ...base, roomId: changeRoom }, 422, WAITLIST_MESSAGES.changeRoom],
        [{ ...base, toTime: '17:00' }, 422, 'The window must end after it starts'],
        [{ ...base, date: '2024-05-03' }, 422, 'Please choose a window that has not ended yet'],
        [{ ...base, fromTime: '18:10' }, 422, 'Starts must be on the 15-minute interval (12:00, 12:15, …)'],
        [{ ...base, date: '2031-02-30' }, 422, 'Please enter a valid date'],
      ]
      for (const [body, status, message] of cases) {
        const response = await join(jetsRenter, body)
        expect(response.status, JSON.stringify(body)).toBe(status)
        expect((await errorOf(response)).message).toBe(message)
      }
      // Not a renter at all: an operator has no portal access.
      expect((await join(operator, base)).status).toBe(403)
    })
  })

  describe('offers', () => {
    it('offers released time to the matching entries only, one offer per distinct window, each account emailed once', async () => {
      const date = '2031-06-07'
      const released = await book(rinkA, owls, date, '18:00', 120)
      const waiter = (client: string) => t.addRenter(organisationId, client)
      const [a, b, c, d, e] = [await waiter(jets), await waiter(sharks), await waiter(jets), await waiter(sharks), await waiter(jets)]
      await joined(a!, { clientId: jets, roomId: rinkA, date, fromTime: '17:00', toTime: '22:00' })
      await joined(e!, { clientId: jets, roomId: rinkA, date, fromTime: '18:00', toTime: '21:00' })
      await joined(b!, { clientId: sharks, roomId: rinkA, date, fromTime: '19:00', toTime: '20:00' })
      // Another day, and another space: no offer.
      await joined(c!, { clientId: jets, roomId: rinkA, date: '2031-06-08', fromTime: '18:00', toTime: '20:00' })
      await joined(d!, { clientId: sharks, roomId: rinkB, date, fromTime: '18:00', toTime: '20:00' })
      // A window that ends where the booking starts meets it at no time.
      await joined(c!, { clientId: jets, roomId: rinkA, date, fromTime: '16:00', toTime: '18:00' })

      const answer = await expectJson<{ deleted: number; offered: number }>(
        await request('POST', `/api/events/${released.id}/release`),
        200,
      )
      expect(answer).toEqual({ deleted: 1, offered: 3 })
      const offers = (await offersOn(rinkA)).filter((offer) => offer.startTime.toISOString().startsWith(date))
      expect(offers.map((offer) => [offer.startTime.toISOString(), offer.endTime.toISOString(), offer.releasedEventTitle]).sort()).toEqual([
        [`${date}T18:00:00.000Z`, `${date}T20:00:00.000Z`, 'Practice'],
        [`${date}T19:00:00.000Z`, `${date}T20:00:00.000Z`, 'Practice'],
      ])
      const mails = await offerMailsTo(offers.map((offer) => offer.id))
      expect(mails.map((mail) => mail.to).sort()).toEqual([a!.email, b!.email, e!.email].sort())
      const whole = offers.find((offer) => offer.startTime.getUTCHours() === 18)!
      const toA = mails.find((mail) => mail.to === a!.email)!
      expect(toA.text).toContain(`/portal/offers/${whole.id}`)
      expect(toA.text).toContain('Rink A')
      expect(toA.text).not.toContain('Owls')
    })

    it('offers the time of an upcoming booking an operator deletes', async () => {
      const date = '2031-06-14'
      const deleted = await book(rinkB, owls, date, '09:00', 60)
      const waiter = await t.addRenter(organisationId, sharks)
      await joined(waiter, { clientId: sharks, roomId: rinkB, date, fromTime: '08:00', toTime: '12:00' })
      expect((await request('DELETE', `/api/events/${deleted.id}`)).status).toBe(204)
      const offers = (await offersOn(rinkB)).filter((offer) => offer.startTime.toISOString() === `${date}T09:00:00.000Z`)
      expect(offers).toHaveLength(1)
      expect((await offerMailsTo([offers[0]!.id])).map((mail) => mail.to)).toEqual([waiter.email])
    })

    it('shows an offer to its recipients only; the first claim books it for their client, the next is told it was taken', async () => {
      const date = '2031-06-21'
      const released = await book(rinkA, owls, date, '07:00', 60)
      const first = await t.addRenter(organisationId, jets)
      const second = await t.addRenter(organisationId, sharks)
      await joined(first, { clientId: jets, roomId: rinkA, date, fromTime: '06:00', toTime: '09:00' })
      await joined(second, { clientId: sharks, roomId: rinkA, date, fromTime: '06:00', toTime: '09:00' })
      await expectJson(await request('POST', `/api/events/${released.id}/release`), 200)
      const [offer] = (await offersOn(rinkA)).filter((row) => row.startTime.toISOString() === `${date}T07:00:00.000Z`)
      const path = `/api/portal/offers/${offer!.id}`

      const seen = await expectJson<{ offer: WaitlistOffer }>(await request('GET', path, undefined, first), 200)
      expect(seen.offer).toMatchObject({
        spaceName: 'Rink A',
        facilityName: 'Lakeshore Arena',
        startTime: `${date}T07:00:00.000Z`,
        endTime: `${date}T08:00:00.000Z`,
        status: 'open',
        makesRequest: false,
        clients: [{ id: jets, name: 'Jets' }],
      })
      // Not a recipient (even a renter of the same client): 'Offer not found'.
      for (const user of [jetsRenter, sharksRenter]) {
        const hidden = await request('GET', path, undefined, user)
        expect(hidden.status).toBe(404)
        expect((await errorOf(hidden)).message).toBe('Offer not found')
        expect((await request('POST', `${path}/claim`, { clientId: jets }, user)).status).toBe(404)
      }
      // A client the offer did not reach through this renter.
      expect((await request('POST', `${path}/claim`, { clientId: sharks }, first)).status).toBe(404)

      const claimed = await expectJson<{ eventId: string; requestId: null }>(
        await request('POST', `${path}/claim`, { clientId: jets }, first),
        201,
      )
      const [event] = await t.db.select().from(schedules).where(eq(schedules.id, claimed.eventId))
      expect(event).toMatchObject({ clientId: jets, roomId: rinkA, kind: 'booking', title: 'Jets' })
      expect(event!.startTime.toISOString()).toBe(`${date}T07:00:00.000Z`)
      expect(event!.endTime.toISOString()).toBe(`${date}T08:00:00.000Z`)

      const late = await request('POST', `${path}/claim`, { clientId: sharks }, second)
      expect(late.status).toBe(409)
      expect((await errorOf(late)).message).toBe('This slot was just taken')
      expect((await expectJson<{ offer: WaitlistOffer }>(await request('GET', path, undefined, first), 200)).offer.status).toBe('yours')
      expect((await expectJson<{ offer: WaitlistOffer }>(await request('GET', path, undefined, second), 200)).offer.status).toBe('taken')
      const [row] = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id))
      expect(row).toMatchObject({ claimedBy: first.id, claimedClientId: jets, claimedEventId: claimed.eventId, claimedRequestId: null })
      const trail = await t.db
        .select({ action: activityEntries.action, actorId: activityEntries.actorId })
        .from(activityEntries)
        .where(
          and(
            eq(activityEntries.organisationId, organisationId),
            eq(activityEntries.entity, 'waitlist'),
            eq(activityEntries.entityId, offer!.id),
          ),
        )
      expect(trail).toEqual([{ action: 'claimed', actorId: first.id }])
    })

    it('makes a claim a request when the space accepts requests, the offer as long as a request can be', async () => {
      const date = '2031-07-05'
      const rinkC = (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facilityId}/rooms`, { name: 'Rink C', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
          201,
        )
      ).room.id
      await t.db.update(rooms).set({ acceptsRequests: true }).where(eq(rooms.id, rinkC))
      // 3.5 hours freed; a request lasts at most 12 intervals of 15 minutes.
      const released = await book(rinkC, owls, date, '10:00', 210)
      const waiter = await t.addRenter(organisationId, jets)
      await joined(waiter, { clientId: jets, roomId: rinkC, date, fromTime: '09:00', toTime: '14:00' })
      await expectJson(await request('POST', `/api/events/${released.id}/release`), 200)
      const [offer] = await offersOn(rinkC)
      expect([offer!.startTime.toISOString(), offer!.endTime.toISOString()]).toEqual([`${date}T10:00:00.000Z`, `${date}T13:00:00.000Z`])
      const path = `/api/portal/offers/${offer!.id}`
      expect((await expectJson<{ offer: WaitlistOffer }>(await request('GET', path, undefined, waiter), 200)).offer.makesRequest).toBe(true)
      const claimed = await expectJson<{ eventId: null; requestId: string }>(
        await request('POST', `${path}/claim`, { clientId: jets }, waiter),
        201,
      )
      expect(claimed.eventId).toBeNull()
      const [pending] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, claimed.requestId))
      expect(pending).toMatchObject({ status: 'pending', clientId: jets, roomId: rinkC, requestedBy: waiter.id, title: 'Jets' })
      const [hold] = await t.db.select().from(schedules).where(eq(schedules.id, pending!.holdId!))
      expect(hold).toMatchObject({ kind: 'hold', clientId: jets })
      expect((await expectJson<{ offer: WaitlistOffer }>(await request('GET', path, undefined, waiter), 200)).offer.status).toBe('yours')
      const [row] = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id))
      expect(row).toMatchObject({ claimedEventId: null, claimedRequestId: claimed.requestId })
    })

    it('offers the time a request lets go of when it is declined, withdrawn or expires', async () => {
      const date = '2031-07-12'
      const rinkD = (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facilityId}/rooms`, { name: 'Rink D', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
          201,
        )
      ).room.id
      await t.db.update(rooms).set({ acceptsRequests: true }).where(eq(rooms.id, rinkD))
      const waiter = await t.addRenter(organisationId, sharks)
      await joined(waiter, { clientId: sharks, roomId: rinkD, date, fromTime: '06:00', toTime: '23:00' })
      const requested = async (startTime: string) =>
        (
          await expectJson<{ request: { id: string } }>(
            await request(
              'POST',
              '/api/portal/requests',
              { clientId: jets, roomId: rinkD, date, startTime, durationMinutes: 60, title: 'Jets practice' },
              jetsRenter,
            ),
            201,
          )
        ).request.id
      const declined = await requested('08:00')
      const withdrawn = await requested('10:00')
      const expiring = await requested('12:00')
      expect(await offersOn(rinkD)).toEqual([])

      await expectJson(await request('POST', `/api/requests/${declined}/decline`, { reason: 'Resurfacing' }), 200)
      await expectJson(await request('POST', `/api/portal/requests/${withdrawn}/withdraw`, undefined, jetsRenter), 200)
      expect(await sweepExpiredRequests(t.db, { clockNow: new Date(Date.now() + 25 * HOUR), origin: 'http://localhost:3000' })).toContain(
        expiring,
      )
      const offers = await offersOn(rinkD)
      expect(offers.map((offer) => offer.startTime.toISOString()).sort()).toEqual([
        `${date}T08:00:00.000Z`,
        `${date}T10:00:00.000Z`,
        `${date}T12:00:00.000Z`,
      ])
      expect((await offerMailsTo(offers.map((offer) => offer.id))).map((mail) => mail.to)).toEqual([
        waiter.email,
        waiter.email,
        waiter.email,
      ])
    })

    it('refuses every claim once an operator has booked over the offered time, and leaves the offer unclaimed', async () => {
      const date = '2031-06-28'
      const released = await book(rinkA, owls, date, '07:00', 60)
      const waiter = await t.addRenter(organisationId, jets)
      await joined(waiter, { clientId: jets, roomId: rinkA, date, fromTime: '07:00', toTime: '08:00' })
      await expectJson(await request('POST', `/api/events/${released.id}/release`), 200)
      const [offer] = (await offersOn(rinkA)).filter((row) => row.startTime.toISOString() === `${date}T07:00:00.000Z`)
      await book(rinkA, sharks, date, '07:30', 60)
      const path = `/api/portal/offers/${offer!.id}`
      expect((await expectJson<{ offer: WaitlistOffer }>(await request('GET', path, undefined, waiter), 200)).offer.status).toBe('taken')
      const refused = await request('POST', `${path}/claim`, { clientId: jets }, waiter)
      expect(refused.status).toBe(409)
      expect((await errorOf(refused)).message).toBe('This slot was just taken')
      const [row] = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id))
      expect(row).toMatchObject({ claimedAt: null, claimedEventId: null })
      const jetsThere = await t.db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(eq(schedules.roomId, rinkA), eq(schedules.clientId, jets), eq(schedules.localDate, date)))
      expect(jetsThere).toEqual([])
    })

    it('lists released time in marketing and its selloff email as soon as it is released', async () => {
      const soon = fromNow(2)
      const event = await book(rinkB, owls, soon.date, soon.startTime, 60)
      const availability = async () =>
        expectJson<z.infer<typeof availabilityResponse>>(
          await request('GET', `/api/marketing/availability?facilityId=${facilityId}&hoursAhead=6`),
          200,
        )
      const slotAt = (answer: z.infer<typeof availabilityResponse>) =>
        answer.rooms.find((room) => room.id === rinkB)!.slots.find((slot) => new Date(slot.start).getTime() === soon.at.getTime())!
      // The selloff email as the Marketing page builds it: Rink B's free blocks, one bullet each.
      const blocksOfRinkB = (answer: z.infer<typeof availabilityResponse>) => {
        const { body } = buildSelloffEmail({
          facilityName: answer.facility.name,
          timeZone: answer.facility.timeZone,
          now: new Date(answer.window.start),
          rooms: answer.rooms.map((room) => ({
            ...room,
            slots: room.slots.map((slot) => ({ ...slot, start: new Date(slot.start), end: new Date(slot.end) })),
          })),
        })
        const section = body.split('\n\n').find((part) => part.startsWith('Rink B (Rink)'))!
        return section.split('\n').slice(1)
      }
      const before = await availability()
      expect(slotAt(before).isAvailable).toBe(false)
      expect(blocksOfRinkB(before)).toHaveLength(2)
      await expectJson(await request('POST', `/api/events/${event.id}/release`), 200)
      const after = await availability()
      expect(slotAt(after).isAvailable).toBe(true)
      // The released hour joins the time around it: one block from now to the window's end.
      expect(blocksOfRinkB(after)).toHaveLength(1)
    })
  })
})
