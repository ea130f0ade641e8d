import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { backupDataDir, restoreDataDir } from './backup'
import { openDatabase } from './client'
import { readRoutines } from './routines'
import { facilities, memberships, organisations, users } from './schema'

// Each test migrates databases on disk, one after another: slower than a test's usual 30 seconds on a busy machine.
describe('backup and restore of the embedded database', () => {
  it('round-trips a seeded database, and refuses while the folder is in use', async () => {
    const source = mkdtempSync(join(tmpdir(), 'fieldhouse-backup-source-'))
    const target = mkdtempSync(join(tmpdir(), 'fieldhouse-backup-target-'))
    const file = join(tmpdir(), `fieldhouse-backup-${Date.now()}.tar.gz`)

    const database = await openDatabase({ kind: 'pglite', dataDir: source })
    await database.db.insert(users).values({ id: 'user-1', name: 'Backup Owner', email: 'owner@example.com', approved: true })
    const [organisation] = await database.db.insert(organisations).values({ name: 'Backup Arena Group' }).returning()
    const organisationId = organisation!.id
    await database.db.insert(memberships).values({ organisationId, userId: 'user-1', role: 'owner' })
    await database.db.insert(facilities).values({ organisationId, name: 'Arena North', timeZone: 'America/Toronto' })
    await expect(backupDataDir(source, file)).rejects.toThrow(/in use/)
    await database.close()

    await backupDataDir(source, file)
    // Something already in the target is kept aside, never lost.
    const existing = await openDatabase({ kind: 'pglite', dataDir: target })
    await existing.close()
    const { previous } = await restoreDataDir(target, file)
    expect(previous && existsSync(previous)).toBe(true)

    const restored = await openDatabase({ kind: 'pglite', dataDir: target })
    try {
      const rows = await restored.db.select().from(facilities).where(eq(facilities.organisationId, organisationId))
      expect(rows.map((row) => [row.name, row.timeZone])).toEqual([['Arena North', 'America/Toronto']])
      const members = await restored.db.select().from(memberships).where(eq(memberships.organisationId, organisationId))
      expect(members.map((row) => [row.userId, row.role])).toEqual([['user-1', 'owner']])
    } finally {
      await restored.close()
    }
  }, 120_000)

  it('restores a backup made before a routine changed, and the database opens with the current routines', async () => {
    const source = mkdtempSync(join(tmpdir(), 'fieldhouse-backup-source-'))
    const target = mkdtempSync(join(tmpdir(), 'fieldhouse-backup-target-'))
    const file = join(tmpdir(), `fieldhouse-backup-${Date.now()}-routines.tar.gz`)

    // As a release before routine files left it: an older role_rank, and no record of applied files.
    const old = await openDatabase({ kind: 'pglite', dataDir: source })
    await old.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION role_rank(role text) RETURNS integer AS $$ SELECT 0 $$ LANGUAGE sql IMMUTABLE`),
    )
    await old.db.execute(sql.raw('drop table drizzle.fieldhouse_routines'))
    await old.close()
    await backupDataDir(source, file)
    await restoreDataDir(target, file)

    const restored = await openDatabase({ kind: 'pglite', dataDir: target })
    try {
      const rows = async <T>(text: string) => ((await restored.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows
      expect(await rows(`select role_rank('owner') as rank`)).toEqual([{ rank: 4 }])
      const applied = await rows<{ name: string; hash: string }>('select name, hash from drizzle.fieldhouse_routines')
      expect(new Map(applied.map((row) => [row.name, row.hash]))).toEqual(new Map(readRoutines().map((row) => [row.name, row.hash])))
    } finally {
      await restored.close()
    }
  }, 120_000)
})
