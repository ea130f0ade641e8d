// npx tsx scripts/check-bundle-budgets.ts [WEB_ROOT] (npm test runs it on its one build, dist/web).
// Fails when a page ships more JavaScript than its budget (docs/benchmarks.md, ADR 0052).
//
// The five pages a visitor opens first (the landing page, /auth, the first page an approved
// operator lands on after sign-in, the renters' portal's first page, and a lobby board) are
// measured in Chromium: the real server serves the build, each page opens in a fresh browser
// context, and every script the browser requests until the network has been quiet for a while
// counts, at the size of the gzipped file the server sends (`.gz`, written by the build). That
// includes what a page imports lazily as it renders and what it prefetches once idle (the dialogs
// of lib/deferred.ts): all of it is downloaded on a visit. The lazy routes and the timeline are
// also judged from the build's manifest, by what each adds to the app's entry.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { clientFor, startAppProcess, type AppProcess } from '../src/server/test/app-process'

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

const KB = 1024
const BUDGETS = {
  landing: 120 * KB,
  // The sign-in form: the landing page's code plus the form's (react-hook-form, the shared zod
  // schemas that check it as the server does).
  auth: 175 * KB,
  signedInFirstPage: 200 * KB,
  // The renters' portal's first page, My Bookings (docs/product.md#renters): opened on a phone, so
  // held below the operators' first page, which carries the sidebar.
  portalFirstPage: 150 * KB,
  displayBoard: 90 * KB,
  lazyRoute: 100 * KB,
  // The venue timeline (docs/product.md#timeline): what it adds to the facility page it opens on.
  timeline: 60 * KB,
  // The Reports page (docs/product.md#reports) without its chart, and a client's printable
  // statement: tables and a period picker, held well below a lazy route's 100 KB.
  reportsPage: 70 * KB,
  statementPage: 65 * KB,
  // The Reports page's chart: recharts, 116 KB gzipped by itself (ADR 0069), loaded after the
  // page has painted; what it adds to the Reports page.
  reportsChart: 125 * KB,
}

const webRoot = process.argv[2] ?? 'dist/web'
if (!existsSync(join(webRoot, '.vite/manifest.json'))) {
  console.error(`No build in ${webRoot}: run vite build first (npm run test:budgets builds and checks).`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest

// What the server sends a browser that accepts gzip: the build's own .gz beside each asset.
const gzipSizes = new Map<string, number>()
const gzipSize = (file: string) => {
  if (!gzipSizes.has(file)) {
    const path = join(webRoot, file)
    gzipSizes.set(file, existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path), { level: 9 }).length)
  }
  return gzipSizes.get(file)!
}
const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSize(file), 0)

type Row = { name: string; bytes: number; budget: number; detail?: string }
const rows: Row[] = []

/* ---------- in Chromium ---------- */

const OPERATOR = { fullName: 'Budget Operator', email: 'operator@fieldhouse.test', password: 'budget-operator-password' }
const ADMIN = { fullName: 'Budget Admin', email: 'admin@fieldhouse.test', password: 'budget-admin-password' }
const RENTER = { fullName: 'Budget Renter', email: 'renter@fieldhouse.test', password: 'budget-renter-password' }
const QUIET_MS = 1_500

async function findChromium(): Promise<string | null> {
  const configured = process.env.CHROMIUM_PATH
  if (configured) return configured
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  const { chromium } = await import('playwright-core')
  const bundled = chromium.executablePath()
  return existsSync(bundled) ? bundled : null
}

async function post(app: AppProcess, path: string, body: unknown, cookie?: string) {
  const response = await clientFor(app.origin)(path, { method: 'POST', body, cookie })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response
}

async function signIn(app: AppProcess, account: { email: string; password: string }): Promise<string> {
  const response = await post(app, '/api/auth/sign-in/email', { email: account.email, password: account.password })
  return response.headers
    .getSetCookie()
    .find((value) => value.includes('session_token='))!
    .split(';')[0]!
}

// The first account is the admin (ADR 0004); the operator signs up, is approved, and sets up a
// facility with a space and a lobby board, so that after sign-in they land on their facilities
// rather than in the setup wizard. A client's contact, invited to the portal, signs up with the
// link as a renter.
async function seed(app: AppProcess): Promise<{ cookie: string; boardPath: string; renterCookie: string }> {
  await post(app, '/api/auth/sign-up/email', ADMIN)
  const signedUp = (await (await post(app, '/api/auth/sign-up/email', OPERATOR)).json()) as { user: { id: string } }
  await post(app, `/api/admin/users/${signedUp.user.id}/approve`, {}, await signIn(app, ADMIN))
  const cookie = await signIn(app, OPERATOR)
  const { facility } = (await (
    await post(app, '/api/facilities', { name: 'Maple Arena', timeZone: 'America/Toronto' }, cookie)
  ).json()) as {
    facility: { id: string }
  }
  const { room } = (await (await post(app, `/api/facilities/${facility.id}/rooms`, { name: 'Rink A', type: 'rink' }, cookie)).json()) as {
    room: { id: string }
  }
  const { screen } = (await (await post(app, '/api/screens', { name: 'Main Lobby', rooms: [{ roomId: room.id }] }, cookie)).json()) as {
    screen: { slug: string }
  }
  const { client } = (await (await post(app, '/api/clients', { name: 'Harbour Hawks' }, cookie)).json()) as { client: { id: string } }
  const { url } = (await (await post(app, `/api/clients/${client.id}/portal-invitations`, { email: RENTER.email }, cookie)).json()) as {
    url: string
  }
  await post(app, '/api/auth/sign-up/email', { ...RENTER, portalInvitation: new URL(url).searchParams.get('portalInvitation') })
  return { cookie, boardPath: `/display/${screen.slug}`, renterCookie: await signIn(app, RENTER) }
}

type Visit = { files: string[]; transferred: number; landedOn: string }

// Opens a page in a fresh context (an empty cache) and collects every script it requests until
// no new one has come for QUIET_MS after the network went idle.
async function visit(browser: Browser, app: AppProcess, path: string, cookie?: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string]
    await context.addCookies([{ name, value, url: app.origin }])
  }
  const page = await context.newPage()
  const requested = new Map<string, () => Promise<number>>()
  const foreign: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return
    const url = new URL(request.url())
    if (url.origin === app.origin) requested.set(url.pathname, async () => (await request.sizes()).responseBodySize)
    else foreign.push(request.url())
  })
  try {
    await page.goto(`${app.origin}${path}`, { waitUntil: 'networkidle' })
    for (let seen = -1; seen !== requested.size;) {
      seen = requested.size
      await page.waitForTimeout(QUIET_MS)
      await page.waitForLoadState('networkidle')
    }
    if (foreign.length > 0) throw new Error(`${path} requested scripts from elsewhere: ${foreign.join(', ')}`)
    const files = [...requested.keys()].map((pathname) => pathname.replace(/^\//, ''))
    for (const file of files) if (!existsSync(join(webRoot, file))) throw new Error(`${path} requested ${file}, which is not in ${webRoot}`)
    const transferred = (await Promise.all([...requested.values()].map((size) => size()))).reduce((sum, size) => sum + size, 0)
    return { files, transferred, landedOn: new URL(page.url()).pathname }
  } finally {
    await context.close()
  }
}

async function measureInChromium(executablePath: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-budgets-'))
  const app = await startAppProcess({ WEB_ROOT: webRoot, DATA_DIR: dataDir, SIGN_UPS_PER_ADDRESS_PER_HOUR: '100' })
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] })
  try {
    const { cookie, boardPath, renterCookie } = await seed(app)
    const pages: Array<{ name: string; path: string; cookie?: string; budget: number; expect: string }> = [
      { name: 'landing page (/)', path: '/', budget: BUDGETS.landing, expect: '/' },
      { name: '/auth', path: '/auth', budget: BUDGETS.auth, expect: '/auth' },
      { name: 'first signed-in page (/facilities)', path: '/facilities', cookie, budget: BUDGETS.signedInFirstPage, expect: '/facilities' },
      { name: "renters' portal (/portal)", path: '/portal', cookie: renterCookie, budget: BUDGETS.portalFirstPage, expect: '/portal' },
      { name: `display board (${boardPath})`, path: boardPath, budget: BUDGETS.displayBoard, expect: boardPath },
    ]
    for (const { name, path, cookie: pageCookie, budget, expect } of pages) {
      const { files, transferred, landedOn } = await visit(browser, app, path, pageCookie)
      if (landedOn !== expect) throw new Error(`${name}: the browser ended on ${landedOn}, not ${expect}`)
      rows.push({
        name: `${name}, in Chromium`,
        bytes: total(files),
        budget,
        detail: `${files.length} scripts, ${(transferred / KB).toFixed(1)} KB as sent (brotli)`,
      })
      if (process.env.BUDGETS_VERBOSE) {
        for (const file of files.toSorted((a, b) => gzipSize(b) - gzipSize(a))) {
          console.log(`        ${(gzipSize(file) / KB).toFixed(1).padStart(6)} KB  ${file}`)
        }
      }
    }
  } finally {
    await browser.close()
    await app.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/* ---------- from the manifest ---------- */

// Every file a chunk pulls in without a dynamic import.
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen)
  return seen
}
const jsFiles = (keys: Iterable<string>) => new Set([...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')))

function judgeManifest(): void {
  const appEntry = Object.keys(manifest).find((key) => key.endsWith('index.html'))!
  const appInitial = jsFiles(staticClosure(appEntry))
  const facilityPage = Object.keys(manifest).find((key) => key.includes('features/facilities/facility-page'))
  const facilityPageFiles = facilityPage ? jsFiles(staticClosure(facilityPage)) : new Set<string>()
  const reportsPage = Object.keys(manifest).find((key) => key.includes('features/reports/reports-page'))
  const reportsPageFiles = reportsPage ? jsFiles(staticClosure(reportsPage)) : new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue
    const closure = jsFiles(staticClosure(key))
    if (key.includes('features/timeline/')) {
      const added = [...closure].filter((file) => !appInitial.has(file) && !facilityPageFiles.has(file))
      rows.push({ name: `timeline view ${chunk.src ?? key}, over the facility page`, bytes: total(added), budget: BUDGETS.timeline })
      continue
    }
    if (key.includes('features/reports/components/space-utilisation-chart')) {
      const added = [...closure].filter((file) => !appInitial.has(file) && !reportsPageFiles.has(file))
      rows.push({ name: `reports chart ${chunk.src ?? key}, over the Reports page`, bytes: total(added), budget: BUDGETS.reportsChart })
      continue
    }
    const pageBudget = key.includes('features/reports/reports-page')
      ? BUDGETS.reportsPage
      : key.includes('features/reports/statement-page')
        ? BUDGETS.statementPage
        : null
    if (pageBudget !== null) {
      const added = [...closure].filter((file) => !appInitial.has(file))
      rows.push({ name: `route ${chunk.src ?? key}, over the app entry`, bytes: total(added), budget: pageBudget })
      continue
    }
    // What a lazy route or deferred dialog adds to what the app's entry already loaded.
    const added = [...closure].filter((file) => !appInitial.has(file))
    rows.push({ name: `lazy ${chunk.src ?? key}, over the app entry`, bytes: total(added), budget: BUDGETS.lazyRoute })
  }
}

/* ---------- verdict ---------- */

const chromiumPath = await findChromium()
if (chromiumPath) {
  await measureInChromium(chromiumPath)
} else {
  const message = 'No Chromium (CHROMIUM_PATH, /usr/bin/chromium or Playwright’s own): the pages’ JavaScript was NOT measured.'
  console.error(`\n!!! ${message}\n`)
  // CI installs Chromium (.ci/run): there a missing browser is a failure, never a pass.
  if (process.env.CI) process.exit(1)
}
judgeManifest()

let failed = false
for (const row of rows) {
  const isOver = row.bytes > row.budget
  failed ||= isOver
  const detail = row.detail ? `  (${row.detail})` : ''
  console.log(
    `${isOver ? 'OVER' : 'ok  '} ${(row.bytes / KB).toFixed(1).padStart(7)} KB / ${(row.budget / KB).toFixed(0)} KB  ${row.name}${detail}`,
  )
}
if (failed) {
  console.error('\nA JavaScript budget is exceeded (gzipped). Split the code or trim dependencies.')
  process.exit(1)
}
