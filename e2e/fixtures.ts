import { fileURLToPath } from 'node:url'
import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test'

export const ADMIN = { fullName: 'Erin Admin', email: 'admin@fieldhouse.test', password: 'admin-password-1' }

export type Account = { id: string; fullName: string; email: string; password: string }

let accountCounter = 0

export function uniqueEmail(prefix = 'operator'): string {
  accountCounter += 1
  return `${prefix}-${Date.now()}-${accountCounter}@fieldhouse.test`
}

async function signedInAdminRequest(baseURL: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const response = await context.post('/api/auth/sign-in/email', { data: { email: ADMIN.email, password: ADMIN.password } })
  expect(response.status(), 'the e2e admin signs in').toBe(200)
  return context
}

// A new account through the API, approved by the admin unless asked otherwise.
export async function createAccount(baseURL: string, { approved = true, fullName = 'Olivia Operator' } = {}): Promise<Account> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const email = uniqueEmail()
  const password = 'operator-password-1'
  const response = await context.post('/api/auth/sign-up/email', { data: { fullName, email, password } })
  expect(response.status(), 'sign-up through the API').toBe(201)
  const { user } = (await response.json()) as { user: { id: string } }
  await context.dispose()
  if (approved) {
    const admin = await signedInAdminRequest(baseURL)
    expect((await admin.post(`/api/admin/users/${user.id}/approve`)).status()).toBe(200)
    await admin.dispose()
  }
  return { id: user.id, fullName, email, password }
}

// Signs the page's browser context in through the API: the session cookie lands in the context.
export async function signInWithApi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } })
  expect(response.status(), 'sign-in through the API').toBe(200)
}

// Seeds through the API, as the signed-in page: what a test sets up but does not test.
export async function postJson<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data })
  expect(response.status(), `${path} through the API`).toBe(201)
  return (await response.json()) as T
}

// The server sends /auth already rendered but inert until the app takes over (web-assets.ts);
// Playwright would type into the inert copy without error, and the typing would be lost.
export async function gotoAuth(page: Page): Promise<void> {
  await page.goto('/auth')
  await expect(page.locator('#root [inert]')).toHaveCount(0)
}

export async function signInWithUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await gotoAuth(page)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

// Runs axe on the page as it is now; every page a test visits must pass. Toasts are left out:
// a toast caught mid-fade has half its opacity and so fails contrast by accident. Their settled
// colours are checked by ui/sonner.tsx's palette (AA) instead.
export async function checkA11y(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    // Only the violations are read: axe then keeps one node of each passing rule instead of all.
    .options({ resultTypes: ['violations'] })
    .analyze()
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }))
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

// A toast on screen leaves every button of the top bar and of the page's header free to press.
export async function expectToastsClearOfHeaderButtons(page: Page): Promise<void> {
  const toasts = await page
    .locator('[data-sonner-toast]')
    .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as Box))
  expect(toasts.length, 'a toast is on screen').toBeGreaterThan(0)
  const buttons = await page
    .locator('header button, header a, [data-slot="page-actions"] button, [data-slot="page-actions"] a')
    .evaluateAll((nodes) => nodes.map((node) => ({ name: node.textContent ?? '', box: node.getBoundingClientRect().toJSON() as Box })))
  for (const toast of toasts)
    for (const button of buttons) expect(overlaps(toast, button.box), `a toast covers '${button.name}'`).toBe(false)
}

// With the page scrolled, nothing drawn by the page shows above the top bar: every point along
// the bar belongs to the bar itself.
export async function expectTopBarOnTop(page: Page): Promise<void> {
  const covered = await page.evaluate(() => {
    const bar = document.querySelector('header')!
    const { left, right, top, bottom } = bar.getBoundingClientRect()
    const misses: string[] = []
    for (let x = left + 2; x < right; x += 16) {
      const hit = document.elementFromPoint(x, (top + bottom) / 2)
      if (hit && !bar.contains(hit)) misses.push(`${Math.round(x)}: ${hit.tagName}.${hit.className}`)
    }
    return misses
  })
  expect(covered, 'page content drawn over the top bar').toEqual([])
}

// The README's pictures (docs/images), written from seeded data by the tests that show those
// screens, so they show the product as it is.
export async function readmeScreenshot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({
    path: fileURLToPath(new URL(`../docs/images/${name}.png`, import.meta.url)),
    animations: 'disabled',
    caret: 'hide',
  })
}

type Fixtures = {
  // A fresh approved operator, already signed in in this test's browser context.
  operator: Account
}

export const test = base.extend<Fixtures>({
  operator: async ({ page, baseURL }, use) => {
    const account = await createAccount(baseURL!)
    await signInWithApi(page, account)
    await use(account)
  },
})

export { expect }
