import type { Page } from '@playwright/test'
import { checkA11y, expect, postJson, test } from './fixtures'

// 'Import Clients' (docs/product.md#importing-clients): a CSV file previewed row by row, refused
// while a row has an error, and imported all at once once it is fixed.

const withBadRow = [
  'Name,Email,Phone,City',
  'Northside Jets,,,',
  'Westend Wolves,wolves@example.com,416 555 0101,Toronto',
  'Eastside Bears,bears-at-example.com,,Ottawa',
  '"Lakeshore Hawks","hawks@example.com",,"Kingston"',
].join('\n')
const fixed = withBadRow.replace('bears-at-example.com', 'bears@example.com')

const chooseFile = (page: Page, csv: string) =>
  page
    .getByRole('dialog', { name: 'Import Clients' })
    .getByLabel('CSV file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })

test.describe('Import Clients', () => {
  test('an import with one bad row is refused, then fixed and imported; the client it already has is skipped', async ({
    page,
    operator: _operator,
  }) => {
    await page.goto('/clients')
    await postJson(page, '/api/clients', { name: 'Northside Jets' })
    await page.reload()
    await page.getByRole('button', { name: 'Import Clients' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import Clients' })

    await chooseFile(page, withBadRow)
    const rows = dialog.getByRole('table', { name: 'The rows of clients.csv' }).getByRole('row')
    await expect(dialog.getByRole('status')).toHaveText(
      'clients.csv: 4 rows. 2 new, 1 already a client, 1 row with errors. Fix the rows with errors in the file and choose it again.',
    )
    await expect(rows.filter({ hasText: 'Eastside Bears' })).toContainText('Row 4: email is not valid')
    await expect(rows.filter({ hasText: 'Northside Jets' })).toContainText('Already a client (will be skipped)')
    await expect(rows.filter({ hasText: 'Westend Wolves' })).toContainText('New')
    await expect(dialog.getByRole('button', { name: 'Import 2 Client(s)' })).toBeDisabled()
    await checkA11y(page)

    await chooseFile(page, fixed)
    await expect(dialog.getByRole('status')).toHaveText('clients.csv: 4 rows. 3 new, 1 already a client, 0 rows with errors.')
    await expect(dialog.getByText('Row 4: email is not valid')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Import 3 Client(s)' }).click()
    await expect(page.getByText('Imported 3 client(s)')).toBeVisible()
    await expect(dialog).toBeHidden()

    const clients = page.getByRole('list', { name: 'Clients' })
    for (const name of ['Eastside Bears', 'Lakeshore Hawks', 'Northside Jets', 'Westend Wolves']) {
      await expect(clients.getByRole('heading', { name })).toBeVisible()
    }
    await expect(page.getByText('4 clients')).toBeVisible()
  })

  test('at phone width the preview fits the screen and works by keyboard', async ({ page, operator: _operator }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/clients')
    const open = page.getByRole('button', { name: 'Import Clients' })
    await open.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Import Clients' })
    await expect(dialog).toBeVisible()
    await chooseFile(page, withBadRow)
    await expect(dialog.getByText('Row 4: email is not valid')).toBeVisible()
    await checkA11y(page)
    const box = (await dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    await page.screenshot({ path: test.info().outputPath('import-preview-phone.png') })

    await chooseFile(page, fixed)
    const importButton = dialog.getByRole('button', { name: 'Import 4 Client(s)' })
    await expect(importButton).toBeEnabled()
    await importButton.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Imported 4 client(s)')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Clients' }).getByRole('heading', { name: 'Lakeshore Hawks' })).toBeVisible()
  })
})
