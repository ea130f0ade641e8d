import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { clientFor, startAppProcess, type AppProcess } from './app-process'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test-database'
import { OPEN_AROUND_THE_CLOCK } from './test-app'

// A server killed with SIGKILL in the middle of a stream of bookings loses nothing it
// acknowledged, and leaves nothing half-written.
describe.each(testDatabaseKinds())('a crash in the middle of bookings on %s', (kind) => {
  let database: TestDatabase | null = null
  const processes: AppProcess[] = []

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop('SIGKILL')))
    await database?.drop()
  })

  it('keeps every acknowledged booking whole after a restart', async () => {
    let environment: Record<string, string>
    if (kind === 'postgres') {
      database = await createTestDatabase('postgres')
      environment = { DATABASE_URL: database.url! }
    } else {
      environment = { DATA_DIR: mkdtempSync(join(tmpdir(), 'fieldhouse-crash-')) }
    }

    const before = await startAppProcess(environment)
    processes.push(before)
    const call = clientFor(before.origin)
    const email = 'owner@crash.test'
    const password = 'kill -9 is not a backup'
    await call('/api/auth/sign-up/email', { method: 'POST', body: { fullName: 'Owner', email, password } })
    const signIn = await call('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })
    const cookie = signIn.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!
    const facility = (await (
      await call('/api/facilities', { method: 'POST', cookie, body: { name: 'Crash Arena', timeZone: 'UTC' } })
    ).json()) as { facility: { id: string } }
    const room = (await (
      await call(`/api/facilities/${facility.facility.id}/rooms`, {
        method: 'POST',
        cookie,
        body: { name: 'Rink', type: 'rink', ...OPEN_AROUND_THE_CLOCK },
      })
    ).json()) as { room: { id: string } }
    const client = (await (await call('/api/clients', { method: 'POST', cookie, body: { name: 'Night Owls' } })).json()) as {
      client: { id: string }
    }
    const contract = await call('/api/contracts', {
      method: 'POST',
      cookie,
      body: { clientId: client.client.id, name: 'Season', startDate: '2030-01-01', totalHours: 10_000 },
    })
    expect(contract.status).toBe(201)

    // Each booking crosses midnight, so each is two rows plus two usage rows: a multi-row write.
    const acknowledged: string[][] = []
    let day = 0
    let isRunning = true
    const stream = (async () => {
      while (isRunning) {
        day += 1
        const date = new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)
        const response = await call('/api/events', {
          method: 'POST',
          cookie,
          body: {
            roomId: room.room.id,
            clientId: client.client.id,
            date,
            startTime: '23:00',
            durationMinutes: 120,
            title: `Late game ${day}`,
          },
        }).catch(() => null)
        if (response?.status === 201)
          acknowledged.push(
            ((await response.json().catch(() => ({ events: [] }))) as { events: Array<{ id: string }> }).events.map((event) => event.id),
          )
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await before.stop('SIGKILL')
    isRunning = false
    await stream
    expect(acknowledged.length).toBeGreaterThan(0)

    const after = await startAppProcess(environment)
    processes.push(after)
    const again = clientFor(after.origin)
    const newCookie = (await again('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })).headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!
    // The range endpoint answers at most 45 days at a time.
    const events: Array<{ id: string; eventGroupId: string | null }> = []
    for (let offset = 0; offset <= day + 1; offset += 40) {
      const from = new Date(Date.UTC(2031, 0, 1) + offset * 86_400_000)
      const to = new Date(from.getTime() + 40 * 86_400_000)
      const page = (await (await again(`/api/events?from=${from.toISOString()}&to=${to.toISOString()}`, { cookie: newCookie })).json()) as {
        events: typeof events
      }
      events.push(...page.events.filter((event) => !events.some((seen) => seen.id === event.id)))
    }
    const stored = new Set(events.map((event) => event.id))
    for (const ids of acknowledged) for (const id of ids) expect(stored.has(id)).toBe(true)

    // Nothing half-written: every stored booking has both its parts.
    const partsPerGroup = new Map<string, number>()
    for (const event of events)
      partsPerGroup.set(event.eventGroupId ?? event.id, (partsPerGroup.get(event.eventGroupId ?? event.id) ?? 0) + 1)
    expect([...partsPerGroup.values()].every((parts) => parts === 2)).toBe(true)

    // And the ledger agrees with the bookings: 2 hours each.
    const contracts = (await (await again('/api/contracts', { cookie: newCookie })).json()) as {
      groups: Array<{ contracts: Array<{ hoursUsed: string }> }>
    }
    const hoursUsed = Number(contracts.groups[0]!.contracts[0]!.hoursUsed)
    expect(hoursUsed).toBe(partsPerGroup.size * 2)
  }, 120_000)
})
