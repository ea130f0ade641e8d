// npm run bench [-- --duration=10 --skip-lighthouse] [--only=create --database=postgres --cpu-prof=DIR]
// Seeds 100 rooms and 50,000 events, runs autocannon against the scenarios of issues 5, 6 and 9,
// measures the lobby-board fan-out and the Lighthouse scores, prints one table per database and
// writes docs/benchmarks.md. PGlite always; PostgreSQL too when DATABASE_URL is set.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { addDays, formatISO } from 'date-fns'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../src/server/db/client'
import { clients, contracts, facilities, rooms, schedules, screenRooms, screens } from '../src/server/db/schema'
import { createAuth } from '../src/server/auth/auth'
import { readEnv } from '../src/server/env'
import { clientFor, startAppProcess, type AppProcess } from '../src/server/test/app-process'
import { createTestDatabase } from '../src/server/test/test-database'

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}`))?.split('=')[1]
const REPORT_PATH = 'docs/benchmarks.md'
const DURATION_SECONDS = Number(argument('duration') ?? 10)
const SKIP_LIGHTHOUSE = process.argv.includes('--skip-lighthouse')
// A partial run, for working on one scenario: it prints its table and leaves docs/benchmarks.md alone.
const ONLY = argument('only')
const DATABASE = argument('database') as 'pglite' | 'postgres' | undefined
const PARTIAL = ONLY !== undefined || DATABASE !== undefined
// The app's CPU profiles, written to DIR when it stops; open them in Chrome's DevTools.
const CPU_PROFILE_DIR = argument('cpu-prof')
const FACILITY_COUNT = 10
const ROOMS_PER_FACILITY = 10
const EVENT_COUNT = 50_000
// The rooms on the one lobby board: what a board shows, and whose bookings are announced.
const BOARD_ROOMS = 4
const BOARD_CONNECTIONS = 1_000
const OWNER = { fullName: 'Bench Owner', email: 'bench@fieldhouse.test', password: 'benchmark-password' }

type Row = { scenario: string; requestsPerSecond: number; p50: number; p99: number; errors: number; appCpuMs: number | null; dbCpuMs: number | null; budget?: string }
type Seeded = { facilityIds: string[]; roomIds: string[]; clientId: string; slug: string }

/* ---------- seeding, straight into the database ---------- */

async function seed(database: Database): Promise<Seeded> {
  const env = readEnv({ NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret!', LOG_REQUESTS: 'false' })
  const auth = createAuth({ db: database.db, env })
  // The first account of an empty database is an approved admin: the bench's operator.
  const { user } = await auth.api.signUpEmail({ body: { name: OWNER.fullName, email: OWNER.email, password: OWNER.password } })
  const { db } = database

  const facilityRows = await db
    .insert(facilities)
    .values(Array.from({ length: FACILITY_COUNT }, (_, index) => ({ userId: user.id, name: `Arena ${index + 1}`, timeZone: 'America/Toronto' })))
    .returning({ id: facilities.id })
  const roomRows = await db
    .insert(rooms)
    .values(
      facilityRows.flatMap((facility, facilityIndex) =>
        Array.from({ length: ROOMS_PER_FACILITY }, (_, index) => ({
          facilityId: facility.id,
          name: `Rink ${facilityIndex + 1}.${index + 1}`,
          type: 'rink',
          operatingStartTime: '06:00',
          operatingEndTime: '23:30',
          bookingInterval: 30,
        })),
      ),
    )
    .returning({ id: rooms.id })
  const [client] = await db.insert(clients).values({ userId: user.id, name: 'Bench Hockey Club' }).returning({ id: clients.id })
  await db.insert(contracts).values({ userId: user.id, clientId: client!.id, startDate: '2020-01-01', totalHours: '99999' })

  // 500 events a room: 1 h each, at most 2 a day, spread a year either side of today.
  const perRoom = EVENT_COUNT / roomRows.length
  const firstDay = addDays(new Date(), -Math.floor(perRoom / 4))
  const rows = roomRows.flatMap((room, roomIndex) =>
    Array.from({ length: perRoom }, (_, index) => {
      const day = addDays(firstDay, Math.floor(index / 2))
      const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), index % 2 === 0 ? 13 : 22, 0))
      return {
        roomId: room.id,
        clientId: client!.id,
        title: `Booking ${roomIndex}-${index}`,
        startTime: start,
        endTime: new Date(start.getTime() + 60 * 60 * 1000),
        eventType: index % 5 === 0 ? 'game' : 'practice',
        team1Name: index % 5 === 0 ? 'Home' : null,
        team2Name: index % 5 === 0 ? 'Away' : null,
      }
    }),
  )
  for (let offset = 0; offset < rows.length; offset += 1000) await db.insert(schedules).values(rows.slice(offset, offset + 1000))

  const [screen] = await db.insert(screens).values({ userId: user.id, name: 'Bench Lobby', slug: 'bench-lobby' }).returning({ id: screens.id })
  await db.insert(screenRooms).values(roomRows.slice(0, BOARD_ROOMS).map((room, position) => ({ screenId: screen!.id, roomId: room.id, position })))
  // Planner statistics as autovacuum would have them a minute after a bulk load.
  await db.execute(sql`analyze`)
  return { facilityIds: facilityRows.map((row) => row.id), roomIds: roomRows.map((row) => row.id), clientId: client!.id, slug: 'bench-lobby' }
}

/* ---------- load ---------- */

// CPU time per request, of the app process and of PostgreSQL's processes, read from /proc: unlike
// req/s on a shared machine it does not move with what the neighbours do. Elsewhere it is blank.
const CLOCK_TICKS_PER_SECOND = 100
function cpuTicks(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>()
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks.set(pid, Number(fields[11]) + Number(fields[12]))
    } catch {
      // It ended; what it used in the window is lost, which a short-lived process makes small.
    }
  }
  return ticks
}
// Processes started during the window count whole.
function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null
  let ticks = 0
  for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
}
function postgresPids(): number[] {
  if (!existsSync('/proc')) return []
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
      } catch {
        return false
      }
    })
    .map(Number)
}
let measuredApp: AppProcess | null = null
let measuresPostgres = false

async function load(name: string, options: autocannon.Options, budget?: string): Promise<Row | null> {
  if (ONLY !== undefined && !name.includes(ONLY)) return null
  const appPids = measuredApp?.child.pid ? [measuredApp.child.pid] : []
  const appBefore = cpuTicks(appPids)
  const dbBefore = cpuTicks(measuresPostgres ? postgresPids() : [])
  const result = await autocannon({ duration: DURATION_SECONDS, connections: 10, ...options })
  const appCpu = cpuMsBetween(appBefore, cpuTicks(appPids))
  const dbCpu = measuresPostgres ? cpuMsBetween(dbBefore, cpuTicks(postgresPids())) : null
  const perRequest = (total: number | null) => (total === null || result.requests.total === 0 ? null : Math.round((total / result.requests.total) * 100) / 100)
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // 304 is the answer the unchanged-board scenario wants; only 4xx, 5xx and failures count.
    errors: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
    appCpuMs: perRequest(appCpu),
    dbCpuMs: perRequest(dbCpu),
    budget,
  }
}

async function signIn(origin: string): Promise<string> {
  const response = await clientFor(origin)('/api/auth/sign-in/email', { method: 'POST', body: { email: OWNER.email, password: OWNER.password } })
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`)
  return response.headers.getSetCookie().find((value) => value.includes('session_token='))!.split(';')[0]!
}

async function scenarios(app: AppProcess, seeded: Seeded): Promise<Row[]> {
  const cookie = await signIn(app.origin)
  const headers = { cookie, origin: app.origin }
  const url = app.origin
  const board = `/api/public/displays/${seeded.slug}`
  const etag = (await fetch(`${url}${board}`)).headers.get('etag') ?? ''
  // What the month grid asks for: six weeks from the Sunday before the 1st.
  const firstOfMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1))
  const monthStart = addDays(firstOfMonth, -firstOfMonth.getUTCDay())
  const monthEnd = addDays(monthStart, 42)
  let booking = 0

  const measured: Array<Row | null> = []
  const rows = { push: (row: Row | null) => measured.push(row) }
  rows.push(await load('ceiling: bare JSON (/livez)', { url: `${url}/livez` }))
  rows.push(await load('board data', { url: `${url}${board}` }, '≥ 3,000 req/s, p99 ≤ 10 ms'))
  rows.push(await load('board data, unchanged (304)', { url: `${url}${board}`, headers: { 'if-none-match': etag } }))
  // Each request books a free hour of its own: a room and a day no other request uses.
  const bookingRequest: autocannon.Request = {
    method: 'POST',
    path: '/api/events',
    setupRequest: (request) => {
      booking += 1
      const date = formatISO(addDays(new Date(Date.UTC(2034, 0, 1)), Math.floor(booking / seeded.roomIds.length)), { representation: 'date' })
      return {
        ...request,
        body: JSON.stringify({ roomId: seeded.roomIds[booking % seeded.roomIds.length], clientId: seeded.clientId, date, startTime: '10:00', durationMinutes: 60, title: `Load ${booking}` }),
      }
    },
  }
  const booking20 = { url, connections: 20, headers: { ...headers, 'content-type': 'application/json' }, requests: [bookingRequest] }
  // As fast as 20 clients can go: the latency is then 20 divided by the machine's throughput.
  rows.push(await load('create event (20 clients)', booking20, 'p99 ≤ 30 ms (PostgreSQL)'))
  // One client alone: what a booking costs without a queue in front of it.
  rows.push(await load('create event (1 client)', { ...booking20, connections: 1 }))
  const month = `${url}/api/events/month?from=${monthStart.toISOString()}&to=${monthEnd.toISOString()}`
  // One operator's browser, then ten at once: the budget is about the first.
  rows.push(await load('month calendar data (1 client)', { url: month, headers, connections: 1 }, 'p99 ≤ 50 ms'))
  rows.push(await load('month calendar data', { url: month, headers }))
  rows.push(await load('upcoming events list', { url: `${url}/api/events/upcoming`, headers }))
  rows.push(await load('marketing availability (12 h)', { url: `${url}/api/marketing/availability?facilityId=${seeded.facilityIds[0]}&hoursAhead=12`, headers }))
  return measured.filter((row) => row !== null)
}

/* ---------- live boards ---------- */

// Opens many board streams on one instance, makes one booking in a linked room through another
// (or the same, on PGlite), and times the slowest delivery.
async function boardFanOut(writer: AppProcess, boards: AppProcess, seeded: Seeded): Promise<{ connected: number; slowestMs: number; delivered: number }> {
  const controller = new AbortController()
  const readers = await Promise.all(
    Array.from({ length: BOARD_CONNECTIONS }, async () => {
      const response = await fetch(`${boards.origin}/api/public/displays/${seeded.slug}/changes`, { signal: controller.signal })
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      return reader
    }),
  )
  const waitFor = async (reader: ReadableStreamDefaultReader<string>, name: string) => {
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return false
      buffer += value
      if (buffer.includes(`event: ${name}`)) return true
    }
  }
  await Promise.all(readers.map((reader) => waitFor(reader, 'ready')))
  const cookie = await signIn(writer.origin)
  const startedAt = Date.now()
  let slowestMs = 0
  const deliveries = readers.map((reader) =>
    waitFor(reader, 'changed').then((delivered) => {
      slowestMs = Math.max(slowestMs, Date.now() - startedAt)
      return delivered
    }),
  )
  const created = await clientFor(writer.origin)('/api/events', {
    method: 'POST',
    cookie,
    body: { roomId: seeded.roomIds[0], clientId: seeded.clientId, date: '2035-06-01', startTime: '09:00', durationMinutes: 30, title: 'Fan-out' },
  })
  if (created.status !== 201) throw new Error(`fan-out booking failed: ${created.status}`)
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000))
  const outcome = await Promise.race([Promise.all(deliveries), timeout])
  controller.abort()
  const delivered = outcome === 'timeout' ? -1 : outcome.filter(Boolean).length
  return { connected: readers.length, slowestMs, delivered }
}

/* ---------- Lighthouse ---------- */

// The same order as the end-to-end tests: CHROMIUM_PATH, Debian's chromium, then Playwright's own.
async function findChromium(): Promise<string | null> {
  const configured = process.env.CHROMIUM_PATH
  if (configured) return configured
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  const { chromium } = await import('playwright-core')
  const bundled = chromium.executablePath()
  return existsSync(bundled) ? bundled : null
}

const LIGHTHOUSE_RUNS = 3

async function lighthouseScores(app: AppProcess, seeded: Seeded): Promise<Array<{ page: string; performance: number; accessibility: number; runs: number[] }>> {
  const chromePath = await findChromium()
  if (!chromePath) {
    console.log('No Chromium (CHROMIUM_PATH, /usr/bin/chromium or Playwright’s own): Lighthouse skipped')
    return []
  }
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const pages = [
      ['landing page', '/'],
      ['/auth', '/auth'],
      ['display board', `/display/${seeded.slug}`],
    ] as const
    const scores = []
    // A first run on a cold browser sometimes fails to paint in time; it is not a measurement.
    await lighthouse(`${app.origin}/`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' })
    for (const [page, path] of pages) {
      // Lighthouse's own advice for its variance: run several times and report the median run.
      const runs = []
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        // The default config is Lighthouse's mobile preset: a mid-range phone on a slow 4G link.
        const result = await lighthouse(`${app.origin}${path}`, { port: chrome.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error' })
        if (result?.lhr.runtimeError) console.log(`Lighthouse on ${path}: ${result.lhr.runtimeError.code}`)
        const categories = result?.lhr.categories
        runs.push({ performance: Math.round((categories?.performance?.score ?? 0) * 100), accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100) })
      }
      runs.sort((left, right) => left.performance - right.performance)
      const median = runs[Math.floor(runs.length / 2)]!
      scores.push({ page, ...median, runs: runs.map((run) => run.performance) })
    }
    return scores
  } finally {
    chrome.kill()
  }
}

/* ---------- report ---------- */

function table(rows: Row[]): string {
  const ceiling = rows.find((row) => row.scenario.startsWith('ceiling'))?.requestsPerSecond
  const lines = ['| scenario | req/s | p50 ms | p99 ms | errors | share of ceiling | app CPU ms/req | database CPU ms/req | budget |', '|---|---:|---:|---:|---:|---:|---:|---:|---|']
  const cpu = (value: number | null) => (value === null ? '' : value.toFixed(2))
  for (const row of rows) {
    lines.push(`| ${row.scenario} | ${row.requestsPerSecond.toLocaleString('en-US')} | ${row.p50} | ${row.p99} | ${row.errors} | ${ceiling ? `${Math.round((row.requestsPerSecond / ceiling) * 100)} %` : ''} | ${cpu(row.appCpuMs)} | ${cpu(row.dbCpuMs)} | ${row.budget ?? ''} |`)
  }
  return lines.join('\n')
}

async function benchDatabase(kind: 'pglite' | 'postgres', withLighthouse: boolean): Promise<string> {
  let environment: Record<string, string>
  let seeded: Seeded
  let drop = async () => {}
  const seedStartedAt = Date.now()
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-bench-'))
    const database = await openDatabase({ kind: 'pglite', dataDir })
    seeded = await seed(database)
    await database.close()
    environment = { DATA_DIR: dataDir }
  } else {
    const database = await createTestDatabase('postgres')
    seeded = await seed(database)
    environment = { DATABASE_URL: database.url! }
    drop = database.drop
  }
  console.log(`[${kind}] seeded ${EVENT_COUNT.toLocaleString('en-US')} events in ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s`)

  const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []
  const settings = { ...environment, NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret!', WEB_ROOT: 'dist/web' }
  const app = await startAppProcess(settings, profiling)
  // On PostgreSQL the boards listen on a second instance, as behind a load balancer.
  const boardInstance = kind === 'postgres' ? await startAppProcess(settings, profiling) : app
  measuredApp = app
  measuresPostgres = kind === 'postgres'
  try {
    // Pages are scored on a server at rest, before the load runs leave it busy cleaning up.
    const scores = withLighthouse && (ONLY === undefined || ONLY === 'lighthouse') ? await lighthouseScores(app, seeded) : []
    const rows = await scenarios(app, seeded)
    const fanOut = ONLY === undefined ? await boardFanOut(app, boardInstance, seeded) : null
    const sections = [`### ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`, table(rows)]
    if (rows.length === 0) sections.pop()
    if (fanOut) {
      sections.push(
        '',
        `Live boards: ${fanOut.connected.toLocaleString('en-US')} connected streams${kind === 'postgres' ? ' on a second instance' : ''}; ${fanOut.delivered === -1 ? 'not all' : fanOut.delivered.toLocaleString('en-US')} received the change, the slowest after ${fanOut.slowestMs} ms (budget: all within 2,000 ms).`,
      )
    }
    if (scores.length > 0) {
      sections.push('', `| Lighthouse (mobile), median of ${LIGHTHOUSE_RUNS} | Performance | Accessibility | Performance of each run |`, '|---|---:|---:|---|')
      for (const score of scores) sections.push(`| ${score.page} | ${score.performance} | ${score.accessibility} | ${score.runs.join(', ')} |`)
    }
    const section = sections.join('\n')
    console.log(`\n${section}\n`)
    return section
  } finally {
    await app.stop()
    if (boardInstance !== app) await boardInstance.stop()
    await drop()
  }
}

const kinds: Array<'pglite' | 'postgres'> = DATABASE ? [DATABASE] : readEnv().databaseUrl ? ['pglite', 'postgres'] : ['pglite']
const sections: string[] = []
for (const kind of kinds) sections.push(await benchDatabase(kind, kind === 'pglite' && !SKIP_LIGHTHOUSE))

if (PARTIAL) process.exit(0)
// The written analysis under the tables (its '## ' sections) is kept from the last run.
const previous = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : ''
const notes = previous.includes('\n## ') ? previous.slice(previous.indexOf('\n## ') + 1) : ''
const cpuList = cpus()
const machine = `${cpuList.length} × ${cpuList[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
writeFileSync(
  REPORT_PATH,
  [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine}.`,
    `Data: ${FACILITY_COUNT * ROOMS_PER_FACILITY} rooms in ${FACILITY_COUNT} facilities (${BOARD_ROOMS} on a lobby board), ${EVENT_COUNT.toLocaleString('en-US')} events; ${DURATION_SECONDS} s per scenario, 10 connections unless noted; the load generator runs on the same machine.`,
    'The ceiling is a bare JSON endpoint of the same server; each scenario is also shown as a share of it.',
    '',
    ...sections.flatMap((section) => [section, '']),
    notes,
  ].join('\n'),
)
console.log('Wrote docs/benchmarks.md')
