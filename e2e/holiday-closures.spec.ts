import type { Page } from '@playwright/test'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
// The viewer and the facility share the zone, so the dates read the same in both.
test.use({ timezoneId: TIME_ZONE })

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

for (const width of [1280, 390]) {
  test.describe(`public holidays as closures at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 500 ? 900 : 844 }))

    test("an operator adds Ontario's public holidays of a season as closures in one step; a weekly series then lists Christmas as closed", async ({
      page,
      operator: _operator,
    }) => {
      test.slow()
      const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
        name: 'Maple Leaf Arena',
        timeZone: TIME_ZONE,
      })
      const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
        name: 'Rink A',
        type: 'rink',
        operatingStartTime: '06:00',
        operatingEndTime: '23:00',
      })
      // Boxing Day is closed already: it is skipped, and said so.
      await postJson(page, `/api/facilities/${facility.id}/closures`, {
        spaceId: null,
        reason: 'Staff holiday',
        startDate: '2030-12-26',
        startTime: '00:00',
        endDate: '2030-12-27',
        endTime: '00:00',
      })

      await page.goto(`/facility/${facility.id}`)
      await page.getByRole('button', { name: 'Add Public Holidays' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Public Holidays' })
      await dialog.getByLabel('Country').selectOption({ label: 'Canada' })
      await dialog.getByLabel('State or province').selectOption({ label: 'Ontario' })
      await dialog.getByLabel('First day').fill('2030-09-01')
      await dialog.getByLabel('Last day').fill('2031-04-30')
      const holidays = dialog.getByRole('list', { name: /public holidays/ })
      const christmas = holidays.getByRole('listitem').filter({ hasText: 'Christmas Day' })
      await expect(christmas).toContainText('Dec 25, 2030')
      await expect(christmas).not.toContainText('Already closed')
      await expect(holidays.getByRole('listitem').filter({ hasText: 'Boxing Day' })).toContainText('Already closed')
      await expect(holidays.getByRole('listitem').filter({ hasText: 'Family Day' })).toContainText('Feb 17, 2031')
      const count = await holidays.getByRole('listitem').count()
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
      await checkA11y(page)
      await dialog.getByRole('button', { name: `Add ${count - 1} holidays` }).click()
      await expect(page.getByText(`Added ${count - 1} public holidays as closures (1 already closed)`)).toBeVisible()
      await expect(dialog).toBeHidden()
      const closures = page.getByRole('region', { name: 'Closures' }).getByRole('list')
      await expect(closures.getByRole('heading', { name: 'Christmas Day' })).toBeVisible()
      await expect(closures.getByRole('heading', { name: 'Boxing Day' })).toHaveCount(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
      await checkA11y(page)

      // A weekly series across Dec 25 lists it among the taken dates, with the holiday's name.
      await page.goto(`/facility/${facility.id}/room/${room.id}`)
      await page.getByRole('button', { name: 'Add Event', exact: true }).click()
      const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
      await addDialog.getByLabel('Date', { exact: true }).fill('2030-12-18')
      await addDialog.getByLabel('Start Time').selectOption('18:00')
      await addDialog.getByLabel('Repeat this event').check()
      await addDialog.getByLabel('End Date').fill('2031-01-08')
      const dates = addDialog.getByRole('list', { name: 'Dates in this series' }).getByRole('listitem')
      await expect(dates).toHaveCount(4)
      await expect(dates.nth(1)).toContainText('Closed: Christmas Day')
      await expect(dates.nth(2)).toContainText("Closed: New Year's Day")
      await checkA11y(page)
    })
  })
}
