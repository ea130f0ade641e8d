import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { contractHoursUsed } from '../modules/contracts/repository'
import { contracts } from './schema'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// The migrations up to and including `lastTag`, as an older release shipped them.
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'fieldhouse-migrations-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number; tag: string }> }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

describe('upgrading an existing database', () => {
  const folders: string[] = []
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

  it('keeps every contract’s hours used when they stop being stored (migrations 0005, 0006)', async () => {
    const client = await PGlite.create({ extensions: { btree_gist } })
    const db = drizzle({ client })
    const before = migrationsUpTo('0004_events_last_at_most_a_day')
    folders.push(before)
    await migrate(db, { migrationsFolder: before })

    await client.exec(`
      insert into users (id, name, email) values ('u1', 'Owner', 'owner@example.com');
      insert into clients (id, user_id, name) values ('00000000-0000-4000-8000-000000000001', 'u1', 'Hawks');
      insert into contracts (id, user_id, client_id, start_date, total_hours, hours_used) values
        ('00000000-0000-4000-8000-00000000000a', 'u1', '00000000-0000-4000-8000-000000000001', '2026-01-01', 100, 0),
        ('00000000-0000-4000-8000-00000000000b', 'u1', '00000000-0000-4000-8000-000000000001', '2026-02-01', 100, 4.5);
      insert into contract_usage (contract_id, usage_date, hours_logged) values
        ('00000000-0000-4000-8000-00000000000a', '2026-01-05', 1.25),
        ('00000000-0000-4000-8000-00000000000a', '2026-01-06', 2),
        ('00000000-0000-4000-8000-00000000000b', '2026-02-03', 0.5);
    `)
    const stored = await client.query<{ id: string; hours_used: string }>('select id, hours_used::text from contracts order by id')
    expect(stored.rows.map((row) => row.hours_used)).toEqual(['3.25', '5.00'])

    await migrate(db, { migrationsFolder })
    const derived = await db.select({ id: contracts.id, hoursUsed: contractHoursUsed }).from(contracts).orderBy(contracts.id)
    expect(derived.map((row) => row.hoursUsed)).toEqual(['3.25', '5.00'])
    await client.close()
  })

  it('keeps the address of every existing screen for its operator (migration 0009)', async () => {
    const client = await PGlite.create({ extensions: { btree_gist } })
    const db = drizzle({ client })
    const before = migrationsUpTo('0008_sign_in_attempts_and_one_first_admin')
    folders.push(before)
    await migrate(db, { migrationsFolder: before })

    await client.exec(`
      insert into users (id, name, email) values ('u1', 'Owner', 'owner@example.com'), ('u2', 'Other', 'other@example.com');
      insert into screens (id, user_id, name, slug) values
        ('00000000-0000-4000-8000-000000000001', 'u1', 'Main Lobby', 'main-lobby'),
        ('00000000-0000-4000-8000-000000000002', 'u2', 'Rinkside', 'rinkside');
    `)

    await migrate(db, { migrationsFolder })
    const reserved = await client.query<{ slug: string; user_id: string }>('select slug, user_id from board_addresses order by slug')
    expect(reserved.rows).toEqual([
      { slug: 'main-lobby', user_id: 'u1' },
      { slug: 'rinkside', user_id: 'u2' },
    ])
    await client.exec(`delete from screens where slug = 'main-lobby'`)
    await expect(client.exec(`insert into screens (user_id, name, slug) values ('u2', 'Main Lobby', 'main-lobby')`)).rejects.toThrow(
      /screens_board_address_fk/,
    )
    await client.exec(`insert into screens (user_id, name, slug) values ('u1', 'Main Lobby', 'main-lobby')`)
    await client.close()
  })
})
