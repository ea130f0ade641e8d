import type { Page } from '@playwright/test'
import { checkA11y, expect, test } from './fixtures'

const MS_PER_MINUTE = 60_000
const MS_PER_HOUR = 60 * MS_PER_MINUTE

// The facility's zone is picked so that its wall clock reads between 01:00 and 17:00 whenever the
// test runs: a window of up to 5 hours then stays inside one day's opening hours. Both zones have
// no daylight saving, so a fixed offset converts instants to wall clock.
function facilityZone(now: Date): { timeZone: string; offsetMs: number } {
  const hour = now.getUTCHours()
  return hour >= 1 && hour < 17 ? { timeZone: 'UTC', offsetMs: 0 } : { timeZone: 'Asia/Tokyo', offsetMs: 9 * MS_PER_HOUR }
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The wall clock of a fixed-offset zone: date 'YYYY-MM-DD', time 'HH:MM', and the email's '9:30 am'. */
function wallClock(instant: number, offsetMs: number) {
  const local = new Date(instant + offsetMs)
  const hours = local.getUTCHours()
  const minutes = pad(local.getUTCMinutes())
  return {
    date: local.toISOString().slice(0, 10),
    time: `${pad(hours)}:${minutes}`,
    email: `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`,
  }
}

async function post<T>(page: Page, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(path, { data })
  expect(response.status(), `POST ${path}`).toBe(201)
  return (await response.json()) as T
}

const roomCards = (page: Page) => page.getByRole('list', { name: 'Spaces' }).getByRole('heading', { level: 3 })
const roomCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Spaces' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, level: 3 }) })
const emailText = (page: Page) => page.getByRole('textbox', { name: 'Selloff Email Template' })
const hoursAhead = (page: Page) => page.getByRole('slider', { name: 'Hours Ahead' })

test.describe('marketing', () => {
  test('an operator with two rinks, one booked for the next hour, builds a selloff email and copies it', async ({
    page,
    context,
    operator,
  }) => {
    void operator
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const now = Date.now()
    const { timeZone, offsetMs } = facilityZone(new Date(now))
    // The rooms' hourly grid runs at the minute half an hour from now, so the first slot starts
    // 30 minutes ahead and the slots stay put however long the test takes (under half an hour).
    const firstSlot = Math.floor(now / MS_PER_MINUTE) * MS_PER_MINUTE + 30 * MS_PER_MINUTE
    const gridMinute = wallClock(firstSlot, offsetMs).time.slice(3)
    const rink = { type: 'rink', bookingInterval: 60, operatingStartTime: `00:${gridMinute}`, operatingEndTime: '23:00' }

    const { facility } = await post<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Maple Leaf Arena', timeZone })
    const { room: rinkA } = await post<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, { name: 'Rink A', ...rink })
    await post(page, `/api/facilities/${facility.id}/rooms`, { name: 'Rink B', ...rink })
    await post(page, `/api/facilities/${facility.id}/rooms`, { name: 'Home Change Room', type: 'change_room' })
    // Listed first by name, so it is the facility the page opens with.
    const { facility: other } = await post<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Lakeside Rinks', timeZone })
    await post(page, `/api/facilities/${other.id}/rooms`, { name: 'Court 1', type: 'court' })
    const { client } = await post<{ client: { id: string } }>(page, '/api/clients', { name: 'Maple Minor Hockey' })
    const booked = wallClock(firstSlot, offsetMs)
    await post(page, '/api/events', {
      roomId: rinkA.id,
      clientId: client.id,
      title: 'U11 Practice',
      date: booked.date,
      startTime: booked.time,
      durationMinutes: 60,
    })

    // Free slots that follow one another read as one block, from its first hour to its last.
    const blockLine = (fromHour: number, toHour: number) =>
      `• ${wallClock(firstSlot + fromHour * MS_PER_HOUR, offsetMs).email} - ${wallClock(firstSlot + toHour * MS_PER_HOUR, offsetMs).email}`

    await page.goto('/marketing')
    await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible()
    await expect(page.getByText('Create selloff emails for available time slots')).toBeVisible()
    await expect(page.getByLabel('Facility')).toHaveValue(other.id)
    await expect(emailText(page)).toHaveValue(/^Subject: Last Minute Availability at Lakeside Rinks!/)

    await page.getByLabel('Facility').selectOption({ label: 'Maple Leaf Arena' })
    await expect(hoursAhead(page)).toHaveAttribute('aria-valuenow', '4')
    await expect(roomCards(page)).toHaveText(['Rink A', 'Rink B'])
    // A 4-hour window holds three whole hourly slots; Rink A's first one is booked.
    await expect(roomCard(page, 'Rink A')).toContainText('Rink')
    await expect(roomCard(page, 'Rink A')).toContainText('2/3 Available')
    await expect(roomCard(page, 'Rink B')).toContainText('3/3 Available')
    await expect(roomCard(page, 'Rink A').getByRole('listitem').first()).toContainText('booked')
    await expect(emailText(page)).toHaveValue(
      [
        'Subject: Last Minute Availability at Maple Leaf Arena!',
        '',
        'Hi there,',
        '',
        'Here is our last-minute availability at Maple Leaf Arena:',
        '',
        'Rink A (Rink)',
        blockLine(1, 3),
        '',
        'Rink B (Rink)',
        blockLine(0, 3),
        '',
        'Reply to this email to book your time. First come, first served!',
        '',
        'Best regards,',
        'Maple Leaf Arena Team',
      ].join('\n'),
    )
    await checkA11y(page)

    await hoursAhead(page).focus()
    await page.keyboard.press('ArrowRight')
    await expect(hoursAhead(page)).toHaveAttribute('aria-valuenow', '5')
    await expect(roomCard(page, 'Rink A')).toContainText('3/4 Available')
    await expect(roomCard(page, 'Rink B')).toContainText('4/4 Available')
    await expect(emailText(page)).toHaveValue(new RegExp(`Rink A \\(Rink\\)\\n${blockLine(1, 4)}\\n`))

    // Edits survive a change of the hours only when the operator asks for it.
    await emailText(page).fill('Subject: Ice tonight!\n\nCome skate with us.')
    await page.getByRole('switch', { name: 'Keep my edits' }).click()
    await expect(page.getByText('Your edits stay when you change the facility or the hours.')).toBeVisible()
    await hoursAhead(page).press('ArrowLeft')
    await expect(roomCard(page, 'Rink B')).toContainText('3/3 Available')
    await expect(emailText(page)).toHaveValue('Subject: Ice tonight!\n\nCome skate with us.')
    await page.getByRole('switch', { name: 'Keep my edits' }).click()
    await expect(page.getByText('Changing the facility or the hours regenerates the text and replaces your edits.')).toBeVisible()
    await hoursAhead(page).press('ArrowRight')
    await expect(roomCard(page, 'Rink B')).toContainText('4/4 Available')
    await expect(emailText(page)).toHaveValue(new RegExp(`${blockLine(0, 4)}\\n\\nReply to this email`))
    await checkA11y(page)

    const email = await emailText(page).inputValue()
    await page.getByRole('button', { name: 'Copy Email' }).click()
    await expect(page.getByText('Email content copied to clipboard!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email)

    const mailto = await page.getByRole('link', { name: 'Open in email app' }).getAttribute('href')
    expect(mailto).toMatch(/^mailto:\?subject=Last%20Minute%20Availability%20at%20Maple%20Leaf%20Arena!&body=Hi%20there%2C%0D%0A%0D%0A/)
  })

  test('a sheet and its halves are sold as one inventory: full sheet, or either half, and a half alone when only it is free', async ({
    page,
    operator,
  }) => {
    void operator
    const now = Date.now()
    const { timeZone, offsetMs } = facilityZone(new Date(now))
    const firstSlot = Math.floor(now / MS_PER_MINUTE) * MS_PER_MINUTE + 30 * MS_PER_MINUTE
    const gridMinute = wallClock(firstSlot, offsetMs).time.slice(3)
    const rink = { type: 'rink', bookingInterval: 60, operatingStartTime: `00:${gridMinute}`, operatingEndTime: '23:00' }
    const { facility } = await post<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Twin Sheets', timeZone })
    const rooms = `/api/facilities/${facility.id}/rooms`
    const { room: sheet } = await post<{ room: { id: string } }>(page, rooms, { name: 'Rink A', ...rink })
    await post(page, rooms, { name: 'Half Ice East', parentId: sheet.id, ...rink })
    const { room: west } = await post<{ room: { id: string } }>(page, rooms, { name: 'Half Ice West', parentId: sheet.id, ...rink })
    const { client } = await post<{ client: { id: string } }>(page, '/api/clients', { name: 'Twin Minor Hockey' })
    const booked = wallClock(firstSlot, offsetMs)
    await post(page, '/api/events', {
      roomId: west.id,
      clientId: client.id,
      title: 'U9 Half Ice',
      date: booked.date,
      startTime: booked.time,
      durationMinutes: 60,
    })
    const blockLine = (fromHour: number, toHour: number) =>
      `• ${wallClock(firstSlot + fromHour * MS_PER_HOUR, offsetMs).email} - ${wallClock(firstSlot + toHour * MS_PER_HOUR, offsetMs).email}`

    await page.goto('/marketing')
    await expect(roomCard(page, 'Rink A')).toContainText('2/3 Available')
    // One sheet of ice reads as one inventory, not three lines: the sheet once its west half is
    // free again, and the east half alone for the hour the west half is booked.
    await expect(emailText(page)).toHaveValue(
      new RegExp(
        [
          'availability at Twin Sheets:',
          '',
          'Rink A: full sheet, or either half',
          blockLine(1, 3),
          '',
          'Rink A: Half Ice East',
          blockLine(0, 1),
          '',
          'Reply to this email',
        ].join('\n'),
      ),
    )
    await expect(emailText(page)).not.toHaveValue(/Half Ice West/)
    await checkA11y(page)
  })

  test('the page works at phone width', async ({ page, operator }) => {
    void operator
    await page.setViewportSize({ width: 390, height: 844 })
    const { facility } = await post<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Pocket Arena' })
    await post(page, `/api/facilities/${facility.id}/rooms`, { name: 'Rink A', type: 'rink' })
    await page.goto('/marketing')
    await expect(roomCard(page, 'Rink A')).toBeVisible()
    await expect(emailText(page)).toHaveValue(/^Subject: Last Minute Availability at Pocket Arena!/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await checkA11y(page)
  })

  test('an operator without facilities is sent to create one', async ({ page, operator }) => {
    void operator
    await page.goto('/marketing')
    await expect(page.getByRole('heading', { name: 'No facilities yet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Facilities' })).toHaveAttribute('href', '/facilities')
    await checkA11y(page)
  })

  test('a failed load says so, with the server’s message', async ({ page, operator }) => {
    void operator
    await post(page, '/api/facilities', { name: 'Gone Arena' })
    await page.route(
      (url) => url.pathname === '/api/marketing/availability',
      (route) => route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Facility not found' } } }),
    )
    await page.goto('/marketing')
    await expect(page.getByText('Failed to load availability')).toBeVisible()
    await expect(page.getByText('Facility not found')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Availability could not be loaded' })).toBeVisible()
    await checkA11y(page)

    await page.unrouteAll()
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { name: 'No spaces to sell' })).toBeVisible()
  })
})
