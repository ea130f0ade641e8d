import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { Db } from './db/client'
import { healthProbe } from './db/schema'
import { readEnv } from './env'
import { useTestApp } from './test/setup'
import { TEST_POOL_SIZE, testDatabaseKinds } from './test/test-database'

// Both drivers answer execute() with { rows }.
type Rows<Row> = { rows: Row[] }

describe.each(testDatabaseKinds())('readiness on %s', (kind) => {
  const { t } = useTestApp(kind, { admin: false })

  /**
   * PGlite has one connection: setting it read-only is enough. On PostgreSQL the database's new
   * sessions start read-only, and the pool's sessions are ended so that it opens new ones.
   */
  async function setReadOnly(isReadOnly: boolean) {
    if (kind === 'pglite') {
      await t.db.execute(sql.raw(`set default_transaction_read_only = ${isReadOnly ? 'on' : 'off'}`))
      return
    }
    const name = new URL(t.database.url!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: readEnv().databaseUrl! })
    await admin.connect()
    try {
      const setting = isReadOnly ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'
      await admin.query(`alter database ${pg.escapeIdentifier(name)} ${setting}`)
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
    } finally {
      await admin.end()
    }
    await untilEveryPooledConnectionAnswers(t.db)
  }

  const isReadOnly = async () =>
    ((await t.db.execute(sql`show transaction_read_only`)) as unknown as Rows<{ transaction_read_only: string }>).rows[0]!
      .transaction_read_only === 'on'

  it('answers 200 while the database takes writes, having written its one probe row', async () => {
    expect(await t.db.select().from(healthProbe)).toEqual([])
    const response = await t.request('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: kind })
    expect((await t.request('/healthz')).status).toBe(200)
    expect((await t.db.select().from(healthProbe)).map((probe) => probe.id)).toEqual([1])
  })

  it('answers 503 while the database answers reads but refuses writes, and 200 once it takes them again', async () => {
    await setReadOnly(true)
    try {
      expect(await isReadOnly()).toBe(true)
      const response = await t.request('/healthz')
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'unavailable', database: kind })
      expect((await t.request('/livez')).status).toBe(200)
    } finally {
      await setReadOnly(false)
    }
    expect(await isReadOnly()).toBe(false)
    expect((await t.request('/healthz')).status).toBe(200)
  })
})

// The pool may hand out a connection the server has ended before it hears of the end; that
// borrow fails and drops it. Borrowing as many as it can hold at once, until all of them answer,
// leaves only connections opened since.
async function untilEveryPooledConnectionAnswers(db: Db) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const reads = await Promise.allSettled(Array.from({ length: TEST_POOL_SIZE }, () => db.execute(sql`select 1`)))
    if (reads.every((read) => read.status === 'fulfilled')) return
  }
  throw new Error('the pool kept failing after its connections were ended')
}
