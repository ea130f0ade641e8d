import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { DEFAULT_TICKER_TEXT, SCREEN_MESSAGES } from '@shared/screens/schema'
import { TEAM_MESSAGES } from '@shared/team/messages'
import type { Role } from '@shared/team/roles'
import { boardAddresses, screenLogos, screenRooms, screens } from '../../db/schema'
import { findPostgresError } from '../../errors'
import { useTestApp } from '../../test/setup'
import { TEST_ORIGIN, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type ScreenRoom = { roomId: string; color: string; name: string; facilityName: string }
type Screen = {
  id: string
  name: string
  location: string | null
  size: string | null
  slug: string
  theme: string
  logoUrl: string | null
  showTicker: boolean
  tickerText: string
  rooms: ScreenRoom[]
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000'
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const MB = 1024 * 1024

describe.each(testDatabaseKinds())('display screens on %s', (kind) => {
  const {
    t,
    admin,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })
  let rinkA: string
  let rinkB: string
  let changeRoom: string
  let strangersRoom: string
  let ownersOrganisation: string
  let strangersOrganisation: string

  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error

  async function post<T>(user: TestUser, path: string, body: unknown): Promise<T> {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    expect(response.status, await response.clone().text()).toBe(201)
    return (await response.json()) as T
  }

  async function createRoom(user: TestUser, facilityId: string, name: string, type = 'rink') {
    return (await post<{ room: { id: string } }>(user, `/api/facilities/${facilityId}/rooms`, { name, type })).room.id
  }

  async function createScreen(user: TestUser, body: Record<string, unknown>) {
    return t.request('/api/screens', { method: 'POST', cookie: user.cookie, body: { rooms: [{ roomId: rinkA }], ...body } })
  }

  const uploadLogo = (user: TestUser, screenId: string, file: Blob, fileName = 'logo.png') => {
    const form = new FormData()
    form.append('logo', file, fileName)
    return t.request(`/api/screens/${screenId}/logo`, { method: 'PUT', cookie: user.cookie, body: form })
  }

  // The organisation the account works in, as the web app learns it.
  async function organisationOf(user: TestUser) {
    const response = await t.request('/api/me', { cookie: user.cookie })
    return ((await response.json()) as { user: { organisation: { id: string } } }).user.organisation.id
  }

  beforeAll(async () => {
    const facility = (await post<{ facility: { id: string } }>(owner, '/api/facilities', { name: 'Maple Arena' })).facility
    ownersOrganisation = await organisationOf(owner)
    rinkA = await createRoom(owner, facility.id, 'Rink A')
    rinkB = await createRoom(owner, facility.id, 'Rink B')
    changeRoom = await createRoom(owner, facility.id, 'Change Room 1', 'change_room')
    const strangersFacility = (await post<{ facility: { id: string } }>(stranger, '/api/facilities', { name: 'Elsewhere' })).facility
    strangersRoom = await createRoom(stranger, strangersFacility.id, 'Their Rink')
    strangersOrganisation = await organisationOf(stranger)
  })

  describe('creating', () => {
    it('creates a screen whose address comes from its name, with the spec defaults and the rooms in order', async () => {
      const response = await createScreen(owner, {
        name: '  Main Lobby -- TV #1! ',
        location: 'Front entrance',
        size: '55"',
        rooms: [{ roomId: rinkB, color: '#ff0000' }, { roomId: rinkA }],
      })
      expect(response.status).toBe(201)
      const { screen } = (await response.json()) as { screen: Screen }
      expect(screen).toMatchObject({
        name: 'Main Lobby -- TV #1!',
        location: 'Front entrance',
        size: '55"',
        slug: 'main-lobby-tv-1',
        theme: 'dark',
        logoUrl: null,
        showTicker: true,
        tickerText: DEFAULT_TICKER_TEXT,
      })
      expect(screen.rooms).toEqual([
        { roomId: rinkB, color: '#ff0000', name: 'Rink B', facilityName: 'Maple Arena' },
        { roomId: rinkA, color: '#3b82f6', name: 'Rink A', facilityName: 'Maple Arena' },
      ])
    })

    it('refuses a name whose address is taken, even spelled differently, with the spec message', async () => {
      expect((await createScreen(owner, { name: 'Arena Board' })).status).toBe(201)
      const duplicate = await createScreen(owner, { name: 'ARENA  board!!' })
      expect(duplicate.status).toBe(409)
      expect(await errorOf(duplicate)).toEqual({
        code: 'CONFLICT',
        message: 'A screen with this name already exists. Please choose a different name.',
        fields: { name: 'A screen with this name already exists. Please choose a different name.' },
      })
      // Addresses are public, so they are unique across operators too.
      const strangers = await t.request('/api/screens', {
        method: 'POST',
        cookie: stranger.cookie,
        body: { name: 'Arena Board', rooms: [{ roomId: strangersRoom }] },
      })
      expect(strangers.status).toBe(409)
    })

    it('needs a name with a letter or digit, at least one room, and a signed-in operator', async () => {
      const blank = await createScreen(owner, { name: '   ' })
      expect(blank.status).toBe(422)
      const symbols = await createScreen(owner, { name: '!!! ---' })
      expect((await errorOf(symbols)).fields?.name).toBe('The name needs at least one letter (a-z) or digit to build the screen address')
      const noRooms = await createScreen(owner, { name: 'Empty', rooms: [] })
      expect(noRooms.status).toBe(422)
      expect((await errorOf(noRooms)).fields?.rooms).toBe('Please select at least one room to display')
      const tooLong = await createScreen(owner, { name: 'x'.repeat(101), location: 'y'.repeat(101), size: 'z'.repeat(51) })
      expect(Object.keys((await errorOf(tooLong)).fields ?? {}).sort()).toEqual(['location', 'name', 'size'])
      const signedOut = await t.request('/api/screens', { method: 'POST', body: { name: 'Anonymous', rooms: [{ roomId: rinkA }] } })
      expect(signedOut.status).toBe(401)
      expect((await errorOf(signedOut)).message).toBe('You must be logged in')
    })

    it('refuses someone else’s room as a missing one, and a change room', async () => {
      const foreign = await createScreen(owner, { name: 'Borrowed', rooms: [{ roomId: rinkA }, { roomId: strangersRoom }] })
      expect(foreign.status).toBe(404)
      expect((await errorOf(foreign)).message).toBe('Space not found')
      const missing = await createScreen(owner, { name: 'Ghost', rooms: [{ roomId: MISSING_ID }] })
      expect(missing.status).toBe(404)
      const change = await createScreen(owner, { name: 'Changing', rooms: [{ roomId: changeRoom }] })
      expect(change.status).toBe(422)
      const list = (await (await t.request('/api/screens', { cookie: owner.cookie })).json()) as { screens: Screen[] }
      expect(list.screens.map((screen) => screen.name)).not.toContain('Borrowed')
    })
  })

  describe('reading, editing and deleting', () => {
    let screen: Screen

    beforeAll(async () => {
      screen = ((await (await createScreen(owner, { name: 'Edit Me', rooms: [{ roomId: rinkA }] })).json()) as { screen: Screen }).screen
    })

    it('lists the operator’s own screens, newest first, and nobody else’s', async () => {
      const mine = (await (await t.request('/api/screens', { cookie: owner.cookie })).json()) as { screens: Screen[] }
      expect(mine.screens[0]!.id).toBe(screen.id)
      const theirs = (await (await t.request('/api/screens', { cookie: stranger.cookie })).json()) as { screens: Screen[] }
      expect(theirs.screens.map(({ id }) => id)).not.toContain(screen.id)
    })

    it('answers another operator as if the screen did not exist', async () => {
      const update = { name: 'Hijacked', rooms: [{ roomId: strangersRoom }] }
      for (const [method, body] of [['GET'], ['PUT', update], ['DELETE']] as const) {
        const response = await t.request(`/api/screens/${screen.id}`, { method, cookie: stranger.cookie, body })
        expect(response.status, method).toBe(404)
        expect((await errorOf(response)).message).toBe('Screen not found')
      }
      expect((await uploadLogo(stranger, screen.id, new Blob([PNG_1X1], { type: 'image/png' }))).status).toBe(404)
      expect((await t.request(`/api/screens/${screen.id}/logo`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404)
      expect((await t.request('/api/screens/not-a-uuid', { cookie: owner.cookie })).status).toBe(404)
      const still = (await (await t.request(`/api/screens/${screen.id}`, { cookie: owner.cookie })).json()) as { screen: Screen }
      expect(still.screen.name).toBe('Edit Me')
    })

    it('refuses to attach another operator’s room to one’s own screen and changes nothing', async () => {
      const response = await t.request(`/api/screens/${screen.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: { name: 'Edit Me', rooms: [{ roomId: rinkB }, { roomId: strangersRoom }] },
      })
      expect(response.status).toBe(404)
      const rows = await t.db.select().from(screenRooms).where(eq(screenRooms.screenId, screen.id))
      expect(rows.map(({ roomId }) => roomId)).toEqual([rinkA])
    })

    it('edits every field and replaces the rooms, keeping the address', async () => {
      const response = await t.request(`/api/screens/${screen.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: {
          name: 'Renamed Board',
          location: null,
          size: '',
          theme: 'light',
          rooms: [{ roomId: rinkB, color: '#00ff00' }],
          showTicker: false,
          tickerText: '  Skate night on Friday!  ',
        },
      })
      expect(response.status).toBe(200)
      const { screen: updated } = (await response.json()) as { screen: Screen }
      expect(updated).toMatchObject({
        name: 'Renamed Board',
        slug: 'edit-me',
        location: null,
        size: null,
        theme: 'light',
        showTicker: false,
        tickerText: 'Skate night on Friday!',
      })
      expect(updated.rooms.map(({ roomId, color }) => ({ roomId, color }))).toEqual([{ roomId: rinkB, color: '#00ff00' }])
      const tooLong = await t.request(`/api/screens/${screen.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: { name: 'Renamed Board', rooms: [{ roomId: rinkB }], tickerText: 't'.repeat(501) },
      })
      expect((await errorOf(tooLong)).fields?.tickerText).toBe('Ticker text must be 500 characters or less')
      const noRooms = await t.request(`/api/screens/${screen.id}`, { method: 'PUT', cookie: owner.cookie, body: { name: 'X', rooms: [] } })
      expect((await errorOf(noRooms)).message).toBe('Please select at least one room to display')
    })

    it('deletes a screen with its rooms and logo', async () => {
      const doomed = ((await (await createScreen(owner, { name: 'Doomed' })).json()) as { screen: Screen }).screen
      expect((await uploadLogo(owner, doomed.id, new Blob([PNG_1X1]))).status).toBe(200)
      expect((await t.request(`/api/screens/${doomed.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204)
      expect((await t.request(`/api/screens/${doomed.id}`, { cookie: owner.cookie })).status).toBe(404)
      expect(await t.db.select().from(screenRooms).where(eq(screenRooms.screenId, doomed.id))).toEqual([])
      expect(await t.db.select().from(screenLogos).where(eq(screenLogos.screenId, doomed.id))).toEqual([])
    })
  })

  describe('logos', () => {
    let screen: Screen

    beforeAll(async () => {
      screen = ((await (await createScreen(owner, { name: 'Logo Board' })).json()) as { screen: Screen }).screen
    })

    it('stores an image under an address that changes with it, served for good with nosniff', async () => {
      const first = await uploadLogo(owner, screen.id, new Blob([PNG_1X1], { type: 'image/png' }))
      expect(first.status).toBe(200)
      const firstUrl = ((await first.json()) as { screen: Screen }).screen.logoUrl!
      expect(firstUrl).toMatch(/^\/api\/public\/logos\/logo-board\/[0-9a-f]{16}$/)

      const served = await t.request(firstUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1)

      // The browser's claim and the file name are ignored: the bytes say GIF.
      const replaced = await uploadLogo(owner, screen.id, new Blob([GIF_1X1], { type: 'image/png' }), 'logo.png')
      const secondUrl = ((await replaced.json()) as { screen: Screen }).screen.logoUrl!
      expect(secondUrl).not.toBe(firstUrl)
      expect((await t.request(secondUrl)).headers.get('content-type')).toBe('image/gif')
      expect((await t.request(firstUrl)).status).toBe(404)
      expect(await t.db.select().from(screenLogos).where(eq(screenLogos.screenId, screen.id))).toHaveLength(1)

      const removed = await t.request(`/api/screens/${screen.id}/logo`, { method: 'DELETE', cookie: owner.cookie })
      expect(((await removed.json()) as { screen: Screen }).screen.logoUrl).toBeNull()
      expect((await t.request(secondUrl)).status).toBe(404)
      expect(await t.db.select().from(screenLogos).where(eq(screenLogos.screenId, screen.id))).toEqual([])
    })

    it('refuses what is not a raster image by its bytes, whatever its name says', async () => {
      const files = [
        new Blob(['just some text, honestly'], { type: 'image/png' }),
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }),
        new Blob([Buffer.from('%PDF-1.4\n')], { type: 'image/png' }),
      ]
      for (const file of files) {
        const response = await uploadLogo(owner, screen.id, file, 'logo.png')
        expect(response.status).toBe(422)
        expect(await errorOf(response)).toEqual({
          code: 'VALIDATION',
          message: 'Please upload an image file',
          fields: { logo: 'Please upload an image file' },
        })
      }
      const noFile = await t.app.request(`${TEST_ORIGIN}/api/screens/${screen.id}/logo`, {
        method: 'PUT',
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'content-type': 'application/json' },
        body: '{}',
      })
      expect((await errorOf(noFile)).message).toBe('Please upload an image file')
    })

    it('refuses 5 MB and more with the spec message, whether the body limit or the service sees it', async () => {
      for (const size of [5 * MB + 1, 6 * MB]) {
        const content = new Uint8Array(size)
        content.set(PNG_1X1)
        const response = await uploadLogo(owner, screen.id, new Blob([content], { type: 'image/png' }))
        expect(response.status, `${size} bytes`).toBe(413)
        expect((await errorOf(response)).message).toBe('Logo file must be less than 5MB')
      }
      const current = (await (await t.request(`/api/screens/${screen.id}`, { cookie: owner.cookie })).json()) as { screen: Screen }
      expect(current.screen.logoUrl).toBeNull()
    })
  })

  describe('board addresses', () => {
    const deleteScreen = (user: TestUser, id: string) => t.request(`/api/screens/${id}`, { method: 'DELETE', cookie: user.cookie })

    it('keeps a deleted screen’s address for its operator: another is refused it, and the old address never shows their schedule', async () => {
      const first = ((await (await createScreen(owner, { name: 'Main Lobby' })).json()) as { screen: Screen }).screen
      expect(first.slug).toBe('main-lobby')
      expect((await deleteScreen(owner, first.id)).status).toBe(204)

      for (const name of ['Main Lobby', 'MAIN  lobby!']) {
        const taken = await t.request('/api/screens', {
          method: 'POST',
          cookie: stranger.cookie,
          body: { name, rooms: [{ roomId: strangersRoom }] },
        })
        expect(taken.status, name).toBe(409)
        expect(await errorOf(taken)).toEqual({
          code: 'CONFLICT',
          message: SCREEN_MESSAGES.duplicateSlug,
          fields: { name: SCREEN_MESSAGES.duplicateSlug },
        })
      }
      const theirs = (await (await t.request('/api/screens', { cookie: stranger.cookie })).json()) as { screens: Screen[] }
      expect(theirs.screens.map(({ slug }) => slug)).not.toContain('main-lobby')
      const lobbyTv = await t.request('/api/public/displays/main-lobby')
      expect(lobbyTv.status).toBe(404)
      expect(await lobbyTv.text()).not.toContain('Elsewhere')

      const again = await createScreen(owner, { name: 'Main Lobby' })
      expect(again.status).toBe(201)
      expect(((await again.json()) as { screen: Screen }).screen.slug).toBe('main-lobby')
      const board = await t.request('/api/public/displays/main-lobby')
      expect(board.status).toBe(200)
      expect(((await board.json()) as { facilityName: string }).facilityName).toBe('Maple Arena')
    })

    it('keeps a deleted organisation’s addresses from every other organisation, in the database too', async () => {
      const doomed = await t.createOperator(admin)
      const facility = (await post<{ facility: { id: string } }>(doomed, '/api/facilities', { name: 'Closing Arena' })).facility
      const room = await createRoom(doomed, facility.id, 'Old Rink')
      const screen = (await post<{ screen: Screen }>(doomed, '/api/screens', { name: 'Closing Lobby', rooms: [{ roomId: room }] })).screen
      expect(screen.slug).toBe('closing-lobby')
      expect((await t.request('/api/public/displays/closing-lobby')).status).toBe(200)
      expect((await t.request('/api/organisation', { method: 'DELETE', cookie: doomed.cookie })).status).toBe(204)

      // The address outlives its organisation, held by none.
      const [tombstone] = await t.db.select().from(boardAddresses).where(eq(boardAddresses.slug, 'closing-lobby'))
      expect(tombstone).toMatchObject({ slug: 'closing-lobby', organisationId: null })
      const taken = await t.request('/api/screens', {
        method: 'POST',
        cookie: stranger.cookie,
        body: { name: 'Closing Lobby', rooms: [{ roomId: strangersRoom }] },
      })
      expect(taken.status).toBe(409)
      expect((await errorOf(taken)).message).toBe(SCREEN_MESSAGES.duplicateSlug)
      const written = await t.db
        .insert(screens)
        .values({ organisationId: strangersOrganisation, name: 'Closing Lobby', slug: 'closing-lobby' })
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(findPostgresError(written)).toMatchObject({ code: '23503', constraint: 'screens_board_address_fk' })
      const lobbyTv = await t.request('/api/public/displays/closing-lobby')
      expect(lobbyTv.status).toBe(404)
      expect(await lobbyTv.text()).not.toContain('Elsewhere')
    })

    it('holds the address in the database itself, whoever writes the screen', async () => {
      const gone = ((await (await createScreen(owner, { name: 'Side Door' })).json()) as { screen: Screen }).screen
      expect((await deleteScreen(owner, gone.id)).status).toBe(204)
      const refused = await t.db
        .insert(screens)
        .values({ organisationId: strangersOrganisation, name: 'Side Door', slug: 'side-door' })
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(findPostgresError(refused)).toMatchObject({ code: '23503', constraint: 'screens_board_address_fk' })

      const [back] = await t.db
        .insert(screens)
        .values({ organisationId: ownersOrganisation, name: 'Side Door', slug: 'side-door' })
        .returning()
      expect(back!.slug).toBe('side-door')
      // Nor can a screen be handed over to another organisation with its address.
      const handedOver = await t.db
        .update(screens)
        .set({ organisationId: strangersOrganisation })
        .where(eq(screens.id, back!.id))
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(findPostgresError(handedOver)).toMatchObject({ code: '23503', constraint: 'screens_board_address_fk' })
      // Within one organisation an address names one screen.
      const twice = await t.db
        .insert(screens)
        .values({ organisationId: ownersOrganisation, name: 'Side Door again', slug: 'side-door' })
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(findPostgresError(twice)).toMatchObject({ code: '23505', constraint: 'screens_organisation_id_slug_idx' })
    })
  })

  describe('organisations', () => {
    it('keep each organisation’s rooms, screens and logos to itself in the database, whoever writes', async () => {
      const screen = ((await (await createScreen(owner, { name: 'Rows Board' })).json()) as { screen: Screen }).screen
      const attempts = [
        // Another organisation's room on this organisation's screen.
        [
          'screen_rooms_room_fk',
          t.db.insert(screenRooms).values({ organisationId: ownersOrganisation, screenId: screen.id, roomId: strangersRoom }),
        ],
        // This organisation's screen listed under another organisation.
        [
          'screen_rooms_screen_fk',
          t.db.insert(screenRooms).values({ organisationId: strangersOrganisation, screenId: screen.id, roomId: strangersRoom }),
        ],
        [
          'screen_logos_screen_fk',
          t.db.insert(screenLogos).values({
            organisationId: strangersOrganisation,
            screenId: screen.id,
            contentType: 'image/png',
            content: PNG_1X1,
            version: '0123456789abcdef',
          }),
        ],
      ] as const
      for (const [constraint, attempt] of attempts) {
        const error = await attempt.then(
          () => null,
          (caught: unknown) => caught,
        )
        expect(findPostgresError(error), constraint).toMatchObject({ code: '23503', constraint })
      }
      const rows = await t.db.select().from(screenRooms).where(eq(screenRooms.screenId, screen.id))
      expect(rows.map((row) => [row.organisationId, row.roomId])).toEqual([[ownersOrganisation, rinkA]])
    })

    describe('members', () => {
      // Another account joins the owner's organisation in the role given, and works in it from then on.
      const joinAs = (role: Role) => t.addMember(admin, ownersOrganisation, role)

      it('share the organisation’s screens: a manager lists, creates, edits, gives a logo to and deletes the owner’s', async () => {
        const manager = await joinAs('manager')
        const owners = ((await (await createScreen(owner, { name: 'Shared Board' })).json()) as { screen: Screen }).screen
        const listed = (await (await t.request('/api/screens', { cookie: manager.cookie })).json()) as { screens: Screen[] }
        expect(listed.screens.map(({ id }) => id)).toContain(owners.id)

        const created = await createScreen(manager, { name: 'Manager Board', rooms: [{ roomId: rinkB }] })
        expect(created.status).toBe(201)
        const managers = ((await created.json()) as { screen: Screen }).screen
        const [row] = await t.db.select().from(screens).where(eq(screens.id, managers.id))
        expect(row!.organisationId).toBe(ownersOrganisation)
        const seenByOwner = await t.request(`/api/screens/${managers.id}`, { cookie: owner.cookie })
        expect(seenByOwner.status).toBe(200)

        const edited = await t.request(`/api/screens/${owners.id}`, {
          method: 'PUT',
          cookie: manager.cookie,
          body: { name: 'Shared Board, edited', rooms: [{ roomId: rinkB }] },
        })
        expect(edited.status).toBe(200)
        expect((await uploadLogo(manager, owners.id, new Blob([PNG_1X1]))).status).toBe(200)
        const logos = await t.db.select().from(screenLogos).where(eq(screenLogos.screenId, owners.id))
        expect(logos.map((logo) => logo.organisationId)).toEqual([ownersOrganisation])
        expect((await t.request(`/api/screens/${owners.id}`, { method: 'DELETE', cookie: manager.cookie })).status).toBe(204)
        // Still nobody else's.
        expect((await t.request(`/api/screens/${managers.id}`, { cookie: stranger.cookie })).status).toBe(404)
      })

      it('who do not manage the venue read the screens but are refused every change with 403, whatever the body', async () => {
        const screen = ((await (await createScreen(owner, { name: 'Read Only Board' })).json()) as { screen: Screen }).screen
        for (const role of ['scheduler', 'front_desk'] as const) {
          const member = await joinAs(role)
          const list = await t.request('/api/screens', { cookie: member.cookie })
          expect(list.status, role).toBe(200)
          expect(((await list.json()) as { screens: Screen[] }).screens.map(({ id }) => id)).toContain(screen.id)
          expect((await t.request(`/api/screens/${screen.id}`, { cookie: member.cookie })).status, role).toBe(200)

          const refused = [
            await createScreen(member, { name: 'Not Allowed' }),
            await t.request('/api/screens', { method: 'POST', cookie: member.cookie, body: {} }),
            await t.request(`/api/screens/${screen.id}`, {
              method: 'PUT',
              cookie: member.cookie,
              body: { name: 'Renamed', rooms: [{ roomId: rinkA }] },
            }),
            await t.request(`/api/screens/${screen.id}`, { method: 'PUT', cookie: member.cookie, body: 'not json' }),
            await t.request(`/api/screens/${screen.id}`, { method: 'DELETE', cookie: member.cookie }),
            await uploadLogo(member, screen.id, new Blob([PNG_1X1])),
            await uploadLogo(member, screen.id, new Blob(['not an image'])),
            await t.request(`/api/screens/${screen.id}/logo`, { method: 'DELETE', cookie: member.cookie }),
          ]
          for (const response of refused) {
            expect(response.status, `${role} ${response.url}`).toBe(403)
            expect(await errorOf(response)).toEqual({ code: 'FORBIDDEN', message: TEAM_MESSAGES.forbidden })
          }
        }
        const after = (await (await t.request(`/api/screens/${screen.id}`, { cookie: owner.cookie })).json()) as { screen: Screen }
        expect(after.screen).toMatchObject({ name: 'Read Only Board', logoUrl: null })
        const names = ((await (await t.request('/api/screens', { cookie: owner.cookie })).json()) as { screens: Screen[] }).screens
        expect(names.map(({ name }) => name)).not.toContain('Not Allowed')
      })
    })
  })
})
