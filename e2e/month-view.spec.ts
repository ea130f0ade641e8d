import type { Page } from '@playwright/test'
import { addCalendarDays, parseCalendarDate } from '../src/shared/scheduling/calendar-date'
import { checkA11y, expect, postJson, test } from './fixtures'

const ZONE = 'America/Toronto'
test.use({ timezoneId: ZONE })

const todayInToronto = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  )

// Titles longer than a month's day has room for, each in its own colour.
const TODAY = [
  { title: 'Lakeshore Lightning U15 AA vs Northside Jets', startTime: '07:00', color: '#dc2626' },
  { title: 'Figure Skating Club Spring Gala Rehearsal', startTime: '09:00', color: '#16a34a' },
  { title: 'Parent and Tot Skate with Skate Aids', startTime: '11:00', color: '#9333ea' },
  { title: 'Adult Recreational League Practice', startTime: '13:00', color: '#ea580c' },
  { title: 'Ringette Provincials Warm-up', startTime: '15:00', color: '#0891b2' },
] as const

/** Harbour Arena's Rink A: five events today, and one three days away in the same month. */
async function seedMonth(page: Page) {
  const today = todayInToronto()
  const otherDay = addCalendarDays(today, parseCalendarDate(today).day <= 15 ? 3 : -3)
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Harbour Arena', timeZone: ZONE })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:00',
  })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Skating Club' })
  const book = (date: string, details: { title: string; startTime: string; color: string }) =>
    postJson(page, '/api/events', { roomId: room.id, clientId: client.id, date, durationMinutes: 90, ...details })
  for (const event of TODAY) await book(today, event)
  await book(otherDay, { title: 'Learn to Skate Level 3 Assessments', startTime: '10:00', color: '#2563eb' })
  return { today, otherDay }
}

async function openMonth(page: Page) {
  await page.goto('/events')
  await page.getByRole('button', { name: 'Calendar', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('table')).toBeVisible()
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
}

test.describe('the month view', () => {
  test('on a desktop each event shows its full title, times and space on hover and on keyboard focus', async ({
    page,
    operator: _operator,
  }) => {
    await seedMonth(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openMonth(page)

    // The spec's month stays: three events a day, then '+N more'.
    const todayCell = page.getByRole('table').locator('[aria-current="date"]')
    await expect(todayCell.getByRole('button', { name: /^Lakeshore|^Figure|^Parent/ })).toHaveCount(3)
    await expect(todayCell.getByRole('button', { name: '+2 more', exact: true })).toBeVisible()

    // The cell cuts the title short...
    const first = todayCell.getByRole('button', { name: /^Lakeshore Lightning/ })
    expect(await first.locator('.truncate').evaluate((title) => title.scrollWidth > title.clientWidth)).toBe(true)
    // ...the keyboard reaches the event, a screen reader hears it whole, and the tooltip shows it whole.
    await page.getByRole('button', { name: 'Next month', exact: true }).focus()
    for (let press = 0; press < 60 && !(await first.evaluate((button) => button === document.activeElement)); press += 1) {
      await page.keyboard.press('Tab')
    }
    await expect(first).toBeFocused()
    await expect(first).toHaveAccessibleName('Lakeshore Lightning U15 AA vs Northside Jets, 7:00 AM - 8:30 AM, Rink A - Harbour Arena')
    const tooltip = page.locator('[data-slot="tooltip-content"]:not([data-state="closed"])')
    await expect(tooltip).toBeVisible()
    await expect(tooltip).toContainText('Lakeshore Lightning U15 AA vs Northside Jets')
    await expect(tooltip).toContainText('7:00 AM - 8:30 AM')
    await expect(tooltip).toContainText('Rink A - Harbour Arena')
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('month-1280-focus.png') })

    // The next event by the keyboard, then one under the pointer.
    await page.keyboard.press('Tab')
    await expect(tooltip).toContainText('Figure Skating Club Spring Gala Rehearsal')
    await todayCell.getByRole('button', { name: /^Parent and Tot Skate/ }).hover()
    await expect(tooltip).toContainText('Parent and Tot Skate with Skate Aids')
    await expect(tooltip).toContainText('11:00 AM - 12:30 PM')

    // The tooltip goes with the pointer, and a click still opens the event.
    await page.mouse.move(0, 0)
    await expect(tooltip).toHaveCount(0)
    await first.click()
    await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeVisible()
  })

  test('on a phone each day shows a dot per event, and the day tapped lists its events below the month', async ({
    page,
    operator: _operator,
  }) => {
    const { today, otherDay } = await seedMonth(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await openMonth(page)

    const month = page.getByRole('table')
    const todayButton = month.locator('[aria-current="date"]').getByRole('button')
    await expect(todayButton).toHaveAccessibleName(`${longDate(today)}, 5 events`)
    await expect(todayButton).toHaveAttribute('aria-pressed', 'true')
    // Three dots in the events' colours, then '+2'.
    const dots = todayButton.locator('span.rounded-full[style]')
    await expect(dots).toHaveCount(3)
    expect(await dots.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor))).toEqual([
      'rgb(220, 38, 38)',
      'rgb(22, 163, 74)',
      'rgb(147, 51, 234)',
    ])
    await expect(todayButton).toContainText('+2')
    // No titles in the month itself: they are in the day's list.
    await expect(month.getByText('Lakeshore Lightning', { exact: false })).toHaveCount(0)

    const todayList = page.getByRole('region', { name: longDate(today) })
    await expect(todayList.getByRole('button')).toHaveCount(5)
    await expect(todayList.getByRole('button').first()).toContainText('Lakeshore Lightning U15 AA vs Northside Jets')
    await expect(todayList.getByRole('button').first()).toContainText('7:00 AM - 8:30 AM')
    await expect(todayList.getByRole('button').first()).toContainText('Rink A - Harbour Arena')
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('month-390-today.png'), fullPage: true })

    // Tapping another day lists that day instead.
    const otherButton = month.getByRole('button', { name: `${longDate(otherDay)}, 1 event` })
    await otherButton.click()
    await expect(otherButton).toHaveAttribute('aria-pressed', 'true')
    await expect(todayButton).toHaveAttribute('aria-pressed', 'false')
    const otherList = page.getByRole('region', { name: longDate(otherDay) })
    await expect(otherList.getByRole('button')).toHaveCount(1)
    await expect(otherList.getByRole('button')).toContainText('Learn to Skate Level 3 Assessments')
    await expect(page.getByRole('heading', { name: /^\w+ \d{4}$/ })).toHaveText(
      new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`)),
    )
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('month-390-other-day.png'), fullPage: true })

    // The keyboard selects a day as well, and the listed event opens.
    await todayButton.focus()
    await page.keyboard.press('Enter')
    await expect(todayButton).toHaveAttribute('aria-pressed', 'true')
    await todayList.getByRole('button', { name: /^Ringette Provincials Warm-up/ }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeVisible()
  })
})
