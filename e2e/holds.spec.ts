import { request, type Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test, uniqueEmail } from './fixtures'

const TIME_ZONE = 'America/Toronto'
// The viewer and the facility share the zone, so the timeline's today is the facility's.
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; rinkId: string; clientId: string; tomorrow: string }

// A rink that accepts requests, a client with a booking on it, and a renter of that client who
// asks for the ice at 10:00 tomorrow: the request holds it (docs/product.md#renters).
async function seedHold(page: Page, baseURL: string): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Lakeshore Arena',
    timeZone: TIME_ZONE,
  })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:00',
    bookingInterval: 30,
  })
  const accepted = await page.request.put(`/api/rooms/${room.id}`, {
    data: {
      name: 'Rink A',
      type: 'rink',
      operatingStartTime: '06:00',
      operatingEndTime: '23:00',
      bookingInterval: 30,
      acceptsRequests: true,
    },
  })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Hawks Hockey' })
  const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
  await postJson(page, '/api/events', {
    roomId: room.id,
    clientId: client.id,
    title: 'Hawks practice',
    date: tomorrow,
    startTime: '08:00',
    durationMinutes: 60,
  })

  const email = uniqueEmail('renter')
  const { url } = await postJson<{ url: string }>(page, `/api/clients/${client.id}/portal-invitations`, { email })
  const token = new URL(url).searchParams.get('portalInvitation') ?? new URL(url).pathname.split('/').at(-1)!
  const renter = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const password = 'renter-password-1'
  const signedUp = await renter.post('/api/auth/sign-up/email', {
    data: { fullName: 'Rita Renter', email, password, portalInvitation: token },
  })
  expect(signedUp.status(), await signedUp.text()).toBe(201)
  expect((await renter.post('/api/auth/sign-in/email', { data: { email, password } })).status()).toBe(200)
  const asked = await renter.post('/api/portal/requests', {
    data: { clientId: client.id, roomId: room.id, date: tomorrow, startTime: '10:00', durationMinutes: 60, title: 'Hawks U11 extra ice' },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  await renter.dispose()
  return { facilityId: facility.id, rinkId: room.id, clientId: client.id, tomorrow }
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

const HOLD = 'Hawks U11 extra ice'

test.describe('a renter’s pending request on the operators’ calendars', () => {
  test('is drawn hatched as Pending, opens its details, and is never dragged', async ({ page, operator: _operator, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const venue = await seedHold(page, baseURL!)

    // The timeline: a hatched bar under 'Pending', read out as one.
    await page.goto(`/facility/${venue.facilityId}`)
    await page.getByRole('button', { name: 'Timeline' }).click()
    await page.getByRole('button', { name: 'Next day' }).click()
    const bar = page.getByRole('button', { name: `Pending: ${HOLD}, Rink A, 10:00 to 11:00 AM, Hawks Hockey` })
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('data-pending', '')
    await expect(bar).toContainText('Pending')
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('repeating-linear-gradient')
    const booking = page.getByRole('button', { name: 'Hawks practice, Rink A, 8:00 to 9:00 AM, Hawks Hockey' })
    await expect(booking).not.toHaveAttribute('data-pending')
    await checkA11y(page)

    // Dragged, it stays where it is and nothing is sent.
    let edits = 0
    page.on('request', (sent) => {
      if (sent.method() === 'PUT' && sent.url().includes('/api/events/')) edits += 1
    })
    const box = (await bar.boundingBox())!
    await page.mouse.move(box.x + 12, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 12 + 2 * 96, box.y + box.height / 2, { steps: 8 })
    await page.mouse.up()
    await expect(page.getByTestId('timeline-ghost')).toHaveCount(0)
    // Nor does 'M' start a move on it.
    await bar.focus()
    await page.keyboard.press('m')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('timeline-ghost')).toHaveCount(0)
    await page.keyboard.press('Escape')
    expect(edits).toBe(0)

    // Clicked, it shows what it holds and where it is answered, never the edit sheet.
    await bar.click()
    const details = page.getByRole('dialog', { name: 'Pending request' })
    await expect(details).toBeVisible()
    await expect(details).toContainText(HOLD)
    await expect(details).toContainText('10:00 AM - 11:00 AM')
    await expect(details.getByRole('link', { name: 'Open Requests' })).toHaveAttribute('href', '/requests')
    await expect(page.getByRole('dialog', { name: 'Edit Event' })).toHaveCount(0)
    await checkA11y(page)
    await page.keyboard.press('Escape')
    await expect(details).toHaveCount(0)

    // The week: a line marked 'Pending' in the day's cell.
    await page.getByRole('button', { name: 'Week', exact: true }).click()
    const chip = page.getByRole('button', { name: new RegExp(`^Pending: ${HOLD}, Rink A, `) })
    await expect(chip).toBeVisible()
    await expect(chip).toContainText('Pending')
    await checkA11y(page)
  })

  test('is listed and shown in the month as Pending, and is left out of the client’s bookings', async ({
    page,
    operator: _operator,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const venue = await seedHold(page, baseURL!)

    // All Events' list: marked, with a view button and no edit or delete.
    await page.goto('/events')
    const row = page.getByRole('article', { name: HOLD })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Pending')
    await expect(row.getByRole('button', { name: `Edit ${HOLD}` })).toHaveCount(0)
    await expect(row.getByRole('button', { name: `Delete ${HOLD}` })).toHaveCount(0)
    await expect(page.getByRole('article', { name: 'Hawks practice' }).getByRole('button', { name: 'Edit Hawks practice' })).toBeVisible()
    await checkA11y(page)
    await row.getByRole('button', { name: `View ${HOLD}` }).click()
    await expect(page.getByRole('dialog', { name: 'Pending request' })).toBeVisible()
    await page.keyboard.press('Escape')

    // The month: its line says it is pending.
    await page.getByRole('button', { name: 'Calendar', exact: true }).click()
    await page.getByRole('button', { name: 'Month', exact: true }).click()
    const line = page.getByRole('button', { name: new RegExp(`^Pending: ${HOLD}, `) })
    if (venue.tomorrow.slice(0, 7) !== todayInZone(TIME_ZONE, new Date()).slice(0, 7))
      await page.getByRole('button', { name: 'Next month' }).click()
    await expect(line).toBeVisible()
    await expect(line).toContainText('Pending')
    await checkA11y(page)

    // The client page lists bookings: the request is not one yet.
    await page.goto(`/clients/${venue.clientId}`)
    await expect(page.getByText('Hawks practice').first()).toBeVisible()
    await expect(page.getByText(HOLD)).toHaveCount(0)
  })
})
