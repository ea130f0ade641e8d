// npx tsx scripts/bench-timeline-draw.ts [--web-root=DIR] [--runs=N] [--cpu-prof=DIR]
// The timeline's drawing as a scale ratio (docs/benchmarks.md, "The timeline's drawing at scale"):
// the week of a venue of 200 spaces and 10,000 events against the week of 40 spaces and 2,000, both
// drawn in Chromium in one run, on one server. Budget: the larger within 1.5 × the smaller.
// Prints each drawing, the medians and the ratio, and a last line of JSON. scripts/bench.ts can
// import measureTimelineDraw() and judge the ratio itself.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { localDayRange, todayInZone } from '../src/shared/scheduling/local-day'
import { createAuth } from '../src/server/auth/auth'
import { openDatabase } from '../src/server/db/client'
import { clients, facilities, memberships, organisations, rooms, schedules, users } from '../src/server/db/schema'
import { readEnv } from '../src/server/env'
import { clientFor, startAppProcess } from '../src/server/test/app-process'

/** The budget: the larger venue's week drawn within this many times the smaller's. */
export const TIMELINE_SCALE_BUDGET = 1.5

// The two venues: each space holds 50 events in the coming week, 7 or 8 a day (as in scripts/bench.ts).
const VENUES = [
  { name: 'small', spaces: 40, events: 2_000 },
  { name: 'large', spaces: 200, events: 10_000 },
] as const
const EVENTS_PER_SPACE = 50
const OWNER = { fullName: 'Draw Bench Owner', email: 'draw-bench@fieldhouse.test', password: 'draw-bench-password' }
const SECRET = 'draw-bench-secret-draw-bench-secret!!'
const VIEWPORT = { width: 1440, height: 900 }

export type TimelineDraw = {
  /** Each drawing's milliseconds from the week's events parsed in the app to the frame painted, in run order. */
  small: number[]
  large: number[]
  smallMedianMs: number
  largeMedianMs: number
  /** The larger venue's median over the smaller's: the number judged against TIMELINE_SCALE_BUDGET. */
  ratio: number
  /** The same from the answer's end: reading and parsing it too, which grow with the data. Printed, not judged. */
  smallFromResponseMs: number
  largeFromResponseMs: number
  /** Event bars in the page once each week was drawn (all the rows in view and a screen around). */
  smallBars: number
  largeBars: number
}

/** One drawing: from the week's events parsed in the app, and from its answer's end, to its paint. */
type Drawing = { ms: number; fromResponseMs: number; bars: number }

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function seed(dataDir: string): Promise<Record<(typeof VENUES)[number]['name'], string>> {
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const { db } = database
    const env = readEnv({ NODE_ENV: 'production', AUTH_SECRET: SECRET, LOG_REQUESTS: 'false' })
    // The first account of an empty database is an approved admin: the bench's operator.
    const { user } = await createAuth({ db, env }).api.signUpEmail({
      body: { name: OWNER.fullName, email: OWNER.email, password: OWNER.password },
    })
    const [organisation] = await db
      .insert(organisations)
      .values({ name: `${OWNER.fullName}'s organisation` })
      .returning({ id: organisations.id })
    const organisationId = organisation!.id
    await db.insert(memberships).values({ organisationId, userId: user.id, role: 'owner' })
    await db.update(users).set({ activeOrganisationId: organisationId }).where(eq(users.id, user.id))
    const [client] = await db.insert(clients).values({ organisationId, name: 'Draw Bench Club' }).returning({ id: clients.id })
    // From Toronto's midnight, the facilities' own: a UTC day starts tomorrow there in its evening.
    const from = localDayRange(todayInZone('America/Toronto', new Date()), 'America/Toronto').start
    const ids = {} as Record<(typeof VENUES)[number]['name'], string>
    for (const venue of VENUES) {
      const [facility] = await db
        .insert(facilities)
        .values({ organisationId, name: `Timeline ${venue.spaces}`, timeZone: 'America/Toronto' })
        .returning({ id: facilities.id })
      const spaces = await db
        .insert(rooms)
        .values(
          Array.from({ length: venue.spaces }, (_, index) => ({
            organisationId,
            facilityId: facility!.id,
            name: `Space ${index + 1}`,
            type: 'rink',
            operatingStartTime: '00:00',
            operatingEndTime: '23:30',
            bookingInterval: 30,
          })),
        )
        .returning({ id: rooms.id })
      const events = spaces.flatMap((space, spaceIndex) =>
        Array.from({ length: EVENTS_PER_SPACE }, (_, index) => {
          const start = new Date(from.getTime() + Math.floor(index / 7) * 86_400_000 + (6 + (index % 7) * 2) * 3_600_000)
          return {
            organisationId,
            roomId: space.id,
            clientId: client!.id,
            title: `Practice ${spaceIndex}-${index}`,
            startTime: start,
            endTime: new Date(start.getTime() + 90 * 60_000),
          }
        }),
      )
      for (let offset = 0; offset < events.length; offset += 1000) await db.insert(schedules).values(events.slice(offset, offset + 1000))
      ids[venue.name] = facility!.id
    }
    return ids
  } finally {
    await database.close()
  }
}

// One drawing of a venue's week, on a page opened afresh on its Day: from the week's data
// arriving (its response's end) to the frame after the week is on screen with that data.
async function drawWeek(page: Page, origin: string, facilityId: string, profileTo: string | null): Promise<Drawing> {
  await page.goto(`${origin}/facility/${facilityId}?view=timeline&span=day`)
  await page.locator('[data-testid="timeline-scroller"][aria-busy="false"] [data-event-id]').first().waitFor()
  // Profiled when asked, from the click to the drawing, for a look at where the time goes.
  const profiler = profileTo ? await page.context().newCDPSession(page) : null
  await profiler?.send('Profiler.enable')
  await profiler?.send('Profiler.start')
  await page.evaluate('performance.clearResourceTimings(); window.clickedAt = performance.now()')
  await page.getByRole('group', { name: 'Timeline range' }).getByRole('button', { name: 'Week' }).click()
  // Scripts as text: tsx's helpers do not exist in the page.
  const drawn = (await page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now()
    const check = () => {
      const scroller = document.querySelector('[data-testid="timeline-scroller"]')
      const week = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/events?'))
      const bars = document.querySelectorAll('[data-week-cell] [data-event-id]').length
      if (week && scroller && scroller.getAttribute('aria-busy') === 'false' && bars > 0) {
        // The week is in the page; the frame after this one has painted it.
        const arrived = Math.max(window.clickedAt, week.responseEnd)
        const parsed = Math.max(window.clickedAt, window.eventsParsedAt ?? arrived)
        return requestAnimationFrame(() =>
          setTimeout(() => resolve({ ms: performance.now() - parsed, fromResponseMs: performance.now() - arrived, bars })),
        )
      }
      if (performance.now() - started > 60000) return reject(new Error('the week did not draw'))
      requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })`)) as Drawing
  if (profiler) writeFileSync(profileTo!, JSON.stringify((await profiler.send('Profiler.stop')).profile))
  return drawn
}

/**
 * Seeds both venues in a PGlite database of its own, serves `webRoot` (a `vite build`) from a
 * server of its own, and draws each week `runs` times in turn in Chromium.
 */
export async function measureTimelineDraw({
  webRoot = 'dist/web',
  runs = 5,
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  cpuProfileDir,
}: { webRoot?: string; runs?: number; executablePath?: string; cpuProfileDir?: string } = {}): Promise<TimelineDraw> {
  if (!existsSync(join(webRoot, 'index.html'))) throw new Error(`no build in ${webRoot}: run vite build first (or pass --web-root)`)
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-timeline-draw-'))
  const venues = await seed(dataDir)
  const app = await startAppProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', AUTH_SECRET: SECRET, WEB_ROOT: webRoot })
  let browser: Browser | null = null
  try {
    const signIn = await clientFor(app.origin)('/api/auth/sign-in/email', { method: 'POST', body: OWNER })
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`)
    const [name, value] = signIn.headers
      .getSetCookie()
      .find((cookie) => cookie.includes('session_token='))!
      .split(';')[0]!
      .split('=') as [string, string]
    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
    const context = await browser.newContext({ viewport: VIEWPORT, timezoneId: 'America/Toronto' })
    // When the week's events are in the app, parsed: the drawing is timed from there. Reading and
    // parsing the answer grow with the data whatever is drawn, and are printed apart.
    await context.addInitScript(`{
      const json = Response.prototype.json
      Response.prototype.json = function () {
        const url = this.url
        return json.call(this).then((value) => {
          if (url.includes('/api/events?')) window.eventsParsedAt = performance.now()
          return value
        })
      }
    }`)
    await context.addCookies([{ name, value, url: app.origin }])
    const drawn = { small: [] as Drawing[], large: [] as Drawing[] }
    // One unmeasured drawing of each first: the server's and the browser's first pages are slower.
    for (let run = 0; run <= runs; run += 1)
      for (const venue of VENUES) {
        const page = await context.newPage()
        // The last drawing of each venue is profiled when asked.
        const profileTo = cpuProfileDir && run === runs ? join(cpuProfileDir, `timeline-${venue.name}.cpuprofile`) : null
        const result = await drawWeek(page, app.origin, venues[venue.name], profileTo)
        await page.close()
        if (run > 0) drawn[venue.name].push(result)
      }
    const small = drawn.small.map((run) => Math.round(run.ms))
    const large = drawn.large.map((run) => Math.round(run.ms))
    return {
      small,
      large,
      smallMedianMs: median(small),
      largeMedianMs: median(large),
      ratio: Math.round((median(large) / median(small)) * 100) / 100,
      smallFromResponseMs: Math.round(median(drawn.small.map((run) => run.fromResponseMs))),
      largeFromResponseMs: Math.round(median(drawn.large.map((run) => run.fromResponseMs))),
      smallBars: median(drawn.small.map((run) => run.bars)),
      largeBars: median(drawn.large.map((run) => run.bars)),
    }
  } finally {
    await browser?.close()
    await app.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The result as a line of docs/benchmarks.md. */
export function describeTimelineDraw(draw: TimelineDraw): string {
  const verdict = draw.ratio <= TIMELINE_SCALE_BUDGET ? 'met' : 'not met'
  return `Timeline drawing at scale (Chromium, ${VIEWPORT.width} × ${VIEWPORT.height}): the week of 200 spaces and 10,000 events drawn in ${draw.largeMedianMs} ms (median of ${draw.large.join(', ')}; ${draw.largeBars} bars in the page), that of 40 spaces and 2,000 events in ${draw.smallMedianMs} ms (median of ${draw.small.join(', ')}; ${draw.smallBars} bars): ratio ${draw.ratio.toFixed(2)} (budget ≤ ${TIMELINE_SCALE_BUDGET}: ${verdict}). Each from its events parsed in the page to the frame painted; from the answer's end, parsing included: ${draw.largeFromResponseMs} and ${draw.smallFromResponseMs} ms.`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
  const draw = await measureTimelineDraw({
    webRoot: flag('web-root'),
    runs: flag('runs') ? Number(flag('runs')) : undefined,
    cpuProfileDir: flag('cpu-prof'),
  })
  console.log(describeTimelineDraw(draw))
  console.log(JSON.stringify(draw))
  process.exitCode = draw.ratio <= TIMELINE_SCALE_BUDGET ? 0 : 1
}
