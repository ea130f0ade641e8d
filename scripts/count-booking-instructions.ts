// npx tsx scripts/count-booking-instructions.ts --seed=NAME [--sql=FILE] [--linked] [--count=150] [--keep=DIR]
// npx tsx scripts/count-booking-instructions.ts --seed=small [--count=60] [--budget | --record]
//
// What one booking costs PostgreSQL, in instructions rather than seconds: repeatable to about 0.01 %
// on a machine whose speed moves by a factor of two from day to day (ADR 0037). Needs valgrind, the
// server's own binaries (pg_config --bindir) and a database seeded by
// `npm run bench -- --database=postgres --seed-cache=NAME` on DATABASE_URL's server.
//
// A private PostgreSQL cluster is made in a temporary folder and given a copy of the seeded
// database (and, with --sql, a change to measure). PostgreSQL then runs under callgrind, counting
// only inside PostgresMain, so the backends' work and nothing else. The app books `warm-up` events,
// stops, and is started again to book `warm-up + count`; the difference of the two totals, divided
// by `count`, is one booking with warm caches. Run as root, the cluster belongs to the postgres user.
//
// --seed=small needs no bench seed: the script makes its own database through the app (a facility
// of ten rinks, a client, SMALL_SEED_EVENTS events) in a minute, which is what CI counts.
// --budget then compares the count with the one recorded in scripts/booking-instructions.json and
// fails above BUDGET_RISE of it; --record writes the count there (after a change that is meant to
// cost more, or a new PostgreSQL). The figures of docs/benchmarks.md are on the bench's seed.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { clientFor, freePort, startAppProcess } from '../src/server/test/app-process'
import { readEnv } from '../src/server/env'

const flags = new Map(
  process.argv.slice(2).map((argument) => {
    const [name, ...value] = argument.replace(/^--/, '').split('=')
    return [name!, value.join('=')] as const
  }),
)
const SEED = flags.get('seed')
const COUNT = Number(flags.get('count') ?? 150)
const WARM_UP = 30
const SQL_FILE = flags.get('sql') ?? null
const LINKED = flags.has('linked')
// Where to keep callgrind's files, to read with callgrind_annotate (both runs, one file a process).
const KEEP = flags.get('keep') ?? null
const SMALL = SEED === 'small'
const BUDGET = flags.has('budget')
const RECORD = flags.has('record')
const RECORD_PATH = join(import.meta.dirname, 'booking-instructions.json')
// CI fails the budgets step on a booking that costs PostgreSQL more than this much over the record.
const BUDGET_RISE = 0.1
const SMALL_SEED_EVENTS = 2_000
const serverUrl = readEnv().databaseUrl
if (!SEED || !serverUrl || !Number.isInteger(COUNT) || COUNT < 1 || ((BUDGET || RECORD) && !SMALL) || (SMALL && (LINKED || SQL_FILE))) {
  console.error(
    'Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/count-booking-instructions.ts --seed=NAME [--sql=FILE] [--linked] [--count=150] [--keep=DIR]\n' +
      '(NAME: a database made by npm run bench -- --database=postgres --seed-cache=NAME)\n' +
      '   or: ... --seed=small [--count=60] [--budget | --record]   (a small seed of its own; --budget and --record only with it)',
  )
  process.exit(2)
}

const OWNER = { email: 'bench@fieldhouse.test', password: 'benchmark-password' }
const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
const isRoot = userInfo().uid === 0
// As root the cluster is the postgres user's, as initdb and postgres refuse to run as root.
const asServer = (command: string, args: string[]) =>
  isRoot ? (['su', ['postgres', '-c', [command, ...args].map((part) => `'${part}'`).join(' ')]] as const) : ([command, args] as const)
const runAsServer = (command: string, args: string[]) => {
  const [file, fileArgs] = asServer(command, args)
  execFileSync(file, fileArgs, { stdio: ['ignore', 'ignore', 'inherit'] })
}

const root = mkdtempSync(join(tmpdir(), 'fh-instructions-'))
chmodSync(root, 0o777)
const data = join(root, 'data')
const counts = join(root, 'callgrind')

async function main() {
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/bench`
  const pgCtl = (...args: string[]) => runAsServer(join(bin, 'pg_ctl'), ['-D', data, '-w', ...args])
  runAsServer(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres'])
  pgCtl('-o', `-p ${port} -k ${root} -c autovacuum=off`, '-l', join(root, 'server.log'), 'start')
  const seeded = SMALL ? await seedSmall(url, port) : await copySeed(url, port)
  // The migrations written since the seed run now, outside the count, and then the change to measure.
  if (!SMALL) await (await startAppProcess({ DATABASE_URL: url })).stop()
  if (SQL_FILE) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(readFileSync(SQL_FILE, 'utf8'))
    await client.end()
  }
  pgCtl('-m', 'fast', 'stop')

  const bookings = { rooms: LINKED ? seeded.treeRoomIds : seeded.roomIds, clientId: seeded.clientId }
  const first = await phase('first', url, port, bookings, 0, WARM_UP)
  const second = await phase('second', url, port, bookings, 100_000, WARM_UP + COUNT)
  const perBooking = Math.round((second - first) / COUNT)
  console.log(`${perBooking.toLocaleString('en')} instructions a booking`)
  if (RECORD) {
    const record = {
      instructionsPerBooking: perBooking,
      seed: 'small',
      events: SMALL_SEED_EVENTS,
      count: COUNT,
      recorded: new Date().toISOString().slice(0, 10),
    }
    writeFileSync(RECORD_PATH, `${JSON.stringify(record, null, 2)}\n`)
    console.log(`Recorded in ${RECORD_PATH}.`)
  }
  if (BUDGET) {
    const recorded = (JSON.parse(readFileSync(RECORD_PATH, 'utf8')) as { instructionsPerBooking: number }).instructionsPerBooking
    const rise = perBooking / recorded - 1
    const verdict = `${perBooking.toLocaleString('en')} against the recorded ${recorded.toLocaleString('en')}: ${(rise * 100).toFixed(1)} %`
    if (rise > BUDGET_RISE) {
      console.error(`A booking's PostgreSQL instructions: not met, ${verdict}, over the ${BUDGET_RISE * 100} % allowed.`)
      process.exitCode = 1
    } else console.log(`A booking's PostgreSQL instructions: met, ${verdict} (at most +${BUDGET_RISE * 100} %).`)
  }
}

/**
 * A small database of the script's own, made through the app as an operator would: the first
 * account (which runs the place), a facility of ten rinks, a client and SMALL_SEED_EVENTS events
 * on days before the counted ones. Its statistics are taken afresh.
 */
async function seedSmall(url: string, port: number): Promise<{ roomIds: string[]; treeRoomIds: string[]; clientId: string }> {
  execFileSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'bench'])
  const app = await startAppProcess({ DATABASE_URL: url })
  try {
    const client = clientFor(app.origin)
    const ask = async <T>(path: string, body: unknown, cookie?: string): Promise<T> => {
      const response = await client(path, { method: 'POST', body, cookie })
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as T
    }
    await ask('/api/auth/sign-up/email', { fullName: 'Count Owner', ...OWNER })
    const signIn = await client('/api/auth/sign-in/email', { method: 'POST', body: OWNER })
    const cookie = signIn.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!
    // An approved account gets its organisation on its first look at itself.
    await client('/api/me', { cookie })
    const { facility } = await ask<{ facility: { id: string } }>(
      '/api/facilities',
      { name: 'Count Arena', timeZone: 'America/Toronto' },
      cookie,
    )
    const roomIds: string[] = []
    for (let index = 1; index <= 10; index++) {
      const { room } = await ask<{ room: { id: string } }>(
        `/api/facilities/${facility.id}/rooms`,
        { name: `Rink ${index}`, type: 'rink' },
        cookie,
      )
      roomIds.push(room.id)
    }
    const { client: renter } = await ask<{ client: { id: string } }>('/api/clients', { name: 'Count Hockey' }, cookie)
    for (let event = 0; event < SMALL_SEED_EVENTS; event++) {
      const date = new Date(Date.UTC(2031, 0, 1) + Math.floor(event / roomIds.length) * 86_400_000).toISOString().slice(0, 10)
      await ask(
        '/api/events',
        {
          roomId: roomIds[event % roomIds.length],
          clientId: renter.id,
          date,
          startTime: '10:00',
          durationMinutes: 60,
          title: `Seed ${event}`,
        },
        cookie,
      )
    }
    const database = new pg.Client({ connectionString: url })
    await database.connect()
    await database.query('vacuum analyze')
    await database.end()
    return { roomIds, treeRoomIds: [], clientId: renter.id }
  } finally {
    await app.stop()
  }
}

/** The seeded database, its statistics taken afresh (a restore has none). */
async function copySeed(url: string, port: number): Promise<{ roomIds: string[]; treeRoomIds: string[]; clientId: string }> {
  const admin = new pg.Client({ connectionString: serverUrl! })
  await admin.connect()
  const comment = await admin.query<{ comment: string | null }>(
    'select shobj_description(oid, $$pg_database$$) as comment from pg_database where datname = $1',
    [SEED],
  )
  await admin.end()
  if (!comment.rows[0]?.comment) throw new Error(`no database "${SEED}" seeded by the bench on DATABASE_URL's server`)
  execFileSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'bench'])
  const source = new URL(serverUrl!)
  source.pathname = `/${SEED}`
  const dump = join(root, 'seed.dump')
  execFileSync(join(bin, 'pg_dump'), ['-Fc', '-f', dump, source.toString()])
  execFileSync(join(bin, 'pg_restore'), ['--no-owner', '-d', url, dump])
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('vacuum analyze')
  await client.end()
  return JSON.parse(comment.rows[0].comment)
}

/** Books `count` events through the app against PostgreSQL under callgrind; the backends' instructions. */
async function phase(
  name: string,
  url: string,
  port: number,
  { rooms, clientId }: { rooms: string[]; clientId: string },
  offset: number,
  count: number,
): Promise<number> {
  const out = join(counts, name)
  mkdirSync(out, { recursive: true })
  chmodSync(counts, 0o777)
  chmodSync(out, 0o777)
  const [file, args] = asServer('valgrind', [
    '--tool=callgrind',
    '--collect-atstart=no',
    '--toggle-collect=PostgresMain',
    `--callgrind-out-file=${out}/callgrind.%p`,
    join(bin, 'postgres'),
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'autovacuum=off',
  ])
  const server = spawn(file, args, { stdio: 'ignore' })
  const stopped = new Promise((resolve) => server.once('exit', resolve))
  while (!(await canConnect(url))) await new Promise((resolve) => setTimeout(resolve, 500))
  // One pooled connection: every booking is served by one backend, as one client's are.
  const app = await startAppProcess({ DATABASE_URL: url, DATABASE_POOL_SIZE: '1' })
  try {
    const client = clientFor(app.origin)
    const signIn = await client('/api/auth/sign-in/email', { method: 'POST', body: OWNER })
    const cookie = signIn.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!
    for (let booking = offset; booking < offset + count; booking++) {
      // A day of its own for each booking on the tree, whose spaces all overlap; a day per round of the plain rooms.
      const day = LINKED ? booking : Math.floor(booking / rooms.length)
      const date = new Date(Date.UTC(2034, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)
      const response = await client('/api/events', {
        method: 'POST',
        cookie,
        body: { roomId: rooms[booking % rooms.length], clientId, date, startTime: '10:00', durationMinutes: 60, title: `Count ${booking}` },
      })
      if (response.status !== 201) throw new Error(`booking ${booking} answered ${response.status}: ${await response.text()}`)
    }
  } finally {
    await app.stop()
    runAsServer(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
    await stopped
  }
  let total = 0
  for (const entry of readdirSync(out)) {
    const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(out, entry), 'utf8'))
    if (totals) total += Number(totals[1])
  }
  return total
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => {
    if (KEEP) cpSync(counts, KEEP, { recursive: true })
    rmSync(root, { recursive: true, force: true })
  })
