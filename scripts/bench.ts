// npm run bench [-- --duration=10 --skip-lighthouse] [--only=create --database=postgres --cpu-prof=DIR]
// (npm run bench -- --help lists the flags and scenarios).
// Seeds 100 rooms and 50,000 events, loads the app with autocannon in each scenario that has a
// performance budget, measures the lobby-board fan-out and the Lighthouse scores, prints one table per
// database and writes docs/benchmarks.md. PGlite always; PostgreSQL too when DATABASE_URL is set.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { addDays, formatISO } from 'date-fns'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import type { Page } from 'playwright-core'
import * as prettier from 'prettier'
import { localDayRange, todayInZone } from '../src/shared/scheduling/local-day'
import { openDatabase, type Database } from '../src/server/db/client'
import {
  clients,
  contracts,
  facilities,
  memberships,
  organisations,
  rooms,
  schedules,
  screenRooms,
  screens,
  users,
} from '../src/server/db/schema'
import { createAuth } from '../src/server/auth/auth'
import { readEnv } from '../src/server/env'
import { clientFor, startAppProcess, type AppProcess } from '../src/server/test/app-process'
import { createTestDatabase } from '../src/server/test/test-database'
import { issueListedInvoices, seedBillingVenue, switchOrganisation, timeInvoiceGeneration } from './bench-billing'
import { RACERS, seedPortalVenue, signInAs, timeClaimRaces } from './bench-portal'
import { EXPORT_EVENTS, seedExportVenue, timeExport } from './bench-exports'
import { REPORT_YEAR, seedReportVenue } from './bench-reports'
import { createImportOrganisation, IMPORT_ROWS, importFile, timeImport, type ImportRun } from './bench-import'
import { describeTimelineDraw, measureTimelineDraw } from './bench-timeline-draw'

type Kind = 'pglite' | 'postgres'

const SCENARIOS = {
  ceiling: 'ceiling: bare JSON (/livez)',
  board: 'board data',
  boardUnchanged: 'board data, unchanged (304)',
  create20: 'create event (20 clients)',
  create1: 'create event (1 client)',
  createLinked20: 'create event on linked spaces with changeovers (20 clients)',
  month10: 'month grid (10 clients)',
  month1: 'month grid (1 client)',
  upcoming: 'upcoming events list',
  marketing: 'marketing availability (12 h)',
  activity: 'activity trail page (10 clients)',
  timelineWeek10: 'timeline week, 40 spaces and 2,000 events (10 clients)',
  feed: 'calendar feed, a year of 2,000 events',
  feedUnchanged: 'calendar feed, unchanged (304)',
  invoiceMonth: 'create invoices: a month of 10,000 bookings for 200 clients (runs)',
  clientInvoices: 'a client’s invoices, 24 issued (10 clients)',
  portalFreeSlots: 'portal: a day of free slots, 40-space facility (10 clients)',
  portalBookings: 'portal: My Bookings, a client of 2,000 bookings (10 clients)',
  portalClaimRace: 'portal: 100 renters claim one offer at once (claims)',
  exportEvents: 'exports: events CSV of 500,000 bookings (rows)',
  reportsYear: 'reports: a year of 50,000 bookings, 40-space facility (10 clients)',
  reportsTenYears: 'reports: a year of a facility of 500,000 bookings over ten years (10 clients)',
  importClients: 'import: 10,000 clients from a CSV file, a fresh organisation each (rows)',
} as const
type Scenario = (typeof SCENARIOS)[keyof typeof SCENARIOS]

/* ---------- flags ---------- */

const FLAGS: Record<string, { value?: string; help: string }> = {
  duration: { value: 'SECONDS', help: 'load per scenario (default 10)' },
  'warm-up': { value: 'SECONDS', help: 'the same load, unmeasured, before each scenario (default 3)' },
  only: {
    value: 'NAME',
    help: 'the scenarios whose name contains NAME, or "lighthouse"; prints the table and leaves docs/benchmarks.md alone',
  },
  database: { value: 'pglite|postgres', help: 'one database only; postgres needs DATABASE_URL' },
  'skip-lighthouse': { help: 'no page scores' },
  'seed-cache': {
    value: 'NAME',
    help: 'PostgreSQL only: seed once into database NAME and clone it on later runs (the seed then takes seconds); drop NAME when done',
  },
  'cpu-prof': { value: 'DIR', help: 'the app’s CPU profiles, written to DIR when it stops; open them in Chrome’s DevTools' },
  scale: {
    help: 'the reads at the seed and again with ten times its history (500,000 events); prints their scale ratios and leaves docs/benchmarks.md alone',
  },
  help: { help: 'this list' },
}
const POSTGRES_EXAMPLE = 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- --database=postgres'

function flagList(): string {
  const lines = ['Usage: npm run bench [-- FLAGS]']
  for (const [name, flag] of Object.entries(FLAGS)) {
    lines.push(`  ${`--${name}${flag.value ? `=${flag.value}` : ''}`.padEnd(28)}${flag.help}`)
  }
  return lines.join('\n')
}

function scenarioList(): string {
  return [
    'Scenarios for --only: any part of a name selects every scenario containing it. The ceiling always runs, as the',
    'other rows are judged by their share of it.',
    ...Object.values(SCENARIOS).map((name) => `  ${name}`),
    '  lighthouse (PGlite only)',
    '  outbox (PostgreSQL only: 10,000 queued messages drained to an in-process SMTP server)',
    '  (the two invoice rows run on PostgreSQL only, in a venue of their own)',
    '  (the three portal rows run on PostgreSQL only, in a venue of their own)',
    '  (the exports row runs on PostgreSQL only, in a venue of its own, kept in the --seed-cache copy)',
    '  (the two reports rows run on PostgreSQL only, in venues of their own, kept in the --seed-cache copy)',
    '  (the import row runs on PostgreSQL only, each run in a fresh organisation)',
  ].join('\n')
}

const POSTGRES_HELP = `PostgreSQL: ${POSTGRES_EXAMPLE}\n(the bench creates a database of its own on that server and drops it at the end).`

function usageError(problem: string, help: string = flagList()): never {
  console.error(`${problem}\n\n${help}\n\nnpm run bench -- --help lists every flag and scenario.`)
  process.exit(2)
}

function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>()
  for (const raw of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(raw)
    const name = match?.[1]
    if (match === null || name === undefined || !Object.hasOwn(FLAGS, name)) usageError(`Unknown argument "${raw}".`)
    const value = match[2]
    if (FLAGS[name]!.value === undefined && value !== undefined) usageError(`--${name} takes no value.`)
    if (FLAGS[name]!.value !== undefined && !value) usageError(`--${name} needs a value: --${name}=${FLAGS[name]!.value}.`)
    flags.set(name, value ?? '')
  }
  return flags
}

const flags = parseFlags(process.argv.slice(2))
if (flags.has('help')) {
  console.log(`${flagList()}\n\n${scenarioList()}\n\n${POSTGRES_HELP}`)
  process.exit(0)
}
const DURATION_SECONDS = Number(flags.get('duration') ?? 10)
if (!Number.isFinite(DURATION_SECONDS) || DURATION_SECONDS <= 0)
  usageError(`--duration takes seconds above 0, not "${flags.get('duration')}".`)
const WARM_UP_SECONDS = Number(flags.get('warm-up') ?? 3)
if (!Number.isFinite(WARM_UP_SECONDS) || WARM_UP_SECONDS < 0)
  usageError(`--warm-up takes seconds of 0 or more, not "${flags.get('warm-up')}".`)
const SKIP_LIGHTHOUSE = flags.has('skip-lighthouse')
// A partial run, for working on one scenario: it prints its table and leaves docs/benchmarks.md alone.
const ONLY = flags.get('only')?.toLowerCase()
if (
  ONLY !== undefined &&
  ONLY !== 'lighthouse' &&
  ONLY !== 'outbox' &&
  !Object.values(SCENARIOS).some((name) => name.toLowerCase().includes(ONLY))
) {
  usageError(`--only=${flags.get('only')} matches no scenario.`, scenarioList())
}
const database = flags.get('database')
if (database !== undefined && database !== 'pglite' && database !== 'postgres') {
  usageError(`--database is pglite or postgres, not "${database}".`)
}
const DATABASE: Kind | undefined = database
if (ONLY === 'lighthouse' && DATABASE === 'postgres') usageError('Lighthouse runs on PGlite only: use --only=lighthouse --database=pglite.')
if (ONLY === 'lighthouse' && SKIP_LIGHTHOUSE) usageError('--only=lighthouse and --skip-lighthouse leave nothing to run.')
const DATABASE_URL = readEnv().databaseUrl
if (DATABASE === 'postgres' && DATABASE_URL === null) {
  console.error(
    [
      '--database=postgres needs DATABASE_URL, pointing at a PostgreSQL server (15 or newer) whose user may create databases:',
      `  ${POSTGRES_EXAMPLE}`,
      'The bench creates a database of its own on that server and drops it at the end.',
    ].join('\n'),
  )
  process.exit(2)
}
const SCALE = flags.has('scale')
if (SCALE && ONLY !== undefined) usageError('--scale runs the reads it compares; leave out --only.')
const PARTIAL = ONLY !== undefined || DATABASE !== undefined || SCALE
const CPU_PROFILE_DIR = flags.get('cpu-prof')
const SEED_CACHE = flags.get('seed-cache')
if (SEED_CACHE !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(SEED_CACHE))
  usageError(`--seed-cache takes a database name of lower-case letters, digits and _, not "${SEED_CACHE}".`)
if (SEED_CACHE !== undefined && DATABASE !== 'postgres') usageError('--seed-cache works with --database=postgres.')

const REPORT_PATH = 'docs/benchmarks.md'
const FACILITY_COUNT = 10
const ROOMS_PER_FACILITY = 10
const EVENT_COUNT = 50_000
const TIMELINE_SPACES = 40
const TIMELINE_EVENTS = 2_000
const FEED_EVENTS = 2_000
const ACTIVITY_ENTRIES = 500_000
// The rooms on the one lobby board: what a board shows, and whose bookings are announced.
const BOARD_ROOMS = 4
const BOARD_CONNECTIONS = 1_000
const OWNER = { fullName: 'Bench Owner', email: 'bench@fieldhouse.test', password: 'benchmark-password' }

/* ---------- budgets ---------- */

// Every budget is a form that any day can judge, measured within one run: the row's req/s as a share
// of this run's bare JSON ceiling, and its tail as p99 ÷ p50. Milliseconds move with the machine's speed
// of the day (the ceiling ranged over a factor of four in one week); these ratios move with the code.
// CPU per request is printed, not judged. The rule is judge()'s, told in docs/benchmarks.md.
type Budget = {
  label: string
  // The database the product sets it for; the other table only shows it.
  on?: Kind
  minShare?: number
  maxTailRatio?: number
}

// No read scenario on PGlite, the embedded default a new user runs, under this share of the ceiling.
const PGLITE_READ_MIN_SHARE = 0.005
const READ_SCENARIOS: readonly Scenario[] = [
  SCENARIOS.board,
  SCENARIOS.month10,
  SCENARIOS.upcoming,
  SCENARIOS.marketing,
  SCENARIOS.activity,
  SCENARIOS.timelineWeek10,
  SCENARIOS.feed,
]

const BUDGETS: Partial<Record<Scenario, Budget>> = {
  [SCENARIOS.board]: { label: '≥ 40 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.4 },
  [SCENARIOS.create20]: { label: '≥ 3 % of the ceiling, p99 ≤ 3 × p50, on PostgreSQL', on: 'postgres', minShare: 0.03, maxTailRatio: 3 },
  [SCENARIOS.createLinked20]: {
    label: '≥ 2.5 % of the ceiling, p99 ≤ 3 × p50, on PostgreSQL',
    on: 'postgres',
    minShare: 0.025,
    maxTailRatio: 3,
  },
  [SCENARIOS.month10]: { label: '≥ 2 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.02 },
  [SCENARIOS.upcoming]: { label: '≥ 2 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.02 },
  [SCENARIOS.timelineWeek10]: { label: '≥ 4 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.04 },
  [SCENARIOS.activity]: { label: '≥ 4 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.04 },
  [SCENARIOS.feed]: { label: '≥ 2 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.02 },
  [SCENARIOS.feedUnchanged]: { label: '≥ 30 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.3 },
  // A run a second when the ceiling is 10,000 req/s: the whole month's drafts, every client's.
  [SCENARIOS.invoiceMonth]: { label: '≥ 0.01 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.0001 },
  [SCENARIOS.clientInvoices]: { label: '≥ 5 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.05 },
  [SCENARIOS.portalFreeSlots]: { label: '≥ 2 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.02 },
  [SCENARIOS.portalBookings]: { label: '≥ 5 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.05 },
  // Judged by its tail alone: every race must settle with one winner, none waiting on another's luck.
  [SCENARIOS.portalClaimRace]: { label: 'one winner each race, p99 ≤ 3 × p50, on PostgreSQL', on: 'postgres', maxTailRatio: 3 },
  // Rows a second, at least twice the ceiling's requests a second; the app's peak memory under 50 MB
  // above where it started (counted as an error when over).
  [SCENARIOS.exportEvents]: {
    label: '≥ 2 rows/s per req/s of the ceiling, RSS growth < 50 MB, on PostgreSQL',
    on: 'postgres',
    minShare: 2,
  },
  // A year's report: 10 ms of server work a request on a 20,000 req/s ceiling. Ten years of history
  // must cost little: the second row keeps ≥ 2/3 of the first's rate (printed under the table).
  [SCENARIOS.reportsYear]: { label: '≥ 0.5 % of the ceiling, on PostgreSQL', on: 'postgres', minShare: 0.005 },
  [SCENARIOS.reportsTenYears]: {
    label: '≥ 0.5 % of the ceiling and ≥ 2/3 of the year row, on PostgreSQL',
    on: 'postgres',
    minShare: 0.005,
  },
  // 'Import Clients': rows a second at least 5 % of the ceiling's requests a second, so 10,000
  // clients take at most 10 s on a 20,000 req/s ceiling.
  [SCENARIOS.importClients]: { label: '≥ 5 % of the ceiling in rows/s, on PostgreSQL', on: 'postgres', minShare: 0.05 },
}

const JUDGEMENT = [
  'A budget is **met** when the row has no errors and its share of this run’s bare JSON ceiling, and its p99 ÷ p50 where it sets one,',
  'are within it; on PGlite, every read scenario keeps at least 0.5 % of the ceiling.',
  'No verdict is read from milliseconds; CPU per request is printed, not judged. Anything else is **not met**.',
].join(' ')

const count = (value: number) => value.toLocaleString('en-US')
// Two significant digits below 100 %, so the slow scenarios' small shares still read as numbers.
function shareText(share: number, digits = 2): string {
  const percent = share * 100
  return `${percent >= 10 ** digits ? Math.round(percent) : Number(percent.toPrecision(digits))} %`
}

function judge(row: Row, kind: Kind, ceiling: number | undefined): string {
  const budget = row.budget
  const pgliteRead = kind === 'pglite' && READ_SCENARIOS.includes(row.scenario)
  const applies = budget !== undefined && (budget.on === undefined || budget.on === kind)
  if (!applies && !pgliteRead) {
    return budget?.on !== undefined ? `judged on ${budget.on === 'postgres' ? 'PostgreSQL' : 'PGlite'}` : ''
  }
  const missed: string[] = []
  if (row.errors > 0) missed.push(`${count(row.errors)} errors`)
  const minShare = applies ? budget!.minShare : undefined
  const floor = pgliteRead ? Math.max(minShare ?? 0, PGLITE_READ_MIN_SHARE) : minShare
  if (floor !== undefined) {
    if (ceiling === undefined || ceiling === 0) return 'not judged: no ceiling measured in this run'
    const share = row.requestsPerSecond / ceiling
    if (share < floor) missed.push(`${shareText(share, 3)} < ${shareText(floor, 3)} of the ceiling`)
  }
  const maxTail = applies ? budget!.maxTailRatio : undefined
  if (maxTail !== undefined) {
    const tail = row.p50 > 0 ? row.p99 / row.p50 : Number.POSITIVE_INFINITY
    if (tail > maxTail) missed.push(`p99 ÷ p50 ${tail.toFixed(1)} > ${maxTail}`)
  }
  return missed.length === 0 ? 'met' : `not met: ${missed.join('; ')}`
}

type Row = {
  scenario: Scenario
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  appCpuMs: number | null
  dbCpuMs: number | null
  budget: Budget | undefined
}
type Seeded = {
  facilityIds: string[]
  // The timeline's venue (docs/product.md#timeline): 40 spaces with 2,000 events in the week from
  // timelineFrom.
  timelineFacilityId: string
  timelineFrom: Date
  roomIds: string[]
  treeRoomIds: string[]
  clientId: string
  slug: string
  activityQueries: string[]
  // A coach's calendar feed (docs/product.md#calendar-feeds): this client's 2,000 bookings of the coming year.
  feedClientId: string
  organisationId: string
}

/* ---------- seeding, straight into the database ---------- */

async function seed(database: Database): Promise<Seeded> {
  const env = readEnv({ NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret!', LOG_REQUESTS: 'false' })
  const auth = createAuth({ db: database.db, env })
  // The first account of an empty database is an approved admin: the bench's operator.
  const { user } = await auth.api.signUpEmail({ body: { name: OWNER.fullName, email: OWNER.email, password: OWNER.password } })
  const { db } = database
  // The operator's organisation, with them as its Owner and as the one they work in, as the app
  // would make it on their first request.
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `${OWNER.fullName}'s organisation` })
    .returning({ id: organisations.id })
  const organisationId = organisation!.id
  await db.insert(memberships).values({ organisationId, userId: user.id, role: 'owner' })
  await db.update(users).set({ activeOrganisationId: organisationId }).where(eq(users.id, user.id))

  const facilityRows = await db
    .insert(facilities)
    .values(
      Array.from({ length: FACILITY_COUNT }, (_, index) => ({ organisationId, name: `Arena ${index + 1}`, timeZone: 'America/Toronto' })),
    )
    .returning({ id: facilities.id })
  const roomRows = await db
    .insert(rooms)
    .values(
      facilityRows.flatMap((facility, facilityIndex) =>
        Array.from({ length: ROOMS_PER_FACILITY }, (_, index) => ({
          organisationId,
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
  // A three-level tree with changeovers: building → sheet → two halves. Its bookings
  // hold a row for every space below the one booked (ADR 0024).
  const treeRoomIds: string[] = []
  const treeSpace = async (name: string, parentId: string | null, changeoverMinutes: number) => {
    const [row] = await db
      .insert(rooms)
      .values({
        organisationId,
        facilityId: facilityRows[0]!.id,
        name,
        type: 'rink',
        parentId,
        changeoverMinutes,
        operatingStartTime: '06:00',
        operatingEndTime: '23:30',
      })
      .returning({ id: rooms.id })
    treeRoomIds.push(row!.id)
    return row!.id
  }
  const building = await treeSpace('Tree Building', null, 0)
  const sheet = await treeSpace('Tree Full Sheet', building, 15)
  await treeSpace('Tree Half A', sheet, 10)
  await treeSpace('Tree Half B', sheet, 10)
  const [client] = await db.insert(clients).values({ organisationId, name: 'Bench Hockey Club' }).returning({ id: clients.id })
  await db.insert(contracts).values({ organisationId, clientId: client!.id, name: 'Season', startDate: '2020-01-01', totalHours: '99999' })

  // 500 events a room: 1 h each, at most 2 a day, spread a year either side of today.
  const perRoom = EVENT_COUNT / roomRows.length
  const firstDay = addDays(new Date(), -Math.floor(perRoom / 4))
  const rows = roomRows.flatMap((room, roomIndex) =>
    Array.from({ length: perRoom }, (_, index) => {
      const day = addDays(firstDay, Math.floor(index / 2))
      const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), index % 2 === 0 ? 13 : 22, 0))
      return {
        organisationId,
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

  // The timeline's venue: a facility of 40 spaces whose coming week holds 2,000 events, 50 a
  // space, 7 or 8 a day from 01:00 Toronto time.
  const [timelineFacility] = await db
    .insert(facilities)
    .values({ organisationId, name: 'Timeline Arena', timeZone: 'America/Toronto' })
    .returning({ id: facilities.id })
  const timelineRooms = await db
    .insert(rooms)
    .values(
      Array.from({ length: TIMELINE_SPACES }, (_, index) => ({
        organisationId,
        facilityId: timelineFacility!.id,
        name: `Space ${index + 1}`,
        type: 'rink',
        operatingStartTime: '00:00',
        operatingEndTime: '23:30',
        bookingInterval: 30,
      })),
    )
    .returning({ id: rooms.id })
  // From the facility's own midnight: between midnight UTC and Toronto's, a UTC day would start
  // the week tomorrow there, and the Day the timeline opens on would be empty.
  const timelineFrom = localDayRange(todayInZone('America/Toronto', new Date()), 'America/Toronto').start
  const timelineRows = timelineRooms.flatMap((room, roomIndex) =>
    Array.from({ length: TIMELINE_EVENTS / TIMELINE_SPACES }, (_, index) => {
      const start = new Date(timelineFrom.getTime() + Math.floor(index / 7) * 86_400_000 + (6 + (index % 7) * 2) * 3_600_000)
      return {
        organisationId,
        roomId: room.id,
        clientId: client!.id,
        title: `Timeline ${roomIndex}-${index}`,
        startTime: start,
        endTime: new Date(start.getTime() + 90 * 60 * 1000),
      }
    }),
  )
  for (let offset = 0; offset < timelineRows.length; offset += 1000)
    await db.insert(schedules).values(timelineRows.slice(offset, offset + 1000))

  // The calendar feed's client: 2,000 bookings in the coming year on a facility of their own,
  // four spaces with two a day each, 90 minutes, a game every fifth with its teams.
  const [feedFacility] = await db
    .insert(facilities)
    .values({ organisationId, name: 'Feed Arena', timeZone: 'America/Toronto' })
    .returning({ id: facilities.id })
  const feedRooms = await db
    .insert(rooms)
    .values(
      Array.from({ length: 4 }, (_, index) => ({
        organisationId,
        facilityId: feedFacility!.id,
        name: `Feed Rink ${index + 1}`,
        type: 'rink',
        operatingStartTime: '00:00',
        operatingEndTime: '23:30',
      })),
    )
    .returning({ id: rooms.id })
  const [feedClient] = await db.insert(clients).values({ organisationId, name: 'Feed Minor Hockey' }).returning({ id: clients.id })
  const feedFrom = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1))
  const feedRows = feedRooms.flatMap((room, roomIndex) =>
    Array.from({ length: FEED_EVENTS / feedRooms.length }, (_, index) => {
      // 250 days a space, spread over 365: 10:00 and 15:00 in Toronto (11:00 and 16:00 in winter).
      const day = Math.floor(Math.floor(index / 2) * (365 / 250))
      const start = new Date(feedFrom.getTime() + day * 86_400_000 + (index % 2 === 0 ? 15 : 20) * 3_600_000)
      const isGame = index % 5 === 0
      return {
        organisationId,
        roomId: room.id,
        clientId: feedClient!.id,
        title: `Feed ${roomIndex}-${index}`,
        startTime: start,
        endTime: new Date(start.getTime() + 90 * 60 * 1000),
        eventType: isGame ? 'game' : 'practice',
        team1Name: isGame ? 'Feed Hawks' : null,
        team2Name: isGame ? 'Visitors' : null,
      }
    }),
  )
  for (let offset = 0; offset < feedRows.length; offset += 1000) await db.insert(schedules).values(feedRows.slice(offset, offset + 1000))

  const [screen] = await db
    .insert(screens)
    .values({ organisationId, name: 'Bench Lobby', slug: 'bench-lobby' })
    .returning({ id: screens.id })
  await db
    .insert(screenRooms)
    .values(roomRows.slice(0, BOARD_ROOMS).map((room, position) => ({ organisationId, screenId: screen!.id, roomId: room.id, position })))
  // A busy year's activity trail: an entry a minute, by five people, of every kind of thing.
  const kinds = sql.raw(`array['event', 'event', 'event', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'facility']`)
  await db.execute(sql`
    insert into activity_entries (organisation_id, at, actor_id, actor_name, action, entity, entity_id, label, facility_id, time_zone, changes)
    select ${organisationId}, now() - make_interval(mins => n), 'bench-person-' || (n % 5), 'Bench Person ' || (n % 5),
      (array['created', 'updated', 'deleted'])[1 + n % 3], (${kinds})[1 + n % 10], gen_random_uuid()::text, 'Booking ' || n,
      ${facilityRows[0]!.id}, 'America/Toronto',
      jsonb_build_object('start', jsonb_build_object('before', null, 'after', to_char(now() + make_interval(mins => n), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    from generate_series(1, ${ACTIVITY_ENTRIES}) as n`)
  // A page from the middle of the year, to page on from, as 'Load more' would.
  const middle = (await db.execute(sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '_' || id as cursor
    from activity_entries where organisation_id = ${organisationId} order by at desc, id desc offset ${ACTIVITY_ENTRIES / 2} limit 1`)) as unknown as {
    rows: { cursor: string }[]
  }
  const cursor = encodeURIComponent(middle.rows[0]!.cursor)
  const monthAgo = new Date(Date.now() - 30 * 86_400_000)
  const activityQueries = [
    '',
    `?before=${cursor}`,
    '?person=bench-person-3',
    '?kind=contract',
    `?kind=screen&before=${cursor}`,
    `?person=bench-person-1&kind=event`,
    `?from=${encodeURIComponent(addDays(monthAgo, -7).toISOString())}&to=${encodeURIComponent(monthAgo.toISOString())}`,
  ]

  // The tables as autovacuum leaves them a minute after a bulk load: planner statistics, and a
  // visibility map that lets index-only scans skip the heap (the month grid counts its days so).
  await db.execute(sql`vacuum analyze`)
  return {
    facilityIds: facilityRows.map((row) => row.id),
    timelineFacilityId: timelineFacility!.id,
    timelineFrom,
    roomIds: roomRows.map((row) => row.id),
    treeRoomIds,
    clientId: client!.id,
    slug: 'bench-lobby',
    activityQueries,
    feedClientId: feedClient!.id,
    organisationId,
  }
}

/* ---------- load ---------- */

// CPU time per request, of the app process and of PostgreSQL's processes, read from /proc: on a shared
// machine it moves far less than req/s with what the neighbours do. Elsewhere it is blank.
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
function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
  } catch {
    return false
  }
}
// The processes serving the bench's own database: its backends, and parallel workers alive when read. Other
// databases on the same server (other test runs) are not the bench's work, and the server's common
// writers (WAL writer, checkpointer) serve them all, so both are left out.
async function backendsOf(monitor: pg.Client): Promise<number[]> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  // A server on another machine or in a container has pids this machine's /proc does not describe.
  return rows.map((row) => row.pid).filter(isPostgresProcess)
}
let measuredApp: AppProcess | null = null
// Set while the bench runs on PostgreSQL.
let databaseProcesses: (() => Promise<number[]>) | null = null

async function load(name: Scenario, options: autocannon.Options): Promise<Row | null> {
  // The ceiling always runs: every other row is judged by its share of it.
  if (ONLY !== undefined && name !== SCENARIOS.ceiling && !name.toLowerCase().includes(ONLY)) return null
  // A running server, not one starting: V8 has optimised the path, and each pooled connection
  // has prepared its statements and compiled the triggers' PL/pgSQL (ADR 0038). Before the CPU is
  // read, so that the warm-up's work is not divided among the measured requests.
  if (WARM_UP_SECONDS > 0) await autocannon({ connections: 10, ...options, duration: WARM_UP_SECONDS })
  const appPids = measuredApp?.child.pid ? [measuredApp.child.pid] : []
  const appBefore = cpuTicks(appPids)
  const dbBefore = cpuTicks(databaseProcesses ? await databaseProcesses() : [])
  const result = await autocannon({ duration: DURATION_SECONDS, connections: 10, ...options })
  const appCpu = cpuMsBetween(appBefore, cpuTicks(appPids))
  const dbCpu = databaseProcesses ? cpuMsBetween(dbBefore, cpuTicks(await databaseProcesses())) : null
  const perRequest = (total: number | null) =>
    total === null || result.requests.total === 0 ? null : Math.round((total / result.requests.total) * 100) / 100
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // 304 is the answer the unchanged-board scenario wants; only 4xx, 5xx and failures count.
    errors: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
    appCpuMs: perRequest(appCpu),
    dbCpuMs: perRequest(dbCpu),
    budget: BUDGETS[name],
  }
}

async function signIn(origin: string): Promise<string> {
  const response = await clientFor(origin)('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: OWNER.email, password: OWNER.password },
  })
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`)
  return response.headers
    .getSetCookie()
    .find((value) => value.includes('session_token='))!
    .split(';')[0]!
}

async function scenarios(app: AppProcess, seeded: Seeded, only?: ReadonlySet<Scenario>): Promise<Row[]> {
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
  // With `only`, the other scenarios are skipped: load() is not called for them.
  const wanted = (scenario: Scenario) => only === undefined || only.has(scenario)
  const loadIf = (scenario: Scenario, options: autocannon.Options) => (wanted(scenario) ? load(scenario, options) : Promise.resolve(null))
  rows.push(await loadIf(SCENARIOS.ceiling, { url: `${url}/livez` }))
  rows.push(await loadIf(SCENARIOS.board, { url: `${url}${board}` }))
  rows.push(await loadIf(SCENARIOS.boardUnchanged, { url: `${url}${board}`, headers: { 'if-none-match': etag } }))
  // Each request books a free hour of its own: a room and a day no other request uses.
  const bookingRequest: autocannon.Request = {
    method: 'POST',
    path: '/api/events',
    setupRequest: (request) => {
      booking += 1
      const date = formatISO(addDays(new Date(Date.UTC(2034, 0, 1)), Math.floor(booking / seeded.roomIds.length)), {
        representation: 'date',
      })
      return {
        ...request,
        body: JSON.stringify({
          roomId: seeded.roomIds[booking % seeded.roomIds.length],
          clientId: seeded.clientId,
          date,
          startTime: '10:00',
          durationMinutes: 60,
          title: `Load ${booking}`,
        }),
      }
    },
  }
  const booking20 = { url, connections: 20, headers: { ...headers, 'content-type': 'application/json' }, requests: [bookingRequest] }
  // Each request books a day of its own on one of the tree's spaces, so none clashes; the tree
  // makes each booking of the building or the sheet hold three or four rows.
  let linkedBooking = 0
  const linkedRequest: autocannon.Request = {
    method: 'POST',
    path: '/api/events',
    setupRequest: (request) => {
      linkedBooking += 1
      const date = formatISO(addDays(new Date(Date.UTC(2034, 0, 1)), linkedBooking), { representation: 'date' })
      return {
        ...request,
        body: JSON.stringify({
          roomId: seeded.treeRoomIds[linkedBooking % seeded.treeRoomIds.length],
          clientId: seeded.clientId,
          date,
          startTime: '12:00',
          durationMinutes: 60,
          title: `Linked ${linkedBooking}`,
        }),
      }
    },
  }
  // As fast as 20 clients can go: the latency is then 20 divided by the machine's throughput.
  rows.push(await loadIf(SCENARIOS.create20, booking20))
  // One client alone: what a booking costs without a queue in front of it.
  rows.push(await loadIf(SCENARIOS.create1, { ...booking20, connections: 1 }))
  rows.push(await loadIf(SCENARIOS.createLinked20, { ...booking20, requests: [linkedRequest] }))
  const month = `${url}/api/events/month?from=${monthStart.toISOString()}&to=${monthEnd.toISOString()}`
  // The budget is set for ten operators asking at once; one alone shows the grid without a queue.
  rows.push(await loadIf(SCENARIOS.month10, { url: month, headers, connections: 10 }))
  rows.push(await loadIf(SCENARIOS.month1, { url: month, headers, connections: 1 }))
  rows.push(await loadIf(SCENARIOS.upcoming, { url: `${url}/api/events/upcoming`, headers }))
  // What the timeline's week asks for (docs/product.md#timeline): the facility's events of seven
  // days, in one read, gzipped as a browser takes it, while the timeline's own stream keeps the
  // facility watched.
  const week = `from=${seeded.timelineFrom.toISOString()}&to=${addDays(seeded.timelineFrom, 7).toISOString()}`
  const watching = new AbortController()
  await fetch(`${url}/api/facilities/${seeded.timelineFacilityId}/timeline/changes`, { headers, signal: watching.signal })
  rows.push(
    await loadIf(SCENARIOS.timelineWeek10, {
      url: `${url}/api/events?facilityId=${seeded.timelineFacilityId}&${week}`,
      headers: { ...headers, 'accept-encoding': 'gzip' },
      connections: 10,
    }),
  )
  watching.abort()
  let activityRequest = 0
  rows.push(
    await loadIf(SCENARIOS.activity, {
      url,
      headers,
      connections: 10,
      // The first page, pages deep in the year, and each filter: what the Activity page asks.
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            activityRequest += 1
            return { ...request, path: `/api/activity${seeded.activityQueries[activityRequest % seeded.activityQueries.length]}` }
          },
        },
      ],
    }),
  )
  // A coach's calendar app asking for the client's feed, and asking again with the ETag it kept.
  const isMeasured = (scenario: Scenario) => wanted(scenario) && (ONLY === undefined || scenario.toLowerCase().includes(ONLY))
  if (isMeasured(SCENARIOS.feed) || isMeasured(SCENARIOS.feedUnchanged)) {
    const created = await fetch(`${url}/api/feeds`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'client', targetId: seeded.feedClientId }),
    })
    const { feed } = (await created.json()) as { feed: { url: string } }
    const feedPath = new URL(feed.url).pathname
    const feedEtag = (await fetch(`${url}${feedPath}`)).headers.get('etag') ?? ''
    rows.push(await loadIf(SCENARIOS.feed, { url: `${url}${feedPath}` }))
    rows.push(await loadIf(SCENARIOS.feedUnchanged, { url: `${url}${feedPath}`, headers: { 'if-none-match': feedEtag } }))
  }
  rows.push(
    await loadIf(SCENARIOS.marketing, {
      url: `${url}/api/marketing/availability?facilityId=${seeded.facilityIds[0]}&hoursAhead=12`,
      headers,
    }),
  )
  return measured.filter((row) => row !== null)
}

/* ---------- billing ---------- */

/**
 * The two invoice rows (docs/benchmarks.md, 'Billing'), on PostgreSQL, in a venue of their own
 * (scripts/bench-billing.ts) that the owner switches to for them and back from afterwards.
 */
async function billingScenarios(app: AppProcess, databaseUrl: string): Promise<Row[]> {
  const isWanted = (scenario: Scenario) => ONLY === undefined || scenario.toLowerCase().includes(ONLY)
  if (!isWanted(SCENARIOS.invoiceMonth) && !isWanted(SCENARIOS.clientInvoices)) return []
  const venue = await seedBillingVenue(databaseUrl, OWNER.email)
  const before = await switchOrganisation(databaseUrl, OWNER.email, venue.organisationId)
  try {
    const headers = { cookie: await signIn(app.origin), origin: app.origin }
    await issueListedInvoices(app.origin, headers, venue)
    const rows: Row[] = []
    if (isWanted(SCENARIOS.clientInvoices)) {
      const row = await load(SCENARIOS.clientInvoices, {
        url: `${app.origin}/api/clients/${venue.listClientId}/billing`,
        headers,
        connections: 10,
      })
      if (row) rows.push(row)
    }
    if (isWanted(SCENARIOS.invoiceMonth)) {
      const runs = await timeInvoiceGeneration(app.origin, headers, databaseUrl, venue, DURATION_SECONDS)
      const sorted = [...runs.latenciesMs].sort((a, b) => a - b)
      const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0
      console.log(`create invoices: ${runs.runs} runs of ${runs.invoicesPerRun} drafts each, ${runs.errors} errors`)
      rows.push({
        scenario: SCENARIOS.invoiceMonth,
        requestsPerSecond: runs.seconds > 0 ? runs.runs / runs.seconds : 0,
        p50: Math.round(at(0.5)),
        p99: Math.round(at(0.99)),
        errors: runs.errors + (runs.invoicesPerRun === 200 ? 0 : 1),
        appCpuMs: null,
        dbCpuMs: null,
        budget: BUDGETS[SCENARIOS.invoiceMonth],
      })
    }
    return rows
  } finally {
    await switchOrganisation(databaseUrl, OWNER.email, before)
  }
}

/* ---------- the renters' portal ---------- */

/**
 * The three portal rows (docs/benchmarks.md, 'Renters'), on PostgreSQL, in a venue of their own
 * (scripts/bench-portal.ts): a renter reads a day's free slots of a 40-space facility and a
 * client's bookings; 100 renters race for each of a run of waitlist offers.
 */
async function portalScenarios(app: AppProcess, databaseUrl: string): Promise<Row[]> {
  const isWanted = (scenario: Scenario) => ONLY === undefined || scenario.toLowerCase().includes(ONLY)
  const wanted = [SCENARIOS.portalFreeSlots, SCENARIOS.portalBookings, SCENARIOS.portalClaimRace].filter(isWanted)
  if (wanted.length === 0) return []
  const venue = await seedPortalVenue(databaseUrl, OWNER.email)
  const rows: Row[] = []
  const renterHeaders = { cookie: await signInAs(app.origin, venue.renter.email, OWNER.password), origin: app.origin }
  if (isWanted(SCENARIOS.portalFreeSlots)) {
    const row = await load(SCENARIOS.portalFreeSlots, {
      url: `${app.origin}/api/portal/facilities/${venue.facilityId}/free-slots?date=${venue.day}&durationMinutes=60`,
      headers: renterHeaders,
      connections: 10,
    })
    if (row) rows.push(row)
  }
  if (isWanted(SCENARIOS.portalBookings)) {
    const row = await load(SCENARIOS.portalBookings, {
      url: `${app.origin}/api/portal/bookings?clientId=${venue.renter.clientId}&when=upcoming`,
      headers: renterHeaders,
      connections: 10,
    })
    if (row) rows.push(row)
  }
  if (isWanted(SCENARIOS.portalClaimRace)) {
    const cookies: string[] = []
    for (const racer of venue.racers) cookies.push(await signInAs(app.origin, racer.email, OWNER.password))
    const races = await timeClaimRaces(app.origin, databaseUrl, venue, cookies, DURATION_SECONDS)
    const sorted = [...races.latenciesMs].sort((a, b) => a - b)
    const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0
    const settled = [...races.settleMs].sort((a, b) => a - b)
    console.log(
      `claim races: ${races.races} races of ${RACERS} claims, ${races.oneWinnerEach ? 'one winner each' : 'NOT one winner each'}; ` +
        `settled in ${Math.round(settled[Math.floor(settled.length / 2)] ?? 0)} ms at the median`,
    )
    rows.push({
      scenario: SCENARIOS.portalClaimRace,
      requestsPerSecond: races.latenciesMs.length / (races.settleMs.reduce((sum, ms) => sum + ms, 0) / 1000),
      p50: Math.round(at(0.5)),
      p99: Math.round(at(0.99)),
      errors: races.errors + (races.oneWinnerEach ? 0 : 1),
      appCpuMs: null,
      dbCpuMs: null,
      budget: BUDGETS[SCENARIOS.portalClaimRace],
    })
  }
  return rows
}

/* ---------- the reports ---------- */

// The ten-year row keeps at least this share of the one-year row's rate (docs/benchmarks.md, 'Reports').
const REPORTS_MIN_SCALE_RATIO = 2 / 3

/**
 * The two reports rows (docs/benchmarks.md, 'Reports'), on PostgreSQL, in venues of their own
 * (scripts/bench-reports.ts): the same year's report of a 40-space facility holding 50,000
 * bookings, then of one holding 500,000 over ten years. With --seed-cache the venues are also
 * written into the cached copy, so later runs clone them. The second row counts one error when
 * its rate is under REPORTS_MIN_SCALE_RATIO of the first's.
 */
async function reportScenarios(app: AppProcess, databaseUrl: string): Promise<Row[]> {
  const wanted = [SCENARIOS.reportsYear, SCENARIOS.reportsTenYears].filter(
    (scenario) => ONLY === undefined || scenario.toLowerCase().includes(ONLY),
  )
  if (wanted.length === 0) return []
  const seedStartedAt = Date.now()
  const venues = []
  for (const years of [1, 10]) {
    venues.push(await seedReportVenue(databaseUrl, OWNER.email, years))
    if (SEED_CACHE) {
      const cacheUrl = new URL(DATABASE_URL!)
      cacheUrl.pathname = `/${SEED_CACHE}`
      await seedReportVenue(cacheUrl.toString(), OWNER.email, years)
    }
  }
  console.log(
    `reports venues: ${venues.map((venue) => count(venue.events)).join(' and ')} bookings ready in ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s`,
  )
  const rows: Row[] = []
  for (const [index, scenario] of [SCENARIOS.reportsYear, SCENARIOS.reportsTenYears].entries()) {
    const venue = venues[index]!
    const before = await switchOrganisation(databaseUrl, OWNER.email, venue.organisationId)
    try {
      const headers = { cookie: await signIn(app.origin), origin: app.origin }
      const row = await load(scenario, {
        url: `${app.origin}/api/reports?facilityId=${venue.facilityId}&from=${REPORT_YEAR.from}&to=${REPORT_YEAR.to}`,
        headers,
        connections: 10,
      })
      if (row) rows.push(row)
    } finally {
      await switchOrganisation(databaseUrl, OWNER.email, before)
    }
  }
  const [year, tenYears] = rows
  if (year && tenYears && year.scenario === SCENARIOS.reportsYear) {
    const ratio = tenYears.requestsPerSecond / Math.max(1, year.requestsPerSecond)
    console.log(`reports scale: ten years ÷ one year = ${ratio.toFixed(2)} (budget ≥ ${REPORTS_MIN_SCALE_RATIO.toFixed(2)})`)
    if (ratio < REPORTS_MIN_SCALE_RATIO) tenYears.errors += 1
  }
  return rows
}

/* ---------- the exports ---------- */

const EXPORT_MAX_RSS_GROWTH_BYTES = 50 * 1024 * 1024

/**
 * The exports row (docs/benchmarks.md, 'Exports'), on PostgreSQL, in a venue of its own
 * (scripts/bench-exports.ts): the events CSV of 500,000 bookings downloaded once, after a short
 * export to warm the path. Its rate is rows a second; p50 and p99 are the download's time. With
 * --seed-cache the venue is also written into the cached copy, so later runs clone it.
 */
async function exportScenarios(app: AppProcess, databaseUrl: string): Promise<Row[]> {
  if (ONLY !== undefined && !SCENARIOS.exportEvents.toLowerCase().includes(ONLY)) return []
  const seedStartedAt = Date.now()
  const venue = await seedExportVenue(databaseUrl, OWNER.email)
  console.log(`exports venue: ${count(venue.events)} bookings ready in ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s`)
  const before = await switchOrganisation(databaseUrl, OWNER.email, venue.organisationId)
  try {
    const headers = { cookie: await signIn(app.origin), origin: app.origin }
    const pid = app.child.pid!
    const path = (to: string) => `${app.origin}/api/exports/events.csv?from=${venue.from}&to=${to}`
    await timeExport(path(venue.from.replace(/-01$/, '-31')), headers, pid)
    const run = await timeExport(path(venue.to), headers, pid)
    const growth = run.rssPeakBytes - run.rssBeforeBytes
    const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
    console.log(
      `events export: ${count(run.rows)} rows, ${megabytes(run.bytes)} in ${run.seconds.toFixed(1)} s; ` +
        `app RSS ${megabytes(run.rssBeforeBytes)} → peak ${megabytes(run.rssPeakBytes)} (+${megabytes(growth)})`,
    )
    const milliseconds = Math.round(run.seconds * 1000)
    return [
      {
        scenario: SCENARIOS.exportEvents,
        requestsPerSecond: run.rows / run.seconds,
        p50: milliseconds,
        p99: milliseconds,
        errors: (run.status === 200 ? 0 : 1) + (run.rows === EXPORT_EVENTS ? 0 : 1) + (growth < EXPORT_MAX_RSS_GROWTH_BYTES ? 0 : 1),
        appCpuMs: null,
        dbCpuMs: null,
        budget: BUDGETS[SCENARIOS.exportEvents],
      },
    ]
  } finally {
    await switchOrganisation(databaseUrl, OWNER.email, before)
    // After the measurement, so that it runs on a machine at rest: later runs clone the venue too.
    if (SEED_CACHE) {
      const cacheUrl = new URL(DATABASE_URL!)
      cacheUrl.pathname = `/${SEED_CACHE}`
      await seedExportVenue(cacheUrl.toString(), OWNER.email)
    }
  }
}

/* ---------- 'Import Clients' ---------- */

/**
 * The import row (docs/benchmarks.md, 'Import'), on PostgreSQL (scripts/bench-import.ts): a file of
 * 10,000 clients posted to POST /api/clients/import, each time into a fresh organisation, after
 * one unmeasured run; at least three runs, more while the scenario's duration lasts. Its rate is
 * rows a second over the runs; p50 and p99 are one import's time.
 */
async function importScenarios(app: AppProcess, databaseUrl: string): Promise<Row[]> {
  if (ONLY !== undefined && !SCENARIOS.importClients.toLowerCase().includes(ONLY)) return []
  const csv = importFile()
  const runs: ImportRun[] = []
  let before: string | undefined
  try {
    const deadline = Date.now() + DURATION_SECONDS * 1000
    for (let run = 0; run <= 3 || (Date.now() < deadline && run <= 10); run++) {
      const organisationId = await createImportOrganisation(databaseUrl, OWNER.email, `Bench Import ${run}`)
      const previous = await switchOrganisation(databaseUrl, OWNER.email, organisationId)
      before ??= previous
      const result = await timeImport(app.origin, { cookie: await signIn(app.origin), origin: app.origin }, csv)
      if (run > 0) runs.push(result)
    }
  } finally {
    if (before !== undefined) await switchOrganisation(databaseUrl, OWNER.email, before)
  }
  const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b)
  const total = seconds.reduce((sum, value) => sum + value, 0)
  const at = (fraction: number) => Math.round(1000 * (seconds[Math.min(seconds.length - 1, Math.floor(fraction * seconds.length))] ?? 0))
  console.log(
    `import: ${runs.length} runs of ${count(IMPORT_ROWS)} rows (${(csv.length / 1024 / 1024).toFixed(2)} MB), ${total.toFixed(1)} s`,
  )
  return [
    {
      scenario: SCENARIOS.importClients,
      requestsPerSecond: (IMPORT_ROWS * runs.length) / total,
      p50: at(0.5),
      p99: at(0.99),
      errors: runs.filter((run) => run.status !== 200 || run.imported !== IMPORT_ROWS).length,
      appCpuMs: null,
      dbCpuMs: null,
      budget: BUDGETS[SCENARIOS.importClients],
    },
  ]
}

/* ---------- the outbox ---------- */

const DRAIN_MESSAGES = 10_000
// The outbox budget (docs/benchmarks.md): its messages a second, while the app serves requests, as a
// share of the same run's ceiling.
const DRAIN_MIN_SHARE = 0.01

type Drain = { messages: number; seconds: number; perSecond: number; delivered: number }

/** An SMTP server in this process that accepts every message and only counts it. */
async function startCountingSmtp(): Promise<{ url: string; received: () => number; stop: () => Promise<void> }> {
  const { SMTPServer } = await import('smtp-server')
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData: (stream, _session, callback) => {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        received += 1
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * 10,000 selloff-sized messages written to the outbox in one transaction, as a send to a big list
 * would, then timed until the SMTP server has them all, while ten clients read the lobby board.
 */
async function outboxDrain(app: AppProcess, seeded: Seeded, databaseUrl: string, smtp: { received: () => number }): Promise<Drain> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const before = smtp.received()
  const run = Date.now()
  const body = 'Here is our last-minute availability at Arena 1: Rink 1.1 (Rink), 9:30 pm - 11:00 pm. '.repeat(8)
  try {
    await client.query(
      `insert into outbox_messages (organisation_id, kind, business_key, message_id, recipient, subject, text_body, html_body, unsubscribe_url)
       select $1, 'selloff', 'bench-drain:' || $2 || ':' || n, '<bench-' || $2 || '-' || n || '@fieldhouse.test>', 'coach' || n || '@example.test',
         'Last Minute Availability at Arena 1!', $3, '<p>' || $3 || '</p>', 'http://localhost/unsubscribe/bench-' || n
       from generate_series(1, ${DRAIN_MESSAGES}) as n`,
      [seeded.organisationId, run, body],
    )
    const started = Date.now()
    let finished: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => (finished = resolve))
    const load = autocannon({ url: `${app.origin}/api/public/displays/${seeded.slug}`, connections: 10, duration: 600 }, () => finished())
    const deadline = started + 10 * 60_000
    while (smtp.received() - before < DRAIN_MESSAGES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    const seconds = (Date.now() - started) / 1000
    load.stop()
    await loaded
    const delivered = smtp.received() - before
    return { messages: DRAIN_MESSAGES, seconds, perSecond: Math.round(delivered / seconds), delivered }
  } finally {
    await client.end()
  }
}

function describeDrain(drain: Drain, ceiling: number | undefined): string {
  const share = ceiling ? drain.perSecond / ceiling : undefined
  const verdict =
    drain.delivered < drain.messages
      ? `not met: ${count(drain.delivered)} of ${count(drain.messages)} delivered in ten minutes`
      : share === undefined
        ? 'not judged: no ceiling measured in this run'
        : share >= DRAIN_MIN_SHARE
          ? 'met'
          : `not met: ${shareText(share, 3)} < ${shareText(DRAIN_MIN_SHARE, 3)} of the ceiling`
  return `Outbox: ${count(drain.messages)} queued messages drained to an in-process SMTP server in ${drain.seconds.toFixed(1)} s while ten clients read the lobby board: ${count(drain.perSecond)} messages a second${share === undefined ? '' : `, ${shareText(share, 3)} of the ceiling`} (budget ≥ ${shareText(DRAIN_MIN_SHARE)} of the ceiling, on PostgreSQL: ${verdict}).`
}

/* ---------- live boards ---------- */

// Opens many board streams on one instance, makes one booking in a linked room through another
// (or the same, on PGlite), and times the slowest delivery.
async function boardFanOut(
  writer: AppProcess,
  boards: AppProcess,
  seeded: Seeded,
): Promise<{ connected: number; slowestMs: number; delivered: number }> {
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
    body: {
      roomId: seeded.roomIds[0],
      clientId: seeded.clientId,
      date: '2035-06-01',
      startTime: '09:00',
      durationMinutes: 30,
      title: 'Fan-out',
    },
  })
  if (created.status !== 201) throw new Error(`fan-out booking failed: ${created.status}`)
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000))
  const outcome = await Promise.race([Promise.all(deliveries), timeout])
  controller.abort()
  const delivered = outcome === 'timeout' ? -1 : outcome.filter(Boolean).length
  return { connected: readers.length, slowestMs, delivered }
}

/* ---------- the timeline in Chromium ---------- */

// The timeline in Chromium is judged by a scale ratio (scripts/bench-timeline-draw.ts): its
// drawing grows with the screen, not the data. The milliseconds here are printed, not judged, as
// is the longest task while an event is dragged: a long task is one over this many milliseconds.
const TIMELINE_LONG_TASK_MS = 50

type TimelineRender = { renderMs: number; renderRuns: number[]; bars: number; dragLongestTaskMs: number; dragLongTasks: number }
// The drawing is one reading of a few hundred milliseconds, which the machine moves by half from one
// page to the next: the verdict takes the median of this many pages, each opened afresh.
const TIMELINE_RENDER_RUNS = 3
// The middle of several readings, by the one number they are judged by (the timeline, Lighthouse).
const medianBy = <T>(items: readonly T[], value: (item: T) => number): T =>
  [...items].sort((left, right) => value(left) - value(right))[Math.floor(items.length / 2)]!

// One drawing of the week, on a page opened afresh: what the page does when the operator asks for
// the week, the data and then the drawing.
async function drawWeek(page: Page, app: AppProcess, seeded: Seeded) {
  await page.goto(`${app.origin}/facility/${seeded.timelineFacilityId}`)
  await page.getByRole('button', { name: 'Timeline', exact: true }).click()
  await page.getByTestId('timeline-scroller').waitFor()
  // The list view shown first may have read the same week already: then the drawing is timed
  // from the click, else from the week's answer.
  await page.evaluate('performance.clearResourceTimings(); window.clickedAt = performance.now()')
  await page.getByRole('group', { name: 'Timeline range' }).getByRole('button', { name: 'Week' }).click()
  // Scripts as text: the bench runs through tsx, whose helpers do not exist in the page.
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now()
    let firstDrawn = null
    const check = () => {
      // The week draws a line per event in the day cells of the rows in view (ADR 0054).
      const bars = document.querySelectorAll('[data-week-cell] [data-event-id]').length
      const week = performance.getEntriesByType('resource')
        .find((entry) => entry.name.includes('/api/events?') && entry.name.includes('facilityId='))
      // Drawn: the lines are in the page, at the frame after the data arrived.
      if (bars > 0 && week) return resolve({ renderMs: performance.now() - Math.max(window.clickedAt, week.responseEnd), bars })
      if (bars > 0 && firstDrawn === null) firstDrawn = performance.now()
      // Drawn from what the list view had read, with no request for the week a second later: timed
      // from the click to the first frame that held the lines.
      if (firstDrawn !== null && performance.now() - window.clickedAt > 1000)
        return resolve({ renderMs: firstDrawn - window.clickedAt, bars })
      if (performance.now() - started > 30000) return reject(new Error('the week did not draw: ' + bars + ' bars'))
      requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })`)) as { renderMs: number; bars: number }
}

async function timelineRender(app: AppProcess, seeded: Seeded): Promise<TimelineRender | null> {
  const executablePath = await findChromium()
  if (!executablePath) {
    console.log('No Chromium (CHROMIUM_PATH, /usr/bin/chromium or Playwright’s own): the timeline render is not measured')
    return null
  }
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const [name, value] = (await signIn(app.origin)).split('=') as [string, string]
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/Toronto' })
    await context.addCookies([{ name, value, url: app.origin }])
    const runs: Array<{ renderMs: number; bars: number }> = []
    let page = await context.newPage()
    for (let run = 1; run <= TIMELINE_RENDER_RUNS; run += 1) {
      if (run > 1) {
        await page.close()
        page = await context.newPage()
      }
      runs.push(await drawWeek(page, app, seeded))
    }
    const measured = medianBy(runs, (run) => run.renderMs)
    // A scripted drag of the first event, a row down and a few hours along, timed for long tasks.
    await page.evaluate(`window.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.longTasks.push(entry.duration)))
        .observe({ type: 'longtask' })`)
    // The week opens scrolled to the current time, which can leave the first bar under the sticky
    // column of space names: from the start of the week it is clear of it, whatever the hour.
    await page.evaluate(`document.querySelector('[data-testid="timeline-scroller"]').scrollTo({ left: 0 })`)
    const bar = page.locator('[data-event-id]').first()
    await bar.scrollIntoViewIfNeeded()
    const box = (await bar.boundingBox())!
    await page.mouse.move(box.x + 4, box.y + box.height / 2)
    await page.mouse.down()
    for (let step = 1; step <= 30; step += 1) await page.mouse.move(box.x + 4 + step * 6, box.y + box.height / 2 + step * 2)
    const tasks = (await page.evaluate('window.longTasks')) as number[]
    // The drag really moved the bar: the place it would drop on is drawn under the pointer.
    if ((await page.getByTestId('timeline-ghost').count()) === 0) throw new Error('the scripted drag did not move the bar')
    await page.keyboard.press('Escape')
    await page.mouse.up()
    return {
      ...measured,
      renderMs: Math.round(measured.renderMs),
      renderRuns: runs.map((run) => Math.round(run.renderMs)),
      dragLongestTaskMs: Math.round(Math.max(0, ...tasks)),
      dragLongTasks: tasks.filter((duration) => duration > TIMELINE_LONG_TASK_MS).length,
    }
  } finally {
    await browser.close()
  }
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

async function lighthouseScores(
  app: AppProcess,
  seeded: Seeded,
): Promise<Array<{ page: string; performance: number; accessibility: number; runs: number[] }>> {
  const chromePath = await findChromium()
  if (!chromePath) {
    console.log('No Chromium (CHROMIUM_PATH, /usr/bin/chromium or Playwright’s own): Lighthouse skipped')
    return []
  }
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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
        const result = await lighthouse(`${app.origin}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility'],
          logLevel: 'error',
        })
        if (result?.lhr.runtimeError) console.log(`Lighthouse on ${path}: ${result.lhr.runtimeError.code}`)
        const categories = result?.lhr.categories
        runs.push({
          performance: Math.round((categories?.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        })
      }
      scores.push({ page, ...medianBy(runs, (run) => run.performance), runs: runs.map((run) => run.performance) })
    }
    return scores
  } finally {
    chrome.kill()
  }
}

/* ---------- report ---------- */

function table(rows: Row[], kind: Kind): string {
  const ceiling = rows.find((row) => row.scenario === SCENARIOS.ceiling)?.requestsPerSecond || undefined
  const lines = [
    '| scenario | req/s | p50 ms | p99 ms | errors | share of ceiling | app CPU ms/req | database CPU ms/req | budget | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ]
  const cpu = (value: number | null) => (value === null ? '' : value.toFixed(2))
  for (const row of rows) {
    const share = ceiling === undefined ? '' : shareText(row.requestsPerSecond / ceiling)
    lines.push(
      `| ${row.scenario} | ${count(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors} | ${share} | ${cpu(row.appCpuMs)} | ${cpu(row.dbCpuMs)} | ${row.budget?.label ?? ''} | ${judge(row, kind, ceiling)} |`,
    )
  }
  return lines.join('\n')
}

/* ---------- reads at ten times the history ---------- */

// The reads a desk makes, measured on the seed and again once it holds ten times the history: the
// cost of a read should grow with what it shows, not with the years behind it.
const SCALED_READS: readonly Scenario[] = [
  SCENARIOS.month10,
  SCENARIOS.upcoming,
  SCENARIOS.timelineWeek10,
  SCENARIOS.activity,
  SCENARIOS.marketing,
]
const SCALE_FACTOR = 10
const MIN_SCALE_RATIO = 2 / 3
const HISTORY_CHUNK = 500

const readRows = (app: AppProcess, seeded: Seeded) => scenarios(app, seeded, new Set([SCENARIOS.ceiling, ...SCALED_READS]))

/**
 * Adds (SCALE_FACTOR - 1) times the seed's events and activity entries as history, before anything
 * the reads show: the same rooms and the timeline's spaces on earlier days, older entries of the
 * trail. Written straight into the database, through the same triggers a booking goes through.
 */
async function addHistory(url: string | null, dataDir: string | null, seeded: Seeded) {
  const database = url ? await openDatabase({ kind: 'postgres', url }) : await openDatabase({ kind: 'pglite', dataDir: dataDir! })
  try {
    const { db } = database
    const perRoom = (EVENT_COUNT / seeded.roomIds.length) * (SCALE_FACTOR - 1)
    const firstDay = addDays(new Date(), -Math.floor(EVENT_COUNT / seeded.roomIds.length / 4) - 1)
    const before = new Date(Date.UTC(firstDay.getUTCFullYear(), firstDay.getUTCMonth(), firstDay.getUTCDate()))
    const historyChunk = (roomId: string, from: number, to: number, hours: [number, number]) => sql`
      insert into ${schedules} (organisation_id, room_id, client_id, title, start_time, end_time)
      select room.organisation_id, room.id, ${seeded.clientId}::uuid, 'History ' || n,
        ${before.toISOString()}::timestamptz - make_interval(days => (n + 1) / 2) + make_interval(hours => case when n % 2 = 0 then ${hours[0]}::int else ${hours[1]}::int end),
        ${before.toISOString()}::timestamptz - make_interval(days => (n + 1) / 2) + make_interval(hours => case when n % 2 = 0 then ${hours[0]}::int else ${hours[1]}::int end) + interval '1 hour'
      from ${rooms} as room cross join generate_series(${from}::int, ${to}::int) as n
      where room.id = ${roomId}::uuid`
    // A booking takes an advisory lock per space and day (ADR 0039): a few hundred days a
    // statement keep a transaction within the server's lock table.
    const history = async (roomIds: string[], count: number, hours: [number, number]) => {
      for (const roomId of roomIds)
        for (let from = 1; from <= count; from += HISTORY_CHUNK)
          await db.execute(historyChunk(roomId, from, Math.min(count, from + HISTORY_CHUNK - 1), hours))
    }
    await history(seeded.roomIds, perRoom, [13, 22])
    const timelineRooms = (await db.execute(
      sql`select id from ${rooms} where facility_id = ${seeded.timelineFacilityId}::uuid order by id`,
    )) as unknown as { rows: { id: string }[] }
    await history(
      timelineRooms.rows.map((row) => row.id),
      (TIMELINE_EVENTS / TIMELINE_SPACES) * (SCALE_FACTOR - 1),
      [12, 16],
    )
    await db.execute(sql`
      insert into activity_entries (organisation_id, at, actor_id, actor_name, action, entity, entity_id, label, facility_id, time_zone, changes)
      select organisation_id, at - make_interval(mins => ${ACTIVITY_ENTRIES} + n), actor_id, actor_name, action, entity, gen_random_uuid()::text,
        label, facility_id, time_zone, changes
      from (select * from activity_entries order by at limit 1) as oldest cross join generate_series(1, ${ACTIVITY_ENTRIES * (SCALE_FACTOR - 1)}) as n`)
    await db.execute(sql`vacuum analyze`)
  } finally {
    await database.close()
  }
}

async function scaleRatios(kind: Kind, app: AppProcess, seeded: Seeded, environment: Record<string, string>): Promise<string> {
  const small = await readRows(app, seeded)
  await app.stop()
  const startedAt = Date.now()
  await addHistory(environment.DATABASE_URL ?? null, environment.DATA_DIR ?? null, seeded)
  console.log(
    `[${kind}] added ${count(EVENT_COUNT * (SCALE_FACTOR - 1))} events of history in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  )
  const bigApp = await startAppProcess({
    ...environment,
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret!',
    WEB_ROOT: 'dist/web',
  })
  measuredApp = bigApp
  let big: Row[]
  try {
    big = await readRows(bigApp, seeded)
  } finally {
    await bigApp.stop()
  }
  const ceilingOf = (rows: Row[]) => rows.find((row) => row.scenario === SCENARIOS.ceiling)?.requestsPerSecond ?? 0
  const lines = [
    `### Reads at ${SCALE_FACTOR} times the history, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    '',
    `Each read's share of its own run's ceiling, on the seed (${count(EVENT_COUNT)} events) and again with ${count(EVENT_COUNT * SCALE_FACTOR)} events and ${count(ACTIVITY_ENTRIES * SCALE_FACTOR)} activity entries; the ratio is the second share over the first. Budget: each keeps at least 2/3 of its rate.`,
    '',
    `| read | share at ${count(EVENT_COUNT)} | share at ${count(EVENT_COUNT * SCALE_FACTOR)} | req/s | scale ratio | verdict |`,
    '|---|---:|---:|---:|---:|---|',
    `| ceiling: bare JSON (/livez) | 100 % | 100 % | ${count(ceilingOf(small))} → ${count(ceilingOf(big))} | | |`,
  ]
  for (const scenario of SCALED_READS) {
    const before = small.find((row) => row.scenario === scenario)
    const after = big.find((row) => row.scenario === scenario)
    if (!before || !after) continue
    const shareBefore = before.requestsPerSecond / ceilingOf(small)
    const shareAfter = after.requestsPerSecond / ceilingOf(big)
    const ratio = shareAfter / shareBefore
    const errors = before.errors + after.errors
    const verdict =
      errors > 0 ? `not met: ${count(errors)} errors` : ratio >= MIN_SCALE_RATIO ? 'met' : `not met: ${ratio.toFixed(2)} < 0.67`
    lines.push(
      `| ${scenario} | ${shareText(shareBefore)} | ${shareText(shareAfter)} | ${count(before.requestsPerSecond)} → ${count(after.requestsPerSecond)} | ${ratio.toFixed(2)} | ${verdict} |`,
    )
  }
  const section = lines.join('\n')
  console.log(`\n${section}\n`)
  return section
}

async function benchDatabase(kind: Kind, withLighthouse: boolean): Promise<string> {
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
    seeded = SEED_CACHE ? await seedFromCache(database, SEED_CACHE) : await seed(database)
    environment = { DATABASE_URL: database.url! }
    const monitor = new pg.Client({ connectionString: database.url! })
    await monitor.connect()
    databaseProcesses = () => backendsOf(monitor)
    drop = async () => {
      databaseProcesses = null
      await monitor.end()
      await database.drop()
    }
  }
  console.log(`[${kind}] seeded ${count(EVENT_COUNT)} events in ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s`)

  const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []
  // Mail goes to an SMTP server in this process; the hourly limit is lifted, so that the drain
  // measures the outbox, not the limit.
  const smtp = await startCountingSmtp()
  const settings = {
    ...environment,
    SMTP_URL: smtp.url,
    MAIL_PER_ORGANISATION_PER_HOUR: '1000000',
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret!',
    WEB_ROOT: 'dist/web',
    // The fan-out opens every board stream from this one machine.
    BOARD_STREAMS_PER_ADDRESS: String(BOARD_CONNECTIONS),
  }
  const app = await startAppProcess(settings, profiling)
  // On PostgreSQL the boards listen on a second instance, as behind a load balancer.
  const boardInstance = kind === 'postgres' ? await startAppProcess(settings, profiling) : app
  measuredApp = app
  if (SCALE) {
    try {
      return await scaleRatios(kind, app, seeded, environment)
    } finally {
      if (boardInstance !== app) await boardInstance.stop()
      await smtp.stop()
      await drop()
    }
  }
  try {
    // Pages are scored on a server at rest, before the load runs leave it busy cleaning up.
    const scores = withLighthouse && (ONLY === undefined || ONLY === 'lighthouse') ? await lighthouseScores(app, seeded) : []
    const rows = ONLY === 'lighthouse' ? [] : await scenarios(app, seeded)
    if (kind === 'postgres') rows.push(...(await billingScenarios(app, environment.DATABASE_URL!)))
    if (kind === 'postgres') rows.push(...(await portalScenarios(app, environment.DATABASE_URL!)))
    if (kind === 'postgres') rows.push(...(await exportScenarios(app, environment.DATABASE_URL!)))
    if (kind === 'postgres') rows.push(...(await reportScenarios(app, environment.DATABASE_URL!)))
    if (kind === 'postgres') rows.push(...(await importScenarios(app, environment.DATABASE_URL!)))
    const timeline = ONLY === undefined || ONLY.includes('timeline') ? await timelineRender(app, seeded) : null
    const fanOut = ONLY === undefined ? await boardFanOut(app, boardInstance, seeded) : null
    const drain =
      kind === 'postgres' && (ONLY === undefined || ONLY.includes('outbox'))
        ? await outboxDrain(app, seeded, environment.DATABASE_URL!, smtp)
        : null
    const sections = [`### ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`, table(rows, kind)]
    if (rows.length === 0) sections.pop()
    if (drain) sections.push('', describeDrain(drain, rows.find((row) => row.scenario === SCENARIOS.ceiling)?.requestsPerSecond))
    if (fanOut) {
      sections.push(
        '',
        `Live boards: ${count(fanOut.connected)} connected streams${kind === 'postgres' ? ' on a second instance' : ''}; ${fanOut.delivered === -1 ? 'not all' : count(fanOut.delivered)} received the change, the slowest after ${fanOut.slowestMs} ms (budget: all within 2,000 ms).`,
      )
    }
    if (timeline) {
      sections.push(
        '',
        `Timeline in Chromium (the week of ${TIMELINE_SPACES} spaces, ${count(timeline.bars)} events drawn in the rows in view): drawn ${timeline.renderMs} ms after its data arrived, the median of ${timeline.renderRuns.join(', ')} ms; while an event was dragged the longest task took ${timeline.dragLongestTaskMs} ms, ${timeline.dragLongTasks} over ${TIMELINE_LONG_TASK_MS} ms (printed, not judged: the drawing's budget is its scale ratio below).`,
      )
      if (kind === 'pglite') sections.push('', describeTimelineDraw(await measureTimelineDraw({ webRoot: 'dist/web' })))
    }
    if (scores.length > 0) {
      sections.push(
        '',
        `| Lighthouse (mobile), median of ${LIGHTHOUSE_RUNS} | Performance | Accessibility | Performance of each run |`,
        '|---|---:|---:|---|',
      )
      for (const score of scores)
        sections.push(`| ${score.page} | ${score.performance} | ${score.accessibility} | ${score.runs.join(', ')} |`)
    }
    const section = sections.join('\n')
    console.log(`\n${section}\n`)
    return section
  } finally {
    await app.stop()
    if (boardInstance !== app) await boardInstance.stop()
    await smtp.stop()
    await drop()
  }
}

// For working on one scenario: the first run seeds a database of its own and keeps a copy named
// `name`, with what the seed made written in the copy's comment; later runs clone that copy, and the
// app's start applies any migration written since. The bench's own database is dropped as always.
async function seedFromCache(database: Database & { url: string | null }, name: string): Promise<Seeded> {
  const admin = new pg.Client({ connectionString: DATABASE_URL! })
  await admin.connect()
  try {
    const cached = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, $$pg_database$$) as comment from pg_database where datname = $1',
      [name],
    )
    const target = new URL(database.url!).pathname.slice(1)
    if (cached.rows[0]?.comment) {
      await database.close()
      await admin.query(`drop database ${target} with (force)`)
      await admin.query(`create database ${target} template ${name}`)
      const seeded = JSON.parse(cached.rows[0].comment) as Seeded
      return { ...seeded, timelineFrom: new Date(seeded.timelineFrom) }
    }
    const seeded = await seed(database)
    await database.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name} template ${target}`)
    await admin.query(`comment on database ${name} is ${pg.escapeLiteral(JSON.stringify(seeded))}`)
    return seeded
  } finally {
    await admin.end()
  }
}

// Passwords stay out of what the bench prints.
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@')
  }
}

// Before anything is seeded, so a wrong DATABASE_URL costs seconds and says what to fix.
async function checkPostgres(url: string): Promise<void> {
  let problem: string | null = null
  let client: pg.Client | null = null
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
    await client.connect()
    const { rows } = await client.query<{ version: number; may_create: boolean }>(
      `select current_setting('server_version_num')::int as version,
              (select rolcreatedb or rolsuper from pg_roles where rolname = current_user) as may_create`,
    )
    const { version, may_create: mayCreate } = rows[0]!
    if (version < 150_000) problem = `the server is PostgreSQL ${Math.floor(version / 10_000)}; Fieldhouse needs 15 or newer`
    else if (!mayCreate) problem = 'its user may not create databases (CREATEDB), and the bench works in a database of its own'
  } catch (error) {
    problem = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error)
  } finally {
    await client?.end().catch(() => {})
  }
  if (problem === null) return
  console.error(`Cannot bench on DATABASE_URL=${withoutPassword(url)}: ${problem}.\nFor example: ${POSTGRES_EXAMPLE}`)
  process.exit(1)
}

// Lighthouse runs on PGlite only.
const kinds: Kind[] = DATABASE ? [DATABASE] : DATABASE_URL && ONLY !== 'lighthouse' ? ['pglite', 'postgres'] : ['pglite']
if (DATABASE_URL !== null && kinds.includes('postgres')) await checkPostgres(DATABASE_URL)
const sections: string[] = []
for (const kind of kinds) sections.push(await benchDatabase(kind, kind === 'pglite' && !SKIP_LIGHTHOUSE))
if (ONLY !== 'lighthouse') console.log(`${JUDGEMENT.replaceAll('**', '')} See “How budgets are judged” in ${REPORT_PATH}.\n`)

if (PARTIAL) process.exit(0)
// The written analysis under the tables (its '## ' sections) is kept from the last run.
const previous = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : ''
const notes = previous.includes('\n## ') ? previous.slice(previous.indexOf('\n## ') + 1) : ''
const cpuList = cpus()
const machine = `${cpuList.length} × ${cpuList[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
const report = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine}.`,
  `Data: ${FACILITY_COUNT * ROOMS_PER_FACILITY} rooms in ${FACILITY_COUNT} facilities (${BOARD_ROOMS} on a lobby board), ${count(EVENT_COUNT)} events, and a timeline facility of ${TIMELINE_SPACES} spaces with ${count(TIMELINE_EVENTS)} events in one week; ${DURATION_SECONDS} s per scenario after ${WARM_UP_SECONDS} s of the same load unmeasured, 10 connections unless noted; the load generator runs on the same machine.`,
  'The ceiling is a bare JSON endpoint of the same server, measured in the same run; every row states its share of it.',
  'Database CPU is that of the PostgreSQL processes serving the bench’s own database; on PGlite it is inside the app’s CPU.',
  `${JUDGEMENT} See “How budgets are judged” below.`,
  '',
  ...sections.flatMap((section) => [section, '']),
  notes,
].join('\n')
// npm test checks the repository's formatting, this document included.
writeFileSync(REPORT_PATH, await prettier.format(report, { ...(await prettier.resolveConfig(REPORT_PATH)), filepath: REPORT_PATH }))
console.log('Wrote docs/benchmarks.md')
