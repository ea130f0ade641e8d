import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, expectTopBarOnTop, postJson, readmeScreenshot, signInWithApi, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
// The viewer and the facility share the zone, so the timeline's today is the facility's.
test.use({ timezoneId: TIME_ZONE })

// The timeline's geometry (features/timeline/facility-timeline.tsx): a day is 24 hours of 96 px, rows 52 px high.
const PX_PER_HOUR = 96
const ROW_HEIGHT = 52
const STALE = 'This event was changed by someone else. Reload to see the latest.'

type Venue = { facilityId: string; clientId: string; spaces: Record<string, string>; tomorrow: string }

// 'Full Sheet' with its two halves, a studio and a change room; a client; all through the API.
async function seedVenue(page: Page): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Bayview Arena', timeZone: TIME_ZONE })
  const rooms = `/api/facilities/${facility.id}/rooms`
  const space = async (data: object) => (await postJson<{ room: { id: string } }>(page, rooms, { type: 'rink', ...data })).room.id
  const fullSheet = await space({ name: 'Full Sheet', changeoverMinutes: 15 })
  const spaces = {
    'Full Sheet': fullSheet,
    'Half Ice A': await space({ name: 'Half Ice A', parentId: fullSheet }),
    'Half Ice B': await space({ name: 'Half Ice B', parentId: fullSheet }),
    Studio: await space({ name: 'Studio', type: 'room' }),
    'Change Room 1': await space({ name: 'Change Room 1', type: 'change_room' }),
  }
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Bayview Minor Hockey' })
  return { facilityId: facility.id, clientId: client.id, spaces, tomorrow: addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1) }
}

async function book(page: Page, venue: Venue, { space, title, startTime }: { space: string; title: string; startTime: string }) {
  await postJson(page, '/api/events', {
    roomId: venue.spaces[space],
    clientId: venue.clientId,
    title,
    date: venue.tomorrow,
    startTime,
    durationMinutes: 60,
  })
}

async function openTimelineTomorrow(page: Page, venue: Venue) {
  await page.goto(`/facility/${venue.facilityId}`)
  await page.getByRole('button', { name: 'Timeline' }).click()
  await page.getByRole('button', { name: 'Next day' }).click()
  await expect(spaceLink(page, 'Studio')).toBeVisible()
}

const spaceLink = (page: Page, name: string) => page.getByRole('list', { name: 'Spaces' }).getByRole('link', { name, exact: true })

// The viewport x of a wall time on the row of `space`, and that row's middle.
async function pointOf(page: Page, space: string, hours: number) {
  const track = page.getByTestId(`track-${space}`)
  await spaceLink(page, space).scrollIntoViewIfNeeded()
  const box = (await track.boundingBox())!
  return { x: box.x + hours * PX_PER_HOUR, y: box.y + box.height / 2 }
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 8 })
  await page.mouse.up()
}

async function dragBar(page: Page, name: RegExp, by: { dx: number; dy: number }) {
  await page.getByRole('list', { name: 'Spaces' }).scrollIntoViewIfNeeded()
  const box = (await page.getByRole('button', { name }).boundingBox())!
  const from = { x: box.x + 12, y: box.y + box.height / 2 }
  await drag(page, from, { x: from.x + by.dx, y: from.y + by.dy })
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1) // a pointer resting on a toast pauses its timer
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

test.describe('the venue timeline', () => {
  test('an operator books by dragging across an empty row', async ({ page, operator: _operator }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Half Ice A', title: 'U11 Practice', startTime: '10:00' })
    await postJson(page, '/api/events', {
      roomId: venue.spaces['Full Sheet'],
      clientId: venue.clientId,
      title: 'Senior Game',
      eventType: 'game',
      team1Name: 'Hawks',
      team2Name: 'Eagles',
      changeRoom1Id: venue.spaces['Change Room 1'],
      color: '#16a34a',
      date: venue.tomorrow,
      startTime: '15:00',
      durationMinutes: 90,
    })
    await postJson(page, `/api/facilities/${venue.facilityId}/closures`, {
      spaceId: venue.spaces.Studio,
      reason: 'Floor refinishing',
      startDate: venue.tomorrow,
      startTime: '14:00',
      endDate: venue.tomorrow,
      endTime: '16:00',
    })
    await openTimelineTomorrow(page, venue)

    // Spaces are rows: parts under their whole, the change room last.
    await expect(page.getByRole('list', { name: 'Spaces' }).getByRole('link')).toHaveText([
      'Full Sheet',
      'Half Ice A',
      'Half Ice B',
      'Studio',
      'Change Room 1',
    ])
    await expect(page.getByRole('button', { name: 'U11 Practice, Half Ice A, 10:00 to 11:00 AM, Bayview Minor Hockey' })).toBeVisible()
    await expect(
      page.getByRole('button', { name: 'Senior Game, Full Sheet, 3:00 to 4:30 PM, Hawks vs Eagles, Bayview Minor Hockey' }),
    ).toBeVisible()
    await expect(page.getByTestId('track-Studio')).toContainText('Closed: Floor refinishing')
    // Hour labels read as every other time in the app.
    await expect(page.getByTestId('timeline-scroller')).toContainText('9:00 AM')
    await checkA11y(page)
    const timeline = page.getByTestId('timeline-scroller')
    await timeline.scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath('timeline-1280.png') })
    // Scrolled under the top bar, the timeline's sticky space names pass beneath it.
    await page.getByRole('list', { name: 'Spaces' }).evaluate((list) => window.scrollBy(0, list.getBoundingClientRect().top - 30))
    await expectTopBarOnTop(page)
    await page.getByRole('button', { name: 'Week', exact: true }).click()
    await expect(
      page
        .getByText(/ - /)
        .filter({ hasText: 'Dec' })
        .or(page.getByText(/Nov \d+, 2026 - /)),
    ).toBeVisible()
    // A week's bars say their day: a weekly practice is otherwise the same sentence every day.
    const weekBar = page.getByRole('button', {
      name: /^Senior Game, Full Sheet, [A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}, 3:00 to 4:30 PM, Hawks vs Eagles/,
    })
    await expect(weekBar).toBeVisible()
    // In a week a bar is a line of its day's cell: its title, and its start where the column has
    // room; its teams and client stay in its name and tooltip.
    await expect(weekBar).toContainText('Senior Game')
    await expect(weekBar).not.toContainText('Hawks')
    await expect(weekBar).toHaveAttribute('title', /Hawks vs Eagles, Bayview Minor Hockey/)
    await page.screenshot({ path: test.info().outputPath('timeline-week-1280.png') })
    await checkA11y(page)
    // The chosen view is in the address, and remembered for an address that names none.
    await expect(page).toHaveURL(/view=timeline&span=week/)
    await page.goto(`/facility/${venue.facilityId}`)
    await expect(page.getByRole('button', { name: 'Timeline' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'Next week' }).click()
    await page.getByRole('button', { name: 'Day', exact: true }).click()

    // Today opens on the current time, with a line at it.
    await page.getByRole('button', { name: 'Today' }).click()
    await expect(page.getByTestId('timeline-now')).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath('timeline-today-1280.png') })
    await page.getByRole('button', { name: 'Next day' }).click()

    // 10:05 to 11:40 on a 30-minute space: 10:00 for 2 hours.
    await drag(page, await pointOf(page, 'Studio', 10 + 5 / 60), await pointOf(page, 'Studio', 11 + 40 / 60))
    const dialog = page.getByRole('dialog', { name: 'Add New Event' })
    await expect(dialog).toContainText('Book Studio.')
    await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(venue.tomorrow)
    await expect(dialog.getByLabel('Start Time')).toHaveValue('10:00')
    await expect(dialog.getByLabel('Duration')).toHaveValue('120')
    await dialog.getByLabel('Client').selectOption({ label: 'Bayview Minor Hockey' })
    await dialog.getByLabel('Title').fill('Goalie Clinic')
    await dialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Goalie Clinic, Studio, 10:00 AM to 12:00 PM, Bayview Minor Hockey' })).toBeVisible()
    await readmeScreenshot(page.getByRole('region', { name: 'Events', exact: true }), 'timeline-day')

    // A space's row opens its room schedule page.
    await spaceLink(page, 'Studio').click()
    await expect(page.getByRole('heading', { name: 'Studio', level: 1 })).toBeVisible()
  })

  test('an operator moves an event to another space and undoes it', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Half Ice A', title: 'U11 Practice', startTime: '10:00' })
    await openTimelineTomorrow(page, venue)

    await dragBar(page, /^U11 Practice, Half Ice A/, { dx: 0, dy: ROW_HEIGHT })
    await expect(page.getByText('Event moved')).toBeVisible()
    await expect(page.getByRole('button', { name: 'U11 Practice, Half Ice B, 10:00 to 11:00 AM, Bayview Minor Hockey' })).toBeVisible()

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByRole('button', { name: 'U11 Practice, Half Ice A, 10:00 to 11:00 AM, Bayview Minor Hockey' })).toBeVisible()

    // A drop into a space of another type (a rink's practice to the Studio) asks first.
    await dragBar(page, /^U11 Practice, Half Ice A/, { dx: 0, dy: 2 * ROW_HEIGHT })
    const confirm = page.getByRole('alertdialog', { name: 'Move to a room?' })
    await expect(confirm).toContainText('Move it to Studio?')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('button', { name: 'U11 Practice, Half Ice A, 10:00 to 11:00 AM, Bayview Minor Hockey' })).toBeVisible()
  })

  test('an operator drags an event’s end to make it longer', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Studio', title: 'Yoga', startTime: '10:00' })
    await openTimelineTomorrow(page, venue)

    // The grip is the bar's last few pixels; pressing the bar elsewhere moves it instead.
    await page.getByRole('list', { name: 'Spaces' }).scrollIntoViewIfNeeded()
    const box = (await page.getByRole('button', { name: /^Yoga, Studio/ }).boundingBox())!
    const grip = { x: box.x + box.width - 3, y: box.y + box.height / 2 }
    await drag(page, grip, { x: grip.x + PX_PER_HOUR, y: grip.y })
    await expect(page.getByText('Event resized')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Yoga, Studio, 10:00 AM to 12:00 PM, Bayview Minor Hockey' })).toBeVisible()
  })

  test('a move across a linked space is refused and snaps back', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Half Ice A', title: 'U11 Practice', startTime: '10:00' })
    await book(page, venue, { space: 'Full Sheet', title: 'Senior Game', startTime: '13:00' })
    await openTimelineTomorrow(page, venue)

    // Half Ice A at 13:00 would use the Full Sheet, which the game holds.
    await dragBar(page, /^U11 Practice, Half Ice A/, { dx: 3 * PX_PER_HOUR, dy: 0 })
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to move event' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('Senior Game')
    await expect(page.getByRole('button', { name: 'U11 Practice, Half Ice A, 10:00 to 11:00 AM, Bayview Minor Hockey' })).toBeVisible()
  })

  test('a drop before the space opens is refused by the server, snaps back and says why', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Studio', title: 'Yoga', startTime: '10:00' })
    await openTimelineTomorrow(page, venue)

    // The Studio opens at 9:00 AM (the default hours); 8:00 AM is not a start it takes.
    await dragBar(page, /^Yoga, Studio/, { dx: -2 * PX_PER_HOUR, dy: 0 })
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to move event' })
    await expect(toast).toContainText('Studio takes bookings starting from 9:00 AM to 9:30 PM')
    await expect(page.getByRole('button', { name: 'Yoga, Studio, 10:00 to 11:00 AM, Bayview Minor Hockey' })).toBeVisible()
  })

  test('an operator moves an event with the keyboard and opens it with Enter', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Studio', title: 'Yoga', startTime: '10:00' })
    await openTimelineTomorrow(page, venue)

    const bar = page.getByRole('button', { name: /^Yoga, Studio/ })
    await bar.focus()
    await page.keyboard.press('Enter')
    const sheet = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(sheet).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()

    await bar.focus()
    await page.keyboard.press('m')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByText('Yoga, Studio, 11:00 AM to 12:00 PM, Bayview Minor Hockey')).toBeAttached()
    // Escape puts it back; a second try drops it.
    await page.keyboard.press('Escape')
    await page.keyboard.press('m')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    // The Studio is a room and Half Ice B is not: a move across types asks first.
    await page
      .getByRole('alertdialog', { name: /^Move to a/ })
      .getByRole('button', { name: 'Move', exact: true })
      .click()
    await expect(page.getByText('Event moved')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Yoga, Half Ice B, 10:30 to 11:30 AM, Bayview Minor Hockey' })).toBeVisible()
  })

  test('a drop based on a stale copy is refused', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Studio', title: 'Yoga', startTime: '10:00' })
    // This timeline does not hear of the change below, as when it comes a moment before the drop.
    await page.route('**/timeline/changes', (route) => route.abort())
    await openTimelineTomorrow(page, venue)
    await expect(page.getByRole('button', { name: /^Yoga, Studio/ })).toBeVisible()

    // Someone else renames it meanwhile, raising its version.
    const from = new Date(`${venue.tomorrow}T00:00:00Z`).toISOString()
    const to = new Date(Date.parse(from) + 3 * 86_400_000).toISOString()
    const listed = await page.request.get(`/api/events?${new URLSearchParams({ from, to, facilityId: venue.facilityId })}`)
    const [event] = ((await listed.json()) as { events: Array<Record<string, unknown>> }).events
    const { id, roomName: _r, facilityId: _f, facilityName: _n, timeZone: _z, eventGroupId: _g, changeoverMinutes: _c, ...fields } = event!
    expect((await page.request.put(`/api/events/${String(id)}`, { data: { ...fields, title: 'Power Yoga' } })).status()).toBe(200)

    await dragBar(page, /^Yoga, Studio/, { dx: PX_PER_HOUR, dy: 0 })
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: STALE })).toBeVisible()
  })

  test('a change made in a second browser appears in the first within 2 seconds', async ({ page, browser, operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Studio', title: 'Yoga', startTime: '10:00' })
    await openTimelineTomorrow(page, venue)
    await expect(page.getByRole('button', { name: /^Yoga, Studio, 10:00 to 11:00 AM/ })).toBeVisible()

    const second = await browser.newContext({ timezoneId: TIME_ZONE })
    const otherPage = await second.newPage()
    try {
      await signInWithApi(otherPage, operator)
      await openTimelineTomorrow(otherPage, venue)
      await otherPage.getByRole('button', { name: /^Yoga, Studio/ }).focus()
      await otherPage.keyboard.press('m')
      await otherPage.keyboard.press('ArrowRight')
      await otherPage.keyboard.press('Enter')
      await expect(otherPage.getByText('Event moved')).toBeVisible()

      await expect(page.getByRole('button', { name: /^Yoga, Studio, 10:30 to 11:30 AM/ })).toBeVisible({ timeout: 2_000 })
    } finally {
      await second.close()
    }
  })

  test('on a phone the timeline is a list of each space’s day', async ({ page, operator: _operator }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Half Ice A', title: 'U11 Practice', startTime: '10:00' })
    await openTimelineTomorrow(page, venue)

    const halfA = page
      .getByRole('list', { name: 'Spaces' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Half Ice A' }) })
    await expect(halfA).toContainText('U11 Practice')
    await expect(halfA).toContainText('Bayview Minor Hockey')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('timeline-390.png'), fullPage: true })
  })

  test('Print gives a day sheet of the facility, one row per space', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await book(page, venue, { space: 'Half Ice A', title: 'U11 Practice', startTime: '10:00' })
    await postJson(page, `/api/facilities/${venue.facilityId}/closures`, {
      spaceId: venue.spaces.Studio,
      reason: 'Floor refinishing',
      startDate: venue.tomorrow,
      startTime: '14:00',
      endDate: venue.tomorrow,
      endTime: '16:00',
    })
    await openTimelineTomorrow(page, venue)
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()

    // 'Print' draws the sheet, then opens the browser's print dialog, which a headless browser
    // cannot show: the dialog is left out and the page is shown as on paper.
    await page.evaluate(() => (window.print = () => {}))
    await page.getByRole('button', { name: 'Print' }).click()
    await page.emulateMedia({ media: 'print' })
    const sheet = page.locator('.timeline-print-sheet')
    await expect(sheet).toBeVisible()
    await expect(sheet.locator('tr')).toHaveCount(4)
    await expect(sheet.locator('tr').filter({ hasText: 'Half Ice A' })).toContainText(
      '10:00 AM - 11:00 AM U11 Practice (Bayview Minor Hockey)',
    )
    await expect(sheet.locator('tr').filter({ hasText: 'Studio' })).toContainText('Closed: Floor refinishing (2:00 PM - 4:00 PM)')
    await page.screenshot({ path: test.info().outputPath('timeline-print.png'), fullPage: true })
  })
})
