import { and, asc, eq, gt } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Role } from '@shared/team/roles'
import { activityEntries, facilities } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

// The writes of the venue, client, contract, screen, setup and team modules each leave their
// entry in the trail, written in the write's own transaction: read here straight from the table.

type Entry = typeof activityEntries.$inferSelect
type Person = TestUser & { name: string; organisationId: string }

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

describe.each(testDatabaseKinds())('what each write records in the trail on %s', (kind) => {
  const { t, admin } = useTestApp(kind)
  let people = 0

  /** An approved account with a name of its own, working in its own organisation. */
  async function person(name = `Person ${++people}`): Promise<Person> {
    const { id, email, password } = await t.signUp({ fullName: name })
    expect((await t.request(`/api/admin/users/${id}/approve`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    const user = { id, email, cookie: await t.signIn(email, password) }
    return { ...user, name, organisationId: await t.organisationOf(user) }
  }

  /** The answer's body, after checking its status; most answers name what they wrote by its id. */
  async function send<Body = Record<string, { id: string }>>(
    user: TestUser | null,
    method: string,
    path: string,
    body?: unknown,
    status = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200,
  ): Promise<Body> {
    const response = await t.request(path, { method, cookie: user?.cookie, body })
    expect(response.status, await response.clone().text()).toBe(status)
    return (status === 204 ? null : await response.json()) as Body
  }

  /** The organisation's entries after `since` (an entry id), oldest first. */
  async function entriesOf(organisationId: string, since = 0): Promise<Entry[]> {
    return t.db
      .select()
      .from(activityEntries)
      .where(and(eq(activityEntries.organisationId, organisationId), gt(activityEntries.id, since)))
      .orderBy(asc(activityEntries.id))
  }

  const lastId = async (organisationId: string) => (await entriesOf(organisationId)).at(-1)?.id ?? 0

  it('records a new organisation, as its first Owner makes it', async () => {
    const owner = await person('Olivia Owner')
    expect(await entriesOf(owner.organisationId)).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        actorName: 'Olivia Owner',
        action: 'created',
        entity: 'organisation',
        entityId: owner.organisationId,
        label: "Olivia Owner's organisation",
        changes: { name: { before: null, after: "Olivia Owner's organisation" } },
      }),
    ])
  })

  it('records facilities and spaces created and deleted, in the facility zone', async () => {
    const owner = await person('Fiona Facilities')
    const since = await lastId(owner.organisationId)
    const { facility } = await send(owner, 'POST', '/api/facilities', { name: 'North Arena', timeZone: 'America/Toronto' })
    const { room } = await send(owner, 'POST', `/api/facilities/${facility!.id}/rooms`, { name: 'Rink 1', type: 'rink', capacity: 200 })
    await send(owner, 'DELETE', `/api/rooms/${room!.id}`, undefined)
    await send(owner, 'DELETE', `/api/facilities/${facility!.id}`, undefined)

    const zone = { facilityId: facility!.id, timeZone: 'America/Toronto' }
    const by = { actorId: owner.id, actorName: 'Fiona Facilities' }
    const [created, space, spaceGone, gone, ...rest] = await entriesOf(owner.organisationId, since)
    expect(rest).toEqual([])
    expect(created).toMatchObject({ ...by, ...zone, action: 'created', entity: 'facility', entityId: facility!.id, label: 'North Arena' })
    expect(created!.changes).toEqual({
      name: { before: null, after: 'North Arena' },
      timeZone: { before: null, after: 'America/Toronto' },
      changeRoomMinutes: { before: null, after: 0 },
      primeTime: { before: null, after: 'Weekdays 16:00–22:00, weekends 07:00–22:00' },
      holdRequestsHours: { before: null, after: 24 },
      releaseUntilHours: { before: null, after: 48 },
    })
    expect(space).toMatchObject({ ...by, ...zone, action: 'created', entity: 'space', entityId: room!.id, label: 'Rink 1' })
    expect(space!.changes).toMatchObject({
      name: { before: null, after: 'Rink 1' },
      type: { before: null, after: 'rink' },
      capacity: { before: null, after: 200 },
      facility: { before: null, after: 'North Arena' },
    })
    expect(spaceGone).toMatchObject({ ...zone, action: 'deleted', entity: 'space', entityId: room!.id, label: 'Rink 1' })
    expect(spaceGone!.changes).toMatchObject({ name: { before: 'Rink 1', after: null }, capacity: { before: 200, after: null } })
    expect(gone).toMatchObject({ ...zone, action: 'deleted', entity: 'facility', entityId: facility!.id, label: 'North Arena' })
    expect(gone!.changes).toEqual({
      name: { before: 'North Arena', after: null },
      timeZone: { before: 'America/Toronto', after: null },
      changeRoomMinutes: { before: 0, after: null },
      primeTime: { before: 'Weekdays 16:00–22:00, weekends 07:00–22:00', after: null },
      holdRequestsHours: { before: 24, after: null },
      releaseUntilHours: { before: 48, after: null },
    })
  })

  it('records a client created, only its changed fields when edited, and its contracts going with it', async () => {
    const owner = await person('Clara Clients')
    const since = await lastId(owner.organisationId)
    const { client } = await send(owner, 'POST', '/api/clients', { name: 'Hawks', email: 'hawks@example.com' })
    await send(owner, 'PUT', `/api/clients/${client!.id}`, { name: 'Bayview Hawks', email: 'hawks@example.com', phone: '555-0100' })
    // Saved unchanged: nothing to read.
    await send(owner, 'PUT', `/api/clients/${client!.id}`, { name: 'Bayview Hawks', email: 'hawks@example.com', phone: '555-0100' })
    const { contract } = await send(owner, 'POST', '/api/contracts', {
      clientId: client!.id,
      name: 'Season',
      startDate: '2031-01-01',
      totalHours: 10,
    })
    await send(owner, 'DELETE', `/api/clients/${client!.id}`, undefined)

    const [created, updated, contractMade, contractGone, gone, ...rest] = await entriesOf(owner.organisationId, since)
    expect(rest).toEqual([])
    expect(created).toMatchObject({ actorId: owner.id, action: 'created', entity: 'client', entityId: client!.id, label: 'Hawks' })
    expect(created!.changes).toEqual({ name: { before: null, after: 'Hawks' }, email: { before: null, after: 'hawks@example.com' } })
    expect(updated).toMatchObject({ action: 'updated', entity: 'client', label: 'Bayview Hawks', facilityId: null })
    expect(updated!.changes).toEqual({ name: { before: 'Hawks', after: 'Bayview Hawks' }, phone: { before: null, after: '555-0100' } })
    expect(contractMade).toMatchObject({ action: 'created', entity: 'contract', entityId: contract!.id })
    expect(contractGone).toMatchObject({ action: 'deleted', entity: 'contract', entityId: contract!.id, label: 'Bayview Hawks' })
    expect(gone).toMatchObject({ action: 'deleted', entity: 'client', entityId: client!.id, label: 'Bayview Hawks' })
    expect(gone!.changes).toMatchObject({ name: { before: 'Bayview Hawks', after: null }, phone: { before: '555-0100', after: null } })
  })

  it('records contracts under their client name, and hours logged by a scheduler as usage', async () => {
    const owner = await person('Connor Contracts')
    const { client } = await send(owner, 'POST', '/api/clients', { name: 'Hawks' })
    const scheduler = await t.addMember(admin, owner.organisationId, 'scheduler')
    const since = await lastId(owner.organisationId)
    const body = { clientId: client!.id, name: 'Season', startDate: '2031-01-01', totalHours: 20, hoursUsed: 2.5 }
    const { contract } = await send(owner, 'POST', '/api/contracts', body)
    await send(owner, 'PUT', `/api/contracts/${contract!.id}`, { ...body, totalHours: 30, status: 'completed' })
    const { usage } = await send(scheduler, 'POST', '/api/usage', { contractId: contract!.id, usageDate: '2031-02-03', hours: 1.5 })
    await send(owner, 'DELETE', `/api/contracts/${contract!.id}`, undefined)

    const [created, updated, logged, gone, ...rest] = await entriesOf(owner.organisationId, since)
    expect(rest).toEqual([])
    expect(created).toMatchObject({ actorId: owner.id, action: 'created', entity: 'contract', entityId: contract!.id, label: 'Hawks' })
    expect(created!.changes).toEqual({
      client: { before: null, after: 'Hawks' },
      name: { before: null, after: 'Season' },
      startDate: { before: null, after: '2031-01-01' },
      totalHours: { before: null, after: 20 },
      hoursUsed: { before: null, after: 2.5 },
      status: { before: null, after: 'active' },
    })
    expect(updated).toMatchObject({ action: 'updated', entity: 'contract', entityId: contract!.id, label: 'Hawks' })
    expect(updated!.changes).toEqual({
      totalHours: { before: 20, after: 30 },
      status: { before: 'active', after: 'completed' },
    })
    expect(logged).toMatchObject({ actorId: scheduler.id, action: 'created', entity: 'usage', entityId: usage!.id, label: 'Hawks' })
    expect(logged!.changes).toEqual({ hours: { before: null, after: 1.5 }, usageDate: { before: null, after: '2031-02-03' } })
    // Its hours used as they were, the logged hours included, before its usage went with it.
    expect(gone).toMatchObject({ action: 'deleted', entity: 'contract', entityId: contract!.id, label: 'Hawks' })
    expect(gone!.changes).toMatchObject({ hoursUsed: { before: 4, after: null }, status: { before: 'completed', after: null } })
  })

  it('records screens with their rooms by name, a new logo, and their deletion', async () => {
    const owner = await person('Sam Screens')
    const { facility } = await send(owner, 'POST', '/api/facilities', { name: 'North Arena' })
    const rinks = []
    for (const name of ['Rink 1', 'Rink 2']) {
      rinks.push((await send(owner, 'POST', `/api/facilities/${facility!.id}/rooms`, { name, type: 'rink' })).room!)
    }
    const since = await lastId(owner.organisationId)
    const { screen } = await send(owner, 'POST', '/api/screens', { name: 'Lobby', rooms: [{ roomId: rinks[0]!.id, color: '#112233' }] })
    await send(owner, 'PUT', `/api/screens/${screen!.id}`, {
      name: 'Main Lobby',
      rooms: [
        { roomId: rinks[0]!.id, color: '#112233' },
        { roomId: rinks[1]!.id, color: '#445566' },
      ],
    })
    const form = new FormData()
    form.append('logo', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png')
    const uploaded = await t.request(`/api/screens/${screen!.id}/logo`, { method: 'PUT', cookie: owner.cookie, body: form })
    expect(uploaded.status).toBe(200)
    await send(owner, 'DELETE', `/api/screens/${screen!.id}`, undefined)

    const [created, updated, logo, gone, ...rest] = await entriesOf(owner.organisationId, since)
    expect(rest).toEqual([])
    expect(created).toMatchObject({ actorId: owner.id, action: 'created', entity: 'screen', entityId: screen!.id, label: 'Lobby' })
    expect(created!.changes).toMatchObject({
      name: { before: null, after: 'Lobby' },
      slug: { before: null, after: 'lobby' },
      rooms: { before: null, after: 'Rink 1 (#112233)' },
    })
    expect(updated).toMatchObject({ action: 'updated', entity: 'screen', label: 'Main Lobby' })
    expect(updated!.changes).toEqual({
      name: { before: 'Lobby', after: 'Main Lobby' },
      rooms: { before: 'Rink 1 (#112233)', after: 'Rink 1 (#112233), Rink 2 (#445566)' },
    })
    expect(logo).toMatchObject({ action: 'updated', entity: 'screen', label: 'Main Lobby' })
    expect(logo!.changes).toEqual({ logo: { before: null, after: expect.stringMatching(/^\/api\/public\/logos\/lobby\//) } })
    expect(gone).toMatchObject({ action: 'deleted', entity: 'screen', entityId: screen!.id, label: 'Main Lobby' })
    expect(gone!.changes).toMatchObject({ name: { before: 'Main Lobby', after: null }, slug: { before: 'lobby', after: null } })
  })

  it('records what the setup wizard creates, and nothing for skipping or finishing', async () => {
    const owner = await person('Wendy Wizard')
    const since = await lastId(owner.organisationId)
    type Progress = { facility: { id: string }; spaces: { id: string }[]; displays: { id: string }[] }
    const step = async (path: string, body?: unknown) =>
      (await send<{ progress: Progress }>(owner, 'POST', `/api/setup/${path}`, body, path === 'skip' || path === 'complete' ? 200 : 201))
        .progress
    await step('facility', { name: 'Maple Arena', timeZone: 'America/Edmonton' })
    const { spaces, facility } = await step('spaces', {
      spaces: [
        { name: 'Rink A', type: 'rink' },
        { name: 'Court 1', type: 'court' },
      ],
    })
    await step('change-rooms', { changeRooms: [{ name: 'Home' }] })
    const { displays } = await step('displays', { displays: [{ name: 'Front Door' }] })
    await step('display-rooms', { displays: [{ screenId: displays[0]!.id, rooms: [{ roomId: spaces[0]!.id, color: '#abcdef' }] }] })
    await step('skip', { step: 6 })
    await step('complete')

    const entries = await entriesOf(owner.organisationId, since)
    expect(entries.map(({ action, entity, label }) => `${action} ${entity} ${label}`)).toEqual([
      'created facility Maple Arena',
      'created space Rink A',
      'created space Court 1',
      'created space Home',
      'created screen Front Door',
      'updated screen Front Door',
    ])
    expect(entries.every((entry) => entry.actorId === owner.id && entry.actorName === 'Wendy Wizard')).toBe(true)
    expect(entries.slice(0, 4).every((entry) => entry.facilityId === facility.id && entry.timeZone === 'America/Edmonton')).toBe(true)
    expect(entries[3]!.changes).toMatchObject({ type: { before: null, after: 'change_room' } })
    expect(entries[5]!.changes).toEqual({ rooms: { before: null, after: 'Rink A (#abcdef)' } })

    // A second client step later, on a new run, records its client.
    const other = await person('Walter Wizard')
    const otherSince = await lastId(other.organisationId)
    await send(other, 'POST', '/api/setup/facility', { name: 'Birch Centre' })
    await send(other, 'POST', '/api/setup/spaces', { spaces: [{ name: 'Gym', type: 'court' }] })
    for (const skipped of [3, 4]) await send(other, 'POST', '/api/setup/skip', { step: skipped }, 200)
    await send(other, 'POST', '/api/setup/client', { name: 'Raptors', company: 'Raptors Club' })
    const last = (await entriesOf(other.organisationId, otherSince)).at(-1)
    expect(last).toMatchObject({ actorId: other.id, action: 'created', entity: 'client', label: 'Raptors' })
    expect(last!.changes).toEqual({ name: { before: null, after: 'Raptors' }, company: { before: null, after: 'Raptors Club' } })
  })

  it('records the team: a rename, an invitation without its link, joining, a new role, removal and leaving', async () => {
    const owner = await person('Tess Team')
    const since = await lastId(owner.organisationId)
    await send(owner, 'PATCH', '/api/organisation', { name: 'Northside Arenas' })

    const joiner = await person('Jamie Joiner')
    type Invited = { invitation: { id: string }; link: string }
    const invited = await send<Invited>(owner, 'POST', '/api/team/invitations', { email: joiner.email, role: 'scheduler' })
    const token = invited.link.split('/invite/')[1]!
    await send(joiner, 'POST', `/api/invitations/${token}/accept`, undefined, 200)
    await send(owner, 'PATCH', `/api/team/members/${joiner.id}`, { role: 'manager' })

    // A new account made from the invitation page joins as itself.
    const newcomerEmail = `newcomer-${Date.now()}@example.com`
    const second = await send<Invited>(owner, 'POST', '/api/team/invitations', { email: newcomerEmail, role: 'front_desk' })
    const signUp = { fullName: 'Nina Newcomer', password: 'correct horse battery' }
    const { user: newcomer } = await send(null, 'POST', `/api/invitations/${second.link.split('/invite/')[1]}/sign-up`, signUp)
    const newcomerId = newcomer!.id

    await send(owner, 'DELETE', `/api/team/members/${newcomerId}`, undefined)
    await send(joiner, 'POST', '/api/team/leave', undefined, 204)

    const entries = await entriesOf(owner.organisationId, since)
    expect(entries.map(({ action, entity, actorName, label }) => `${actorName}: ${action} ${entity} ${label}`)).toEqual([
      'Tess Team: updated organisation Northside Arenas',
      `Tess Team: created invitation ${joiner.email.toLowerCase()}`,
      'Jamie Joiner: created member Jamie Joiner',
      'Tess Team: updated member Jamie Joiner',
      `Tess Team: created invitation ${newcomerEmail}`,
      'Nina Newcomer: created member Nina Newcomer',
      'Tess Team: deleted member Nina Newcomer',
      'Jamie Joiner: deleted member Jamie Joiner',
    ])
    const [renamed, invitation, joined, promoted, , newMember, removed, left] = entries
    expect(renamed!.changes).toEqual({ name: { before: "Tess Team's organisation", after: 'Northside Arenas' } })
    expect(renamed!.entityId).toBe(owner.organisationId)
    expect(invitation).toMatchObject({ actorId: owner.id, entityId: invited.invitation.id })
    // Whom it was for and in which role: never the link or its secret.
    expect(invitation!.changes).toEqual({
      email: { before: null, after: joiner.email.toLowerCase() },
      role: { before: null, after: 'scheduler' },
    })
    expect(JSON.stringify(entries)).not.toContain(token)
    expect(joined).toMatchObject({ actorId: joiner.id, entityId: joiner.id })
    expect(joined!.changes).toMatchObject({ role: { before: null, after: 'scheduler' } })
    expect(promoted).toMatchObject({ actorId: owner.id, entityId: joiner.id })
    expect(promoted!.changes).toEqual({ role: { before: 'scheduler', after: 'manager' } })
    expect(newMember).toMatchObject({ actorId: newcomerId, entityId: newcomerId })
    expect(newMember!.changes).toMatchObject({ role: { before: null, after: 'front_desk' } })
    expect(removed).toMatchObject({ actorId: owner.id, entityId: newcomerId })
    expect(removed!.changes).toMatchObject({ role: { before: 'front_desk', after: null } })
    expect(left).toMatchObject({ actorId: joiner.id, entityId: joiner.id })
    expect(left!.changes).toMatchObject({ role: { before: 'manager', after: null } })
  })

  it('keeps a name with a lone surrogate as the text columns do, as U+FFFD, instead of refusing the write', async () => {
    const owner = await person()
    const since = await lastId(owner.organisationId)
    await send(owner, 'PATCH', '/api/organisation', { name: 'North\ud800side' })
    const [renamed, ...rest] = await entriesOf(owner.organisationId, since)
    expect(rest).toEqual([])
    expect(renamed).toMatchObject({ label: 'North\ufffdside', changes: { name: { after: 'North\ufffdside' } } })
  })

  describe('leaves no entry for a write that rolls back', () => {
    it('when the last Owner would leave the organisation without one, after the role was changed and recorded', async () => {
      const owner = await person()
      const since = await lastId(owner.organisationId)
      const role: Role = 'manager'
      await send(owner, 'PATCH', `/api/team/members/${owner.id}`, { role }, 409)
      await send(owner, 'POST', '/api/team/leave', undefined, 409)
      expect(await entriesOf(owner.organisationId, since)).toEqual([])
    })

    it('when the wizard is started twice: the second facility and its entry both go', async () => {
      const owner = await person()
      await send(owner, 'POST', '/api/setup/facility', { name: 'First Arena' })
      const since = await lastId(owner.organisationId)
      await send(owner, 'POST', '/api/setup/facility', { name: 'Second Arena' }, 409)
      expect(await entriesOf(owner.organisationId, since)).toEqual([])
      expect(await t.db.select().from(facilities).where(eq(facilities.name, 'Second Arena'))).toEqual([])
    })

    it('when the database refuses the write: a screen whose address is taken', async () => {
      const owner = await person()
      const { facility } = await send(owner, 'POST', '/api/facilities', { name: 'North Arena' })
      const { room } = await send(owner, 'POST', `/api/facilities/${facility!.id}/rooms`, { name: 'Rink 1', type: 'rink' })
      // Addresses are one namespace across organisations, and outlive their screens: a name of its own.
      const screen = { name: 'Side Door', rooms: [{ roomId: room!.id }] }
      await send(owner, 'POST', '/api/screens', screen)
      const since = await lastId(owner.organisationId)
      await send(owner, 'POST', '/api/screens', { ...screen, name: 'SIDE DOOR' }, 409)
      expect(await entriesOf(owner.organisationId, since)).toEqual([])
    })
  })
})
