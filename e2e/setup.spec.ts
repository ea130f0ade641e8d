import type { Page } from '@playwright/test'
import { checkA11y as checkA11yNow, createAccount, expect, signInWithUi, test } from './fixtures'

// The browser's zone is the new facility's default zone.
test.use({ timezoneId: 'America/Toronto' })

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1) // a pointer resting on a toast pauses its timer
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

async function expectStep(page: Page, step: number, title: string) {
  await expect(page.getByText(`Step ${step} of 6`, { exact: true })).toBeVisible()
  await expect(page.getByText(`${Math.round((step / 6) * 100)}%`, { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible()
}

/** A new approved account, signed in through the form, which the empty facilities list sends to /setup. */
async function signInNewOperator(page: Page, baseURL: string) {
  const account = await createAccount(baseURL)
  await signInWithUi(page, account)
  await expect(page).toHaveURL(/\/setup$/)
  return account
}

async function createFacility(page: Page, name: string) {
  await page.getByLabel('Facility Name').fill(name)
  await button(page, 'Create Facility').click()
  await expect(page.getByText('Facility created successfully!')).toBeVisible()
  await button(page, 'Next').click()
}

async function createSpaces(page: Page, spaces: { name: string; type: string }[]) {
  for (const [index, space] of spaces.entries()) {
    if (index > 0) await button(page, 'Add Another Space').click()
    const row = page.getByRole('group', { name: `Space ${index + 1}` })
    await row.getByLabel('Name').fill(space.name)
    await row.getByLabel('Type').selectOption({ label: space.type })
  }
  await button(page, 'Create Spaces').click()
  await expect(page.getByText(`${spaces.length} space(s) created successfully!`, { exact: true })).toBeVisible()
  await button(page, 'Next').click()
}

test.describe('the setup wizard', () => {
  test('a new operator is sent to the wizard, sets up everything and sees the rooms on the board', async ({ page, baseURL }) => {
    await signInNewOperator(page, baseURL!)

    await expectStep(page, 1, 'Create Facility')
    await expect(button(page, 'Back')).toBeDisabled()
    await expect(button(page, 'Next')).toBeDisabled()
    await expect(button(page, 'Skip This Step')).toHaveCount(0)
    await expect(page.getByLabel('Time Zone')).toHaveValue('America/Toronto')
    await checkA11y(page)
    await button(page, 'Create Facility').click()
    await expect(page.getByText('Please enter a facility name')).toBeVisible()
    await page.getByLabel('Address (optional)').fill('12 Rink Road')
    await createFacility(page, 'Maple Arena')

    await expectStep(page, 2, 'Add Spaces')
    await expect(page.getByRole('heading', { name: 'Add Spaces', level: 2 })).toBeFocused()
    await expect(button(page, 'Next')).toBeDisabled()
    await expect(button(page, 'Skip This Step')).toHaveCount(0)
    const typeOptions = page.getByRole('group', { name: 'Space 1' }).getByLabel('Type').getByRole('option')
    await expect(typeOptions).toHaveText(['Room', 'Rink', 'Court', 'Field', 'Change Room'])
    await button(page, 'Remove Space 1').click()
    await button(page, 'Create Spaces').click()
    await expect(page.getByText('Please add at least one space')).toBeVisible()
    await button(page, 'Add Another Space').click()
    await checkA11y(page)
    await createSpaces(page, [
      { name: 'Rink A', type: 'Rink' },
      { name: 'Court 1', type: 'Court' },
    ])

    await expectStep(page, 3, 'Add Changerooms')
    await expect(button(page, 'Skip This Step')).toBeVisible()
    await page.getByLabel('Change Room 1', { exact: true }).fill('Home Room')
    await button(page, 'Create Change Rooms').click()
    await expect(page.getByText('1 changeroom(s) created successfully!', { exact: true })).toBeVisible()
    await expect(button(page, 'Next')).toBeFocused()
    await button(page, 'Next').click()

    await expectStep(page, 4, 'Add Displays')
    await expect(button(page, 'Skip This Step')).toBeVisible()
    const display = page.getByRole('group', { name: 'Screen 1' })
    await display.getByLabel('Name').fill('Main Lobby')
    await display.getByLabel('Location (optional)').fill('Front entrance')
    await button(page, 'Create Screens').click()
    await expect(page.getByText('1 display(s) created successfully!', { exact: true })).toBeVisible()
    const boardAddress = await page.getByRole('link', { name: /^\/display\/main-lobby-\d+/ }).getAttribute('href')
    expect(boardAddress).toMatch(/^\/display\/main-lobby-\d{13}$/)
    await button(page, 'Next').click()

    await expectStep(page, 5, 'Configure Displays')
    await expect(button(page, 'Skip This Step')).toBeVisible()
    // Change rooms are named beside events, never shown as a block of their own.
    await expect(page.getByRole('checkbox', { name: 'Home Room - Maple Arena' })).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: 'Rink A - Maple Arena' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Court 1 - Maple Arena' })).toBeChecked()
    await checkA11y(page)
    await button(page, 'Save Screen Spaces').click()
    await expect(page.getByText('Displays configured successfully!', { exact: true })).toBeVisible()
    await button(page, 'Next').click()

    await expectStep(page, 6, 'Add Client')
    await expect(button(page, 'Skip This Step')).toBeVisible()
    await expect(button(page, 'Complete Setup')).toBeDisabled()
    await button(page, 'Create Client').click()
    await expect(page.getByText('Please enter a client name')).toBeVisible()
    await page.getByLabel('Client Name').fill('Hawks Hockey')
    await button(page, 'Create Client').click()
    await expect(page.getByText('Client created successfully!', { exact: true })).toBeVisible()
    await button(page, 'Complete Setup').click()

    // Finishing says so and goes to /facilities, where the finished run links to its board.
    await expect(page).toHaveURL(/\/facilities$/)
    await expect(page.getByText('Setup complete! Welcome to Fieldhouse', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Setup complete! Welcome to Fieldhouse' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Facilities' })).toContainText('Maple Arena')
    await checkA11y(page)
    const [board] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: boardAddress! }).click()])
    await expect(board).toHaveURL(new RegExp(`${boardAddress}$`))
    await expect(board.getByRole('heading', { name: 'Rink A' })).toBeVisible()
    await expect(board.getByRole('heading', { name: 'Court 1' })).toBeVisible()
    await expect(board.getByText('Welcome to Maple Arena')).toBeVisible()
    await checkA11yNow(board)
    await board.close()

    await button(page, 'Dismiss').click()
    await expect(page.getByRole('heading', { name: 'Setup complete! Welcome to Fieldhouse' })).toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Facilities' })).toContainText('Maple Arena')
  })

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('an operator skips steps 3 to 6 and finishes with a facility and its spaces', async ({ page, baseURL }) => {
      await signInNewOperator(page, baseURL!)
      await createFacility(page, 'Lakeside Courts')
      await createSpaces(page, [{ name: 'Court 1', type: 'Court' }])

      await expectStep(page, 3, 'Add Changerooms')
      await button(page, 'Skip This Step').click()
      await expectStep(page, 4, 'Add Displays')
      await checkA11y(page)
      await button(page, 'Skip This Step').click()
      // With no display there is nothing to configure: step 5 passes by itself.
      await expectStep(page, 6, 'Add Client')
      await button(page, 'Back').click()
      await expectStep(page, 4, 'Add Displays')
      await expect(page.getByText('You skipped this step; you can still fill it in now.')).toBeVisible()
      await button(page, 'Next').click()
      await expectStep(page, 6, 'Add Client')
      await button(page, 'Skip This Step').click()

      await expect(page).toHaveURL(/\/facilities$/)
      await expect(page.getByRole('heading', { name: 'Setup complete! Welcome to Fieldhouse' })).toBeVisible()
      await expect(page.getByText('Your lobby boards')).toHaveCount(0)
      await expect(page.getByRole('list', { name: 'Facilities' })).toContainText('Lakeside Courts')
      await checkA11y(page)
    })
  })

  test('reloading in the middle of step 4 resumes there, and nothing is created twice', async ({ page, baseURL }) => {
    await signInNewOperator(page, baseURL!)
    await createFacility(page, 'Riverside Rinks')
    await createSpaces(page, [{ name: 'Rink A', type: 'Rink' }])
    await button(page, 'Skip This Step').click()
    await expectStep(page, 4, 'Add Displays')

    await page.getByRole('group', { name: 'Screen 1' }).getByLabel('Name').fill('Half-typed')
    await page.reload()
    await expectStep(page, 4, 'Add Displays')
    await expect(page.getByRole('group', { name: 'Screen 1' }).getByLabel('Name')).toHaveValue('')

    await page.getByRole('group', { name: 'Screen 1' }).getByLabel('Name').fill('Lobby')
    await button(page, 'Add Another Screen').click()
    await page.getByRole('group', { name: 'Screen 2' }).getByLabel('Name').fill('Rinkside')
    await button(page, 'Create Screens').click()
    await expect(page.getByText('2 display(s) created successfully!', { exact: true })).toBeVisible()

    // The progress is read from the server on every visit; until it answers the page says so.
    let answerProgress = () => {}
    const progressGate = new Promise<void>((resolve) => (answerProgress = resolve))
    await page.route('/api/setup/progress', async (route) => {
      await progressGate
      await route.continue()
    })
    await page.reload()
    await expect(page.getByText('Loading...')).toBeVisible()
    answerProgress()
    await expectStep(page, 5, 'Configure Displays')
    await page.unroute('/api/setup/progress')
    await button(page, 'Back').click()
    await expectStep(page, 4, 'Add Displays')
    await expect(page.getByText('2 screens, each with its public address:')).toBeVisible()
    await expect(button(page, 'Create Screens')).toHaveCount(0)
    await button(page, 'Back').click()
    await expect(page.getByText('You skipped this step; you can still fill it in now.')).toBeVisible()
    await button(page, 'Back').click()
    await expect(page.getByText('1 space in Riverside Rinks:')).toBeVisible()
    await button(page, 'Back').click()
    await expectStep(page, 1, 'Create Facility')
    await expect(page.getByText('Riverside Rinks was created.')).toBeVisible()
    await expect(button(page, 'Create Facility')).toHaveCount(0)
    await expect(button(page, 'Back')).toBeDisabled()
    await checkA11y(page)

    const screens = (await (await page.request.get('/api/screens')).json()) as { screens: { name: string }[] }
    expect(screens.screens.map(({ name }) => name).sort()).toEqual(['Lobby', 'Rinkside'])
    const facilities = (await (await page.request.get('/api/facilities')).json()) as { facilities: unknown[] }
    expect(facilities.facilities).toHaveLength(1)
  })

  test('a visitor learns what the wizard does, signs in and comes back to it', async ({ page, baseURL }) => {
    const account = await createAccount(baseURL!)
    await page.goto('/setup')
    await expect(page.getByRole('heading', { name: 'Six steps to a working lobby board' })).toBeVisible()
    await expect(page.getByText('Sign in or sign up first: nothing is saved until you do.')).toBeVisible()
    await expect(page.getByText('Step 1 of 6')).toHaveCount(0)
    await checkA11y(page)

    await page.getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await button(page, 'Sign In').click()
    await expect(page).toHaveURL(/\/setup$/)
    await expectStep(page, 1, 'Create Facility')
  })
})
