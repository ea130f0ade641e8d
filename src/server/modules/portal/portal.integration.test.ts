import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import type { PortalBooking, PortalContract } from '@shared/portal/responses'
import {
  activityEntries,
  clientRenters,
  invoiceLines,
  invoices,
  outboxMessages,
  portalInvitations,
  schedules,
  users,
} from '../../db/schema'
import { operatorResources } from '../../test/owner-data'
import { useTestApp } from '../../test/setup'
import { sessionCookieFrom, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

// Renter accounts and the portal's reads (docs/product.md#renters, ADR 0063): the invitation from
// 'Invite Contact' to a renter's account made without approval, the ways a link is used up or
// gone, removal at once, and every read narrowed to the clients the renter speaks for.

type ErrorBody = { error: { code: string; message: string } }
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error
const PASSWORD = 'correct horse battery'
const DAY_MS = 24 * 60 * 60 * 1000

describe.each(testDatabaseKinds())('renter accounts and the portal on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, other],
  } = useTestApp(kind, { operators: 2 })

  let organisationId: string
  let rinkId: string
  let changeRoomId: string
  // Two clients of the owner's organisation: X, whose data the tests look at, and Y.
  let clientX: string
  let clientY: string
  const X_NAME = 'Northside Hockey Association'
  const Y_NAME = 'Figure Skating Club of Y'
  let upcomingId: string
  let pastId: string
  let contractId: string
  let issuedInvoiceId: string
  let draftInvoiceId: string

  const post = (cookie: string | undefined, path: string, body?: unknown) => t.request(path, { method: 'POST', cookie, body })
  const get = (cookie: string | undefined, path: string) => t.request(path, { cookie })
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }

  async function invite(clientId: string, email: string, cookie = owner.cookie) {
    const created = await json<{ invitation: { id: string }; url: string }>(
      await post(cookie, `/api/clients/${clientId}/portal-invitations`, { email }),
      201,
    )
    return { id: created.invitation.id, url: created.url, token: new URL(created.url).searchParams.get('portalInvitation')! }
  }

  const signUpWith = (token: string, email: string, fullName = 'Rita Renter', headers: Record<string, string> = {}) =>
    t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName, email, password: PASSWORD, portalInvitation: token },
      headers,
    })

  /** A new renter of the client, through the whole invitation flow. */
  async function renterOf(clientId: string, name = 'Rita Renter'): Promise<TestUser> {
    const email = `renter-${crypto.randomUUID()}@example.com`
    const { token } = await invite(clientId, email)
    const created = await json<{ user: { id: string } }>(await signUpWith(token, email, name), 201)
    return { id: created.user.id, email, cookie: await t.signIn(email, PASSWORD) }
  }

  const renterEntries = () =>
    t.db
      .select({
        action: activityEntries.action,
        actorId: activityEntries.actorId,
        entityId: activityEntries.entityId,
        label: activityEntries.label,
      })
      .from(activityEntries)
      .where(and(eq(activityEntries.organisationId, organisationId), eq(activityEntries.entity, 'renter')))

  beforeAll(async () => {
    organisationId = await t.organisationOf(owner)
    await t.organisationOf(other)
    const make = operatorResources(t, owner, 'Portal')
    const facilityId = await make.facility('America/Toronto')
    rinkId = await make.room(facilityId)
    changeRoomId = await make.room(facilityId, 'change_room')
    const client = async (name: string) =>
      (await json<{ client: { id: string } }>(await post(owner.cookie, '/api/clients', { name, notes: `${name} private notes` }), 201))
        .client.id
    clientX = await client(X_NAME)
    clientY = await client(Y_NAME)
    contractId = await make.contract(clientX)
    await make.usage(contractId)
    upcomingId = await make.event(rinkId, clientX, { date: '2033-03-01', changeRoomId })
    pastId = await make.event(rinkId, clientX, { date: '2024-02-01' })
    // Y's own booking, which X's renter must never see.
    await make.event(rinkId, clientY, { date: '2033-03-02' })

    // An issued invoice of X's, paid in part, and a draft that stays the venue's own.
    const invoiceOfX = async () => {
      const [invoice] = await t.db
        .insert(invoices)
        .values({ organisationId, clientId: clientX, periodStart: '2026-01-01', periodEnd: '2026-01-31', timeZone: 'UTC', currency: 'CAD' })
        .returning({ id: invoices.id })
      await t.db
        .insert(invoiceLines)
        .values({ organisationId, invoiceId: invoice!.id, position: 0, kind: 'custom', description: 'Ice time', amountMinor: 10_000 })
      await t.db.update(invoices).set({ subtotalMinor: 10_000, totalMinor: 10_000 }).where(eq(invoices.id, invoice!.id))
      return invoice!.id
    }
    issuedInvoiceId = await invoiceOfX()
    await json(await post(owner.cookie, `/api/invoices/${issuedInvoiceId}/issue`))
    await json(
      await post(owner.cookie, '/api/payments', {
        clientId: clientX,
        amountMinor: 4_000,
        receivedOn: '2026-02-03',
        method: 'cheque',
        invoiceIds: [issuedInvoiceId],
      }),
      201,
    )
    draftInvoiceId = await invoiceOfX()
  }, 120_000)

  it('invites a contact by email, who signs up with the link as a renter with no approval', async () => {
    const email = `Coach-${Date.now()}@Example.com`
    const lower = email.toLowerCase()
    const { token, url, id } = await invite(clientX, email)
    expect(url).toMatch(/^http:\/\/localhost:3000\/auth\?portalInvitation=[A-Za-z0-9_-]{43}$/)

    // The link is e-mailed to the contact, and listed on the client page.
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.businessKey, `portal_invitation:${id}`))
    expect(mail).toMatchObject({ kind: 'portal_invitation', recipient: lower, organisationId })
    expect(mail!.textBody).toContain(url)
    expect(mail!.textBody).toContain(X_NAME)
    const access = await json<{ invitations: { id: string; email: string }[]; renters: unknown[] }>(
      await get(owner.cookie, `/api/clients/${clientX}/portal-access`),
    )
    expect(access.invitations.map((invitation) => invitation.email)).toContain(lower)

    // The link's preview names the venue and the client, never more.
    expect(await json(await get(undefined, `/api/portal-invitations/${token}`))).toEqual({
      organisationName: expect.any(String),
      clientName: X_NAME,
      email: lower,
      accountExists: false,
    })

    // Another email cannot take it.
    const wrong = await signUpWith(token, `someone-else-${Date.now()}@example.com`)
    expect(wrong.status).toBe(403)
    expect((await errorOf(wrong)).message).toBe(PORTAL_MESSAGES.wrongEmail)

    const signedUp = await json<{ user: { id: string; approved: boolean } }>(await signUpWith(token, email, 'Casey Coach'), 201)
    expect(signedUp.user.approved).toBe(false)
    const [row] = await t.db
      .select({ approved: users.approved, portalOnly: users.portalOnly })
      .from(users)
      .where(eq(users.id, signedUp.user.id))
    expect(row).toEqual({ approved: false, portalOnly: true })

    // It signs in as any account does, with no administrator's approval, and speaks for X.
    const cookie = await t.signIn(email, PASSWORD)
    const me = await json<{ user: { organisation: unknown; renterOf: unknown[] } }>(await get(cookie, '/api/me'))
    expect(me.user.organisation).toBeNull()
    expect(me.user.renterOf).toEqual([{ clientId: clientX, clientName: X_NAME, organisationId, organisationName: expect.any(String) }])
    // It is not the administrator's to approve: not listed, and not approvable.
    const listed = await json<{ users: { email: string }[] }>(await get(admin.cookie, '/api/admin/users'))
    expect(listed.users.map((user) => user.email)).not.toContain(lower)
    expect((await post(admin.cookie, `/api/admin/users/${signedUp.user.id}/approve`)).status).toBe(404)
    // Staff routes refuse it as they refuse a pending account.
    const staff = await get(cookie, `/api/clients/${clientX}`)
    expect(staff.status).toBe(403)
    expect((await errorOf(staff)).code).toBe('NOT_APPROVED')

    // Used once: the link is gone for everybody.
    for (const answer of [
      await get(undefined, `/api/portal-invitations/${token}`),
      await signUpWith(token, email),
      await post(cookie, `/api/portal-invitations/${token}/accept`),
    ]) {
      expect(answer.status).toBe(410)
      expect((await errorOf(answer)).message).toBe(PORTAL_MESSAGES.invitationGone)
    }
    const after = await json<{ invitations: { id: string }[]; renters: { userId: string; email: string; name: string }[] }>(
      await get(owner.cookie, `/api/clients/${clientX}/portal-access`),
    )
    expect(after.invitations.map((invitation) => invitation.id)).not.toContain(id)
    expect(after.renters).toContainEqual(expect.objectContaining({ userId: signedUp.user.id, email: lower, name: 'Casey Coach' }))

    // The trail: the Owner invited, the renter joined by itself.
    const entries = await renterEntries()
    expect(entries).toContainEqual({ action: 'created', actorId: owner.id, entityId: id, label: lower })
    expect(entries).toContainEqual({ action: 'created', actorId: signedUp.user.id, entityId: signedUp.user.id, label: 'Casey Coach' })
  })

  it('lets an existing account take the link: a pending one by signing in with it, a signed-in one by accepting', async () => {
    // An account that signed up by itself and waits for approval.
    const pending = await t.signUp({ fullName: 'Pat Pending' })
    const { token } = await invite(clientX, pending.email)
    expect(await json(await get(undefined, `/api/portal-invitations/${token}`))).toMatchObject({ accountExists: true })
    const plain = await t.request('/api/auth/sign-in/email', { method: 'POST', body: { email: pending.email, password: pending.password } })
    expect(plain.status).toBe(403)
    // A wrong password with the link gets nothing, and uses nothing up.
    const guessed = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: pending.email, password: 'not the password', portalInvitation: token },
    })
    expect(guessed.status).toBe(401)
    const signedIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: pending.email, password: pending.password, portalInvitation: token },
    })
    expect(signedIn.status).toBe(200)
    const me = await json<{ user: { approved: boolean; renterOf: { clientId: string }[] } }>(
      await get(sessionCookieFrom(signedIn), '/api/me'),
    )
    expect(me.user.approved).toBe(false)
    expect(me.user.renterOf.map((client) => client.clientId)).toEqual([clientX])
    // It signed up as an operator: that request still waits for the administrator.
    const listed = await json<{ users: { id: string }[] }>(await get(admin.cookie, '/api/admin/users'))
    expect(listed.users.map((user) => user.id)).toContain(pending.id)

    // An operator of another organisation may speak for a client too, by accepting signed in.
    const { token: forOther } = await invite(clientY, other.email)
    const stranger = await t.createOperator(admin)
    const wrong = await post(stranger.cookie, `/api/portal-invitations/${forOther}/accept`)
    expect(wrong.status).toBe(403)
    expect((await errorOf(wrong)).message).toBe(PORTAL_MESSAGES.wrongEmail)
    expect((await post(undefined, `/api/portal-invitations/${forOther}/accept`)).status).toBe(401)
    expect(await json(await post(other.cookie, `/api/portal-invitations/${forOther}/accept`))).toEqual({ clientId: clientY })
    const clients = await json<{ clients: { id: string; name: string }[] }>(await get(other.cookie, '/api/portal/clients'))
    expect(clients.clients).toEqual([{ id: clientY, name: Y_NAME, organisationId, organisationName: expect.any(String) }])
    // And stays the operator it was.
    expect((await get(other.cookie, '/api/facilities')).status).toBe(200)
    // An account that already speaks for the client is not invited again.
    const again = await post(owner.cookie, `/api/clients/${clientY}/portal-invitations`, { email: other.email })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(PORTAL_MESSAGES.alreadyRenter)
  })

  it('answers a withdrawn or expired link 410, and another organisation 404', async () => {
    const withdrawnEmail = `withdrawn-${Date.now()}@example.com`
    const withdrawn = await invite(clientX, withdrawnEmail)
    expect(
      (await t.request(`/api/clients/${clientX}/portal-invitations/${withdrawn.id}`, { method: 'DELETE', cookie: other.cookie })).status,
    ).toBe(404)
    expect(
      (await t.request(`/api/clients/${clientY}/portal-invitations/${withdrawn.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(404)
    expect(
      (await t.request(`/api/clients/${clientX}/portal-invitations/${withdrawn.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(204)
    expect(
      (await t.request(`/api/clients/${clientX}/portal-invitations/${withdrawn.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(404)
    const expired = await invite(clientX, `expired-${Date.now()}@example.com`)
    await t.db
      .update(portalInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalInvitations.id, expired.id))

    for (const { token } of [withdrawn, expired]) {
      for (const answer of [await get(undefined, `/api/portal-invitations/${token}`), await signUpWith(token, 'x@example.com')]) {
        expect(answer.status).toBe(410)
        expect((await errorOf(answer)).message).toBe(PORTAL_MESSAGES.invitationGone)
      }
    }
    // A malformed link is the same 410.
    expect((await get(undefined, '/api/portal-invitations/not-a-token')).status).toBe(410)
    const withdrawals = await renterEntries()
    expect(withdrawals).toContainEqual({ action: 'withdrawn', actorId: owner.id, entityId: withdrawn.id, label: withdrawnEmail })

    // Another organisation's client is a 404 on every operator route, as a missing one.
    expect((await get(other.cookie, `/api/clients/${clientX}/portal-access`)).status).toBe(404)
    expect((await post(other.cookie, `/api/clients/${clientX}/portal-invitations`, { email: 'x@example.com' })).status).toBe(404)
  })

  it('takes a removed contact off the client at once', async () => {
    const renter = await renterOf(clientX, 'Removed Renter')
    expect((await get(renter.cookie, `/api/portal/bookings?clientId=${clientX}`)).status).toBe(200)
    expect((await t.request(`/api/clients/${clientX}/renters/${renter.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404)
    expect((await t.request(`/api/clients/${clientX}/renters/${renter.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    // The same session's next request: no client left, so no portal.
    const after = await get(renter.cookie, `/api/portal/bookings?clientId=${clientX}`)
    expect(after.status).toBe(403)
    expect((await errorOf(after)).message).toBe(PORTAL_MESSAGES.noAccess)
    expect((await json<{ user: { renterOf: unknown[] } }>(await get(renter.cookie, '/api/me'))).user.renterOf).toEqual([])
    expect((await t.request(`/api/clients/${clientX}/renters/${renter.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404)
    expect(await renterEntries()).toContainEqual({ action: 'deleted', actorId: owner.id, entityId: renter.id, label: 'Removed Renter' })

    // A renter of two clients keeps the other one.
    const both = await renterOf(clientX, 'Both Clients')
    await t.addRenter(organisationId, clientY, both)
    expect((await t.request(`/api/clients/${clientX}/renters/${both.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    expect((await get(both.cookie, `/api/portal/bookings?clientId=${clientX}`)).status).toBe(404)
    expect((await get(both.cookie, `/api/portal/bookings?clientId=${clientY}`)).status).toBe(200)
  })

  it("reads a client's bookings, hours, invoices and feed, and nothing of another client", async () => {
    const renterX = await renterOf(clientX)
    const renterY = await renterOf(clientY)

    // 'My Bookings': bookings only (a request's hold is not one yet), with what the renter needs.
    const hold = await t.db
      .insert(schedules)
      .values({
        organisationId,
        roomId: rinkId,
        clientId: clientX,
        title: 'Held for a request',
        startTime: new Date('2033-03-05T15:00:00Z'),
        endTime: new Date('2033-03-05T16:00:00Z'),
        kind: 'hold',
      })
      .returning({ id: schedules.id })
    const upcoming = await json<{ bookings: PortalBooking[]; nextCursor: string | null }>(
      await get(renterX.cookie, `/api/portal/bookings?clientId=${clientX}`),
    )
    expect(upcoming.bookings.map((booking) => booking.id)).toEqual([upcomingId])
    expect(upcoming.bookings.map((booking) => booking.id)).not.toContain(hold[0]!.id)
    const [booking] = upcoming.bookings
    expect(booking).toMatchObject({
      clientId: clientX,
      facilityName: 'Portal Arena',
      spaceName: 'Portal rink',
      timeZone: 'America/Toronto',
    })
    expect(booking!.changeRooms).toEqual(['Portal change_room'])
    expect(booking!.releasableUntil).toBe(new Date(Date.parse(booking!.startTime) - 48 * 60 * 60 * 1000).toISOString())
    const past = await json<{ bookings: PortalBooking[] }>(await get(renterX.cookie, `/api/portal/bookings?clientId=${clientX}&when=past`))
    expect(past.bookings.map((row) => row.id)).toEqual([pastId])
    expect(past.bookings[0]!.releasableUntil).toBeNull()

    // Y's renter: X's bookings are a 404, and its own list never holds X's.
    expect((await get(renterY.cookie, `/api/portal/bookings?clientId=${clientX}`)).status).toBe(404)
    const ofY = await get(renterY.cookie, `/api/portal/bookings?clientId=${clientY}`)
    const ofYText = await ofY.text()
    expect(ofY.status).toBe(200)
    expect(ofYText).not.toContain(upcomingId)
    expect(ofYText).not.toContain(X_NAME)

    // 'My Hours': the active contract, used of total, with its ledger.
    const hours = await json<{ contracts: PortalContract[] }>(await get(renterX.cookie, `/api/portal/contracts?clientId=${clientX}`))
    expect(hours.contracts).toHaveLength(1)
    const [contract] = hours.contracts
    expect(contract).toMatchObject({
      id: contractId,
      totalHours: '5000.00',
      hoursUsed: '3.50',
      hoursBooked: '1.00',
      hoursRemaining: '4996.50',
    })
    expect(contract!.ledger.map((line) => [line.kind, line.hours]).sort()).toEqual([
      ['booked', '1.00'],
      ['logged', '1.00'],
      ['manual', '1.50'],
    ])
    expect(JSON.stringify(hours)).not.toContain('private notes')
    expect((await get(renterY.cookie, `/api/portal/contracts?clientId=${clientX}`)).status).toBe(404)
    expect(await json(await get(renterY.cookie, `/api/portal/contracts?clientId=${clientY}`))).toEqual({ contracts: [] })

    // 'My Invoices': issued ones with status and balance, never a draft; each with its payments.
    const billing = await json<{ invoices: { id: string; status: string; balanceMinor: number }[] }>(
      await get(renterX.cookie, `/api/portal/invoices?clientId=${clientX}`),
    )
    expect(billing.invoices.map((invoice) => [invoice.id, invoice.status, invoice.balanceMinor])).toEqual([
      [issuedInvoiceId, 'partly_paid', 6_000],
    ])
    const detail = await json<{ invoice: { payments: { amountMinor: number }[]; totalMinor: number } }>(
      await get(renterX.cookie, `/api/portal/invoices/${issuedInvoiceId}`),
    )
    expect(detail.invoice.totalMinor).toBe(10_000)
    expect(detail.invoice.payments.map((payment) => payment.amountMinor)).toEqual([4_000])
    expect((await get(renterX.cookie, `/api/portal/invoices/${draftInvoiceId}`)).status).toBe(404)
    expect((await get(renterY.cookie, `/api/portal/invoices/${issuedInvoiceId}`)).status).toBe(404)
    expect((await get(renterY.cookie, `/api/portal/invoices?clientId=${clientX}`)).status).toBe(404)
    expect((await get(renterX.cookie, `/api/portal/invoices/${crypto.randomUUID()}`)).status).toBe(404)

    // The client's feed: made on first asking, the same address after.
    const feed = await json<{ url: string }>(await get(renterX.cookie, `/api/portal/clients/${clientX}/feed`))
    expect(feed.url).toMatch(/\/feeds\/[A-Za-z0-9_-]+\.ics$/)
    expect(await json(await get(renterX.cookie, `/api/portal/clients/${clientX}/feed`))).toEqual(feed)
    expect((await get(renterY.cookie, `/api/portal/clients/${clientX}/feed`)).status).toBe(404)

    // Members have no portal; the portal has no staff routes.
    expect((await get(owner.cookie, '/api/portal/clients')).status).toBe(403)
    expect((await get(undefined, '/api/portal/clients')).status).toBe(401)
  })

  it("pages a client's bookings by cursor, in order, each once", async () => {
    const renter = await renterOf(clientY)
    // 120 daily bookings of Y's, in a season of their own.
    const response = await post(owner.cookie, '/api/events', {
      roomId: rinkId,
      clientId: clientY,
      title: 'Season practice',
      date: '2034-01-01',
      startTime: '07:00',
      durationMinutes: 60,
      recurrence: { frequency: 'daily', endDate: '2034-04-30' },
    })
    expect(response.status).toBe(201)
    for (const when of ['upcoming', 'past'] as const) {
      const seen: PortalBooking[] = []
      let cursor: string | null = null
      const now = Date.now()
      do {
        const query: string = `/api/portal/bookings?clientId=${clientY}&when=${when}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
        const page: { bookings: PortalBooking[]; nextCursor: string | null } = await json(await get(renter.cookie, query))
        expect(page.bookings.length).toBeLessThanOrEqual(50)
        seen.push(...page.bookings)
        cursor = page.nextCursor
      } while (cursor)
      const starts = seen.map((booking) => Date.parse(booking.startTime))
      expect(new Set(seen.map((booking) => booking.id)).size).toBe(seen.length)
      expect(starts).toEqual([...starts].sort((a, b) => (when === 'upcoming' ? a - b : b - a)))
      if (when === 'upcoming') {
        expect(seen.length).toBe(121)
        expect(seen.every((booking) => Date.parse(booking.endTime) > now - DAY_MS)).toBe(true)
      } else expect(seen).toEqual([])
    }
    expect((await get(renter.cookie, `/api/portal/bookings?clientId=${clientY}&cursor=garbage`)).status).toBe(422)
    expect((await get(renter.cookie, `/api/portal/bookings?clientId=${clientY}&when=soon`)).status).toBe(422)
  })

  it('makes one account of 100 racing sign-ups of one email, with the link or without', async () => {
    const email = `raced-${Date.now()}@example.com`
    const { token } = await invite(clientX, email)
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        t.request('/api/auth/sign-up/email', {
          method: 'POST',
          body: { fullName: `Racer ${index}`, email, password: PASSWORD, ...(index % 2 === 0 ? { portalInvitation: token } : {}) },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.every((status) => status === 201 || status === 409 || status === 410)).toBe(true)
    for (const answer of answers.filter((response) => response.status === 409)) {
      expect((await errorOf(answer)).message).toBe(AUTH_MESSAGES.emailTaken)
    }
    const accounts = await t.db.select({ id: users.id, portalOnly: users.portalOnly }).from(users).where(eq(users.email, email))
    expect(accounts).toHaveLength(1)
    const [access] = await t.db.select({ n: count() }).from(clientRenters).where(eq(clientRenters.userId, accounts[0]!.id))
    // Whichever sign-up won: the link's made a renter with its access, a plain one a pending account.
    expect(access!.n).toBe(accounts[0]!.portalOnly ? 1 : 0)
    const [used] = await t.db
      .select({ acceptedBy: portalInvitations.acceptedBy })
      .from(portalInvitations)
      .where(eq(portalInvitations.email, email))
    expect(used!.acceptedBy).toBe(accounts[0]!.portalOnly ? accounts[0]!.id : null)
  }, 120_000)

  it('uses a link up once of 100 racing acceptances by its account', async () => {
    const operator = await t.createOperator(admin)
    const { token } = await invite(clientX, operator.email)
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(operator.cookie, `/api/portal-invitations/${token}/accept`)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 410)).toHaveLength(99)
    const [access] = await t.db.select({ n: count() }).from(clientRenters).where(eq(clientRenters.userId, operator.id))
    expect(access!.n).toBe(1)
    const joined = (await renterEntries()).filter((entry) => entry.actorId === operator.id)
    expect(joined).toHaveLength(1)
  }, 120_000)
})
