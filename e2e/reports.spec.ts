import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { Page, TestInfo } from '@playwright/test'
import { EVENT_EXPORT_HEADERS } from '../src/shared/exports/headers'
import { periodOf } from '../src/shared/reports/periods'
import { addCalendarDays, parseCalendarDate } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

// Reports and a client's statement (docs/product.md#reports) as an Owner reads them: last month's
// ice on one rink, its numbers in the Reports page's tables, the events CSV downloaded and read,
// and the Hawks' statement with its running balance.

const PHONE = { width: 375, height: 812 }

// Last month on the browser's calendar: the Reports page's 'All facilities' and the statement
// count their presets from it. The facility is on UTC, so its days are the same.
const lastMonth = periodOf('last-month', todayInZone(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()))
const day = (n: number) => addCalendarDays(lastMonth.from, n - 1)
const daysInLastMonth = parseCalendarDate(lastMonth.to).day

async function seedLastMonth(page: Page) {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Harbour Arena', timeZone: 'UTC' })
  // 16 sellable hours a day and no changeover: the sellable time is exactly 16 h × the days.
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '22:00',
    changeoverMinutes: 0,
  })
  const { client: hawks } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Hawks' })
  const { client: club } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Bay Skating Club' })
  await postJson(page, '/api/contracts', { clientId: hawks.id, name: 'Season Ice', startDate: lastMonth.from, totalHours: 20 })
  const book = (clientId: string, date: string, startTime: string, durationMinutes: number, title: string) =>
    postJson(page, '/api/events', { roomId: room.id, clientId, date, startTime, durationMinutes, title })
  // The Hawks: four evenings of 1.5 h (6 h, charged to their contract); the club: two mornings of 1 h.
  for (const n of [3, 10, 17, 24]) await book(hawks.id, day(n), '18:00', 90, 'Hawks practice')
  for (const n of [6, 13]) await book(club.id, day(n), '10:00', 60, 'Club ice')
  return { facilityId: facility.id, hawksId: hawks.id }
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
}

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true })

test.describe('reports', () => {
  test('an Owner reads last month on the Reports page and downloads its events as CSV', async ({ page, operator }, testInfo) => {
    expect(operator.email).toBeTruthy()
    await seedLastMonth(page)

    await page.goto('/facilities')
    await page.getByRole('link', { name: 'Reports', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Facility')).toHaveValue('all')
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last month' })
    await expect(page).toHaveURL(/period=last-month/)

    // Utilisation: 8 h booked of 16 h a day.
    const sellable = 16 * daysInLastMonth
    const figures = page.getByRole('group', { name: 'Utilisation in the period' })
    await expect(figures).toContainText(`8 h of ${sellable.toLocaleString('en-US')} h`)
    // The chart by space, and the same numbers behind the toggle.
    const view = page.getByRole('group', { name: 'Show utilisation by space as' })
    await expect(view.getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('application', { name: 'Utilisation by space' })).toBeVisible()
    await view.getByRole('button', { name: 'Table' }).click()
    const spaces = page.getByRole('region', { name: 'Utilisation by space' })
    const rink = spaces.getByRole('row', { name: /Rink A/ })
    await expect(rink.getByRole('cell')).toHaveText(['8', sellable.toLocaleString('en-US'), /%$/, '6', /%$/, '2', /%$/])
    await expect(page.getByRole('region', { name: 'Utilisation by weekday and hour' })).toContainText('6:00 PM')

    // Clients: the hours each booked, the Hawks' contract with 14 h left.
    const clients = page.getByRole('region', { name: 'Hours by client and contract' })
    await expect(
      clients
        .getByRole('row', { name: /Harbour Hawks/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('6')
    await expect(
      clients
        .getByRole('row', { name: /Bay Skating Club/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('2')
    await expect(clients.getByRole('row', { name: /Season Ice/ }).getByRole('cell')).toHaveText([/None/, '6', '6', '14', /None/])
    await expect(page.getByRole('heading', { name: 'Unsold ice', level: 2 })).toBeVisible()
    await checkA11y(page)
    await screenshot(page, testInfo, 'reports')

    // The events CSV, as the button downloads it: the stable headers, a row per booking.
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Events CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`events-${lastMonth.from}-to-${lastMonth.to}.csv`)
    const rows = parse(readFileSync((await download.path())!), { bom: true }) as string[][]
    expect(rows[0]).toEqual([...EVENT_EXPORT_HEADERS])
    const records = rows.slice(1).map((row) => Object.fromEntries(EVENT_EXPORT_HEADERS.map((header, index) => [header, row[index]])))
    expect(records).toHaveLength(6)
    expect(records[0]).toMatchObject({
      Date: day(3),
      Start: '18:00',
      End: '19:30',
      'Time zone': 'UTC',
      Space: 'Rink A',
      Client: 'Harbour Hawks',
    })
    expect(records.map((record) => Number(record.Hours)).reduce((sum, hours) => sum + hours, 0)).toBe(8)

    // A custom range starts from the dates on screen; one the server would refuse is explained, not asked for.
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom' })
    await expect(page.getByLabel('From')).toHaveValue(lastMonth.from)
    await page.getByLabel('To', { exact: true }).fill(addCalendarDays(lastMonth.from, -1))
    await expect(page.getByText('The end date must be on or after the start date')).toBeVisible()
    await page.getByLabel('To', { exact: true }).fill(day(10))
    await expect(page).toHaveURL(new RegExp(`from=${lastMonth.from}&to=${day(10)}`))
    // Days 1 to 10: the Hawks on the 3rd and the 10th (1.5 h each), the club on the 6th (1 h).
    await expect(figures).toContainText(`4 h of ${(16 * 10).toLocaleString('en-US')} h`)

    // At phone width the page reads in one column; wide tables scroll in their own region.
    await page.setViewportSize(PHONE)
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await screenshot(page, testInfo, 'reports')
  })

  test('an Owner prints a client statement with its running balance', async ({ page, operator }, testInfo) => {
    expect(operator.email).toBeTruthy()
    const { facilityId, hawksId } = await seedLastMonth(page)

    // The prime time the reports split by: the facility's own, weekdays 4 to 10 PM and weekends 7 AM to 10 PM unless changed.
    await page.goto(`/facility/${facilityId}`)
    await page.getByRole('button', { name: 'Edit Facility' }).click()
    const primeTime = page.getByRole('dialog').getByRole('group', { name: 'Prime time' })
    await expect(primeTime.getByLabel('Weekdays from')).toHaveValue('16:00')
    await expect(primeTime.getByLabel('Weekdays to')).toHaveValue('22:00')
    await expect(primeTime.getByLabel('Weekends from')).toHaveValue('07:00')
    await expect(primeTime.getByLabel('Weekends to')).toHaveValue('22:00')
    await page.keyboard.press('Escape')

    await page.goto(`/clients/${hawksId}`)
    await page.getByRole('link', { name: 'Statement' }).click()
    await expect(page).toHaveURL(new RegExp(`/clients/${hawksId}/statement`))
    await expect(page.getByRole('heading', { name: 'Client Statement', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last-month')

    // 20 h, then 1.5 h at a time: 18.5, 17, 15.5 and 14 left.
    const lines = page.getByRole('region', { name: 'Season Ice: lines' })
    await expect(lines.getByRole('row', { name: /Opening balance/ })).toContainText('20')
    await expect(lines.getByRole('row', { name: /Hawks practice/ })).toHaveCount(4)
    const remaining = await lines
      .getByRole('row', { name: /Hawks practice/ })
      .evaluateAll((rows) => rows.map((row) => row.lastElementChild!.textContent))
    expect(remaining).toEqual(['18.5', '17', '15.5', '14'])
    await expect(lines.getByRole('row', { name: /Closing balance/ })).toContainText('14')
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled()
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/clients/${hawksId}/statement.csv?from=${lastMonth.from}&to=${lastMonth.to}`,
    )
    await checkA11y(page)
    await screenshot(page, testInfo, 'statement')

    // Printed, only the sheet: the period, the buttons and the way back stay on screen.
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await screenshot(page, testInfo, 'statement-print')
    await page.emulateMedia({ media: 'screen' })

    await page.setViewportSize(PHONE)
    await expectNoSideScroll(page)
    await checkA11y(page)
    await screenshot(page, testInfo, 'statement')
  })
})
