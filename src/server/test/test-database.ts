import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { dumpMigratedPglite, openDatabase, type Database, type DatabaseKind } from '../db/client'
import { readRoutines } from '../db/routines'
import { readEnv, readTestDatabases } from '../env'

// Connections a test database's pool holds at most on PostgreSQL.
export const TEST_POOL_SIZE = 30

// url is set for PostgreSQL, so a test can start whole app processes on the same database.
export type TestDatabase = Database & { url: string | null; drop: () => Promise<void> }

// PGlite always; the real PostgreSQL too when DATABASE_URL points at one (CI sets it).
// TEST_DATABASES (a comma list: pglite, postgres) narrows that, so CI can run and time the API
// tests on each database as a stage of its own (.ci/run), and test:quick can stay on PGlite.
export function testDatabaseKinds(): DatabaseKind[] {
  const available: DatabaseKind[] = readEnv().databaseUrl ? ['pglite', 'postgres'] : ['pglite']
  const wanted = readTestDatabases()
  if (!wanted) return available
  const unknown = wanted.filter((kind) => kind !== 'pglite' && kind !== 'postgres')
  if (unknown.length > 0) throw new Error(`TEST_DATABASES names no database kind: ${unknown.join(', ')}`)
  if (wanted.includes('postgres') && !available.includes('postgres')) {
    throw new Error('TEST_DATABASES asks for postgres, but DATABASE_URL is not set')
  }
  return available.filter((kind) => wanted.includes(kind))
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations/', import.meta.url))

// Named by the migrations and routines it holds, so a changed or added migration or routine file
// makes a new template and no test ever starts from an old one.
function templateName(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(migrationsFolder, file)))
  }
  hash.update(readFileSync(join(migrationsFolder, 'meta/_journal.json')))
  for (const routine of readRoutines()) hash.update(routine.file).update(routine.hash)
  return `fieldhouse_template_${hash.digest('hex').slice(0, 16)}`
}

let template: Promise<string> | null = null

// A database migrated once per server and migration set, which every PostgreSQL test database is
// copied from (CREATE DATABASE … TEMPLATE) instead of running every migration again. Test
// processes race to make it: an advisory lock lets one build it under a scratch name and rename it
// when it is complete, so a copy never starts from a half-migrated template.
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = templateName()
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      await admin.query(`select pg_advisory_lock(hashtext('fieldhouse_test_template'))`)
      const found = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount === 0) {
        const scratch = `${name}_building`
        await admin.query(`drop database if exists ${scratch} with (force)`)
        await admin.query(`create database ${scratch}`)
        const building = await openDatabase({ kind: 'postgres', url: withDatabaseName(serverUrl, scratch), poolSize: 2 })
        await building.close()
        await admin.query(`alter database ${scratch} rename to ${name}`)
      }
      return name
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('fieldhouse_test_template'))`).catch(() => {})
      await admin.end()
    }
  })()
  template.catch(() => {
    template = null
  })
  return template
}

let pgliteDump: Promise<Blob> | null = null

// PGlite migrates once per migration set on this machine: the dump is kept in the temporary folder
// under the migrations' hash (written whole, then renamed into place, so a racing test process
// reads either nothing or all of it), and every database loads that migrated data folder.
async function readOrMakePgliteDump(): Promise<Blob> {
  const file = join(tmpdir(), `${templateName()}.pglite.tar`)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const dump = await dumpMigratedPglite()
  const scratch = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(scratch, Buffer.from(await dump.arrayBuffer()))
  renameSync(scratch, file)
  return dump
}

function migratedPglite(): Promise<Blob> {
  pgliteDump ??= readOrMakePgliteDump()
  pgliteDump.catch(() => {
    pgliteDump = null
  })
  return pgliteDump
}

// Every test file gets a database of its own, created here and dropped after: no test trusts leftovers.
// The statement timeout applies on PostgreSQL only (see openDatabase); none unless asked for.
export async function createTestDatabase(kind: DatabaseKind, { statementTimeoutMs = 0 } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await migratedPglite() })
    return { ...database, url: null, drop: database.close }
  }
  const serverUrl = readEnv().databaseUrl
  if (!serverUrl) throw new Error('DATABASE_URL is not set')
  const name = `fieldhouse_test_${randomBytes(6).toString('hex')}`
  const source = await migratedTemplate(serverUrl)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${source}`)
  } finally {
    await admin.end()
  }
  const url = withDatabaseName(serverUrl, name)
  const database = await openDatabase({ kind: 'postgres', url, poolSize: TEST_POOL_SIZE, statementTimeoutMs })
  return {
    ...database,
    url,
    drop: async () => {
      await database.close()
      const cleaner = new pg.Client({ connectionString: serverUrl })
      await cleaner.connect()
      try {
        await cleaner.query(`drop database if exists ${name} with (force)`)
      } finally {
        await cleaner.end()
      }
    },
  }
}
