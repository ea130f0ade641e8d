import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
// The viewer and the facility share the zone, so the calendars' today is the facility's.
test.use({ timezoneId: TIME_ZONE })

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  // A pointer resting on a toast pauses its timer, and toasts now show where the last click was.
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
}

type Seeded = { facilityId: string; halfAId: string; today: string; holiday: string; screenSlug: string }

/**
 * 'Full Sheet' with its halves, a practice on Half Ice A today, and two closures: Full Sheet all of
 * today (so both halves too), and the whole facility three days on. A board shows Half Ice A.
 */
async function seed(page: Page): Promise<Seeded> {
  const today = todayInZone(TIME_ZONE, new Date())
  const tomorrow = addCalendarDays(today, 1)
  const holiday = addCalendarDays(today, 3)
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Maple Leaf Arena',
    timeZone: TIME_ZONE,
  })
  const rooms = `/api/facilities/${facility.id}/rooms`
  const space = async (data: object) => (await postJson<{ room: { id: string } }>(page, rooms, { type: 'rink', ...data })).room.id
  const fullSheetId = await space({ name: 'Full Sheet' })
  const halfAId = await space({ name: 'Half Ice A', parentId: fullSheetId })
  await space({ name: 'Half Ice B', parentId: fullSheetId })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
  await postJson(page, '/api/events', {
    roomId: halfAId,
    clientId: client.id,
    title: 'Jets practice',
    date: today,
    startTime: '09:00',
    durationMinutes: 60,
  })
  const closures = `/api/facilities/${facility.id}/closures`
  const span = (startDate: string, endDate: string) => ({ startDate, startTime: '00:00', endDate, endTime: '00:00', coveredEvents: 'keep' })
  await postJson(page, closures, { spaceId: fullSheetId, reason: 'Ice plant maintenance', ...span(today, tomorrow) })
  await postJson(page, closures, { spaceId: null, reason: 'Christmas Day', ...span(holiday, addCalendarDays(holiday, 1)) })
  const { screen } = await postJson<{ screen: { slug: string } }>(page, '/api/screens', {
    name: `Closures Lobby ${Date.now()}`,
    rooms: [{ roomId: halfAId }],
  })
  return { facilityId: facility.id, halfAId, today, holiday, screenSlug: screen.slug }
}

test.describe('closures in the views', () => {
  test('the room grid, the calendars, the series preview and the lobby board show a closure', async ({ page, operator: _operator }) => {
    // Four pages and a dialog, each checked by axe, on a machine that may be busy.
    test.slow()
    const { facilityId, halfAId, today, holiday, screenSlug } = await seed(page)
    await page.setViewportSize({ width: 390, height: 844 })

    // The room's day: a closure of its whole, greyed over the day, not bookable; the event stays.
    await page.goto(`/facility/${facilityId}/room/${halfAId}`)
    await expect(page.getByRole('heading', { name: 'Half Ice A', level: 1 })).toBeVisible()
    const closuresOfDay = page.getByRole('list', { name: /^Closures of / })
    await expect(closuresOfDay.getByRole('listitem')).toHaveCount(1)
    await expect(closuresOfDay.getByRole('listitem')).toContainText('Closed: Ice plant maintenance, 12:00 AM to ')
    await expect(page.locator('[data-closure]').getByText('Closed: Ice plant maintenance', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Jets practice/ })).toBeVisible()
    await page.locator('[data-closure]').getByText('Closed: Ice plant maintenance', { exact: true }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expectNoSideScroll(page)
    await checkA11y(page)

    // The series preview marks the date in the facility's closure.
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
    await addDialog.getByLabel('Date', { exact: true }).fill(addCalendarDays(today, 1))
    await addDialog.getByLabel('Start Time').selectOption('10:00')
    await addDialog.getByLabel('Repeat this event').check()
    await addDialog.getByLabel('Repeats').selectOption('daily')
    await addDialog.getByLabel('End Date').fill(addCalendarDays(today, 4))
    const dates = addDialog.getByRole('list', { name: 'Dates in this series' })
    await expect(dates.getByRole('listitem')).toHaveCount(4)
    await expect(addDialog.getByText('3 of 4 dates are free; 1 taken.')).toBeVisible()
    await expect(dates.getByRole('listitem').nth(2)).toContainText('Closed: Christmas Day')
    await expect(dates.getByRole('listitem').filter({ hasText: 'Free' })).toHaveCount(3)
    await checkA11y(page)
    await page.keyboard.press('Escape')
    await expect(addDialog).toBeHidden()

    // All Events: a line in each day's cell of the month, and the day with its times and place.
    await page.goto('/events')
    await page.getByRole('button', { name: 'Calendar', exact: true }).click()
    const month = page.getByRole('table')
    const todayCell = month.locator('[aria-current="date"]')
    await expect(todayCell).toContainText('Closed: Ice plant maintenance')
    // A phone's day shows a dot per event; the day chosen, today, lists them under the month.
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('button', { name: /^Jets practice/ })).toBeVisible()
    if (holiday.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month', exact: true }).click()
    await expect(month.getByText('Closed: Christmas Day')).toHaveCount(1)
    await expectNoSideScroll(page)
    await checkA11y(page)

    await page.getByRole('button', { name: 'Today', exact: true }).click()
    await page.getByRole('button', { name: 'Day', exact: true }).click()
    const dayClosures = page.getByRole('list', { name: 'Closures' })
    await expect(dayClosures.getByRole('listitem')).toHaveCount(1)
    await expect(dayClosures).toContainText('Closed: Ice plant maintenance')
    await expect(dayClosures).toContainText('All day')
    await expect(dayClosures).toContainText('Full Sheet - Maple Leaf Arena')
    await expectNoSideScroll(page)
    await checkA11y(page)

    // The lobby board: the closure in the room's block, above its events.
    await page.goto(`/display/${screenSlug}`)
    const block = page.getByRole('region', { name: 'Half Ice A' })
    await expect(block.getByText('Closed: Ice plant maintenance')).toBeVisible()
    await expect(block.getByText('All day')).toBeVisible()
    await expect(block.getByText('Jets practice')).toBeVisible()
    await expectNoSideScroll(page)
    await checkA11y(page)
  })
})
