import { ADMIN, checkA11y, expect, signInWithApi, test } from './fixtures'

// Outgoing mail with no SMTP server configured (the e2e server has none): nothing is sent, every
// message is kept and listed, for the admin on /admin/mail and for an organisation on /mail.
test.describe('mail', () => {
  test('the admin reads an approval on the Mail page, and an operator sends a selloff email that a client unsubscribes from', async ({
    browser,
    baseURL,
    page,
    operator,
  }) => {
    // The operator's own approval was written as a message to them; the admin finds it.
    const adminContext = await browser.newContext({ baseURL })
    const admin = await adminContext.newPage()
    await signInWithApi(admin, ADMIN)
    await admin.goto('/admin')
    await admin.getByRole('link', { name: 'All Mail' }).click()
    await expect(admin).toHaveURL(/\/admin\/mail$/)
    await expect(admin.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible()
    await expect(admin.getByRole('note')).toContainText('Email delivery is off')
    const approval = admin.getByRole('listitem').filter({ hasText: `To ${operator.email}` })
    await expect(approval).toHaveCount(1)
    await expect(approval).toContainText('Account approved')
    await expect(approval).toContainText('Kept (not sent)')
    await approval.getByText('Show message').click()
    await expect(approval.locator('pre')).toBeVisible()
    await checkA11y(admin)
    await admin.getByLabel('Status').selectOption({ label: 'Failed' })
    await expect(admin).toHaveURL(/status=failed/)
    await expect(admin.getByRole('listitem').filter({ hasText: `To ${operator.email}` })).toHaveCount(0)
    await adminContext.close()

    // An organisation with a rink and three clients, one of them without an email.
    const post = async <T>(path: string, data: unknown) => {
      const response = await page.request.post(path, { data })
      expect(response.status(), `POST ${path}`).toBe(201)
      return (await response.json()) as T
    }
    const { facility } = await post<{ facility: { id: string } }>('/api/facilities', { name: 'Harbour Arena', timeZone: 'UTC' })
    await post(`/api/facilities/${facility.id}/rooms`, {
      name: 'Rink A',
      type: 'rink',
      operatingStartTime: '00:00',
      operatingEndTime: '23:59',
    })
    await post('/api/clients', { name: 'Harbour Hawks', email: 'hawks@example.test' })
    await post('/api/clients', { name: 'Bay Skating Club', email: 'skating@example.test' })
    await post('/api/clients', { name: 'No Email Club' })

    await page.goto('/marketing')
    await expect(page.getByRole('textbox', { name: 'Selloff Email Template' })).toHaveValue(
      /^Subject: Last Minute Availability at Harbour Arena!/,
    )
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Send Selloff Email' })
    await expect(dialog.getByText('Harbour Hawks')).toBeVisible()
    await expect(dialog.getByText('No Email Club')).toHaveCount(0)
    await checkA11y(page)
    await dialog.getByLabel('Select all').click()
    await expect(dialog.getByText('2 of 2 chosen')).toBeVisible()
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByText('Selloff email sent to 2 client(s)')).toBeVisible()
    await expect(dialog).toBeHidden()

    // The Mail page in the sidebar lists both, kept; each carries its own unsubscribe link.
    await page.getByRole('link', { name: 'Mail', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible()
    const toHawks = page.getByRole('listitem').filter({ hasText: 'To hawks@example.test' })
    await expect(toHawks).toContainText('Selloff email')
    await expect(page.getByRole('listitem').filter({ hasText: 'To skating@example.test' })).toHaveCount(1)
    await toHawks.getByText('Show message').click()
    const text = await toHawks.locator('pre').innerText()
    const link = /(https?:\/\/\S+\/unsubscribe\/\S+)/.exec(text)?.[1]
    expect(link, 'the message carries an unsubscribe link').toBeTruthy()
    await checkA11y(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(toHawks).toBeVisible()
    // The open message's long unsubscribe address wraps: nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await checkA11y(page)
    await page.setViewportSize({ width: 1280, height: 720 })

    // The client opens the link signed out: opening it changes nothing, the button unsubscribes.
    const clientContext = await browser.newContext({ baseURL })
    const client = await clientContext.newPage()
    await client.goto(new URL(link!).pathname)
    await expect(client.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible()
    await expect(client.getByText(/Stop receiving last-minute availability/)).toBeVisible()
    await checkA11y(client)
    await client.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(client.getByText(/You are unsubscribed/)).toBeVisible()
    await clientContext.close()

    // The unsubscribed client can no longer be chosen.
    await page.goto('/marketing')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog.getByText('hawks@example.test · Unsubscribed')).toBeVisible()
    await dialog.getByLabel('Select all').click()
    await expect(dialog.getByText('1 of 1 chosen')).toBeVisible()
  })
})
