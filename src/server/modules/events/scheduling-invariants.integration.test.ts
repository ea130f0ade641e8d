import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { hoursForDuration } from '@shared/scheduling/durations'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { rangesOverlap, type TimeRange } from '@shared/scheduling/overlap'
import { splitAtMidnight } from '@shared/scheduling/split-at-midnight'
import { formatTimeOfDay } from '@shared/scheduling/time-of-day'
import { contractUsage, contracts, schedules } from '../../db/schema'
import { OPEN_AROUND_THE_CLOCK, createTestApp, type TestApp, type TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { contractHoursUsed } from '../contracts/repository'

const TIME_ZONE = 'America/Toronto'
// Three days around the fall-back night, in half hours, so that events often collide and cross midnight.
const FIRST_DAY = '2030-11-02'
const DAYS = 3
const SLOT_MINUTES = 30
const OPENING_HOURS = '2.50'

type ModelEvent = TimeRange & { id: string; eventGroupId: string | null; version: number }
type ApiEvent = {
  id: string
  startTime: string
  endTime: string
  eventGroupId: string | null
  title: string
  clientId: string
  version: number
}

const when = fc.record({
  day: fc.integer({ min: 0, max: DAYS - 1 }),
  slot: fc.integer({ min: 0, max: 47 }),
  durationSlots: fc.integer({ min: 1, max: 8 }),
})
type When = { day: number; slot: number; durationSlots: number }

const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), when }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), when }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
)

function rangeOf({ day, slot, durationSlots }: When): TimeRange {
  const start = combineLocalDateTime(addCalendarDays(FIRST_DAY, day), formatTimeOfDay(slot * SLOT_MINUTES), TIME_ZONE)
  return { start, end: new Date(start.getTime() + durationSlots * SLOT_MINUTES * 60_000) }
}

// Exact decimal hours as whole hundredths, so the sum is exact too.
const toHundredths = (hours: string) => Math.round(Number(hours) * 100)

const toModel = (event: ApiEvent): ModelEvent => ({
  id: event.id,
  eventGroupId: event.eventGroupId,
  version: event.version,
  start: new Date(event.startTime),
  end: new Date(event.endTime),
})

describe.each(testDatabaseKinds())('scheduling invariants under random create, edit and delete on %s', (kind) => {
  let t: TestApp
  let operator: TestUser
  let facilityId: string
  let clientId: string
  let contractId: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = await t.createOperator(await t.createAdmin())
    const post = async <T>(path: string, body: unknown) =>
      (await (await t.request(path, { method: 'POST', body, cookie: operator.cookie })).json()) as T
    facilityId = (await post<{ facility: { id: string } }>('/api/facilities', { name: 'Arena', timeZone: TIME_ZONE })).facility.id
    clientId = (await post<{ client: { id: string } }>('/api/clients', { name: 'Jets' })).client.id
    contractId = (
      await post<{ contract: { id: string } }>('/api/contracts', {
        clientId,
        name: 'Season ice',
        startDate: '2020-01-01',
        totalHours: 100_000,
        hoursUsed: Number(OPENING_HOURS),
      })
    ).contract.id
  })
  afterAll(async () => {
    await t.close()
  })

  const newRoom = async () => {
    const response = await t.request(`/api/facilities/${facilityId}/rooms`, {
      method: 'POST',
      body: { name: 'Rink', type: 'rink', ...OPEN_AROUND_THE_CLOCK },
      cookie: operator.cookie,
    })
    return ((await response.json()) as { room: { id: string } }).room.id
  }

  const isFree = (model: ModelEvent[], range: TimeRange, excludeIds: Set<string>) =>
    splitAtMidnight({ ...range, title: '' }, TIME_ZONE).every((part) =>
      model.every((event) => excludeIds.has(event.id) || !rangesOverlap(event, part)),
    )

  const membersOf = (model: ModelEvent[], target: ModelEvent) =>
    new Set(
      model
        .filter((event) => event.id === target.id || (target.eventGroupId && event.eventGroupId === target.eventGroupId))
        .map((event) => event.id),
    )

  const body = (range: TimeRange, version = 1) => ({
    clientId,
    title: 'Booking',
    startTime: range.start.toISOString(),
    endTime: range.end.toISOString(),
    version,
  })

  it('keeps rooms free of overlaps, split parts paired and the ledger exact, matching a simple model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const roomId = await newRoom()
        let model: ModelEvent[] = []

        for (const step of commands) {
          if (step.kind === 'create') {
            const range = rangeOf(step.when)
            const { day, slot, durationSlots } = step.when
            const response = await t.request('/api/events', {
              method: 'POST',
              cookie: operator.cookie,
              body: {
                roomId,
                clientId,
                title: 'Booking',
                date: addCalendarDays(FIRST_DAY, day),
                startTime: formatTimeOfDay(slot * SLOT_MINUTES),
                durationMinutes: durationSlots * SLOT_MINUTES,
              },
            })
            expect(response.status).toBe(isFree(model, range, new Set()) ? 201 : 409)
            if (response.status === 201) model.push(...((await response.json()) as { events: ApiEvent[] }).events.map(toModel))
            continue
          }
          if (model.length === 0) continue
          const target = model[step.pick % model.length]!
          const members = membersOf(model, target)
          if (step.kind === 'delete') {
            expect((await t.request(`/api/events/${target.id}`, { method: 'DELETE', cookie: operator.cookie })).status).toBe(204)
            model = model.filter((event) => !members.has(event.id))
            continue
          }
          const range = rangeOf(step.when)
          const response = await t.request(`/api/events/${target.id}`, {
            method: 'PUT',
            cookie: operator.cookie,
            body: body(range, target.version),
          })
          expect(response.status).toBe(isFree(model, range, members) ? 200 : 409)
          if (response.status === 200) {
            model = model.filter((event) => !members.has(event.id))
            model.push(...((await response.json()) as { events: ApiEvent[] }).events.map(toModel))
          }
        }

        const rows = await t.db.select().from(schedules).where(eq(schedules.roomId, roomId))
        expect(rows.map((row) => row.id).sort()).toEqual(model.map((event) => event.id).sort())

        // No two events of the room overlap.
        for (const [index, row] of rows.entries()) {
          for (const later of rows.slice(index + 1)) {
            expect(rangesOverlap({ start: row.startTime, end: row.endTime }, { start: later.startTime, end: later.endTime })).toBe(false)
          }
        }

        // Every event of a group has exactly one partner, the other part.
        for (const row of rows.filter((candidate) => candidate.eventGroupId)) {
          const partners = rows.filter((candidate) => candidate.eventGroupId === row.eventGroupId)
          expect(partners.map((partner) => partner.title).sort()).toEqual(['Booking (Part 1)', 'Booking (Part 2)'])
        }

        // Each event is charged its own duration, and hours used is the opening balance plus the usage rows.
        const usage = await t.db.select().from(contractUsage).where(eq(contractUsage.contractId, contractId))
        for (const row of rows) {
          expect(usage.find((entry) => entry.scheduleId === row.id)?.hoursLogged).toBe(hoursForDuration(row.startTime, row.endTime))
        }
        const [ledger] = await t.db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(eq(contracts.id, contractId))
        expect(toHundredths(ledger!.hoursUsed)).toBe(
          toHundredths(OPENING_HOURS) + usage.reduce((sum, entry) => sum + toHundredths(entry.hoursLogged), 0),
        )
      }),
      { numRuns: 30 },
    )
  }, 300_000)
})
