import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TEAM_MESSAGES } from '@shared/team/messages'
import type { Role } from '@shared/team/roles'
import { facilities, invitations, memberships, organisations, users } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type Me = { user: { organisation: { id: string; name: string; role: Role } | null } }
type ErrorBody = { error: { code: string; message: string } }

const PASSWORD = 'correct horse battery'

describe.each(testDatabaseKinds())('teams on %s', (kind) => {
  const { t, admin } = useTestApp(kind)

  const me = async (user: TestUser) => ((await (await t.request('/api/me', { cookie: user.cookie })).json()) as Me).user.organisation!
  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error
  const post = (user: TestUser, path: string, body?: unknown) => t.request(path, { method: 'POST', cookie: user.cookie, body })

  async function invite(owner: TestUser, email: string, role: Role = 'scheduler'): Promise<string> {
    const response = await post(owner, '/api/team/invitations', { email, role })
    expect(response.status).toBe(201)
    return ((await response.json()) as { link: string }).link.split('/invite/')[1]!
  }

  async function join(owner: TestUser, member: TestUser, role: Role) {
    const response = await post(member, `/api/invitations/${await invite(owner, member.email, role)}/accept`)
    expect(response.status).toBe(200)
  }

  async function facilityOf(user: TestUser, name = 'North Arena') {
    const response = await post(user, '/api/facilities', { name, timeZone: 'America/Toronto' })
    expect(response.status).toBe(201)
    const facilityId = ((await response.json()) as { facility: { id: string } }).facility.id
    const room = await post(user, `/api/facilities/${facilityId}/rooms`, { name: 'Rink 1', type: 'rink' })
    const client = await post(user, '/api/clients', { name: 'Hawks' })
    return {
      facilityId,
      roomId: ((await room.json()) as { room: { id: string } }).room.id,
      clientId: ((await client.json()) as { client: { id: string } }).client.id,
    }
  }

  const booking = ({ roomId, clientId }: { roomId: string; clientId: string }, date: string) => ({
    roomId,
    clientId,
    date,
    startTime: '10:00',
    durationMinutes: 60,
    title: 'U11 Practice',
  })

  it('gives a new operator an organisation named after them, which the Owner can rename', async () => {
    const signedUp = await t.signUp({ fullName: 'Olivia Operator' })
    await t.request(`/api/admin/users/${signedUp.id}/approve`, { method: 'POST', cookie: admin.cookie })
    const operator = { ...signedUp, cookie: await t.signIn(signedUp.email, signedUp.password) }
    expect(await me(operator)).toMatchObject({ name: "Olivia Operator's organisation", role: 'owner' })

    const blank = await t.request('/api/organisation', { method: 'PATCH', cookie: operator.cookie, body: { name: '  ' } })
    expect(blank.status).toBe(422)
    const renamed = await t.request('/api/organisation', { method: 'PATCH', cookie: operator.cookie, body: { name: 'Northside Arenas' } })
    expect(renamed.status).toBe(200)
    expect(await me(operator)).toMatchObject({ name: 'Northside Arenas', role: 'owner' })
  })

  it('creates one organisation however many first requests arrive at once', async () => {
    const operator = await t.createOperator(admin)
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.request('/api/facilities', { cookie: operator.cookie })))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    const [row] = await t.db.select({ n: count() }).from(memberships).where(eq(memberships.userId, operator.id))
    expect(row!.n).toBe(1)
  })

  it('lets an invited Scheduler book but not build, and a Front Desk only read', async () => {
    const owner = await t.createOperator(admin)
    const scheduler = await t.createOperator(admin)
    const frontDesk = await t.createOperator(admin)
    const place = await facilityOf(owner)

    const token = await invite(owner, scheduler.email)
    const preview = await t.request(`/api/invitations/${token}`)
    expect(await preview.json()).toEqual({
      organisationName: (await me(owner)).name,
      email: scheduler.email.toLowerCase(),
      role: 'scheduler',
      accountExists: true,
    })
    const wrongAccount = await post(frontDesk, `/api/invitations/${token}/accept`)
    expect(wrongAccount.status).toBe(403)
    expect((await errorOf(wrongAccount)).message).toBe(TEAM_MESSAGES.wrongEmail)
    expect((await post(scheduler, `/api/invitations/${token}/accept`)).status).toBe(200)
    const used = await post(scheduler, `/api/invitations/${token}/accept`)
    expect(used.status).toBe(410)
    expect((await errorOf(used)).message).toBe('This invitation has expired or was already used')
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(410)

    expect(await me(scheduler)).toMatchObject({ id: (await me(owner)).id, role: 'scheduler' })
    expect((await post(scheduler, '/api/events', booking(place, '2031-03-03'))).status).toBe(201)
    const build = await post(scheduler, '/api/facilities', { name: 'Not Allowed' })
    expect(build.status).toBe(403)
    expect((await errorOf(build)).message).toBe(TEAM_MESSAGES.forbidden)

    await join(owner, frontDesk, 'front_desk')
    const events = await t.request('/api/events?from=2031-03-01T00:00:00Z&to=2031-03-10T00:00:00Z', { cookie: frontDesk.cookie })
    expect(events.status).toBe(200)
    expect(await events.text()).toContain('U11 Practice')
    const refused = await post(frontDesk, '/api/events', booking(place, '2031-03-04'))
    expect(refused.status).toBe(403)
    expect((await t.request('/api/contracts', { cookie: frontDesk.cookie })).status).toBe(403)
    expect((await t.request('/api/team/members', { cookie: frontDesk.cookie })).status).toBe(200)
    expect((await post(frontDesk, '/api/team/invitations', { email: 'x@example.com', role: 'owner' })).status).toBe(403)
  })

  it('creates an approved account from an invitation, which the admin still sees', async () => {
    const owner = await t.createOperator(admin)
    const email = `joiner-${Date.now()}@example.com`
    const token = await invite(owner, email, 'manager')
    expect(((await (await t.request(`/api/invitations/${token}`)).json()) as { accountExists: boolean }).accountExists).toBe(false)
    const short = await t.request(`/api/invitations/${token}/sign-up`, { method: 'POST', body: { fullName: 'Jo Joiner', password: '123' } })
    expect(short.status).toBe(422)
    const created = await t.request(`/api/invitations/${token}/sign-up`, {
      method: 'POST',
      body: { fullName: 'Jo Joiner', password: PASSWORD },
    })
    expect(created.status).toBe(201)
    const joiner = { id: '', email, cookie: await t.signIn(email, PASSWORD) }
    expect(await me(joiner)).toMatchObject({ id: (await me(owner)).id, role: 'manager' })
    const listed = await t.request('/api/admin/users', { cookie: admin.cookie })
    expect(await listed.text()).toContain(email)
    // The link is used up: a second account cannot come through it.
    const again = await t.request(`/api/invitations/${token}/sign-up`, {
      method: 'POST',
      body: { fullName: 'Second', password: PASSWORD },
    })
    expect(again.status).toBe(410)
  })

  it('lets an account still waiting for approval in through an invitation for its email, and no other', async () => {
    const owner = await t.createOperator(admin)
    const waiting = await t.signUp({ fullName: 'Pat Pending' })
    const stranger = await t.signUp({ fullName: 'Sly Stranger' })
    const token = await invite(owner, waiting.email, 'front_desk')
    const signIn = (email: string, password: string, invitationToken?: string) =>
      t.request('/api/auth/sign-in/email', { method: 'POST', body: { email, password, invitationToken } })

    // A wrong password, or the link for somebody else, leaves the account pending.
    expect((await signIn(waiting.email, 'not the password', token)).status).toBe(401)
    expect((await signIn(stranger.email, stranger.password, token)).status).toBe(403)
    expect((await signIn(waiting.email, waiting.password)).status).toBe(403)
    const [still] = await t.db.select({ approved: users.approved }).from(users).where(eq(users.id, waiting.id))
    expect(still!.approved).toBe(false)

    const signedIn = await signIn(waiting.email, waiting.password, token)
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!
    expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie })).status).toBe(200)
    expect(await me({ id: waiting.id, email: waiting.email, cookie })).toMatchObject({ id: (await me(owner)).id, role: 'front_desk' })
  })

  it('refuses an expired link and one with a forged secret', async () => {
    const owner = await t.createOperator(admin)
    const member = await t.createOperator(admin)
    const token = await invite(owner, member.email)
    const forged = `${token.slice(0, 32)}${'A'.repeat(32)}`
    expect((await post(member, `/api/invitations/${forged}/accept`)).status).toBe(410)
    expect((await post(member, `/api/invitations/not-a-token/accept`)).status).toBe(410)
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, member.email.toLowerCase()))
    expect((await post(member, `/api/invitations/${token}/accept`)).status).toBe(410)
    expect((await me(member)).id).not.toBe((await me(owner)).id)
  })

  it('takes the organisation away from a removed member’s open session at once', async () => {
    const owner = await t.createOperator(admin)
    const member = await t.createOperator(admin)
    const { facilityId } = await facilityOf(owner)
    await join(owner, member, 'manager')
    expect((await t.request(`/api/facilities/${facilityId}`, { cookie: member.cookie })).status).toBe(200)

    const removed = await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie })
    expect(removed.status).toBe(204)
    expect((await t.request(`/api/facilities/${facilityId}`, { cookie: member.cookie })).status).toBe(404)
    expect((await me(member)).id).not.toBe((await me(owner)).id)
  })

  it('always keeps an Owner, in the service and in the database', async () => {
    const owner = await t.createOperator(admin)
    const organisationId = (await me(owner)).id
    const demote = await t.request(`/api/team/members/${owner.id}`, { method: 'PATCH', cookie: owner.cookie, body: { role: 'manager' } })
    expect(demote.status).toBe(409)
    expect((await errorOf(demote)).message).toBe(TEAM_MESSAGES.lastOwner)
    expect((await t.request(`/api/team/members/${owner.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(409)
    expect((await post(owner, '/api/team/leave')).status).toBe(409)
    await expect(
      t.db
        .update(memberships)
        .set({ role: 'manager' })
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, owner.id))),
    ).rejects.toThrow()
    await expect(
      t.db.delete(memberships).where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, owner.id))),
    ).rejects.toThrow()
    expect(await me(owner)).toMatchObject({ id: organisationId, role: 'owner' })

    // With a second Owner, the first may step down.
    const second = await t.createOperator(admin)
    await join(owner, second, 'owner')
    expect(
      (await t.request(`/api/team/members/${owner.id}`, { method: 'PATCH', cookie: owner.cookie, body: { role: 'manager' } })).status,
    ).toBe(200)
  })

  it('keeps one Owner when two Owners demote each other at the same moment, 100 times', async () => {
    const first = await t.createOperator(admin)
    const second = await t.createOperator(admin)
    await join(first, second, 'owner')
    const organisationId = (await me(first)).id
    const setOwners = () => t.db.update(memberships).set({ role: 'owner' }).where(eq(memberships.organisationId, organisationId))
    for (let round = 0; round < 100; round += 1) {
      await setOwners()
      const answers = await Promise.all([
        t.request(`/api/team/members/${second.id}`, { method: 'PATCH', cookie: first.cookie, body: { role: 'scheduler' } }),
        t.request(`/api/team/members/${first.id}`, { method: 'PATCH', cookie: second.cookie, body: { role: 'scheduler' } }),
      ])
      const statuses = answers.map((answer) => answer.status).sort()
      // One wins; the loser is refused, or (its session no longer an Owner's) forbidden.
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const [owners] = await t.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')))
      expect(owners!.n).toBe(1)
    }
  })

  it('lets one of 100 parallel acceptances of a link win', async () => {
    const owner = await t.createOperator(admin)
    const member = await t.createOperator(admin)
    const token = await invite(owner, member.email)
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(member, `/api/invitations/${token}/accept`)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(99)
  })

  it('switches between organisations, remembers the choice at the next sign-in, and refuses others', async () => {
    const first = await t.createOperator(admin)
    const second = await t.createOperator(admin)
    const worker = await t.createOperator(admin)
    await facilityOf(first, 'First Arena')
    await facilityOf(second, 'Second Arena')
    await join(first, worker, 'scheduler')
    await join(second, worker, 'front_desk')
    const list = (await (await t.request('/api/organisations', { cookie: worker.cookie })).json()) as {
      organisations: Array<{ id: string; role: string }>
      currentId: string
    }
    expect(list.organisations.map((organisation) => organisation.id).sort()).toEqual([(await me(first)).id, (await me(second)).id].sort())
    expect(list.currentId).toBe((await me(second)).id)

    const names = async (cookie: string) =>
      ((await (await t.request('/api/facilities', { cookie })).json()) as { facilities: Array<{ name: string }> }).facilities.map(
        (f) => f.name,
      )
    expect(await names(worker.cookie)).toEqual(['Second Arena'])
    const switched = await post(worker, '/api/organisations/switch', { organisationId: (await me(first)).id })
    expect(switched.status).toBe(200)
    expect(await names(worker.cookie)).toEqual(['First Arena'])
    const [account] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, worker.id))
    const again = await t.signIn(account!.email, PASSWORD)
    expect(await names(again)).toEqual(['First Arena'])

    const stranger = await t.createOperator(admin)
    const refused = await post(worker, '/api/organisations/switch', { organisationId: (await me(stranger)).id })
    expect(refused.status).toBe(404)
  })

  it('deletes an organisation with everything it owns, and its Owner starts afresh', async () => {
    const owner = await t.createOperator(admin)
    const member = await t.createOperator(admin)
    const { facilityId } = await facilityOf(owner)
    await join(owner, member, 'manager')
    const organisationId = (await me(owner)).id
    expect((await t.request('/api/organisation', { method: 'DELETE', cookie: member.cookie })).status).toBe(403)
    expect((await t.request('/api/organisation', { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    expect(await t.db.select().from(organisations).where(eq(organisations.id, organisationId))).toEqual([])
    expect(await t.db.select().from(facilities).where(eq(facilities.id, facilityId))).toEqual([])
    expect((await me(owner)).id).not.toBe(organisationId)
  })
})
