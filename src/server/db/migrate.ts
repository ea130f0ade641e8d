import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type pg from 'pg'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// Any constant will do; it only has to be the same for every instance of the app.
export const MIGRATION_LOCK_KEY = 727_001

export async function migratePgliteDatabase(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePglite(db, { migrationsFolder })
}

// Several instances may start at once against one PostgreSQL; a session advisory lock on one
// dedicated connection lets exactly one of them migrate while the others wait.
export async function migratePostgresDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    // The pool's statement timeout is for requests. Waiting for another instance's migrations,
    // or a migration rewriting a big table, must run to the end.
    await client.query('set statement_timeout = 0')
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrateNodePostgres(drizzle({ client }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    // Closed, not returned: every connection the requests borrow keeps the timeout.
    client.release(true)
  }
}
