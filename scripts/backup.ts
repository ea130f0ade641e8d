// npm run backup [-- <file>]: writes a backup of the embedded database in DATA_DIR.
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { backupDataDir } from '../src/server/db/backup'
import { readEnv } from '../src/server/env'

const env = readEnv()
if (env.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump instead.')
  process.exit(1)
}
const file = resolve(process.argv[2] ?? `backups/fieldhouse-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`)
mkdirSync(dirname(file), { recursive: true })
try {
  await backupDataDir(env.dataDir, file)
  console.log(`Backed up ${env.dataDir} to ${file}`)
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exit(1)
}
