import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database, type DatabaseKind } from '../db/client'
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

// Every test file gets a database of its own, created here and dropped after: no test trusts leftovers.
// The statement timeout applies on PostgreSQL only (see openDatabase); none unless asked for.
export async function createTestDatabase(kind: DatabaseKind, { statementTimeoutMs = 0 } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null })
    return { ...database, url: null, drop: database.close }
  }
  const serverUrl = readEnv().databaseUrl
  if (!serverUrl) throw new Error('DATABASE_URL is not set')
  const name = `fieldhouse_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
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
