import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type pg from 'pg'
import { applyRoutines, type RoutineSession } from './routines'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// Any constant will do; it only has to be the same for every instance of the app.
export const MIGRATION_LOCK_KEY = 727_001

// The `when` of this release's last numbered migration.
function lastMigrationOfThisRelease(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: Array<{ when: number }> }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

// After the numbered migrations, the routines whose files changed (ADR 0053). A database that a
// newer release has migrated further keeps that release's routines: an older instance started
// against it (a rollback, or a rolling deploy) must not put back routines written for an older
// schema.
async function applyThisReleasesRoutines(session: RoutineSession): Promise<void> {
  const [latest] = await session.rows<{ created_at: string | null }>(
    'select max(created_at)::text as created_at from drizzle.__drizzle_migrations',
  )
  if (latest?.created_at && Number(latest.created_at) > lastMigrationOfThisRelease()) return
  await applyRoutines(session)
}

export async function migratePgliteDatabase(db: PgliteDatabase<Record<string, unknown>> & { $client: PGlite }): Promise<void> {
  await migratePglite(db, { migrationsFolder })
  const client = db.$client
  await applyThisReleasesRoutines({
    exec: (text) => client.exec(text),
    rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
  })
}

// Several instances may start at once against one PostgreSQL; a session advisory lock on one
// dedicated connection lets exactly one of them migrate, and apply the routines, while the others
// wait.
export async function migratePostgresDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    // The pool's statement timeout is for requests. Waiting for another instance's migrations,
    // or a migration rewriting a big table, must run to the end.
    await client.query('set statement_timeout = 0')
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrateNodePostgres(drizzle({ client }), { migrationsFolder })
      await applyThisReleasesRoutines({
        // Without parameters pg sends the text as one simple query, which may hold many statements.
        exec: (text) => client.query(text),
        rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    // Closed, not returned: every connection the requests borrow keeps the timeout.
    client.release(true)
  }
}
