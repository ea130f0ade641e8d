import {
  ADMIN,
  checkA11y,
  createAccount,
  expect,
  expectToastsClearOfHeaderButtons,
  signInWithApi,
  signInWithUi,
  test,
  uniqueEmail,
} from './fixtures'

test.describe('accounts', () => {
  test('a visitor signs up, waits for approval, is approved by the admin, signs in and signs out', async ({ page, browser }) => {
    await page.goto('/')
    await checkA11y(page)
    await page.getByRole('link', { name: 'Create Your Free Account' }).click()
    // The landing page's sign-up buttons open /auth in sign-up mode (docs/product.md#accounts).
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/)
    await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Please enter your full name')).toBeVisible()

    const email = uniqueEmail('signup')
    await page.getByLabel('Full Name').fill('Sam Signup')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('signup-password')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Account created! Pending admin approval.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    // The email just typed stays in the sign-in form.
    await expect(page.getByLabel('Email')).toHaveValue(email)

    await signInWithUi(page, { email, password: 'signup-password' })
    await expect(page.getByText('Your account is pending admin approval. Please contact the administrator.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)

    const adminContext = await browser.newContext()
    const adminPage = await adminContext.newPage()
    await signInWithUi(adminPage, ADMIN)
    await expect(adminPage.getByText('Welcome back!')).toBeVisible()
    await expectToastsClearOfHeaderButtons(adminPage)
    // An account with no facilities lands on /setup, so the admin goes to /admin directly.
    await adminPage.goto('/admin')
    await expect(adminPage.getByRole('columnheader', { name: 'Full Name' })).toBeVisible()
    await checkA11y(adminPage)
    await adminPage.getByRole('button', { name: `Approve ${email}` }).click()
    await expect(adminPage.getByText('User approved')).toBeVisible()
    await expect(adminPage.getByText('User can now access the system')).toBeVisible()
    await adminContext.close()

    await signInWithUi(page, { email, password: 'signup-password' })
    await expect(page.getByText('Welcome back!')).toBeVisible()
    await expect(page).toHaveURL(/\/(facilities|setup)$/)

    await page.goto('/events')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByText('Signed out successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/events')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('a wrong password is refused without saying whether the account exists', async ({ page, baseURL }) => {
    const account = await createAccount(baseURL!)
    await signInWithUi(page, { email: account.email, password: 'not-the-password' })
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await signInWithUi(page, { email: uniqueEmail('nobody'), password: 'not-the-password' })
    await expect(page.getByText('Invalid email or password').first()).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('the admin resets a password with a one-time link', async ({ page, browser, baseURL }) => {
    const account = await createAccount(baseURL!)
    const adminContext = await browser.newContext()
    const adminPage = await adminContext.newPage()
    await signInWithApi(adminPage, ADMIN)
    await adminPage.goto('/admin')
    await adminPage.getByRole('button', { name: `Reset password for ${account.email}` }).click()
    await expect(adminPage.getByText('Password reset link generated')).toBeVisible()
    const link = await adminPage.getByRole('textbox', { name: 'Reset link' }).inputValue()
    await adminContext.close()

    await page.goto(link)
    await checkA11y(page)
    await page.getByLabel('New password').fill('my-new-password')
    await page.getByRole('button', { name: 'Set password' }).click()
    await expect(page.getByText('Your password has been changed').first()).toBeVisible()
    await signInWithUi(page, { email: account.email, password: 'my-new-password' })
    await expect(page.getByText('Welcome back!')).toBeVisible()

    await page.goto(link)
    await page.getByLabel('New password').fill('yet-another-one')
    await page.getByRole('button', { name: 'Set password' }).click()
    await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible()
  })
})

test.describe('routes', () => {
  test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    await page.goto('/no/such/place')
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    await checkA11y(page)
    expect(messages.some((message) => message.includes('/no/such/place'))).toBe(true)
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a signed-out visitor is sent to /auth from protected pages', async ({ page }) => {
    for (const path of ['/facilities', '/events', '/displays', '/clients', '/contracts', '/marketing', '/admin']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/auth$/)
    }
  })

  test('old addresses redirect, and a signed-in user skips the landing page and /auth', async ({ page, operator }) => {
    void operator
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/(facilities|setup)$/)
    await page.goto('/screens')
    await expect(page).toHaveURL(/\/displays$/)
    await checkA11y(page)
    await page.goto('/')
    await expect(page).toHaveURL(/\/(facilities|setup)$/)
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/(facilities|setup)$/)
  })
})

test.describe('signed-in layout', () => {
  test('the sidebar collapses with Ctrl+B and remembers it in a cookie', async ({ page, operator }) => {
    void operator
    await page.goto('/events')
    await expect(page.getByText('Navigation')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    const sidebar = page.locator('[data-slot="sidebar"][data-state]')
    await expect(sidebar).toHaveAttribute('data-state', 'expanded')
    await page.keyboard.press('Control+b')
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'sidebar:state')
    expect(cookie?.value).toBe('false')
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600)
    await page.reload()
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
    await checkA11y(page)
    await page.keyboard.press('Control+b')
    await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  })

  test('on a phone the sidebar is a sheet', async ({ page, operator }) => {
    void operator
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/events')
    await expect(page.getByRole('link', { name: 'Events' })).toBeHidden()
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Events' })).toBeVisible()
    await checkA11y(page)
  })

  test('a non-admin is refused at /admin by the page and by the API', async ({ page, operator }) => {
    void operator
    await page.goto('/admin')
    await expect(page.getByText('Access Denied')).toBeVisible()
    await expect(page.getByText("You don't have admin privileges")).toBeVisible()
    await expect(page).toHaveURL(/\/(facilities|setup)$/)
    const response = await page.request.get('/api/admin/users')
    expect(response.status()).toBe(403)
    const approve = await page.request.post(`/api/admin/users/${operator.id}/approve`)
    expect(approve.status()).toBe(403)
  })
})
