import type { Page, TestInfo } from '@playwright/test'
import { ADMIN, checkA11y, createAccount, expect, gotoAuth, signInWithApi, test, uniqueEmail } from './fixtures'

// Onboarding and admin (docs/product.md#accounts): the landing page opens /auth on the form it promises, a new
// account is told what happens next, "Forgot password?" reaches the admin, and /admin puts
// those waiting first, on a phone as well as on a desk.

const RESET_ANSWER = "If an account exists for that email, we've sent a link to reset the password."
const PHONE = { width: 390, height: 844 }
const DESK = { width: 1280, height: 900 }

// The app replaces the inert copy of /auth the server sent (fixtures.ts: gotoAuth).
const appHasTakenOver = (page: Page) => expect(page.locator('#root [inert]')).toHaveCount(0)

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true })
}

test.describe('onboarding', () => {
  test('the landing page opens /auth in sign-up or sign-in mode, also on a first load', async ({ page }, testInfo) => {
    for (const viewport of [DESK, PHONE]) {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await checkA11y(page)
      await screenshot(page, testInfo, 'landing')

      await page.getByRole('link', { name: 'Get Started Free' }).click()
      await expect(page).toHaveURL(/\/auth\?mode=sign-up$/)
      await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
      await expect(page.getByLabel('Full Name')).toBeVisible()

      await page.goto('/')
      await page.getByRole('link', { name: 'Create Your Free Account' }).click()
      await expect(page).toHaveURL(/\/auth\?mode=sign-up$/)
      await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()

      await page.goto('/')
      await page.getByRole('link', { name: 'Sign In' }).first().click()
      await expect(page).toHaveURL(/\/auth\?mode=sign-in$/)
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    }

    // Loaded straight from the address: the server sends the sign-in page it prerendered, and
    // the app, once it takes over, shows the mode the address asks for.
    await page.goto('/auth?mode=sign-up')
    await appHasTakenOver(page)
    await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
    await checkA11y(page)
    await screenshot(page, testInfo, 'auth-sign-up')
    await page.goto('/auth')
    await appHasTakenOver(page)
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })

  test('after signing up, the card says the account waits for an administrator', async ({ page }, testInfo) => {
    for (const viewport of [DESK, PHONE]) {
      await page.setViewportSize(viewport)
      await page.goto('/auth?mode=sign-up')
      await appHasTakenOver(page)
      await page.getByLabel('Full Name').fill('Nora Newcomer')
      await page.getByLabel('Email').fill(uniqueEmail('newcomer'))
      await page.getByLabel('Password').fill('newcomer-password')
      await page.getByRole('button', { name: 'Sign Up' }).click()

      await expect(page.getByText('Account created! Pending admin approval.')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
      const notice = page.getByRole('status').filter({ hasText: 'Your account is pending approval' })
      await expect(notice).toBeVisible()
      await expect(notice).toContainText('An administrator reviews every new account.')
      await expect(notice).toContainText('Once yours is approved, you can sign in here')
      await checkA11y(page)
      await screenshot(page, testInfo, 'auth-after-sign-up')
    }
  })

  test('"Forgot password?" answers alike for any email, and the admin sees and answers the request', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const account = await createAccount(baseURL!, { fullName: 'Fiona Forgetful' })
    const answers: string[] = []
    for (const [viewport, email] of [
      [DESK, account.email],
      [PHONE, uniqueEmail('nobody')],
    ] as const) {
      await page.setViewportSize(viewport)
      await gotoAuth(page)
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await expect(page).toHaveURL(/\/auth\?mode=forgot-password$/)
      await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible()
      await checkA11y(page)
      await screenshot(page, testInfo, 'auth-forgot-password')
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Request reset link' }).click()
      const answer = page.getByRole('status').filter({ hasText: RESET_ANSWER })
      await expect(answer).toBeVisible()
      answers.push((await answer.textContent()) ?? '')
      await checkA11y(page)
      await screenshot(page, testInfo, 'auth-forgot-password-answered')
      await page.getByRole('button', { name: 'Back to sign in' }).click()
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    }
    expect(answers[0]).toBe(answers[1])

    const adminContext = await browser.newContext({ viewport: DESK })
    const adminPage = await adminContext.newPage()
    await signInWithApi(adminPage, ADMIN)
    await adminPage.goto('/admin')
    const row = adminPage.getByRole('row').filter({ hasText: account.email })
    await expect(row.getByText('Reset requested')).toBeVisible()
    await row.getByRole('button', { name: `Reset password for ${account.email}` }).click()
    await expect(adminPage.getByText('Password reset link generated')).toBeVisible()
    await expect(adminPage.getByRole('textbox', { name: 'Reset link' })).toHaveValue(/\/reset-password\//)
    await adminPage.keyboard.press('Escape')
    // The link answers the request: it no longer waits.
    await expect(row.getByText('Reset requested')).toHaveCount(0)
    await adminContext.close()
  })
})

test.describe('admin', () => {
  test('pending accounts come first with a badge and a count in the sidebar, on a desk and on a phone', async ({
    page,
    baseURL,
  }, testInfo) => {
    const waiting = await createAccount(baseURL!, { approved: false, fullName: 'Pat Pending' })
    // Approved after the pending one signed up: newest first alone would list it above.
    const approved = await createAccount(baseURL!, { fullName: 'Alex Approved' })
    await signInWithApi(page, ADMIN)

    await page.setViewportSize(DESK)
    await page.goto('/admin')
    await expect(page.getByRole('columnheader', { name: 'Full Name' })).toBeVisible()
    const rows = page.getByRole('row')
    const pendingRow = rows.filter({ hasText: waiting.email })
    await expect(pendingRow.getByText('Pending', { exact: true })).toBeVisible()
    // Every pending account is listed above every approved one.
    const statuses = await page
      .locator('tbody tr td:nth-child(3)')
      .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').includes('Approved')))
    expect(statuses.indexOf(true)).toBeGreaterThan(0)
    expect(statuses.slice(statuses.indexOf(true))).not.toContain(false)
    const order = await page.locator('tbody tr td:first-child').allTextContents()
    expect(order.indexOf(waiting.email)).toBeLessThan(order.indexOf(approved.email))

    const adminLink = page.getByRole('link', { name: /^Admin ?, \d+ waiting$/ })
    await expect(adminLink).toBeVisible()
    const countBefore = Number(/\d+/.exec((await adminLink.textContent()) ?? '')![0])
    expect(countBefore).toBeGreaterThan(0)
    // Still on the page, out of the way below the accounts.
    await expect(page.getByRole('link', { name: 'Test Setup Wizard' })).toBeVisible()
    await checkA11y(page)
    await screenshot(page, testInfo, 'admin')

    await page.setViewportSize(PHONE)
    await expect(page.getByRole('table')).toBeHidden()
    const card = page.getByRole('article', { name: waiting.email })
    await expect(card.getByText('Pending', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Test Setup Wizard' })).toBeAttached()
    await checkA11y(page)
    await screenshot(page, testInfo, 'admin')
    // The card's actions are in reach: wide enough to tap, and no sideways scrolling.
    const approve = card.getByRole('button', { name: `Approve ${waiting.email}` })
    const box = (await approve.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(36)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await approve.click()
    await expect(page.getByText('User approved')).toBeVisible()
    await expect(card.getByText('Approved', { exact: true })).toBeVisible()

    // One fewer waits: the sidebar's count follows.
    await page.setViewportSize(DESK)
    if (countBefore > 1) await expect(page.getByRole('link', { name: new RegExp(`^Admin ?, ${countBefore - 1} waiting$`) })).toBeVisible()
    else await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()
  })
})
