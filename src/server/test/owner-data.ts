import { OPEN_AROUND_THE_CLOCK, TEST_ORIGIN, type TestApp, type TestUser } from './test-app'

// One operator's data, made through the API as the web app makes it, so that every route of the
// authorization matrix and of the hostile-input tests has a real id to aim at.

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

export type OwnerData = {
  facilityId: string
  rinkId: string
  changeRoomId: string
  clientId: string
  contractId: string
  usageId: string
  eventId: string
  pastEventId: string
  /** A closure of the rink far in the future, out of every other booking's way. */
  closureId: string
  screenId: string
  screenSlug: string
  screenName: string
  logoPath: string
  setupFacilityId: string
  setupSpaceIds: string[]
  setupScreenIds: string[]
}

async function expectCreated<T>(response: Response, what: string): Promise<T> {
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`creating ${what} failed: ${response.status} ${await response.text()}`)
  }
  return (await response.json()) as T
}

/** Creators of single rows for one operator; destructive tests use them for fresh resources. */
export function operatorResources(t: TestApp, user: TestUser, label: string) {
  const post = async <T>(path: string, body: unknown, what: string) =>
    expectCreated<T>(await t.request(path, { method: 'POST', cookie: user.cookie, body }), what)
  // Each booking gets a day of its own, so no two of them ever conflict.
  let bookingDay = 0
  let screenCount = 0

  const resources = {
    facility: async (timeZone = 'America/New_York') =>
      (await post<{ facility: { id: string } }>('/api/facilities', { name: `${label} Arena`, timeZone }, 'a facility')).facility.id,
    room: async (facilityId: string, type = 'rink') =>
      (
        await post<{ room: { id: string } }>(
          `/api/facilities/${facilityId}/rooms`,
          { name: `${label} ${type}`, type, ...OPEN_AROUND_THE_CLOCK },
          'a room',
        )
      ).room.id,
    client: async () => (await post<{ client: { id: string } }>('/api/clients', { name: `${label} Hockey Club` }, 'a client')).client.id,
    contract: async (clientId: string) =>
      (
        await post<{ contract: { id: string } }>(
          '/api/contracts',
          { clientId, name: 'Season', startDate: '2020-01-01', totalHours: 5000 },
          'a contract',
        )
      ).contract.id,
    usage: async (contractId: string) =>
      (await post<{ usage: { id: string } }>('/api/usage', { contractId, usageDate: '2026-01-15', hours: 1.5 }, 'a usage log')).usage.id,
    event: async (roomId: string, clientId: string, { date, changeRoomId }: { date?: string; changeRoomId?: string } = {}) => {
      bookingDay += 1
      const day = date ?? new Date(Date.UTC(2033, 0, 1) + bookingDay * 86_400_000).toISOString().slice(0, 10)
      const body = {
        roomId,
        clientId,
        date: day,
        startTime: '10:00',
        durationMinutes: 60,
        title: `${label} practice`,
        changeRoom1Id: changeRoomId ?? null,
      }
      return (await post<{ events: Array<{ id: string }> }>('/api/events', body, 'an event')).events[0]!.id
    },
    closure: async (facilityId: string, spaceId: string | null, startDate = '2040-01-01') => {
      const body = { spaceId, reason: `${label} maintenance`, startDate, startTime: '00:00', endDate: startDate, endTime: '06:00' }
      return (await post<{ closure: { id: string } }>(`/api/facilities/${facilityId}/closures`, body, 'a closure')).closure.id
    },
    screen: async (roomId: string) => {
      screenCount += 1
      const body = { name: `${label} Lobby ${screenCount}`, rooms: [{ roomId }] }
      return (await post<{ screen: { id: string; slug: string; name: string } }>('/api/screens', body, 'a screen')).screen
    },
    logo: async (screenId: string) => {
      const form = new FormData()
      form.append('logo', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png')
      const response = await t.app.request(`${TEST_ORIGIN}/api/screens/${screenId}/logo`, {
        method: 'PUT',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        body: form,
      })
      return (await expectCreated<{ screen: { logoUrl: string } }>(response, 'a logo')).screen.logoUrl
    },
  }
  return resources
}

/** A facility with a rink and a change room, a client with a contract and usage, events, a screen with a logo, and a setup run at step 5. */
export async function seedOwnerData(t: TestApp, owner: TestUser, label: string): Promise<OwnerData> {
  const make = operatorResources(t, owner, label)
  const facilityId = await make.facility()
  const rinkId = await make.room(facilityId)
  const changeRoomId = await make.room(facilityId, 'change_room')
  const clientId = await make.client()
  const contractId = await make.contract(clientId)
  const usageId = await make.usage(contractId)
  const eventId = await make.event(rinkId, clientId, { changeRoomId })
  const pastEventId = await make.event(rinkId, clientId, { date: '2024-02-01' })
  const closureId = await make.closure(facilityId, rinkId)
  const screen = await make.screen(rinkId)
  const logoPath = await make.logo(screen.id)

  const step = async (path: string, body: unknown) =>
    expectCreated<{ progress: { facility: { id: string }; spaces: Array<{ id: string }>; displays: Array<{ id: string }> } }>(
      await t.request(`/api/setup/${path}`, { method: 'POST', cookie: owner.cookie, body }),
      `setup step ${path}`,
    )
  await step('facility', { name: `${label} Setup Arena`, timeZone: 'America/New_York' })
  await step('spaces', { spaces: [{ name: `${label} Court`, type: 'court' }] })
  await step('change-rooms', { changeRooms: [{ name: `${label} Change Room A` }] })
  const { progress } = await step('displays', { displays: [{ name: `${label} Setup Board` }] })

  return {
    facilityId,
    rinkId,
    changeRoomId,
    clientId,
    contractId,
    usageId,
    eventId,
    pastEventId,
    closureId,
    screenId: screen.id,
    screenSlug: screen.slug,
    screenName: screen.name,
    logoPath,
    setupFacilityId: progress.facility.id,
    setupSpaceIds: progress.spaces.map(({ id }) => id),
    setupScreenIds: progress.displays.map(({ id }) => id),
  }
}
