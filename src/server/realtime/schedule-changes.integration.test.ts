import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../db/client'
import { facilities, organisations, rooms, schedules, screenRooms, screens } from '../db/schema'
import { readEnv } from '../env'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/test-database'
import { changeKeys, SCHEDULE_CHANGES_CHANNEL } from './schedule-changes'

// Collects payloads and lets a test wait until one arrives.
function recordNotifications() {
  const received: Array<string | null> = []
  const waiters = new Set<() => void>()
  return {
    received,
    handler: (payload: string | null) => {
      received.push(payload)
      for (const wake of waiters) wake()
    },
    async waitFor(payload: string, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs
      while (!received.includes(payload)) {
        if (Date.now() > deadline) throw new Error(`no notification ${payload}; got ${JSON.stringify(received)}`)
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            resolve()
          }
          waiters.add(wake)
          setTimeout(wake, 50)
        })
      }
    },
  }
}

// Every row carries its organisation, the same as its parent's (migration 0011).
async function seedRoom(database: Database) {
  const [organisation] = await database.db.insert(organisations).values({ name: 'Maple Sports' }).returning()
  const organisationId = organisation!.id
  const [facility] = await database.db.insert(facilities).values({ organisationId, name: 'Maple Arena' }).returning()
  const [room] = await database.db
    .insert(rooms)
    .values({ organisationId, facilityId: facility!.id, name: 'Rink A', type: 'rink' })
    .returning()
  // On a board: only those rooms' events are announced (migrations 0007 and 0011).
  const [board] = await database.db
    .insert(screens)
    .values({ organisationId, name: 'Board', slug: `board-${Date.now()}-${Math.floor(Math.random() * 1e6)}` })
    .returning()
  await database.db.insert(screenRooms).values({ organisationId, screenId: board!.id, roomId: room!.id })
  return { organisationId, facilityId: facility!.id, roomId: room!.id, boardId: board!.id }
}

describe.each(testDatabaseKinds())('schedule change notifications on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database.drop()
  })

  it('announces every write that changes what a board shows, by the key it touched', async () => {
    const notifications = recordNotifications()
    const unlisten = await database.listen(SCHEDULE_CHANGES_CHANNEL, notifications.handler)
    const { organisationId, facilityId, roomId, boardId } = await seedRoom(database)
    const [otherRoom] = await database.db.insert(rooms).values({ organisationId, facilityId, name: 'Rink B', type: 'rink' }).returning()
    await database.db.insert(screenRooms).values({ organisationId, screenId: boardId, roomId: otherRoom!.id })

    const [event] = await database.db
      .insert(schedules)
      .values({
        organisationId,
        roomId,
        title: 'Practice',
        startTime: new Date('2030-01-01T10:00:00Z'),
        endTime: new Date('2030-01-01T11:00:00Z'),
      })
      .returning()
    await notifications.waitFor(changeKeys.room(roomId))

    // Moving an event announces the room it left as well as the one it joined.
    notifications.received.length = 0
    await database.db.update(schedules).set({ roomId: otherRoom!.id }).where(eq(schedules.id, event!.id))
    await notifications.waitFor(changeKeys.room(roomId))
    await notifications.waitFor(changeKeys.room(otherRoom!.id))

    const [screen] = await database.db.insert(screens).values({ organisationId, name: 'Lobby', slug: 'lobby-notify' }).returning()
    await notifications.waitFor(changeKeys.slug('lobby-notify'))
    await database.db.insert(screenRooms).values({ organisationId, screenId: screen!.id, roomId })
    await notifications.waitFor(changeKeys.screen(screen!.id))

    await database.db.update(facilities).set({ name: 'Maple Arena North' }).where(eq(facilities.id, facilityId))
    await notifications.waitFor(changeKeys.facility(facilityId))

    // A cascade announces what it removed: the room leaves its board.
    notifications.received.length = 0
    await database.db.delete(rooms).where(eq(rooms.id, otherRoom!.id))
    await notifications.waitFor(changeKeys.screen(boardId))
    await unlisten()
  })

  it('announces nothing for the events of a room on no board', async () => {
    const notifications = recordNotifications()
    const unlisten = await database.listen(SCHEDULE_CHANGES_CHANNEL, notifications.handler)
    const { organisationId, facilityId, roomId } = await seedRoom(database)
    const [unshown] = await database.db.insert(rooms).values({ organisationId, facilityId, name: 'Studio', type: 'room' }).returning()
    const times = { startTime: new Date('2033-01-01T10:00:00Z'), endTime: new Date('2033-01-01T11:00:00Z') }
    const [event] = await database.db
      .insert(schedules)
      .values({ organisationId, roomId: unshown!.id, title: 'Yoga', ...times })
      .returning()
    await database.db.update(schedules).set({ title: 'Pilates' }).where(eq(schedules.id, event!.id))
    await database.db.delete(schedules).where(eq(schedules.id, event!.id))
    // A write to a room on a board, after them, arrives; theirs did not.
    await database.db.insert(schedules).values({ organisationId, roomId, title: 'Practice', ...times })
    await notifications.waitFor(changeKeys.room(roomId))
    expect(notifications.received).not.toContain(changeKeys.room(unshown!.id))
    await unlisten()
  })

  it('sends one notification per key and transaction, however many rows change', async () => {
    const notifications = recordNotifications()
    const unlisten = await database.listen(SCHEDULE_CHANGES_CHANNEL, notifications.handler)
    const { organisationId, roomId } = await seedRoom(database)
    await database.db.transaction(async (tx) => {
      for (let day = 1; day <= 20; day++) {
        const start = new Date(Date.UTC(2031, 0, day, 10))
        await tx
          .insert(schedules)
          .values({ organisationId, roomId, title: 'Practice', startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
      }
    })
    await notifications.waitFor(changeKeys.room(roomId))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(notifications.received.filter((payload) => payload === changeKeys.room(roomId))).toHaveLength(1)
    await unlisten()
  })

  it.runIf(kind === 'postgres')('reaches a listener on another app instance of the same database', async () => {
    // Both drivers answer execute() with { rows }.
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] }
    const { name } = result.rows[0]
    const url = new URL(readEnv().databaseUrl!)
    url.pathname = `/${name}`
    const otherInstance = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })
    try {
      const notifications = recordNotifications()
      await otherInstance.listen(SCHEDULE_CHANGES_CHANNEL, notifications.handler)
      const { organisationId, roomId } = await seedRoom(database)
      const started = Date.now()
      await database.db.insert(schedules).values({
        organisationId,
        roomId,
        title: 'Game',
        startTime: new Date('2032-01-01T10:00:00Z'),
        endTime: new Date('2032-01-01T11:00:00Z'),
      })
      await notifications.waitFor(changeKeys.room(roomId))
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      await otherInstance.close()
    }
  })

  it.runIf(kind === 'postgres')('says notifications may be lost when its connection drops, and listens again once back', async () => {
    const notifications = recordNotifications()
    const unlisten = await database.listen(SCHEDULE_CHANGES_CHANNEL, notifications.handler)
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    )
    const deadline = Date.now() + 5_000
    // Once when lost, once when back.
    while (notifications.received.filter((payload) => payload === null).length < 2) {
      if (Date.now() > deadline) throw new Error(`did not reconnect; got ${JSON.stringify(notifications.received)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const { organisationId, roomId } = await seedRoom(database)
    await database.db.insert(schedules).values({
      organisationId,
      roomId,
      title: 'After',
      startTime: new Date('2033-01-01T10:00:00Z'),
      endTime: new Date('2033-01-01T11:00:00Z'),
    })
    await notifications.waitFor(changeKeys.room(roomId))
    await unlisten()
  })
})
