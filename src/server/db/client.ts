import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { createPostgresListener, type NotificationHandler, type Unlisten } from '../realtime/postgres-listener'
import { lockDataDir } from './data-dir-lock'
import { writeHealthProbe } from './health'
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
// Repositories take either, so a service decides where the transaction boundary is.
export type Executor = Db | Tx

export type DatabaseKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DatabaseKind
  // Readiness: throws unless the database takes a write, not only a read.
  checkReady: () => Promise<void>
  // NOTIFY reaches every app instance that LISTENs, whichever instance wrote (lobby boards, ADR 0016).
  listen: (channel: string, handler: NotificationHandler) => Promise<Unlisten>
  close: () => Promise<void>
}

export type DatabaseOptions =
  // Every statement on a pooled connection is cancelled after statementTimeoutMs; 0 or none: never.
  | { kind: 'postgres'; url: string; poolSize?: number; statementTimeoutMs?: number }
  // dataDir null keeps the database in memory (tests). No statement timeout: see openPglite.
  // loadDataDir: an in-memory database starts as a copy of this dump (PGlite's dumpDataDir).
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob }

// pg returns numeric as string (exact decimals) and date as 'YYYY-MM-DD'; keep both as text.
pg.types.setTypeParser(1082, (value) => value)

/**
 * The planner's cost of reading a page out of order, for every session of the app (ADR 0037).
 * PostgreSQL's default of 4 prices a random read as a disk seek; with the default, a lookup of one
 * space by its key in an organisation of 144 spaces is planned as a scan of all of them, and a
 * booking made five such scans (its triggers and foreign key checks). The tables a booking reads
 * are in memory, as on any SSD, where 1.1 is the usual setting.
 */
export const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const

// A DATABASE_URL may carry start-up options of its own (?options=...). pg lets the URL's win over
// the pool's, so they are taken out of the URL and sent together: the URL's first, then each
// planner setting the URL does not name itself.
function withPlannerOptions(url: string): { connectionString: string; options: string } {
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    // Not a URL (a bare socket path, say): pg reads it as it is, and it has no options.
  }
  const own = parsed?.searchParams.get('options') ?? ''
  const planner = Object.entries(PLANNER_SETTINGS)
    .filter(([name]) => !new RegExp(`\\b${name}\\s*=`).test(own))
    .map(([name, value]) => `-c ${name}=${value}`)
  if (!parsed || !own) return { connectionString: url, options: planner.join(' ') }
  parsed.searchParams.delete('options')
  return { connectionString: parsed.toString(), options: [own, ...planner].join(' ') }
}

/** A fresh in-memory PGlite, migrated, dumped (so a test can start from a copy of it) and closed. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { btree_gist } })
  try {
    await migratePgliteDatabase(drizzlePglite({ client }))
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize, options.statementTimeoutMs)
    : openPglite(options.dataDir, options.loadDataDir)
}

async function openPostgres(url: string, poolSize = 20, statementTimeoutMs = 0): Promise<Database> {
  // Sent with each connection's start-up, so no statement ever runs without it. A request stuck
  // behind a lock is cancelled (SQLSTATE 57014) and answers 503 instead of holding its
  // connection, and the pool, until the lock goes. The migrations turn it off for themselves.
  //
  // Idle connections stay open (pg closes them after 10 s by default). A new connection's backend
  // starts with empty catalog caches, prepares every statement again and compiles the triggers'
  // PL/pgSQL: the first booking on it took 20 ms against 7–9 ms on a warm one, so after every
  // quiet spell an operator's next booking paid that. `max` bounds what stays open.
  const pool = new pg.Pool({
    ...withPlannerOptions(url),
    max: poolSize,
    idleTimeoutMillis: 0,
    statement_timeout: statementTimeoutMs || undefined,
  })
  // An idle client that loses its server must not crash the process.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 'error', msg: 'postgres pool error', error: error.message })))
  try {
    await migratePostgresDatabase(pool)
  } catch (error) {
    await pool.end()
    throw error
  }
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Db
  const listener = createPostgresListener(url)
  // pg's pool throws when ended twice; a second close answers with the first.
  let closing: Promise<void> | undefined
  return {
    db,
    kind: 'postgres',
    checkReady: () => writeHealthProbe(db),
    listen: listener.listen,
    close: () =>
      (closing ??= (async () => {
        await listener.close()
        await pool.end()
      })()),
  }
}

// No statement timeout here: PGlite's WASM build (0.5) accepts SET statement_timeout but never
// cancels; pg_sleep(2), or a 20-second count, under a 200 ms timeout runs to its end. Nor does it
// need one: its single connection in this process runs one statement at a time, so no statement
// ever waits for another session's lock.
async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {}
  let client: PGlite | undefined
  try {
    client = await PGlite.create(dataDir ? join(dataDir, 'pgdata') : undefined, { extensions: { btree_gist }, loadDataDir })
    for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.query('select set_config($1, $2, false)', [name, value])
    await migratePgliteDatabase(drizzlePglite({ client }))
  } catch (error) {
    await client?.close()
    releaseLock()
    throw error
  }
  const pglite = client
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db
  let isClosed = false
  return {
    db,
    kind: 'pglite',
    checkReady: () => writeHealthProbe(db),
    // In-process, so no notification is ever lost and the handler never hears null.
    listen: async (channel, handler) => {
      const unlisten = await pglite.listen(channel, handler)
      return () => unlisten()
    },
    close: async () => {
      if (isClosed) return
      isClosed = true
      try {
        await pglite.close()
      } finally {
        releaseLock()
      }
    },
  }
}
