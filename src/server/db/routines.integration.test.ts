import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { readEnv } from '../env'
import { testDatabaseKinds } from '../test/test-database'
import type { DatabaseKind } from './client'
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate'
import { applyRoutines, readRoutines, ROUTINE_FILES, type RoutineSession } from './routines'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
const folders: string[] = []
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

// The migrations up to and including `lastTag`, as an older release shipped them.
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'fieldhouse-migrations-'))
  folders.push(folder)
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> }
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

type BlankDatabase = {
  // Only the numbered migrations of `folder`, as an older release ran them.
  migrateTo: (folder: string) => Promise<void>
  // What the app does when it opens the database: every migration, then the routines.
  migrateAll: () => Promise<void>
  session: RoutineSession
  close: () => Promise<void>
}

// An empty database of either kind, migrated by hand.
async function openBlankDatabase(kind: DatabaseKind): Promise<BlankDatabase> {
  if (kind === 'pglite') {
    const client = await PGlite.create({ extensions: { btree_gist } })
    const db = drizzle({ client })
    return {
      migrateTo: (folder) => migrate(db, { migrationsFolder: folder }),
      migrateAll: () => migratePgliteDatabase(db),
      session: {
        exec: (text) => client.exec(text),
        rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      },
      close: () => client.close(),
    }
  }
  const serverUrl = readEnv().databaseUrl!
  const name = `fieldhouse_routines_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 })
  // Dropping the database ends any connection the pool still holds; that is the point, not a failure.
  pool.on('error', () => {})
  // One connection of its own, so a test's begin and commit reach the same session.
  const client = await pool.connect()
  return {
    migrateTo: (folder) => migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder }),
    migrateAll: () => migratePostgresDatabase(pool),
    session: {
      exec: (text) => client.query(text),
      rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    },
    close: async () => {
      client.release(true)
      await pool.end()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

type Definition = { kind: 'function' | 'trigger'; name: string; definition: string }

// Every function of the public schema (those of extensions aside) and every trigger, as PostgreSQL
// prints them back.
async function routineDefinitions(session: RoutineSession): Promise<Definition[]> {
  return session.rows<Definition>(`
    select 'function' as kind, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
      pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger', c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by 1, 2`)
}

// What each routine file defines, read from its text: its functions, and its triggers by table.
function definedByFiles(): Array<{ file: string; functions: string[]; triggers: string[] }> {
  return readRoutines().map((routine) => {
    // Comments aside, so a routine's explanation may name another routine.
    const text = routine.text.replace(/--.*$/gm, '')
    return {
      file: routine.file,
      functions: [...text.matchAll(/create\s+or\s+replace\s+function\s+"?(\w+)"?/gi)].map((match) => match[1]!),
      triggers: [...text.matchAll(/create\s+(?:constraint\s+)?trigger\s+"?(\w+)"?[\s\S]*?\son\s+"?(\w+)"?/gi)].map(
        (match) => `${match[2]}.${match[1]}`,
      ),
    }
  })
}

// Each test migrates a blank database of its own, every migration then every routine: slow by design.
describe.each(testDatabaseKinds())('SQL routines on %s', (kind) => {
  it('end the same on a fresh database and on one migrated up from the oldest schema', async () => {
    const fresh = await openBlankDatabase(kind)
    const upgraded = await openBlankDatabase(kind)
    try {
      await fresh.migrateAll()

      // The first release's schema, with a little of what an operator had then, then this release.
      await upgraded.migrateTo(migrationsUpTo('0000_initial'))
      const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
      await upgraded.session.exec(`
        insert into users (id, name, email) values ('u1', 'Olivia Owner', 'olivia@example.com');
        insert into facilities (id, user_id, name, time_zone) values ('${id(1)}', 'u1', 'North Arena', 'America/Toronto');
        insert into rooms (id, facility_id, name, type) values
          ('${id(11)}', '${id(1)}', 'Rink 1', 'rink'), ('${id(12)}', '${id(1)}', 'Room A', 'change_room');
        insert into clients (id, user_id, name) values ('${id(21)}', 'u1', 'Hawks');
        insert into contracts (id, user_id, client_id, start_date, total_hours) values ('${id(31)}', 'u1', '${id(21)}', '2026-01-01', 10);
        insert into schedules (id, room_id, title, start_time, end_time, change_room1_id, client_id) values
          ('${id(41)}', '${id(11)}', 'Practice', '2026-01-05 15:00Z', '2026-01-05 16:00Z', '${id(12)}', '${id(21)}');
        insert into contract_usage (contract_id, usage_date, hours_logged, schedule_id) values ('${id(31)}', '2026-01-05', 1, '${id(41)}');
        insert into screens (id, user_id, name, slug) values ('${id(51)}', 'u1', 'Lobby', 'north-lobby');
        insert into screen_rooms (screen_id, room_id) values ('${id(51)}', '${id(11)}');
      `)
      await upgraded.migrateAll()

      const expected = await routineDefinitions(fresh.session)
      expect(expected.filter((row) => row.kind === 'function').length).toBeGreaterThanOrEqual(31)
      expect(expected.filter((row) => row.kind === 'trigger').length).toBeGreaterThanOrEqual(33)
      expect(await routineDefinitions(upgraded.session)).toEqual(expected)
      // The data came along, and the routines guard it: the booking still holds its rink.
      const [held] = await upgraded.session.rows<{ count: number }>(
        `select count(*)::int as count from space_occupancy where schedule_id = '${id(41)}'`,
      )
      expect(held).toEqual({ count: 1 })
      await expect(
        upgraded.session.exec(`insert into schedules (organisation_id, room_id, title, start_time, end_time)
          select organisation_id, room_id, 'Clash', '2026-01-05 15:30Z', '2026-01-05 16:30Z' from schedules where id = '${id(41)}'`),
      ).rejects.toThrow(/space_occupancy_no_overlap/)
    } finally {
      await Promise.all([fresh.close(), upgraded.close()])
    }
  }, 180_000)

  it('gives every function and trigger of a fresh database exactly one file, named after its function, that makes it alone', async () => {
    const database = await openBlankDatabase(kind)
    try {
      await database.migrateAll()
      const files = definedByFiles()
      for (const file of files) {
        // One function a file, the file's namesake; its triggers are those that run it.
        expect(file.functions, file.file).toEqual([file.file.replace(/^.*\/|\.sql$/g, '')])
      }
      const definitions = await routineDefinitions(database.session)
      const functions = definitions.filter((row) => row.kind === 'function').map((row) => row.name.replace(/\(.*$/, ''))
      const triggers = definitions.filter((row) => row.kind === 'trigger').map((row) => row.name)
      expect(files.flatMap((file) => file.functions).sort()).toEqual([...functions].sort())
      expect(files.flatMap((file) => file.triggers).sort()).toEqual([...triggers].sort())
      // And each trigger's file is its function's.
      for (const row of definitions.filter((definition) => definition.kind === 'trigger')) {
        const runs = /EXECUTE FUNCTION (\w+)\(/.exec(row.definition)![1]
        const file = files.find((candidate) => candidate.triggers.includes(row.name))!
        expect(file.functions, row.name).toEqual([runs])
      }

      // The files alone make every routine, in the list's order: with every function gone (and so
      // every trigger), applying them all gives the same definitions. Nothing else depends on a
      // function, so nothing else goes with them.
      const dependents = await database.session.rows<{ kind: string }>(`
        select d.classid::regclass::text as kind from pg_depend d join pg_proc p on p.oid = d.refobjid
        join pg_namespace n on n.oid = p.pronamespace
        where d.refclassid = 'pg_proc'::regclass and n.nspname = 'public' and d.classid <> 'pg_trigger'::regclass
          and d.deptype = 'n'
          and not exists (select from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')`)
      expect(dependents).toEqual([])
      await database.session.exec(`
        do $$ declare f regprocedure; begin
          for f in select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
          loop execute format('drop function %s cascade', f); end loop;
        end $$;
        delete from drizzle.fieldhouse_routines;`)
      expect((await routineDefinitions(database.session)).length).toBe(0)
      await applyRoutines(database.session)
      expect(await routineDefinitions(database.session)).toEqual(definitions)
    } finally {
      await database.close()
    }
  }, 120_000)

  it('applies a routine file when its text changes, and only then, all of a run or none', async () => {
    const database = await openBlankDatabase(kind)
    const folder = mkdtempSync(join(tmpdir(), 'fieldhouse-routines-'))
    folders.push(folder)
    const write = (name: string, text: string) => writeFileSync(join(folder, `${name}.sql`), text)
    // The app's routines, then the probes.
    const routines = (...names: string[]) => [
      ...readRoutines(),
      ...readRoutines(
        names.map((name) => `${name}.sql`),
        `${folder}/`,
      ),
    ]
    const answer = async () => (await database.session.rows<{ answer: number }>('select probe_answer() as answer'))[0]!.answer
    try {
      await database.migrateAll()
      write('probe_answer', 'CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer AS $$ SELECT 1 $$ LANGUAGE sql;')
      expect(await applyRoutines(database.session, routines('probe_answer'))).toEqual(['probe_answer'])
      expect(await answer()).toBe(1)
      // Unchanged: nothing runs, not even the file's CREATE OR REPLACE.
      await database.session.exec('CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer AS $$ SELECT 9 $$ LANGUAGE sql;')
      expect(await applyRoutines(database.session, routines('probe_answer'))).toEqual([])
      expect(await answer()).toBe(9)

      write('probe_answer', 'CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer AS $$ SELECT 2 $$ LANGUAGE sql;')
      expect(await applyRoutines(database.session, routines('probe_answer'))).toEqual(['probe_answer'])
      expect(await answer()).toBe(2)

      // A file that fails takes the whole run back with it, and names itself.
      write('probe_answer', 'CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer AS $$ SELECT 3 $$ LANGUAGE sql;')
      write('probe_broken', 'CREATE OR REPLACE FUNCTION probe_broken() RETURNS integer AS $$ SELECT FROM no_such_table $$ LANGUAGE sql;')
      await expect(applyRoutines(database.session, routines('probe_answer', 'probe_broken'))).rejects.toThrow(
        /probe_broken\.sql could not be applied/,
      )
      expect(await answer()).toBe(2)
      expect(await applyRoutines(database.session, routines('probe_answer'))).toEqual(['probe_answer'])
      expect(await answer()).toBe(3)

      // The app's own list again: the probe is no longer listed, and every real routine is current.
      expect(await applyRoutines(database.session)).toEqual([])
      const applied = await database.session.rows<{ name: string }>('select name from drizzle.fieldhouse_routines order by name')
      expect(applied.map((row) => row.name)).toEqual(ROUTINE_FILES.map((file) => file.replace(/^.*\/|\.sql$/g, '')).sort())
    } finally {
      await database.close()
    }
  }, 120_000)

  it('leaves the routines of a newer release alone, and puts this release’s back when it is current again', async () => {
    const database = await openBlankDatabase(kind)
    const roleRank = async () => (await database.session.rows<{ rank: number }>(`select role_rank('owner') as rank`))[0]!.rank
    try {
      await database.migrateAll()
      expect(await roleRank()).toBe(4)
      // A newer release migrated further, and wrote its own role_rank.
      await database.session.exec(`
        insert into drizzle.__drizzle_migrations (hash, created_at) values ('a newer release', 9999999999999);
        CREATE OR REPLACE FUNCTION role_rank(role text) RETURNS integer AS $$ SELECT 40 $$ LANGUAGE sql IMMUTABLE;
        update drizzle.fieldhouse_routines set hash = 'newer' where name = 'role_rank';`)
      await database.migrateAll()
      expect(await roleRank()).toBe(40)
      // Back to this release's schema (as a restore of an older backup would be).
      await database.session.exec(`delete from drizzle.__drizzle_migrations where hash = 'a newer release'`)
      await database.migrateAll()
      expect(await roleRank()).toBe(4)
    } finally {
      await database.close()
    }
  }, 120_000)

  it.runIf(kind === 'postgres')(
    'are applied once when instances start together on a new database',
    async () => {
      const database = await openBlankDatabase(kind)
      try {
        // Each call takes a connection of its own, as each instance would: the migration lock queues them.
        await Promise.all([database.migrateAll(), database.migrateAll(), database.migrateAll()])
        const applied = await database.session.rows<{ name: string; hash: string }>(
          'select name, hash from drizzle.fieldhouse_routines order by name',
        )
        expect(applied).toEqual(
          readRoutines()
            .map(({ name, hash }) => ({ name, hash }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        )
      } finally {
        await database.close()
      }
    },
    120_000,
  )
})
