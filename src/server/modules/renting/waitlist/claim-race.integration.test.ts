import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import { clients, outboxMessages, schedules, waitlistOffers } from '../../../db/schema'
import { expectJson } from '../../../test/responses'
import { useTestApp } from '../../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../../test/test-app'
import { testDatabaseKinds } from '../../../test/test-database'

const RACERS = 100

// A released slot offered to many goes to exactly one of them (docs/product.md#renters, ADR 0065):
// a hundred renters, each speaking for a client of their own, claim the one offer at once.
describe.each(testDatabaseKinds())('a hundred claims of one offer on %s', (kind) => {
  const {
    t,
    operators: [operator],
  } = useTestApp(kind, { operators: 1 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  it('books it for exactly one; the other 99 are told it was just taken', async () => {
    const organisationId = await t.organisationOf(operator)
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Race Arena', timeZone: 'America/Toronto' }),
      201,
    )
    const { room } = await expectJson<{ room: { id: string } }>(
      await request('POST', `/api/facilities/${facility.id}/rooms`, { name: 'Rink A', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
      201,
    )
    const { client: owls } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Owls' }), 201)
    const date = '2031-09-13'
    const { events } = await expectJson<{ events: { id: string }[] }>(
      await request('POST', '/api/events', {
        roomId: room.id,
        clientId: owls.id,
        title: 'Owls',
        date,
        startTime: '19:00',
        durationMinutes: 60,
      }),
      201,
    )

    const teams = await t.db
      .insert(clients)
      .values(Array.from({ length: RACERS }, (_, index) => ({ organisationId, name: `Team ${index + 1}` })))
      .returning({ id: clients.id })
    const renters: { user: TestUser; clientId: string }[] = []
    for (const { id } of teams) renters.push({ user: await t.addRenter(organisationId, id), clientId: id })
    for (const { user, clientId } of renters) {
      await expectJson(
        await request('POST', '/api/portal/waitlist', { clientId, roomId: room.id, date, fromTime: '18:00', toTime: '22:00' }, user),
        201,
      )
    }

    const released = await expectJson<{ offered: number }>(await request('POST', `/api/events/${events[0]!.id}/release`), 200)
    expect(released.offered).toBe(RACERS)
    const [offer, ...others] = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.roomId, room.id))
    expect(others).toEqual([])
    const mails = await t.db
      .select({ key: outboxMessages.businessKey })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'waitlist_offer'))
    expect(mails.filter((mail) => mail.key.startsWith(`waitlist_offer:${offer!.id}:`))).toHaveLength(RACERS)

    const answers = await Promise.all(
      renters.map(async ({ user, clientId }) => {
        const response = await request('POST', `/api/portal/offers/${offer!.id}/claim`, { clientId }, user)
        return { status: response.status, body: (await response.json()) as { eventId?: string; error?: { message: string } }, clientId }
      }),
    )
    const winners = answers.filter((answer) => answer.status === 201)
    const losers = answers.filter((answer) => answer.status !== 201)
    expect(winners).toHaveLength(1)
    expect(losers).toHaveLength(RACERS - 1)
    for (const loser of losers) expect(loser).toMatchObject({ status: 409, body: { error: { message: WAITLIST_MESSAGES.slotTaken } } })

    const [winner] = winners
    const booked = await t.db
      .select({ id: schedules.id, clientId: schedules.clientId, kind: schedules.kind })
      .from(schedules)
      .where(and(eq(schedules.organisationId, organisationId), eq(schedules.roomId, room.id)))
    expect(booked).toEqual([{ id: winner!.body.eventId, clientId: winner!.clientId, kind: 'booking' }])
    const [claimed] = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id))
    expect(claimed).toMatchObject({ claimedClientId: winner!.clientId, claimedEventId: winner!.body.eventId })
  }, 600_000)
})
