import { addMonths, format, startOfMonth } from 'date-fns'
import { checkA11y, createAccount, expect, signInWithApi, test } from './fixtures'

// Billing (docs/product.md#billing) as an Owner does it: set the taxes and a space's rates, book a
// month, create and issue the invoices, read the email that went out, record a partial payment,
// see the balance and the ageing, and void an invoice.
test.describe('billing', () => {
  test('an Owner bills a month of ice, takes a partial payment and voids an invoice', async ({ page, operator }, testInfo) => {
    expect(operator.email).toBeTruthy()
    // One operator's whole month of billing, with axe on each screen: longer than most tests.
    test.setTimeout(150_000)
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
    const post = async <T>(path: string, data: unknown) => {
      const response = await page.request.post(path, { data })
      expect(response.status(), `POST ${path}`).toBe(201)
      return (await response.json()) as T
    }
    const { facility } = await post<{ facility: { id: string } }>('/api/facilities', { name: 'Harbour Arena', timeZone: 'UTC' })
    const { room } = await post<{ room: { id: string } }>(`/api/facilities/${facility.id}/rooms`, {
      name: 'Rink A',
      type: 'rink',
      operatingStartTime: '06:00',
      operatingEndTime: '23:30',
    })
    const { client: hawks } = await post<{ client: { id: string } }>('/api/clients', { name: 'Harbour Hawks', email: 'hawks@example.test' })
    const { client: bay } = await post<{ client: { id: string } }>('/api/clients', { name: 'Bay Skating Club', email: 'bay@example.test' })

    // The taxes, on Billing Settings.
    await page.goto('/invoices')
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Billing Settings' }).click()
    await page.getByRole('button', { name: 'Add Tax' }).click()
    await page.getByLabel('Tax 1 name').fill('HST')
    await page.getByLabel('Tax 1 rate (%)').fill('13')
    await checkA11y(page)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Billing settings saved')).toBeVisible()

    // The space's rates, on its page: $300 an hour in prime time, $200 outside it.
    await page.goto(`/facility/${facility.id}/room/${room.id}`)
    await page.getByRole('button', { name: 'Set Rates' }).click()
    const rates = page.getByRole('dialog')
    await rates.getByLabel('Prime rate per hour', { exact: true }).fill('300')
    await rates.getByLabel('Non-prime rate per hour').fill('200')
    await checkA11y(page)
    await rates.getByRole('button', { name: 'Save Rates' }).click()
    await expect(page.getByText('Rates saved')).toBeVisible()
    await expect(page.getByText('$300.00')).toBeVisible()

    // Last month's ice: the Hawks every Monday-ish evening (prime) and one morning (non-prime),
    // the skating club twice.
    const first = startOfMonth(addMonths(new Date(), -1))
    const day = (n: number) => format(new Date(first.getFullYear(), first.getMonth(), n), 'yyyy-MM-dd')
    const book = (clientId: string, date: string, startTime: string, durationMinutes: number, title: string) =>
      post('/api/events', { roomId: room.id, clientId, date, startTime, durationMinutes, title })
    for (const n of [3, 10, 17, 24]) await book(hawks.id, day(n), '18:00', 90, 'Hawks practice')
    await book(hawks.id, day(5), '08:00', 60, 'Hawks skills')
    await book(bay.id, day(6), '10:00', 60, 'Club ice')
    await book(bay.id, day(13), '10:00', 60, 'Club ice')

    // Create Invoices: last month by default, every client.
    await page.getByRole('link', { name: 'Invoices', exact: true }).click()
    await page.getByRole('button', { name: 'Create Invoices' }).first().click()
    const create = page.getByRole('dialog', { name: 'Create Invoices' })
    await expect(create.getByLabel('From')).toHaveValue(day(1))
    await checkA11y(page)
    await create.getByRole('button', { name: 'Create Invoices' }).click()
    await expect(page.getByText('2 invoices created')).toBeVisible()
    const hawksRow = page.getByRole('row').filter({ hasText: 'Harbour Hawks' })
    await expect(hawksRow).toContainText('Draft')
    // 4 × 1.5 h at $300 + 1 h at $200 = $2,000.00, and 13 % HST: $2,260.00.
    await expect(hawksRow).toContainText('$2,260.00')
    await checkA11y(page)
    await shot('invoices-list')

    // The Hawks' draft: its lines, its tax; then Issue.
    await hawksRow.getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Draft', level: 1 })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: 'Rink A ·' })).toHaveCount(5)
    await expect(page.getByText('HST 13 %')).toBeVisible()
    await expect(page.getByText('$260.00')).toBeVisible()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Issue', exact: true }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Issue' }).click()
    const issued = page.getByText(/^Invoice \d{4}-0001 issued$/)
    await expect(issued).toBeVisible()
    const number = (await issued.innerText()).split(' ')[1]!
    await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible()
    await shot('invoice-issued')
    const invoiceUrl = page.url()

    // The email went through the outbox, kept (the e2e server sends nothing), with its PDF.
    await page.getByRole('link', { name: 'Mail', exact: true }).click()
    const email = page.getByRole('listitem', { name: new RegExp(`^Invoice ${number} from`) })
    await expect(email).toContainText('To hawks@example.test')
    await email.getByText('Show message').click()
    await expect(email.locator('pre')).toContainText('Amount due: $2,260.00')
    await shot('invoice-email')

    // A partial payment leaves a balance.
    await page.goto(invoiceUrl)
    await page.getByRole('button', { name: 'Record Payment' }).click()
    const payment = page.getByRole('dialog', { name: 'Record Payment' })
    await payment.getByLabel('Amount').fill('1000')
    await payment.getByLabel('Method').selectOption({ label: 'Cheque' })
    await payment.getByLabel('Reference').fill('Cheque 118')
    await checkA11y(page)
    await payment.getByRole('button', { name: 'Record Payment' }).click()
    await expect(page.getByText('Payment recorded')).toBeVisible()
    await expect(page.getByText('Partly paid').first()).toBeVisible()
    await expect(page.getByText('$1,260.00').first()).toBeVisible()
    await shot('invoice-partly-paid')

    // The client's page: its balance, invoices and payments.
    await page.goto(`/clients/${hawks.id}`)
    const billing = page.getByRole('region', { name: 'Billing' })
    await expect(billing).toContainText('$1,260.00')
    await expect(billing).toContainText(number)
    await expect(billing).toContainText('Cheque 118')
    await checkA11y(page)

    // Accounts Receivable: the balance is current, not yet due.
    await page.goto('/invoices')
    await page.getByRole('link', { name: 'Accounts Receivable' }).click()
    await expect(page.getByRole('heading', { name: 'Accounts Receivable', level: 1 })).toBeVisible()
    const receivable = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Harbour Hawks' }) })
    // Current, then 1–30 … 90+, Total, Credit.
    await expect(receivable.getByRole('cell')).toHaveText(['$1,260.00', '$0.00', '$0.00', '$0.00', '$0.00', '$1,260.00', '$0.00'])
    await checkA11y(page)
    await shot('receivables')
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /receivables\.csv/)

    // The skating club's invoice, issued and then voided: a credit note with its own number.
    await page.goto('/invoices')
    await page.getByRole('row').filter({ hasText: 'Bay Skating Club' }).getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Draft', level: 1 })).toBeVisible()
    // First the draft is edited: one booking taken off with its reason, a line added, 10 % off.
    await page.getByRole('button', { name: /^Remove Rink A · Tue, \w+ 13 / }).click()
    const removing = page.getByRole('dialog', { name: 'Remove Line' })
    await removing.getByLabel('Reason').fill('The ice plant was down')
    await removing.getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByText('Line removed')).toBeVisible()
    await expect(page.getByText('Removed: The ice plant was down')).toBeVisible()
    await page.getByRole('button', { name: 'Add Line' }).click()
    const adding = page.getByRole('dialog', { name: 'Add Line' })
    await adding.getByLabel('Description').fill('Skate sharpening')
    await adding.getByLabel('Amount').fill('25')
    await adding.getByRole('button', { name: 'Add Line' }).click()
    await expect(page.getByText('Line added')).toBeVisible()
    await page.getByRole('button', { name: 'Add Discount' }).click()
    const discount = page.getByRole('dialog', { name: 'Add Discount' })
    await discount.getByRole('textbox', { name: 'Percent' }).fill('10')
    await checkA11y(page)
    await discount.getByRole('button', { name: 'Add Discount' }).click()
    await expect(page.getByText('Discount added')).toBeVisible()
    // $200 + $25 − 10 % = $202.50; HST 13 % of it is $26.325, a half cent rounded away from zero.
    await expect(page.getByText('$202.50')).toBeVisible()
    await expect(page.getByText('$26.33')).toBeVisible()
    await expect(page.getByText('$228.83').first()).toBeVisible()
    await shot('invoice-draft-edited')
    await page.getByRole('button', { name: 'Issue', exact: true }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Issue' }).click()
    await expect(page.getByText(/^Invoice \d{4}-0002 issued$/)).toBeVisible()
    await page.getByRole('button', { name: 'Void' }).click()
    const voiding = page.getByRole('dialog', { name: /^Void \d{4}-0002\?$/ })
    await voiding.getByLabel('Reason').fill('Billed the wrong club')
    await voiding.getByRole('button', { name: 'Void' }).click()
    await expect(page.getByText(/^Invoice \d{4}-0002 voided$/)).toBeVisible()
    await expect(page.getByText('Void').first()).toBeVisible()
    await expect(page.getByText(/CN-\d{4}-0001/).first()).toBeVisible()
    await shot('invoice-voided')

    // The printable page, and the invoice at phone width.
    await page.goto(`${invoiceUrl}/print`)
    await expect(page.getByText('Bill to')).toBeVisible()
    await checkA11y(page)
    await page.emulateMedia({ media: 'print' })
    await shot('invoice-print')
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await page.emulateMedia({ media: 'screen' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(invoiceUrl)
    await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await checkA11y(page)
    await shot('invoice-phone')
  })

  // Who sees what of billing (docs/product.md#billing): the server's refusals are in the
  // authorization matrix; this is what each role's pages show.
  test('a Scheduler sees prices but no invoices; the Front Desk sees neither', async ({ page, browser, baseURL }) => {
    const owner = await createAccount(baseURL!, { fullName: 'Olivia Owner' })
    await signInWithApi(page, owner)
    const post = async <T>(path: string, data: unknown) => (await (await page.request.post(path, { data })).json()) as T
    const { facility } = await post<{ facility: { id: string } }>('/api/facilities', { name: 'Harbour Arena', timeZone: 'UTC' })
    const { room } = await post<{ room: { id: string } }>(`/api/facilities/${facility.id}/rooms`, { name: 'Rink A', type: 'rink' })
    const { client } = await post<{ client: { id: string } }>('/api/clients', { name: 'Harbour Hawks' })
    await page.request.put(`/api/rooms/${room.id}/rates`, { data: { primeRateMinor: 30000, nonPrimeRateMinor: 20000 } })
    await page.request.put(`/api/clients/${client.id}/rates/${room.id}`, { data: { primeRateMinor: 25000, nonPrimeRateMinor: 15000 } })
    for (const role of ['scheduler', 'front_desk']) {
      const member = await createAccount(baseURL!, { fullName: `Pat ${role}` })
      const { link } = await post<{ link: string }>('/api/team/invitations', { email: member.email, role })
      const context = await browser.newContext({ baseURL })
      const memberPage = await context.newPage()
      await signInWithApi(memberPage, member)
      await memberPage.goto(new URL(link).pathname)
      await memberPage.getByRole('button', { name: 'Accept Invitation' }).click()
      await expect(memberPage).toHaveURL(/\/facilities$/)
      await memberPage.goto(`/clients/${client.id}`)
      await expect(memberPage.getByRole('heading', { name: 'Harbour Hawks' })).toBeVisible()
      await memberPage.waitForLoadState('networkidle')
      await expect(memberPage.getByRole('link', { name: 'Invoices' })).toHaveCount(0)
      await expect(memberPage.getByRole('heading', { name: 'Billing' })).toHaveCount(0)
      await memberPage.goto(`/facility/${facility.id}/room/${room.id}`)
      await memberPage.waitForLoadState('networkidle')
      await expect(memberPage.getByRole('button', { name: 'Set Rates' })).toHaveCount(0)
      // The Scheduler reads the space's rate; the Front Desk sees no price at all.
      await expect(memberPage.getByText('$300.00/h')).toHaveCount(role === 'scheduler' ? 1 : 0)
      await memberPage.goto('/invoices')
      await memberPage.waitForLoadState('networkidle')
      await checkA11y(memberPage)
      await context.close()
    }
  })
})
