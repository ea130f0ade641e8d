import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
// The viewer and the facility share the zone, so the dates read the same in both.
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; fullSheetId: string; halfAId: string; studioId: string; clientId: string }

// A sheet with a half, a studio and a change room; 'Jets practice' on the half on `day` and
// 'Yoga' in the studio the day after.
async function seedVenue(page: Page, day: string): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Maple Leaf Arena',
    timeZone: TIME_ZONE,
  })
  const rooms = `/api/facilities/${facility.id}/rooms`
  const space = async (data: object) =>
    (await postJson<{ room: { id: string } }>(page, rooms, { operatingStartTime: '06:00', operatingEndTime: '23:00', ...data })).room.id
  const fullSheetId = await space({ name: 'Full Sheet', type: 'rink' })
  const halfAId = await space({ name: 'Half Ice A', type: 'rink', parentId: fullSheetId })
  const studioId = await space({ name: 'Studio', type: 'room' })
  await space({ name: 'Home Room', type: 'change_room' })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
  const book = (roomId: string, title: string, date: string, startTime: string) =>
    postJson(page, '/api/events', { roomId, clientId: client.id, title, date, startTime, durationMinutes: 60 })
  await book(halfAId, 'Jets practice', day, '10:00')
  await book(studioId, 'Yoga', addCalendarDays(day, 1), '12:00')
  return { facilityId: facility.id, fullSheetId, halfAId, studioId, clientId: client.id }
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  // A pointer resting on a toast pauses its timer, and toasts now show where the last click was.
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

async function upcomingTitles(page: Page, roomId: string): Promise<string[]> {
  const response = await page.request.get(`/api/events/upcoming?${new URLSearchParams({ roomId })}`)
  const { events } = (await response.json()) as { events: { title: string }[] }
  return events.map(({ title }) => title).sort()
}

const closureList = (page: Page) => page.getByRole('region', { name: 'Closures' }).getByRole('list')

test.describe('closures', () => {
  test('an operator closes the facility for a day, cancelling the event in it, then removes the closure', async ({
    page,
    operator: _operator,
  }) => {
    const day = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 3)
    const venue = await seedVenue(page, day)

    await page.goto(`/facility/${venue.facilityId}`)
    await expect(page.getByRole('heading', { name: 'Closures', level: 2 })).toBeVisible()
    await expect(page.getByText('No closures planned.')).toBeVisible()

    await page.getByRole('button', { name: 'Add Closure' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Closure' })
    // The whole facility first, then every space but the change room, the half under its sheet.
    await expect(dialog.getByLabel('Closes').locator('option')).toHaveText(['Whole facility', 'Full Sheet', 'Half Ice A', 'Studio'])
    await expect(dialog.getByLabel('Closes')).toHaveValue('')
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('placeholder', 'e.g. Christmas Day')
    // All day by default, today only.
    await expect(dialog.getByRole('switch', { name: 'All day' })).toBeChecked()
    const today = todayInZone(TIME_ZONE, new Date())
    await expect(dialog.getByLabel('From')).toHaveValue(today)
    await expect(dialog.getByLabel('To', { exact: true })).toHaveValue(today)

    await dialog.getByLabel('Reason').fill('Ice plant maintenance')
    await dialog.getByLabel('From').fill(day)
    await dialog.getByLabel('To', { exact: true }).fill(day)
    const covered = dialog.getByRole('list', { name: '1 event falls in this closure' })
    await expect(covered.getByRole('listitem')).toHaveCount(1)
    await expect(covered.getByRole('listitem')).toContainText('Jets practice')
    await expect(covered.getByRole('listitem')).toContainText('Half Ice A')
    await expect(covered.getByRole('listitem')).toContainText('10:00 AM - 11:00 AM')
    await expect(dialog.getByRole('group', { name: 'What happens to these events?' })).toBeVisible()
    await expect(
      dialog.getByText("Their hours go back to the client's contract, and clients who get booking emails are told."),
    ).toBeVisible()
    await checkA11y(page)

    // The choice is required while events are listed.
    await dialog.getByRole('button', { name: 'Add Closure' }).click()
    await expect(dialog.getByText('Please choose whether to keep or cancel these events')).toBeVisible()
    await expect(dialog).toBeVisible()

    await dialog.getByLabel('Cancel these events').check()
    await dialog.getByRole('button', { name: 'Add Closure' }).click()
    await expect(page.getByText('Closure added successfully! (1 event cancelled)')).toBeVisible()
    await expect(dialog).toBeHidden()
    const item = closureList(page).getByRole('listitem').filter({ hasText: 'Ice plant maintenance' })
    await expect(item).toContainText('Whole facility')
    await expect(item).toContainText('(all day)')
    expect(await upcomingTitles(page, venue.halfAId)).toEqual([])

    // Nothing can be booked into it: the refusal names the closure.
    const refused = await page.request.post('/api/events', {
      data: {
        roomId: venue.fullSheetId,
        clientId: venue.clientId,
        title: 'Late skate',
        date: day,
        startTime: '15:00',
        durationMinutes: 60,
      },
    })
    expect(refused.status()).toBe(409)
    const { error } = (await refused.json()) as { error: { message: string } }
    expect(error.message).toContain('Closed: Ice plant maintenance')

    // Removing it asks first; the time is bookable again.
    await item.getByRole('button', { name: 'Remove' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove closure?' })
    await expect(confirm).toContainText('bookable again')
    await checkA11y(page)
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click()
    await expect(page.getByText('Closure removed')).toBeVisible()
    await expect(page.getByText('No closures planned.')).toBeVisible()
    await postJson(page, '/api/events', {
      roomId: venue.fullSheetId,
      clientId: venue.clientId,
      title: 'Late skate',
      date: day,
      startTime: '15:00',
      durationMinutes: 60,
    })
  })

  test('on a phone, an operator closes one space for some hours and keeps its event', async ({ page, operator: _operator }) => {
    const day = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 3)
    const nextDay = addCalendarDays(day, 1)
    const venue = await seedVenue(page, day)

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/facility/${venue.facilityId}`)
    await page.getByRole('button', { name: 'Add Closure' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Closure' })
    await dialog.getByLabel('Closes').selectOption(venue.studioId)
    await dialog.getByLabel('Reason').fill('Floor refinishing')
    await dialog.getByRole('switch', { name: 'All day' }).click()
    await dialog.getByLabel('Starts').fill(`${nextDay}T11:00`)
    await dialog.getByLabel('Ends').fill(`${nextDay}T14:00`)

    const covered = dialog.getByRole('list', { name: '1 event falls in this closure' })
    await expect(covered.getByRole('listitem')).toContainText('Yoga')
    await expect(covered.getByRole('listitem')).toContainText('Studio')
    // At a phone's width the dialog scrolls as a whole and nothing runs off its side.
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    await checkA11y(page)

    // By keyboard, as any radio.
    await dialog.getByLabel('Keep these events').focus()
    await page.keyboard.press('Space')
    await expect(dialog.getByLabel('Keep these events')).toBeChecked()
    await dialog.getByRole('button', { name: 'Add Closure' }).click()
    await expect(page.getByText('Closure added successfully!', { exact: true })).toBeVisible()
    await expect(dialog).toBeHidden()

    const item = closureList(page).getByRole('listitem').filter({ hasText: 'Floor refinishing' })
    await expect(item).toContainText('Studio')
    await expect(item).toContainText('11:00 AM - 2:00 PM')
    expect(await upcomingTitles(page, venue.studioId)).toEqual(['Yoga'])
    // The page never scrolls sideways at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
    await checkA11y(page)

    // The studio is closed after its kept yoga, its neighbours are not.
    const book = (roomId: string) =>
      page.request.post('/api/events', {
        data: { roomId, clientId: venue.clientId, title: 'Lunch skate', date: nextDay, startTime: '13:00', durationMinutes: 60 },
      })
    const refused = await book(venue.studioId)
    expect(refused.status()).toBe(409)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('Closed: Floor refinishing')
    expect((await book(venue.fullSheetId)).status()).toBe(201)
  })
})
