import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { lockDataDir } from './data-dir-lock'

// Backups of the embedded database: a gzipped tarball of PGlite's data folder. The folder is
// locked while it is read or written, so a running server makes these fail loudly instead of
// copying a database in the middle of a write. PostgreSQL installations use pg_dump.
//
// A restored database is migrated when the app next opens it, like any other: the numbered
// migrations it lacks, then every SQL routine whose file differs from what the backup holds
// (ADR 0053), so it runs with this release's routines whatever release made the backup.

export async function backupDataDir(dataDir: string, file: string): Promise<void> {
  const pgdata = join(dataDir, 'pgdata')
  if (!existsSync(pgdata)) throw new Error(`There is no database in ${dataDir} to back up.`)
  const release = lockDataDir(dataDir)
  try {
    const client = await PGlite.create(pgdata, { extensions: { btree_gist } })
    try {
      // A checkpoint first, so the tarball holds every committed write in the data files.
      await client.exec('checkpoint')
      const archive = await client.dumpDataDir('gzip')
      writeFileSync(file, Buffer.from(await archive.arrayBuffer()))
    } finally {
      await client.close()
    }
  } finally {
    release()
  }
}

// Restores into dataDir. An existing database is kept beside it, renamed, never deleted.
export async function restoreDataDir(dataDir: string, file: string): Promise<{ previous: string | null }> {
  const archive = new Blob([readFileSync(file)])
  const release = lockDataDir(dataDir)
  try {
    const pgdata = join(dataDir, 'pgdata')
    let previous: string | null = null
    if (existsSync(pgdata)) {
      previous = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      renameSync(pgdata, previous)
    }
    const client = await PGlite.create(pgdata, { extensions: { btree_gist }, loadDataDir: archive })
    try {
      await client.query('select 1')
    } finally {
      await client.close()
    }
    return { previous }
  } finally {
    release()
  }
}
