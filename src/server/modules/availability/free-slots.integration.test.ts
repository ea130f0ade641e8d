import { describe, expect, it } from 'vitest'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { todayInZone } from '@shared/scheduling/local-day'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type Slot = { spaceId: string; date: string; startTime: string; start: string; end: string }
type Answer = {
  facility: { timeZone: string }
  firstDate: string
  lastDate: string
  spaces: { id: string }[]
  slots: Slot[]
  isTruncated: boolean
}
type ErrorBody = { error: { code: string; message: string } }

const ZONE = 'America/Toronto'
const MISSING_ID = '00000000-0000-4000-8000-000000000000'

// A small seeded generator, so a failing case can be run again as it was.
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe.each(testDatabaseKinds())('Find Ice free slots on %s', (kind) => {
  const {
    t,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2 })

  async function post<T>(user: TestUser, path: string, body: unknown, status = 201): Promise<T> {
    const response = await t.request(path, { method: 'POST', cookie: user.cookie, body })
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return JSON.parse(text) as T
  }

  async function arena(user: TestUser) {
    const { facility } = await post<{ facility: { id: string } }>(user, '/api/facilities', { name: 'Maple Arena', timeZone: ZONE })
    const room = async (body: Record<string, unknown>) =>
      (await post<{ room: { id: string } }>(user, `/api/facilities/${facility.id}/rooms`, body)).room.id
    const common = { type: 'rink', operatingStartTime: '06:00', operatingEndTime: '23:00' }
    const fullId = await room({ ...common, name: 'Rink A', bookingInterval: 30, changeoverMinutes: 15 })
    const halfA = await room({ ...common, name: 'Rink A East', bookingInterval: 30, parentId: fullId })
    const halfB = await room({ ...common, name: 'Rink A West', bookingInterval: 60, parentId: fullId })
    const studio = await room({ name: 'Studio', type: 'room', bookingInterval: 15, changeoverMinutes: 10 })
    const { client } = await post<{ client: { id: string } }>(user, '/api/clients', { name: 'Maple Leafs U13' })
    return { facilityId: facility.id, fullId, halfA, halfB, studio, clientId: client.id }
  }

  const search = (user: TestUser, query: string) => t.request(`/api/availability/free-slots?${query}`, { cookie: user.cookie })
  async function slotsOf(user: TestUser, query: string) {
    const response = await search(user, query)
    expect(response.status).toBe(200)
    return (await response.json()) as Answer
  }
  const book = (user: TestUser, clientId: string, roomId: string, date: string, startTime: string, durationMinutes: number) =>
    t.request('/api/events', {
      method: 'POST',
      cookie: user.cookie,
      body: { roomId, clientId, title: 'Found ice', date, startTime, durationMinutes },
    })

  it('offers only slots a booking is accepted in, and a booked slot leaves the answer with its linked spaces', async () => {
    const place = await arena(owner)
    const today = todayInZone(ZONE, new Date())
    // What already holds the ice in the coming days: the full sheet, a half, the studio, and closures.
    for (const [roomId, offset, start, minutes] of [
      [place.fullId, 1, '18:00', 90],
      [place.halfA, 2, '07:00', 60],
      [place.halfB, 2, '19:00', 120],
      [place.studio, 3, '09:00', 45],
      [place.fullId, 5, '22:00', 60],
    ] as const) {
      const response = await book(owner, place.clientId, roomId, addCalendarDays(today, offset), start, minutes)
      expect(response.status, await response.text()).toBe(201)
    }
    await post(owner, `/api/facilities/${place.facilityId}/closures`, {
      reason: 'Tournament',
      spaceId: place.halfB,
      startDate: addCalendarDays(today, 4),
      startTime: '12:00',
      endDate: addCalendarDays(today, 4),
      endTime: '16:00',
      coveredEvents: 'keep',
    })

    const random = seeded(kind === 'pglite' ? 34 : 48)
    for (let round = 0; round < 6; round += 1) {
      const duration = [30, 60, 90, 120][Math.floor(random() * 4)]!
      const earliest = `${String(6 + Math.floor(random() * 10)).padStart(2, '0')}:00`
      const query = `facilityId=${place.facilityId}&durationMinutes=${duration}&earliestStart=${earliest}&latestEnd=23:00&weeks=1`
      const answer = await slotsOf(owner, query)
      expect(answer.slots.length).toBeGreaterThan(0)
      for (const slot of answer.slots) {
        expect(slot.startTime >= earliest).toBe(true)
        expect(new Date(slot.end).getTime() - new Date(slot.start).getTime()).toBe(duration * 60_000)
      }
      // Book a few of them at random: each is accepted, and what it holds is no longer offered.
      for (let pick = 0; pick < 3; pick += 1) {
        const current = (await slotsOf(owner, query)).slots
        const slot = current[Math.floor(random() * current.length)]!
        const response = await book(owner, place.clientId, slot.spaceId, slot.date, slot.startTime, duration)
        expect(response.status, `${JSON.stringify(slot)} ${await response.text()}`).toBe(201)
        const after = (await slotsOf(owner, query)).slots
        const linked = new Set(slot.spaceId === place.studio ? [place.studio] : [place.fullId, slot.spaceId])
        if (slot.spaceId === place.fullId) [place.halfA, place.halfB].forEach((id) => linked.add(id))
        const overlaps = (other: Slot) => other.start < slot.end && other.end > slot.start
        expect(after.filter((other) => linked.has(other.spaceId) && overlaps(other))).toEqual([])
      }
    }
  })

  it('narrows to one space or one kind of space, and never searches change rooms', async () => {
    const place = await arena(owner)
    await post(owner, `/api/facilities/${place.facilityId}/rooms`, { name: 'Dressing Room 1', type: 'change_room' })
    const base = `facilityId=${place.facilityId}&durationMinutes=60&weeks=1`
    expect((await slotsOf(owner, base)).spaces.map(({ id }) => id)).toEqual([place.fullId, place.halfA, place.halfB, place.studio])
    expect((await slotsOf(owner, `${base}&spaceId=${place.halfA}`)).spaces.map(({ id }) => id)).toEqual([place.halfA])
    const rooms = await slotsOf(owner, `${base}&spaceType=room&weekdays=1,3`)
    expect(rooms.spaces.map(({ id }) => id)).toEqual([place.studio])
    expect(new Set(rooms.slots.map(({ spaceId }) => spaceId))).toEqual(new Set([place.studio]))
  })

  it('refuses what it cannot search with a clear 422, and another organisation’s facility or space with a 404', async () => {
    const place = await arena(owner)
    const refusal = async (query: string) => {
      const response = await search(owner, query)
      expect(response.status).toBe(422)
      return ((await response.json()) as ErrorBody).error.message
    }
    const base = `facilityId=${place.facilityId}`
    expect(await refusal(`${base}&durationMinutes=60&weeks=13`)).toBe('Weeks must be a whole number from 1 to 12')
    expect(await refusal(`${base}&durationMinutes=0`)).toBe('Duration must be a whole number of minutes from 1 to 1440')
    expect(await refusal(`${base}&durationMinutes=60&weekdays=7`)).toBe('Days must be weekdays from 0 (Sunday) to 6 (Saturday)')
    expect(await refusal(`${base}&durationMinutes=60&earliestStart=18:00&latestEnd=09:00`)).toBe(
      'The latest end must be after the earliest start',
    )
    expect(await refusal(`${base}&durationMinutes=60&spaceType=change_room`)).toBe('Please select a kind of space')

    const theirs = await arena(stranger)
    expect((await search(owner, `facilityId=${theirs.facilityId}&durationMinutes=60`)).status).toBe(404)
    expect((await search(owner, `${base}&spaceId=${theirs.fullId}&durationMinutes=60`)).status).toBe(404)
    expect((await search(owner, `facilityId=${MISSING_ID}&durationMinutes=60`)).status).toBe(404)
  })
})
