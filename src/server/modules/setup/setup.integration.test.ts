import { describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { clients, facilities, rooms, screenRooms, screens, setupRuns } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Progress = {
  facility: { id: string; name: string; timeZone: string }
  spaces: { id: string; name: string; type: string; capacity: number | null }[]
  changeRooms: { id: string; name: string }[]
  displays: { id: string; name: string; slug: string; rooms: { roomId: string; name: string; color: string }[] }[]
  client: { id: string; name: string } | null
  steps: string[]
  currentStep: number
  completedAt: string | null
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

describe.each(testDatabaseKinds())('the setup wizard on %s', (kind) => {
  const { t, admin } = useTestApp(kind)

  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  const organisationOf = (user: TestUser) => t.organisationOf(user)

  const joinAs = (role: 'manager' | 'scheduler' | 'front_desk', organisationId: string) => t.addMember(admin, organisationId, role)

  const send = (user: TestUser, path: string, body?: unknown) =>
    t.request(`/api/setup/${path}`, { method: 'POST', cookie: user.cookie, body })

  async function step(user: TestUser, path: string, body?: unknown, status = 201): Promise<Progress> {
    const response = await send(user, path, body)
    expect(response.status, await response.clone().text()).toBe(status)
    return ((await response.json()) as { progress: Progress }).progress
  }

  async function progressOf(user: TestUser): Promise<Progress | null> {
    const response = await t.request('/api/setup/progress', { cookie: user.cookie })
    expect(response.status).toBe(200)
    return ((await response.json()) as { progress: Progress | null }).progress
  }

  const countRows = async (table: typeof rooms | typeof screens | typeof clients | typeof facilities, where: Parameters<typeof eq>) => {
    const [row] = await t.db
      .select({ total: count() })
      .from(table)
      .where(eq(...where))
    return row!.total
  }

  /** An operator whose wizard has its facility and, unless told otherwise, a rink and a court. */
  async function operatorAtStep3(
    spaces: Record<string, unknown>[] = [
      { name: 'Rink A', type: 'rink' },
      { name: 'Court 1', type: 'court' },
    ],
  ) {
    const operator = await t.createOperator(admin)
    await step(operator, 'facility', { name: 'Maple Arena', timeZone: 'America/Toronto' })
    const progress = await step(operator, 'spaces', { spaces })
    return { operator, progress }
  }

  describe('reading progress', () => {
    it('needs a signed-in account', async () => {
      expect((await t.request('/api/setup/progress')).status).toBe(401)
      expect((await t.request('/api/setup/facility', { method: 'POST', body: { name: 'A' } })).status).toBe(401)
    })

    it('is null before the wizard starts', async () => {
      expect(await progressOf(await t.createOperator(admin))).toBeNull()
    })
  })

  describe('step 1, the facility', () => {
    it('creates the facility and resumes at step 2', async () => {
      const operator = await t.createOperator(admin)
      const progress = await step(operator, 'facility', { name: ' Maple Arena ', address: '', timeZone: 'America/Toronto' })
      expect(progress.facility).toMatchObject({ name: 'Maple Arena', address: null, timeZone: 'America/Toronto' })
      expect(progress.steps).toEqual(['done', 'open', 'open', 'open', 'not-needed', 'open'])
      expect(progress.currentStep).toBe(2)
      expect(await progressOf(operator)).toEqual(progress)
    })

    it('refuses a blank name with the spec message and creates nothing', async () => {
      const operator = await t.createOperator(admin)
      const response = await send(operator, 'facility', { name: '  ' })
      expect(response.status).toBe(422)
      expect((await errorOf(response)).fields).toEqual({ name: 'Please enter a facility name' })
      expect(await countRows(facilities, [facilities.organisationId, await organisationOf(operator)])).toBe(0)
    })

    it('never creates a second facility for an unfinished run, even when sent twice at once', async () => {
      const operator = await t.createOperator(admin)
      const answers = await Promise.all([send(operator, 'facility', { name: 'First' }), send(operator, 'facility', { name: 'Second' })])
      expect(answers.map(({ status }) => status).sort()).toEqual([201, 409])
      const refused = answers.find(({ status }) => status === 409)!
      expect((await errorOf(refused)).message).toBe('The facility of this setup was already created')
      expect(await countRows(facilities, [facilities.organisationId, await organisationOf(operator)])).toBe(1)
    })
  })

  describe('step 2, the spaces', () => {
    it('creates the whole batch in one go and moves on to step 3', async () => {
      const { operator, progress } = await operatorAtStep3([
        { name: 'Rink A', type: 'rink', capacity: 200 },
        { name: 'Main Field', type: 'field' },
        { name: 'Room 1', type: 'room' },
      ])
      expect(progress.spaces.map(({ name, type, capacity }) => ({ name, type, capacity }))).toEqual([
        { name: 'Rink A', type: 'rink', capacity: 200 },
        { name: 'Main Field', type: 'field', capacity: null },
        { name: 'Room 1', type: 'room', capacity: null },
      ])
      expect(progress.currentStep).toBe(3)
      expect(await countRows(rooms, [rooms.facilityId, progress.facility.id])).toBe(3)
      expect((await progressOf(operator))?.spaces).toHaveLength(3)
    })

    it('creates nothing when one space of three is invalid, and names the field', async () => {
      const operator = await t.createOperator(admin)
      const { facility } = await step(operator, 'facility', { name: 'Maple Arena' })
      const response = await send(operator, 'spaces', {
        spaces: [
          { name: 'Rink A', type: 'rink' },
          { name: 'x'.repeat(101), type: 'rink' },
          { name: 'Court 1', type: 'court' },
        ],
      })
      expect(response.status).toBe(422)
      expect((await errorOf(response)).fields).toEqual({ 'spaces.1.name': 'Name must be 100 characters or less' })
      expect(await countRows(rooms, [rooms.facilityId, facility.id])).toBe(0)
      expect((await progressOf(operator))?.currentStep).toBe(2)
    })

    it('needs at least one space, of a type the wizard offers', async () => {
      const operator = await t.createOperator(admin)
      await step(operator, 'facility', { name: 'Maple Arena' })
      const empty = await send(operator, 'spaces', { spaces: [] })
      expect(empty.status).toBe(422)
      expect((await errorOf(empty)).message).toBe('Please add at least one space')
      const badType = await send(operator, 'spaces', { spaces: [{ name: 'Pool', type: 'pool' }] })
      expect((await errorOf(badType)).fields).toEqual({ 'spaces.0.type': 'Please select a type' })
    })

    it('never creates the batch twice: a retry finds the step done', async () => {
      const { operator, progress } = await operatorAtStep3()
      const retry = await send(operator, 'spaces', { spaces: [{ name: 'Rink A', type: 'rink' }] })
      expect(retry.status).toBe(409)
      expect((await errorOf(retry)).message).toBe('This step is already done')
      expect(await countRows(rooms, [rooms.facilityId, progress.facility.id])).toBe(2)
    })

    it('runs one of two simultaneous submissions', async () => {
      const operator = await t.createOperator(admin)
      const { facility } = await step(operator, 'facility', { name: 'Maple Arena' })
      const body = {
        spaces: [
          { name: 'Rink A', type: 'rink' },
          { name: 'Rink B', type: 'rink' },
        ],
      }
      const answers = await Promise.all([send(operator, 'spaces', body), send(operator, 'spaces', body)])
      expect(answers.map(({ status }) => status).sort()).toEqual([201, 409])
      expect(await countRows(rooms, [rooms.facilityId, facility.id])).toBe(2)
    })

    it('needs the facility first', async () => {
      const operator = await t.createOperator(admin)
      const response = await send(operator, 'spaces', { spaces: [{ name: 'Rink A', type: 'rink' }] })
      expect(response.status).toBe(409)
      expect((await errorOf(response)).message).toBe('Please create your facility first')
    })
  })

  describe('step 3, the change rooms', () => {
    it('creates change rooms with the space defaults, all or nothing', async () => {
      const { operator, progress } = await operatorAtStep3()
      const invalid = await send(operator, 'change-rooms', { changeRooms: [{ name: 'CR 1' }, { name: ' ' }, { name: 'CR 3' }] })
      expect(invalid.status).toBe(422)
      expect((await errorOf(invalid)).fields).toEqual({ 'changeRooms.1.name': 'Please enter a name' })
      expect(await countRows(rooms, [rooms.facilityId, progress.facility.id])).toBe(2)

      const after = await step(operator, 'change-rooms', { changeRooms: [{ name: 'CR 1' }, { name: 'CR 2' }] })
      expect(after.changeRooms.map(({ name }) => name)).toEqual(['CR 1', 'CR 2'])
      expect(after.currentStep).toBe(4)
      const created = await t.db.select().from(rooms).where(eq(rooms.id, after.changeRooms[0]!.id))
      expect(created[0]).toMatchObject({
        type: 'change_room',
        bookingInterval: 30,
        operatingStartTime: '09:00:00',
        operatingEndTime: '22:00:00',
      })
      expect((await send(operator, 'change-rooms', { changeRooms: [{ name: 'CR 9' }] })).status).toBe(409)
    })
  })

  describe('step 4, the displays', () => {
    it('gives each display the slug of its name plus a timestamp, so equal names never collide', async () => {
      const { operator } = await operatorAtStep3()
      await step(operator, 'skip', { step: 3 }, 200)
      const progress = await step(operator, 'displays', {
        displays: [{ name: 'Main Lobby', location: 'Entrance', size: '55"' }, { name: 'Main Lobby' }],
      })
      const [first, second] = progress.displays
      expect(first!.slug).toMatch(/^main-lobby-\d{13}$/)
      expect(second!.slug).toMatch(/^main-lobby-\d{13}$/)
      expect(first!.slug).not.toBe(second!.slug)
      expect(progress.steps[4]).toBe('open')
      expect(progress.currentStep).toBe(5)
      const [row] = await t.db.select().from(screens).where(eq(screens.id, first!.id))
      expect(row).toMatchObject({ location: 'Entrance', size: '55"', theme: 'dark', showTicker: true })
    })

    it('creates none of the batch when one display is invalid, and none twice', async () => {
      const { operator } = await operatorAtStep3()
      await step(operator, 'skip', { step: 3 }, 200)
      const invalid = await send(operator, 'displays', {
        displays: [{ name: 'Lobby' }, { name: 'Bar', size: 'x'.repeat(51) }, { name: 'Rinkside' }],
      })
      expect(invalid.status).toBe(422)
      expect((await errorOf(invalid)).fields).toEqual({ 'displays.1.size': 'Size must be 50 characters or less' })
      expect(await countRows(screens, [screens.organisationId, await organisationOf(operator)])).toBe(0)

      await step(operator, 'displays', { displays: [{ name: 'Lobby' }] })
      expect((await send(operator, 'displays', { displays: [{ name: 'Lobby' }] })).status).toBe(409)
      expect(await countRows(screens, [screens.organisationId, await organisationOf(operator)])).toBe(1)
    })
  })

  describe('step 5, configuring the displays', () => {
    async function operatorAtStep5() {
      const { operator } = await operatorAtStep3()
      await step(operator, 'change-rooms', { changeRooms: [{ name: 'CR 1' }] })
      const progress = await step(operator, 'displays', { displays: [{ name: 'Lobby' }, { name: 'Rinkside' }] })
      return { operator, progress }
    }

    it('puts the run’s spaces on the run’s displays, in their colours, and the board shows them', async () => {
      const { operator, progress } = await operatorAtStep5()
      const [rink, court] = progress.spaces
      const [lobby, rinkside] = progress.displays
      const after = await step(operator, 'display-rooms', {
        displays: [
          { screenId: lobby!.id, rooms: [{ roomId: rink!.id, color: '#ef4444' }, { roomId: court!.id }] },
          { screenId: rinkside!.id, rooms: [{ roomId: rink!.id, color: '#22c55e' }] },
        ],
      })
      expect(after.displays[0]!.rooms).toEqual([
        { roomId: rink!.id, name: 'Rink A', color: '#ef4444' },
        { roomId: court!.id, name: 'Court 1', color: '#3b82f6' },
      ])
      expect(after.steps[4]).toBe('done')
      expect(after.currentStep).toBe(6)

      const board = await t.request(`/api/public/displays/${lobby!.slug}`)
      expect(board.status).toBe(200)
      expect(JSON.stringify(await board.json())).toContain('Court 1')
      expect(
        (await send(operator, 'display-rooms', { displays: [{ screenId: rinkside!.id, rooms: [{ roomId: court!.id }] }] })).status,
      ).toBe(409)
    })

    it('answers 404 for another organisation’s display or space, and refuses a change room', async () => {
      const { operator, progress } = await operatorAtStep5()
      const other = await operatorAtStep5()
      const [rink] = progress.spaces
      const [lobby] = progress.displays
      const cases = [
        { screenId: other.progress.displays[0]!.id, roomId: rink!.id, status: 404, message: 'Screen not found' },
        { screenId: lobby!.id, roomId: other.progress.spaces[0]!.id, status: 404, message: 'Space not found' },
        { screenId: MISSING_ID, roomId: rink!.id, status: 404, message: 'Screen not found' },
        {
          screenId: lobby!.id,
          roomId: progress.changeRooms[0]!.id,
          status: 422,
          message: 'A change room cannot be shown as a room on a screen',
        },
      ]
      for (const { screenId, roomId, status, message } of cases) {
        const response = await send(operator, 'display-rooms', { displays: [{ screenId, rooms: [{ roomId }] }] })
        expect(response.status).toBe(status)
        expect((await errorOf(response)).message).toBe(message)
      }
      const assigned = await t.db.select({ total: count() }).from(screenRooms).where(eq(screenRooms.screenId, lobby!.id))
      expect(assigned[0]!.total).toBe(0)
      expect((await progressOf(other.operator))?.displays[0]!.rooms).toEqual([])
    })

    it('assigns nothing when one display of the batch has no room', async () => {
      const { operator, progress } = await operatorAtStep5()
      const [lobby, rinkside] = progress.displays
      const response = await send(operator, 'display-rooms', {
        displays: [
          { screenId: lobby!.id, rooms: [{ roomId: progress.spaces[0]!.id }] },
          { screenId: rinkside!.id, rooms: [] },
        ],
      })
      expect(response.status).toBe(422)
      expect((await errorOf(response)).fields).toEqual({ 'displays.1.rooms': 'Please select at least one room to display' })
      expect((await progressOf(operator))?.displays.every(({ rooms }) => rooms.length === 0)).toBe(true)
    })

    it('is not needed when every space is a change room', async () => {
      const { operator } = await operatorAtStep3([{ name: 'CR 1', type: 'change_room' }])
      await step(operator, 'skip', { step: 3 }, 200)
      const progress = await step(operator, 'displays', { displays: [{ name: 'Lobby' }] })
      expect(progress.steps[4]).toBe('not-needed')
      expect(progress.currentStep).toBe(6)
      expect((await send(operator, 'skip', { step: 5 })).status).toBe(409)
    })
  })

  describe('step 6 and the finish', () => {
    it('creates the client with the client rule, then completes the run', async () => {
      const { operator } = await operatorAtStep3()
      await step(operator, 'skip', { step: 3 }, 200)
      await step(operator, 'skip', { step: 4 }, 200)
      const blank = await send(operator, 'client', { name: ' ' })
      expect(blank.status).toBe(422)
      expect((await errorOf(blank)).fields).toEqual({ name: 'Please enter a client name' })

      const early = await send(operator, 'complete')
      expect(early.status).toBe(409)
      expect((await errorOf(early)).message).toBe('Please finish or skip every step first')

      const progress = await step(operator, 'client', { name: 'Hawks Hockey', website: 'hawks.example.com' })
      expect(progress.client).toMatchObject({ name: 'Hawks Hockey' })
      expect(progress.steps).toEqual(['done', 'done', 'skipped', 'skipped', 'not-needed', 'done'])
      expect((await send(operator, 'client', { name: 'Hawks Hockey' })).status).toBe(409)
      expect(await countRows(clients, [clients.organisationId, await organisationOf(operator)])).toBe(1)

      const finished = await step(operator, 'complete', undefined, 200)
      expect(finished.completedAt).not.toBeNull()
      expect(await progressOf(operator)).toBeNull()
    })

    it('skips steps 3 to 6 and finishes with the facility and its spaces only', async () => {
      const { operator } = await operatorAtStep3()
      expect((await step(operator, 'skip', { step: 3 }, 200)).currentStep).toBe(4)
      expect((await step(operator, 'skip', { step: 4 }, 200)).currentStep).toBe(6)
      const progress = await step(operator, 'skip', { step: 6 }, 200)
      expect(progress.steps).toEqual(['done', 'done', 'skipped', 'skipped', 'not-needed', 'skipped'])
      expect((await step(operator, 'skip', { step: 6 }, 200)).steps).toEqual(progress.steps)
      await step(operator, 'complete', undefined, 200)
      expect(await countRows(screens, [screens.organisationId, await organisationOf(operator)])).toBe(0)
    })

    it('a finished wizard starts afresh with a new facility', async () => {
      const { operator, progress } = await operatorAtStep3()
      for (const skipped of [3, 4, 6]) await step(operator, 'skip', { step: skipped }, 200)
      await step(operator, 'complete', undefined, 200)
      const again = await step(operator, 'facility', { name: 'Second Arena' })
      expect(again.facility.id).not.toBe(progress.facility.id)
      expect(again.spaces).toEqual([])
      expect(again.steps).toEqual(['done', 'open', 'open', 'open', 'not-needed', 'open'])
    })
  })

  describe('skipping', () => {
    it('is offered on steps 3 to 6 only, in order', async () => {
      const operator = await t.createOperator(admin)
      await step(operator, 'facility', { name: 'Maple Arena' })
      const spaces = await send(operator, 'skip', { step: 2 })
      expect(spaces.status).toBe(422)
      expect((await errorOf(spaces)).fields).toEqual({ step: 'Only steps 3, 4, 5 and 6 can be skipped' })
      const early = await send(operator, 'skip', { step: 4 })
      expect(early.status).toBe(409)
      expect((await errorOf(early)).message).toBe('Please finish the previous steps first')
    })

    it('a skipped step can still be done when the operator goes back to it', async () => {
      const { operator } = await operatorAtStep3()
      await step(operator, 'skip', { step: 3 }, 200)
      const progress = await step(operator, 'change-rooms', { changeRooms: [{ name: 'CR 1' }] })
      expect(progress.steps[2]).toBe('done')
      expect((await send(operator, 'skip', { step: 3 })).status).toBe(409)
    })
  })

  describe('resuming', () => {
    it('reopens a step whose rows were deleted elsewhere, and restarts when the facility goes', async () => {
      const { operator, progress } = await operatorAtStep3([{ name: 'Rink A', type: 'rink' }])
      const deleted = await t.request(`/api/rooms/${progress.spaces[0]!.id}`, { method: 'DELETE', cookie: operator.cookie })
      expect(deleted.status).toBe(204)
      expect((await progressOf(operator))?.currentStep).toBe(2)

      await t.request(`/api/facilities/${progress.facility.id}`, { method: 'DELETE', cookie: operator.cookie })
      expect(await progressOf(operator)).toBeNull()
    })

    it('keeps each organisation’s wizard to itself', async () => {
      const first = await operatorAtStep3()
      const second = await t.createOperator(admin)
      expect(await progressOf(second)).toBeNull()
      expect((await progressOf(first.operator))?.facility.id).toBe(first.progress.facility.id)
    })
  })

  describe('an organisation’s members', () => {
    it('share one wizard: a manager resumes where the owner stopped, and the owner sees what the manager did', async () => {
      const { operator, progress } = await operatorAtStep3()
      const organisationId = await organisationOf(operator)
      const manager = await joinAs('manager', organisationId)
      expect(await progressOf(manager)).toEqual(progress)

      const after = await step(manager, 'change-rooms', { changeRooms: [{ name: 'CR 1' }] })
      expect(after.currentStep).toBe(4)
      expect((await progressOf(operator))?.changeRooms.map(({ name }) => name)).toEqual(['CR 1'])
      const [changeRoom] = await t.db.select().from(rooms).where(eq(rooms.id, after.changeRooms[0]!.id))
      expect(changeRoom).toMatchObject({ organisationId, facilityId: progress.facility.id })

      // Neither can start a second facility while the run is unfinished.
      expect((await send(manager, 'facility', { name: 'Another' })).status).toBe(409)
      const runs = await t.db.select().from(setupRuns).where(eq(setupRuns.organisationId, organisationId))
      expect(runs).toHaveLength(1)
      expect(await countRows(facilities, [facilities.organisationId, organisationId])).toBe(1)
    })

    it('who may not manage the venue see the progress but are refused every step with 403, whatever the body', async () => {
      const { operator, progress } = await operatorAtStep3()
      const organisationId = await organisationOf(operator)
      for (const role of ['scheduler', 'front_desk'] as const) {
        const member = await joinAs(role, organisationId)
        expect(await progressOf(member)).toEqual(progress)
        const attempts: [string, unknown][] = [
          ['facility', { name: 'Mine' }],
          ['facility', { name: '' }],
          ['spaces', { spaces: [{ name: 'Rink Z', type: 'rink' }] }],
          ['change-rooms', { changeRooms: [{ name: 'CR 1' }] }],
          ['change-rooms', []],
          ['displays', { displays: [{ name: 'Lobby' }] }],
          ['display-rooms', { displays: [] }],
          ['client', { name: 'Hawks' }],
          ['skip', { step: 3 }],
          ['skip', { step: 'x' }],
          ['complete', undefined],
        ]
        for (const [path, body] of attempts) {
          const response = await send(member, path, body)
          expect(response.status, `${role} ${path}`).toBe(403)
          expect((await errorOf(response)).code).toBe('FORBIDDEN')
        }
      }
      expect(await progressOf(operator)).toEqual(progress)
      expect(await countRows(facilities, [facilities.organisationId, organisationId])).toBe(1)
    })
  })
})
