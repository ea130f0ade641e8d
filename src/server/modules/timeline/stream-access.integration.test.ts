import { describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { createStreamAccessCheck, STREAM_ACCESS_RECHECK_MS } from '../../auth/stream-access'
import { memberships, organisations, sessions } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

// Generous: the stream asks again every STREAM_ACCESS_RECHECK_MS, on two cores shared with others.
const CLOSE_BOUND_MS = 5_000 + STREAM_ACCESS_RECHECK_MS

// Reads a stream until it ends; fails if it is still open after `timeoutMs`, or if it hears
// 'changed' after it should have stopped listening.
async function expectEnds(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs = CLOSE_BOUND_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const left = deadline - Date.now()
    if (left <= 0) throw new Error(`the stream was still open after ${timeoutMs} ms`)
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))])
    if (chunk === null) continue
    if (chunk.done) return
  }
}

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, event: string): Promise<void> {
  const decoder = new TextDecoder()
  let text = ''
  while (!text.includes(`event: ${event}`)) {
    const chunk = await reader.read()
    if (chunk.done) throw new Error(`the stream ended before '${event}'`)
    text += decoder.decode(chunk.value)
  }
}

describe.each(testDatabaseKinds())('a member’s open streams on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  async function post<T>(user: TestUser, path: string, body: unknown): Promise<T> {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    expect(response.status, path).toBe(201)
    return (await response.json()) as T
  }

  const latestSessionOf = async (user: TestUser) => {
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.createdAt)).limit(1)
    return row!.id
  }

  // A member of the owner's organisation in this role, with a facility of it to watch.
  async function memberWithAFacility(role: 'scheduler' | 'front_desk' | 'manager' = 'scheduler') {
    const organisationId = await t.organisationOf(owner)
    const member = await t.addMember(admin, organisationId, role)
    const { facility } = await post<{ facility: { id: string } }>(owner, '/api/facilities', { name: 'Harbour Arena' })
    return { organisationId, member, facilityId: facility.id }
  }

  // A second organisation the member also belongs to, to switch to.
  async function anotherOrganisationOf(member: TestUser) {
    const [other] = await t.db.insert(organisations).values({ name: 'Second Club' }).returning()
    await t.db.insert(memberships).values({ organisationId: other!.id, userId: member.id, role: 'owner' })
    return other!.id
  }

  describe('the access check', () => {
    it('answers no once the member is removed, loses the role, switches organisation or the session ends', async () => {
      const mayStillHear = createStreamAccessCheck(t.db)
      const { organisationId, member } = await memberWithAFacility('manager')
      const read = { sessionId: await latestSessionOf(member), organisationId, permission: 'read' as const }
      const activity = { ...read, permission: 'readActivity' as const }
      expect(await mayStillHear(read)).toBe(true)
      expect(await mayStillHear(activity)).toBe(true)

      // A Front Desk may still read, but no longer read the activity trail.
      const demoted = await t.request(`/api/team/members/${member.id}`, {
        method: 'PATCH',
        cookie: owner.cookie,
        body: { role: 'front_desk' },
      })
      expect(demoted.status).toBe(200)
      expect(await mayStillHear(read)).toBe(true)
      expect(await mayStillHear(activity)).toBe(false)

      const elsewhere = await anotherOrganisationOf(member)
      const switched = await t.request('/api/organisations/switch', {
        method: 'POST',
        cookie: member.cookie,
        body: { organisationId: elsewhere },
      })
      expect(switched.status).toBe(200)
      expect(await mayStillHear(read)).toBe(false)
      expect(await mayStillHear({ ...read, organisationId: elsewhere })).toBe(true)
      await t.request('/api/organisations/switch', { method: 'POST', cookie: member.cookie, body: { organisationId } })
      expect(await mayStillHear(read)).toBe(true)

      expect((await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
      expect(await mayStillHear(read)).toBe(false)
    })

    it('answers no once the session is signed out or the account revoked', async () => {
      const mayStillHear = createStreamAccessCheck(t.db)
      const { organisationId, member } = await memberWithAFacility()
      const read = { sessionId: await latestSessionOf(member), organisationId, permission: 'read' as const }
      expect(await mayStillHear(read)).toBe(true)
      expect((await t.request('/api/auth/sign-out', { method: 'POST', cookie: member.cookie, body: {} })).status).toBe(200)
      expect(await mayStillHear(read)).toBe(false)

      const revoked = await memberWithAFacility()
      const theirs = { sessionId: await latestSessionOf(revoked.member), organisationId, permission: 'read' as const }
      expect(await mayStillHear(theirs)).toBe(true)
      expect((await t.request(`/api/admin/users/${revoked.member.id}/revoke`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
      expect(await mayStillHear(theirs)).toBe(false)
    })
  })

  describe('the timeline stream', () => {
    const open = async (member: TestUser, facilityId: string) => {
      const response = await t.request(`/api/facilities/${facilityId}/timeline/changes`, { cookie: member.cookie })
      expect(response.status).toBe(200)
      const reader = response.body!.getReader()
      await readUntil(reader, 'ready')
      return reader
    }

    const cases: Array<[string, (member: TestUser) => Promise<Response>]> = [
      ['the member is removed', (member) => t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie })],
      ['the member signs out', (member) => t.request('/api/auth/sign-out', { method: 'POST', cookie: member.cookie, body: {} })],
      [
        'the administrator revokes the account',
        (member) => t.request(`/api/admin/users/${member.id}/revoke`, { method: 'POST', cookie: admin.cookie }),
      ],
      [
        'the member switches organisation',
        async (member) =>
          t.request('/api/organisations/switch', {
            method: 'POST',
            cookie: member.cookie,
            body: { organisationId: await anotherOrganisationOf(member) },
          }),
      ],
    ]

    it.each(cases)('closes within seconds when %s', async (_, cutOff) => {
      const { member, facilityId } = await memberWithAFacility()
      const reader = await open(member, facilityId)
      try {
        expect((await cutOff(member)).status).toBeLessThan(300)
        await expectEnds(reader)
      } finally {
        await reader.cancel().catch(() => {})
      }
    })

    it('stays open for a member who keeps their place', async () => {
      const { member, facilityId } = await memberWithAFacility('front_desk')
      const reader = await open(member, facilityId)
      try {
        // Two checks pass with nothing changed: the stream is still there and still hears.
        await new Promise((resolve) => setTimeout(resolve, STREAM_ACCESS_RECHECK_MS * 2 + 500))
        await t.request('/api/facilities/' + facilityId, { method: 'PUT', cookie: owner.cookie, body: { name: 'Harbour Arena North' } })
        await readUntil(reader, 'changed')
      } finally {
        await reader.cancel().catch(() => {})
      }
    })
  })
})
