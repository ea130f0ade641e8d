// npx tsx scripts/count-booking-instructions.ts --seed=NAME [--sql=FILE] [--linked] [--count=150] [--keep=DIR]
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
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
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
const serverUrl = readEnv().databaseUrl
if (!SEED || !serverUrl || !Number.isInteger(COUNT) || COUNT < 1) {
  console.error(
    'Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/count-booking-instructions.ts --seed=NAME [--sql=FILE] [--linked] [--count=150] [--keep=DIR]\n' +
      '(NAME: a database made by npm run bench -- --database=postgres --seed-cache=NAME)',
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
  const seeded = await copySeed(url, port)
  // The migrations written since the seed run now, outside the count, and then the change to measure.
  await (await startAppProcess({ DATABASE_URL: url })).stop()
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
  console.log(`${((second - first) / COUNT).toLocaleString('en', { maximumFractionDigits: 0 })} instructions a booking`)
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
