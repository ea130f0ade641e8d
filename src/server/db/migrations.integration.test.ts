import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { readEnv } from '../env'
import { testDatabaseKinds } from '../test/test-database'
import type { DatabaseKind } from './client'

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

    // As far as the release that stopped storing them; later migrations have tests of their own.
    const after = migrationsUpTo('0010_health_probe')
    folders.push(after)
    await migrate(db, { migrationsFolder: after })
    // Read as the release of 0010 read it: the adjustment plus the ledger (ADR 0014).
    const derived = await client.query<{ hours_used: string }>(`
      select (c.hours_adjustment + coalesce((select sum(u.hours_logged) from contract_usage u where u.contract_id = c.id), 0))::text as hours_used
      from contracts c order by c.id`)
    expect(derived.rows.map((row) => row.hours_used)).toEqual(['3.25', '5.00'])
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

    const after = migrationsUpTo('0010_health_probe')
    folders.push(after)
    await migrate(db, { migrationsFolder: after })
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

// A database of the release before organisations, on either kind, migrated by hand.
async function openBlankDatabase(kind: DatabaseKind) {
  if (kind === 'pglite') {
    const client = await PGlite.create({ extensions: { btree_gist } })
    const db = drizzle({ client })
    return {
      migrateTo: (folder: string) => migrate(db, { migrationsFolder: folder }),
      exec: async (text: string) => void (await client.exec(text)),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    }
  }
  const serverUrl = readEnv().databaseUrl!
  const name = `fieldhouse_migration_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  // Dropping the database ends any connection the pool still holds; that is the point, not a failure.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool })
  return {
    migrateTo: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    exec: async (text: string) => void (await pool.query(text)),
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    close: async () => {
      await pool.end()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

describe.each(testDatabaseKinds())('moving every row into an organisation (migration 0011) on %s', (kind) => {
  const folders: string[] = []
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

  it('gives each operator with rows an organisation they own, and every row stays theirs alone', async () => {
    const database = await openBlankDatabase(kind)
    try {
      const before = migrationsUpTo('0010_health_probe')
      folders.push(before)
      await database.migrateTo(before)
      const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
      await database.exec(`
        insert into users (id, name, email, approved) values
          ('u1', 'Olivia Owner', 'olivia@example.com', true),
          ('u2', 'Bob Builder', 'bob@example.com', true),
          ('u3', 'Nora None', 'nora@example.com', true);
        insert into facilities (id, user_id, name, time_zone) values
          ('${id(1)}', 'u1', 'North Arena', 'America/Toronto'), ('${id(2)}', 'u2', 'South Arena', 'UTC');
        insert into rooms (id, facility_id, name, type) values
          ('${id(11)}', '${id(1)}', 'Rink 1', 'rink'), ('${id(12)}', '${id(1)}', 'Room A', 'change_room'),
          ('${id(13)}', '${id(2)}', 'Court', 'court');
        insert into clients (id, user_id, name) values ('${id(21)}', 'u1', 'Hawks'), ('${id(22)}', 'u2', 'Eagles');
        insert into contracts (id, user_id, client_id, start_date, total_hours) values
          ('${id(31)}', 'u1', '${id(21)}', '2026-01-01', 10);
        insert into schedules (id, room_id, title, start_time, end_time, change_room1_id, client_id) values
          ('${id(41)}', '${id(11)}', 'Practice', '2026-01-05 15:00Z', '2026-01-05 16:00Z', '${id(12)}', '${id(21)}'),
          ('${id(42)}', '${id(13)}', 'Game', '2026-01-05 15:00Z', '2026-01-05 16:00Z', null, '${id(22)}');
        insert into contract_usage (contract_id, usage_date, hours_logged, schedule_id) values
          ('${id(31)}', '2026-01-05', 1, '${id(41)}');
        insert into screens (id, user_id, name, slug) values ('${id(51)}', 'u1', 'Lobby', 'north-lobby');
        insert into screen_rooms (screen_id, room_id) values ('${id(51)}', '${id(11)}');
        insert into setup_runs (user_id, facility_id, client_id) values ('u2', '${id(2)}', '${id(22)}');
      `)

      const after = migrationsUpTo('0011_organisations_own_the_data')
      folders.push(after)
      await database.migrateTo(after)

      const owners = await database.query<{ user_id: string; role: string; name: string; active: boolean }>(`
        select m.user_id, m.role, o.name, u.active_organisation_id = o.id as active
        from memberships m join organisations o on o.id = m.organisation_id join users u on u.id = m.user_id order by m.user_id`)
      expect(owners).toEqual([
        { user_id: 'u1', role: 'owner', name: "Olivia Owner's organisation", active: true },
        { user_id: 'u2', role: 'owner', name: "Bob Builder's organisation", active: true },
      ])
      // Every row of each operator is in that operator's organisation, and nothing is left out.
      const placement = await database.query<{ tbl: string; owner: string; rows: number }>(`
        with org as (select organisation_id, user_id from memberships)
        select 'facilities' as tbl, org.user_id as owner, count(*)::int as rows from facilities join org using (organisation_id) group by 2
        union all select 'rooms', org.user_id, count(*)::int from rooms join org using (organisation_id) group by 2
        union all select 'clients', org.user_id, count(*)::int from clients join org using (organisation_id) group by 2
        union all select 'contracts', org.user_id, count(*)::int from contracts join org using (organisation_id) group by 2
        union all select 'schedules', org.user_id, count(*)::int from schedules join org using (organisation_id) group by 2
        union all select 'contract_usage', org.user_id, count(*)::int from contract_usage join org using (organisation_id) group by 2
        union all select 'screens', org.user_id, count(*)::int from screens join org using (organisation_id) group by 2
        union all select 'screen_rooms', org.user_id, count(*)::int from screen_rooms join org using (organisation_id) group by 2
        union all select 'board_addresses', org.user_id, count(*)::int from board_addresses join org using (organisation_id) group by 2
        union all select 'setup_runs', org.user_id, count(*)::int from setup_runs join org using (organisation_id) group by 2
        order by 1, 2`)
      expect(placement).toEqual([
        { tbl: 'board_addresses', owner: 'u1', rows: 1 },
        { tbl: 'clients', owner: 'u1', rows: 1 },
        { tbl: 'clients', owner: 'u2', rows: 1 },
        { tbl: 'contract_usage', owner: 'u1', rows: 1 },
        { tbl: 'contracts', owner: 'u1', rows: 1 },
        { tbl: 'facilities', owner: 'u1', rows: 1 },
        { tbl: 'facilities', owner: 'u2', rows: 1 },
        { tbl: 'rooms', owner: 'u1', rows: 2 },
        { tbl: 'rooms', owner: 'u2', rows: 1 },
        { tbl: 'schedules', owner: 'u1', rows: 1 },
        { tbl: 'schedules', owner: 'u2', rows: 1 },
        { tbl: 'screen_rooms', owner: 'u1', rows: 1 },
        { tbl: 'screens', owner: 'u1', rows: 1 },
        { tbl: 'setup_runs', owner: 'u2', rows: 1 },
      ])
      // The references survive: the practice keeps its change room and client, the usage its event.
      const [practice] = await database.query<{ change_room1_id: string; client_id: string }>(
        `select change_room1_id, client_id from schedules where id = '${id(41)}'`,
      )
      expect(practice).toEqual({ change_room1_id: id(12), client_id: id(21) })

      // The new keys hold: no row may point at another organisation's row, and rooms still cannot clash.
      await expect(database.exec(`update schedules set client_id = '${id(22)}' where id = '${id(41)}'`)).rejects.toThrow(
        /schedules_client_fk/,
      )
      await expect(
        database.exec(`insert into schedules (organisation_id, room_id, title, start_time, end_time)
          select organisation_id, room_id, 'Clash', '2026-01-05 15:30Z', '2026-01-05 16:30Z' from schedules where id = '${id(41)}'`),
      ).rejects.toThrow(/schedules_no_overlap/)

      // Migration 0012: every event gets the date it starts on in its facility's zone.
      await database.exec(`insert into schedules (id, organisation_id, room_id, title, start_time, end_time)
        select '${id(43)}', organisation_id, id, 'Late', '2026-01-06 03:00Z', '2026-01-06 04:00Z' from rooms where id = '${id(11)}'`)
      const latest = migrationsUpTo('0012_activity_trail_and_local_dates')
      folders.push(latest)
      await database.migrateTo(latest)
      const dates = await database.query<{ title: string; local_date: string }>(
        `select title, local_date::text from schedules order by title`,
      )
      expect(dates).toEqual([
        { title: 'Game', local_date: '2026-01-05' },
        { title: 'Late', local_date: '2026-01-05' },
        { title: 'Practice', local_date: '2026-01-05' },
      ])

      // Migration 0014: every event holds its own space, and the new guarantee refuses what the
      // old one did. No space has parts or a changeover yet.
      const linked = migrationsUpTo('0014_linked_spaces_and_changeovers')
      folders.push(linked)
      await database.migrateTo(linked)
      const held = await database.query<{ title: string; unit_is_room: boolean; during_matches: boolean }>(
        `select s.title, o.unit_id = s.room_id as unit_is_room, o.during = tstzrange(s.start_time, s.end_time, '[)') as during_matches
         from space_occupancy o join schedules s on s.id = o.schedule_id order by s.title`,
      )
      expect(held).toEqual([
        { title: 'Game', unit_is_room: true, during_matches: true },
        { title: 'Late', unit_is_room: true, during_matches: true },
        { title: 'Practice', unit_is_room: true, during_matches: true },
      ])
      await expect(
        database.exec(`insert into schedules (organisation_id, room_id, title, start_time, end_time)
          select organisation_id, room_id, 'Clash', '2026-01-05 15:30Z', '2026-01-05 16:30Z' from schedules where id = '${id(41)}'`),
      ).rejects.toThrow(/space_occupancy_no_overlap/)

      // Migration 0015 succeeds over change rooms already double-booked: the later assignment is
      // kept as a legacy clash, and a new one is refused.
      await database.exec(`insert into rooms (id, organisation_id, facility_id, name, type)
        select '${id(14)}', organisation_id, facility_id, 'Rink 2', 'rink' from rooms where id = '${id(11)}'`)
      await database.exec(`insert into schedules (id, organisation_id, room_id, title, start_time, end_time, change_room1_id)
        select '${id(44)}', organisation_id, '${id(14)}', 'Overlapping', '2026-01-05 15:30Z', '2026-01-05 16:30Z', '${id(12)}'
        from rooms where id = '${id(14)}'`)
      const exclusive = migrationsUpTo('0015_change_rooms_never_double_booked')
      folders.push(exclusive)
      await database.migrateTo(exclusive)
      const holds = await database.query<{ title: string; is_legacy: boolean }>(
        `select s.title, h.is_legacy from change_room_holds h join schedules s on s.id = h.schedule_id order by s.title`,
      )
      expect(holds).toEqual([
        { title: 'Overlapping', is_legacy: true },
        { title: 'Practice', is_legacy: false },
      ])
      await expect(
        database.exec(`insert into schedules (organisation_id, room_id, title, start_time, end_time, change_room1_id)
          select organisation_id, id, 'New clash', '2026-01-05 17:00Z', '2026-01-05 18:00Z', '${id(12)}' from rooms where id = '${id(14)}'`),
      ).resolves.toBeUndefined()
      await expect(
        database.exec(`insert into schedules (organisation_id, room_id, title, start_time, end_time, change_room1_id)
          select organisation_id, id, 'New clash', '2026-01-05 17:30Z', '2026-01-05 18:30Z', '${id(12)}' from rooms where id = '${id(11)}'`),
      ).rejects.toThrow(/change_room_holds_no_overlap/)
    } finally {
      await database.close()
    }
  })
})
