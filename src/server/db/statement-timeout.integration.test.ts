import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPostgresError, SQLSTATE } from '../errors'
import { readEnv } from '../env'
import { operatorResources } from '../test/owner-data'
import { changedTables, createFingerprinter, listTables } from '../test/table-fingerprint'
import { useTestApp } from '../test/setup'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { openDatabase } from './client'
import { MIGRATION_LOCK_KEY } from './migrate'
import { schedules } from './schema'

type ErrorBody = { error: { code: string; message: string } }

const TIMEOUT_MS = 300

// A statement waits for another session's lock only on PostgreSQL: PGlite is one connection in
// this process, and its WASM build does not cancel statements on a timeout anyway (db/client.ts).
describe.skipIf(!readEnv().databaseUrl)('the statement timeout on PostgreSQL', () => {
  const {
    t,
    operators: [operator],
  } = useTestApp('postgres', { env: { STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) }, operators: 1 })

  /** Another session holding the room's row, as a long transaction elsewhere would. */
  async function lockRoom(roomId: string) {
    const locker = new pg.Client({ connectionString: t.database.url! })
    await locker.connect()
    await locker.query('begin')
    await locker.query('select id from rooms where id = $1 for update', [roomId])
    let isReleased = false
    return async () => {
      if (isReleased) return
      isReleased = true
      await locker.query('rollback')
      await locker.end()
    }
  }

  it('cancels a booking stuck behind a lock on its room with a prompt 503, writing nothing, and books once the lock is gone', async () => {
    const make = operatorResources(t, operator, 'Locked')
    const roomId = await make.room(await make.facility())
    const clientId = await make.client()
    await make.contract(clientId)
    const book = () =>
      t.request('/api/events', {
        method: 'POST',
        cookie: operator.cookie,
        body: { roomId, clientId, date: '2034-03-01', startTime: '10:00', durationMinutes: 60, title: 'Practice' },
      })
    const fingerprint = createFingerprinter(t.db, await listTables(t.db))
    const before = await fingerprint()

    const release = await lockRoom(roomId)
    // Without a timeout the booking waits as long as the lock is held: letting go after a while
    // makes such a booking fail this test instead of hanging it.
    const fallback = setTimeout(() => void release(), 10_000)
    try {
      const startedAt = performance.now()
      const response = await book()
      const tookMs = performance.now() - startedAt
      expect(response.status).toBe(503)
      expect(((await response.json()) as ErrorBody).error).toEqual({
        code: 'UNAVAILABLE',
        message: 'The database is busy right now. Please try again in a moment.',
      })
      expect(tookMs).toBeGreaterThanOrEqual(TIMEOUT_MS)
      expect(tookMs).toBeLessThan(3_000)
      expect(changedTables(before, await fingerprint())).toEqual([])
    } finally {
      clearTimeout(fallback)
      await release()
    }

    expect((await book()).status).toBe(201)
    expect(await t.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.roomId, roomId))).toHaveLength(1)
  })
})

describe.skipIf(!readEnv().databaseUrl)('migrating PostgreSQL under a statement timeout', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('waits out another instance’s migrations for longer than the timeout, which still holds for every other statement', async () => {
    // Another instance starting at the same moment, migrating for a second.
    const other = new pg.Client({ connectionString: database.url! })
    await other.connect()
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    const unlocked = new Promise((resolve) => setTimeout(resolve, 1_000)).then(async () => {
      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      await other.end()
    })

    const opening = openDatabase({ kind: 'postgres', url: database.url!, poolSize: 2, statementTimeoutMs: 200 })
    const [opened] = await Promise.allSettled([opening, unlocked])
    expect(opened.status, opened.status === 'rejected' ? String(opened.reason) : '').toBe('fulfilled')
    const instance = await opening
    try {
      const cancelled = await instance.db.execute(sql`select pg_sleep(1)`).then(
        () => null,
        (error: unknown) => findPostgresError(error)?.code,
      )
      expect(cancelled).toBe(SQLSTATE.queryCanceled)
    } finally {
      await instance.close()
    }
  })
})
