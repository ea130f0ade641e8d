import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import { TEAM_MESSAGES } from '@shared/team/messages'
import type { Role } from '@shared/team/roles'
import { activityEntries, invitations, memberships, users } from '../../db/schema'
import { findPostgresError } from '../../errors'
import { createInvitation } from './service'
import { useTestApp } from '../../test/setup'
import { sessionCookieFrom, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

// Invitations that are withdrawn and never outlive their inviter's right to invite, a revoke that
// stays revoked, and sign-ups that race: docs/security.md lists each with the rule it proves.

type ErrorBody = { error: { code: string; message: string } }
const swap = <A, B>([first, second]: [A, B]): [B, A] => [second, first]
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

describe.each(testDatabaseKinds())('invitations and revoked accounts on %s', (kind) => {
  // Addresses come from X-Forwarded-For, so the races can sign up from many clients.
  const { t, admin } = useTestApp(kind, { env: { TRUST_PROXY: 'true' } })

  const post = (user: TestUser, path: string, body?: unknown) => t.request(path, { method: 'POST', cookie: user.cookie, body })
  const signIn = (email: string, password: string, invitationToken?: string) =>
    t.request('/api/auth/sign-in/email', { method: 'POST', body: { email, password, invitationToken } })

  async function invite(owner: TestUser, email: string, role: Role = 'scheduler') {
    const response = await post(owner, '/api/team/invitations', { email, role })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { link: string; invitation: { id: string } }
    return { token: body.link.split('/invite/')[1]!, id: body.invitation.id }
  }

  async function join(owner: TestUser, member: TestUser, role: Role) {
    const { token } = await invite(owner, member.email, role)
    expect((await post(member, `/api/invitations/${token}/accept`)).status).toBe(200)
  }

  const withdrawalsIn = (organisationId: string) =>
    t.db
      .select({ actorId: activityEntries.actorId, label: activityEntries.label, changes: activityEntries.changes })
      .from(activityEntries)
      .where(
        and(
          eq(activityEntries.organisationId, organisationId),
          eq(activityEntries.entity, 'invitation'),
          eq(activityEntries.action, 'deleted'),
        ),
      )

  it('withdraws an open invitation at once: its link is gone, and the trail says so', async () => {
    const owner = await t.createOperator(admin)
    const other = await t.createOperator(admin)
    const organisationId = await t.organisationOf(owner)
    await t.organisationOf(other)
    const email = `withdrawn-${Date.now()}@example.com`
    const { token, id } = await invite(owner, email, 'manager')

    // Another organisation's invitation is a 404, like a missing one; so is a malformed id.
    expect((await t.request(`/api/team/invitations/${id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404)
    expect((await t.request('/api/team/invitations/not-an-id', { method: 'DELETE', cookie: owner.cookie })).status).toBe(404)
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(200)

    expect((await t.request(`/api/team/invitations/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
    const preview = await t.request(`/api/invitations/${token}`)
    expect(preview.status).toBe(410)
    expect((await errorOf(preview)).message).toBe(TEAM_MESSAGES.invitationGone)
    const signUp = await t.request(`/api/invitations/${token}/sign-up`, {
      method: 'POST',
      body: { fullName: 'Late', password: 'correct horse battery' },
    })
    expect(signUp.status).toBe(410)
    const listed = (await (await t.request('/api/team/invitations', { cookie: owner.cookie })).json()) as { invitations: unknown[] }
    expect(listed.invitations).toEqual([])
    // Withdrawn once: a second withdrawal finds nothing open.
    expect((await t.request(`/api/team/invitations/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404)
    expect(await withdrawalsIn(organisationId)).toEqual([
      { actorId: owner.id, label: email, changes: { email: { before: email, after: null }, role: { before: 'manager', after: null } } },
    ])
  })

  for (const loss of ['removed', 'demoted'] as const) {
    it(`keeps a rogue Owner who was ${loss} from coming back through an invitation they sent`, async () => {
      const owner = await t.createOperator(admin)
      const rogue = await t.createOperator(admin)
      const organisationId = await t.organisationOf(owner)
      await join(owner, rogue, 'owner')
      // The rogue invites another address of their own, as Owner, and waits with it.
      const alias = await t.signUp({ fullName: 'Rogue Alias' })
      const { token } = await invite(rogue, alias.email, 'owner')
      const aliasApproved = await t.signUp({ fullName: 'Rogue Alias Two' })
      await t.request(`/api/admin/users/${aliasApproved.id}/approve`, { method: 'POST', cookie: admin.cookie })
      const { token: secondToken } = await invite(rogue, aliasApproved.email, 'owner')

      const lose =
        loss === 'removed'
          ? await t.request(`/api/team/members/${rogue.id}`, { method: 'DELETE', cookie: owner.cookie })
          : await t.request(`/api/team/members/${rogue.id}`, { method: 'PATCH', cookie: owner.cookie, body: { role: 'scheduler' } })
      expect(lose.status).toBe(loss === 'removed' ? 204 : 200)

      // Every open invitation the rogue made was withdrawn in that same write, each in the trail.
      const open = (await (await t.request('/api/team/invitations', { cookie: owner.cookie })).json()) as { invitations: unknown[] }
      expect(open.invitations).toEqual([])
      const withdrawals = await withdrawalsIn(organisationId)
      expect(withdrawals.map((entry) => entry.label).sort()).toEqual([alias.email.toLowerCase(), aliasApproved.email.toLowerCase()].sort())
      expect(withdrawals.every((entry) => entry.actorId === owner.id)).toBe(true)

      // Neither the pending alias (sign-in with the link) nor the approved one (accept) gets in.
      const aliasSignIn = await signIn(alias.email, alias.password, token)
      expect(aliasSignIn.status).toBe(403)
      const aliasCookie = await t.signIn(aliasApproved.email, aliasApproved.password)
      const accepted = await t.request(`/api/invitations/${secondToken}/accept`, { method: 'POST', cookie: aliasCookie })
      expect(accepted.status).toBe(410)
      expect((await errorOf(accepted)).message).toBe(TEAM_MESSAGES.invitationGone)
      // So nobody is left to demote the remaining Owner, who still is one.
      const [ownerRow] = await t.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, owner.id)))
      expect(ownerRow!.role).toBe('owner')
      const [aliasMembership] = await t.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, aliasApproved.id)))
      expect(aliasMembership!.n).toBe(0)
    })
  }

  it('refuses, in the database too, an invitation from a member who may not invite and an acceptance whose inviter may no longer', async () => {
    const owner = await t.createOperator(admin)
    const manager = await t.createOperator(admin)
    const organisationId = await t.organisationOf(owner)
    await join(owner, manager, 'manager')
    const write = (invitedBy: string, role: Role) =>
      t.db.insert(invitations).values({
        organisationId,
        email: `direct-${Math.random()}@example.com`,
        role,
        tokenHash: `hash-${Math.random()}`,
        invitedBy,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
    const constraintOf = async (promise: Promise<unknown>) => {
      try {
        await promise
        return null
      } catch (error) {
        return findPostgresError(error)?.constraint ?? 'no constraint'
      }
    }
    expect(await constraintOf(write(manager.id, 'front_desk'))).toBe('invitations_inviter_may_invite')
    // The service explains a role above the inviter's before the database would refuse it.
    await expect(
      createInvitation(t.db, {
        organisationId,
        organisationName: 'Safety Arena',
        actor: { id: manager.id, name: 'Manager' },
        actorRole: 'manager',
        email: 'above@example.com',
        role: 'owner',
        origin: 'http://localhost',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: TEAM_MESSAGES.roleAboveInviter })
    // The invitation's owner is demoted behind the service's back, and the link forced open again:
    // the database still refuses to let it be used.
    const { id } = await invite(owner, `forced-${Date.now()}@example.com`, 'owner')
    await t.db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, manager.id))
    await t.db.update(memberships).set({ role: 'manager' }).where(eq(memberships.userId, owner.id))
    const [withdrawn] = await t.db.select({ withdrawnAt: invitations.withdrawnAt }).from(invitations).where(eq(invitations.id, id))
    expect(withdrawn!.withdrawnAt).not.toBeNull()
    await t.db.update(invitations).set({ withdrawnAt: null }).where(eq(invitations.id, id))
    expect(await constraintOf(t.db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, id)))).toBe(
      'invitations_accept_while_open',
    )
  })

  it("lets an acceptance and its inviter's removal race 100 times: the link is either used before the removal or gone", async () => {
    const owner = await t.createOperator(admin)
    const rogue = await t.createOperator(admin)
    const alias = await t.createOperator(admin)
    const organisationId = await t.organisationOf(owner)
    const outcomes = { accepted: 0, gone: 0 }
    for (let round = 0; round < 100; round++) {
      await t.db.insert(memberships).values({ organisationId, userId: rogue.id, role: 'owner' })
      // The rogue's link to their alias, written as the service writes it (only its hash is kept).
      const token = `${organisationId.replaceAll('-', '')}${randomBytes(24).toString('base64url')}`
      await t.db.insert(invitations).values({
        organisationId,
        email: alias.email.toLowerCase(),
        role: 'owner',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        invitedBy: rogue.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      // Each goes first in half of the rounds.
      const remove = () => t.request(`/api/team/members/${rogue.id}`, { method: 'DELETE', cookie: owner.cookie })
      const accept = () => t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: alias.cookie })
      const [removed, accepted] = round % 2 === 0 ? await Promise.all([remove(), accept()]) : swap(await Promise.all([accept(), remove()]))
      expect(removed.status).toBe(204)
      expect([200, 410]).toContain(accepted.status)
      const [membership] = await t.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, alias.id)))
      const [invitation] = await t.db
        .select({ acceptedAt: invitations.acceptedAt, withdrawnAt: invitations.withdrawnAt })
        .from(invitations)
        .where(and(eq(invitations.organisationId, organisationId), eq(invitations.email, alias.email.toLowerCase())))
        .orderBy(desc(invitations.createdAt))
        .limit(1)
      if (accepted.status === 200) {
        // Used while the rogue still was an Owner: the alias joined, and nothing was left to withdraw.
        expect(membership?.role).toBe('owner')
        expect(invitation!.acceptedAt).not.toBeNull()
        outcomes.accepted += 1
        await t.db.delete(memberships).where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, alias.id)))
      } else {
        expect(membership).toBeUndefined()
        expect(invitation!.withdrawnAt).not.toBeNull()
        outcomes.gone += 1
      }
    }
    expect(outcomes.accepted + outcomes.gone).toBe(100)
  })

  it('lets a withdrawal and an acceptance race 100 times: exactly one of them wins', async () => {
    const owner = await t.createOperator(admin)
    const invitee = await t.createOperator(admin)
    const organisationId = await t.organisationOf(owner)
    for (let round = 0; round < 100; round++) {
      const response = await post(owner, '/api/team/invitations', { email: invitee.email, role: 'scheduler' })
      const body = (await response.json()) as { link: string; invitation: { id: string } }
      const token = body.link.split('/invite/')[1]!
      const withdraw = () => t.request(`/api/team/invitations/${body.invitation.id}`, { method: 'DELETE', cookie: owner.cookie })
      const accept = () => post(invitee, `/api/invitations/${token}/accept`)
      const [withdrawn, accepted] =
        round % 2 === 0 ? await Promise.all([withdraw(), accept()]) : swap(await Promise.all([accept(), withdraw()]))
      expect([withdrawn.status, accepted.status].sort()).toEqual(withdrawn.status === 204 ? [204, 410] : [200, 404])
      await t.db.delete(memberships).where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, invitee.id)))
    }
  })

  it('lets only the administrator approve a revoked account again, whatever invitation it signs in or up with', async () => {
    const owner = await t.createOperator(admin)
    const revokedOne = await t.signUp({ fullName: 'Rex Revoked' })
    expect((await t.request(`/api/admin/users/${revokedOne.id}/approve`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    const revokedCookie = await t.signIn(revokedOne.email, revokedOne.password)
    expect((await t.request(`/api/admin/users/${revokedOne.id}/revoke`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    expect((await t.request('/api/facilities', { cookie: revokedCookie })).status).toBe(401)

    // Another operator invites that email: the sign-in with the link stays refused, as pending.
    const { token } = await invite(owner, revokedOne.email, 'owner')
    const withLink = await signIn(revokedOne.email, revokedOne.password, token)
    expect(withLink.status).toBe(403)
    expect((await errorOf(withLink)).message).toBe(AUTH_MESSAGES.pendingApproval)
    expect(withLink.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(false)
    // Signing up through the link, or afresh, cannot make a second account of that email.
    const linkSignUp = await t.request(`/api/invitations/${token}/sign-up`, {
      method: 'POST',
      body: { fullName: 'Rex Again', password: 'another secret phrase' },
    })
    expect(linkSignUp.status).toBe(409)
    const freshSignUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { fullName: 'Rex Again', email: revokedOne.email, password: 'another secret phrase' },
    })
    expect(freshSignUp.status).toBe(409)
    const [row] = await t.db.select({ approved: users.approved, revoked: users.revoked }).from(users).where(eq(users.id, revokedOne.id))
    expect(row).toEqual({ approved: false, revoked: true })

    // Nor can any write approve it behind the administrator's back: the database refuses.
    await expect(t.db.update(users).set({ approved: true }).where(eq(users.id, revokedOne.id))).rejects.toSatisfy(
      (error) => findPostgresError(error)?.constraint === 'users_revoked_not_approved',
    )
    await expect(t.db.update(users).set({ revoked: false }).where(eq(users.id, revokedOne.id))).rejects.toSatisfy(
      (error) => findPostgresError(error)?.constraint === 'users_revoked_stays_revoked',
    )

    // The administrator's approval is the way back; then the invitation works as for anyone.
    expect((await t.request(`/api/admin/users/${revokedOne.id}/approve`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    const back = await signIn(revokedOne.email, revokedOne.password, token)
    expect(back.status).toBe(200)
    expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: sessionCookieFrom(back) })).status).toBe(200)
  })

  it('makes one account of 100 parallel sign-ups through one invitation link, and answers the rest 409 or 410', async () => {
    const owner = await t.createOperator(admin)
    const email = `raced-link-${Date.now()}@example.com`
    const { token } = await invite(owner, email, 'scheduler')
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        t.request(`/api/invitations/${token}/sign-up`, {
          method: 'POST',
          body: { fullName: `Racer ${index}`, password: 'correct horse battery' },
          headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.every((status) => status === 201 || status === 409 || status === 410)).toBe(true)
    for (const answer of answers.filter((response) => response.status === 409)) {
      expect((await errorOf(answer)).message).toBe(AUTH_MESSAGES.emailTaken)
    }
    const [accounts] = await t.db.select({ n: count() }).from(users).where(eq(users.email, email))
    expect(accounts!.n).toBe(1)
  })

  it('makes one account of 100 parallel sign-ups of one email, and answers the rest 409', async () => {
    const email = `raced-email-${Date.now()}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        t.request('/api/auth/sign-up/email', {
          method: 'POST',
          body: { fullName: `Racer ${index}`, email, password: 'correct horse battery' },
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(99)
    for (const answer of answers.filter((response) => response.status === 409)) {
      expect((await errorOf(answer)).message).toBe(AUTH_MESSAGES.emailTaken)
    }
    const [accounts] = await t.db.select({ n: count() }).from(users).where(eq(users.email, email))
    expect(accounts!.n).toBe(1)
  })

  it('deletes an organisation whose Owner has open invitations', async () => {
    const owner = await t.createOperator(admin)
    await invite(owner, `left-open-${Date.now()}@example.com`)
    expect((await t.request('/api/organisation', { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
  })
})
