import { AxeBuilder } from '@axe-core/playwright'
import type { Page, Route } from '@playwright/test'
import { ADMIN, expect, postJson, signInWithApi, test } from './fixtures'

// A page that loads shows its outline (docs/product.md#across-the-app) (skeletons), with a status text a screen reader
// hears; where the spec shows 'Loading...' (the landing page, the setup wizard) it is on screen.

const WIDTHS = [1280, 390] as const
// Every API request but the session's, so the shell paints and the page waits for its data.
const PAGE_DATA = /\/api\/(?!me(\?|$)|auth\/)/
const SESSION = /\/api\/me(\?|$)/

/** Opens the path with the matching requests held, runs the checks, then lets them through. */
async function whileWaiting(page: Page, held: RegExp, path: string, check: () => Promise<void>) {
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const hold = async (route: Route) => {
    await gate
    await route.continue().catch(() => undefined)
  }
  await page.route(held, hold)
  try {
    await page.goto(path)
    await check()
  } finally {
    release()
    await page.unroute(held, hold)
  }
}

// checkA11y waits for the network to go quiet, which a held request never does: axe runs at once here.
async function checkA11yNow(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    .analyze()
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }))
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** The outline at both widths: skeletons, the status text, a screenshot and axe. */
async function expectOutline(page: Page, held: RegExp, path: string, name: string, status: string | RegExp = /^Loading/) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await whileWaiting(page, held, path, async () => {
      // The page's own outline, inside the shell, rather than the outline shown while its code loads.
      if (held !== SESSION) await expect(page.locator('main#main')).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: status }).first()).toBeAttached()
      await expect(page.locator('[data-slot="skeleton"]:visible').first()).toBeVisible()
      await expect(page.locator('[data-slot="skeleton"][aria-hidden="true"]')).not.toHaveCount(0)
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
      await checkA11yNow(page)
    })
  }
}

test('the landing page shows its outline and the spec’s Loading... while the session resolves', async ({ page }) => {
  await expectOutline(page, SESSION, '/', 'landing', 'Loading...')
  await whileWaiting(page, SESSION, '/', async () => {
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
  })
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible()
})

type Venue = { facilityId: string; roomId: string; clientId: string }

async function seedVenue(page: Page): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Harbour Arena',
    timeZone: 'America/Toronto',
  })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, { name: 'Rink A', type: 'rink' })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Skating Club' })
  return { facilityId: facility.id, roomId: room.id, clientId: client.id }
}

// One test a page: each checks two widths with axe and a screenshot, which together outlast one
// test's time on a loaded machine.
const SIGNED_IN_PAGES: Array<[string, (venue: Venue) => string]> = [
  ['facilities', () => '/facilities'],
  ['facility', ({ facilityId }) => `/facility/${facilityId}`],
  ['room', ({ facilityId, roomId }) => `/facility/${facilityId}/room/${roomId}`],
  ['clients', () => '/clients'],
  ['client', ({ clientId }) => `/clients/${clientId}`],
  ['contracts', () => '/contracts'],
  ['events', () => '/events'],
  ['displays', () => '/displays'],
  ['team', () => '/team'],
  ['activity', () => '/activity'],
]

test.describe('signed-in pages show the shell and their outline until their data arrives', () => {
  test('the shell stands in its own outline until the session is known, and is gone once the page has loaded', async ({
    page,
    operator,
  }) => {
    void operator
    // With a facility of its own the account is past the setup wizard.
    await seedVenue(page)
    await expectOutline(page, SESSION, '/facilities', 'shell')
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/facilities')
    await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible()
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0)
  })

  for (const [name, pathOf] of SIGNED_IN_PAGES) {
    test(`the ${name} page shows its outline inside the shell`, async ({ page, operator }) => {
      void operator
      const path = pathOf(await seedVenue(page))
      await expectOutline(page, PAGE_DATA, path, name)
      // The sidebar is there while the page loads: the shell does not wait for the page's data.
      await page.setViewportSize({ width: 1280, height: 900 })
      await whileWaiting(page, PAGE_DATA, path, async () => {
        await expect(page.getByRole('link', { name: 'Clients' })).toBeVisible()
      })
    })
  }
})

test('the admin page and the setup wizard show their outline; the wizard says Loading... as the spec does', async ({ page }) => {
  await signInWithApi(page, ADMIN)
  await expectOutline(page, PAGE_DATA, '/admin', 'admin')

  await expectOutline(page, /\/api\/setup\/progress/, '/setup', 'setup', 'Loading...')
  await whileWaiting(page, /\/api\/setup\/progress/, '/setup', async () => {
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
  })
})

test('a skeleton stands still for someone who asked for reduced motion', async ({ page }) => {
  await whileWaiting(page, SESSION, '/', async () => {
    const skeleton = page.locator('[data-slot="skeleton"]').first()
    await expect(skeleton).toBeVisible()
    // Every test runs with reduced motion (playwright.config.ts); this one starts without it.
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    expect(await skeleton.evaluate((element) => getComputedStyle(element).animationName)).not.toBe('none')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await skeleton.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
  })
})
