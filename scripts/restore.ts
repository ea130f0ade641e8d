// npm run restore -- <file>: replaces the embedded database in DATA_DIR with a backup.
import { resolve } from 'node:path'
import { restoreDataDir } from '../src/server/db/backup'
import { readEnv } from '../src/server/env'

const env = readEnv()
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run restore -- <backup file>')
  process.exit(1)
}
if (env.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql instead.')
  process.exit(1)
}
try {
  const { previous } = await restoreDataDir(env.dataDir, resolve(file))
  console.log(`Restored ${resolve(file)} into ${env.dataDir}.`)
  if (previous) console.log(`The database that was there is kept in ${previous}.`)
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`)
  process.exit(1)
}
