import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

const STALE = 'This event was changed by someone else. Reload to see the latest.'

type ApiEvent = { id: string; title: string; clientId: string; startTime: string; endTime: string; version: number }

// Two rinks open 06:00-23:30 on a 30-minute interval, a client, and one 90-minute booking tomorrow at 10:00.
async function seed(page: Page) {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Harbour Arena', timeZone: TIME_ZONE })
  const rink = async (name: string) =>
    (
      await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
        name,
        type: 'rink',
        operatingStartTime: '06:00',
        operatingEndTime: '23:30',
        bookingInterval: 30,
      })
    ).room.id
  const rinkA = await rink('Rink A')
  const rinkB = await rink('Rink B')
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Lakeshore FSC' })
  const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
  const { events } = await postJson<{ events: ApiEvent[] }>(page, '/api/events', {
    roomId: rinkA,
    clientId: client.id,
    title: 'Figure skating',
    date: tomorrow,
    startTime: '10:00',
    durationMinutes: 90,
  })
  return { facilityId: facility.id, rinkA, rinkB, tomorrow, event: events[0]! }
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  // A pointer resting on a toast pauses its timer, and toasts now show where the last click was.
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

for (const width of [1280, 390]) {
  test.describe(`the edit sheet at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } })

    test('keeps the length when the start moves, moves the event to another space, and follows the space’s rules', async ({
      page,
      operator: _operator,
    }) => {
      const venue = await seed(page)
      await page.goto(`/facility/${venue.facilityId}`)
      const events = page.getByRole('region', { name: 'Events', exact: true })
      await events.getByRole('button', { name: 'Edit Figure skating' }).click()
      const sheet = page.getByRole('dialog', { name: 'Edit Event' })
      await expect(sheet.getByLabel('Space')).toHaveValue(venue.rinkA)
      await expect(sheet.getByLabel('End')).toHaveValue(`${venue.tomorrow}T11:30`)

      // Changing the start keeps the 90 minutes.
      await sheet.getByLabel('Start').fill(`${venue.tomorrow}T14:00`)
      await expect(sheet.getByLabel('End')).toHaveValue(`${venue.tomorrow}T15:30`)
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`event-edits-sheet-${width}.png`), fullPage: false })

      // Off the interval's steps: refused in the sheet, with the space's steps named.
      await sheet.getByLabel('Start').fill(`${venue.tomorrow}T14:10`)
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      await expect(sheet.getByText('Start times are every 30 min from 6:00 AM to 11:00 PM')).toBeVisible()
      // Once the operator sets the end, the start no longer moves it; a length off the steps is refused.
      await sheet.getByLabel('Start').fill(`${venue.tomorrow}T14:00`)
      await sheet.getByLabel('End').fill(`${venue.tomorrow}T14:45`)
      await sheet.getByLabel('Start').fill(`${venue.tomorrow}T13:00`)
      await expect(sheet.getByLabel('End')).toHaveValue(`${venue.tomorrow}T14:45`)
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      await expect(sheet.getByText('The duration must be 30 min to 6 hrs, in steps of 30 min')).toBeVisible()

      // To Rink B at 1 PM for an hour: one save, through the booking engine.
      await sheet.getByLabel('End').fill(`${venue.tomorrow}T14:00`)
      await sheet.getByLabel('Space').selectOption({ label: 'Rink B' })
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByText('Event updated successfully!')).toBeVisible()
      const moved = await (await page.request.get(`/api/events/upcoming?roomId=${venue.rinkB}`)).json()
      expect(moved.events.map((event: ApiEvent & { roomId: string }) => [event.title, event.roomId, event.version])).toEqual([
        ['Figure skating', venue.rinkB, 2],
      ])
    })

    test('refuses a save based on a stale version once, in the footer, and reloads', async ({ page, operator: _operator }) => {
      const venue = await seed(page)
      await page.goto(`/facility/${venue.facilityId}`)
      const events = page.getByRole('region', { name: 'Events', exact: true })
      await events.getByRole('button', { name: 'Edit Figure skating' }).click()
      const sheet = page.getByRole('dialog', { name: 'Edit Event' })
      await expect(sheet.getByLabel('Title')).toHaveValue('Figure skating')

      // Someone else renames it meanwhile.
      const other = await page.request.put(`/api/events/${venue.event.id}`, {
        data: {
          clientId: venue.event.clientId,
          title: 'Figure skating (renamed elsewhere)',
          startTime: venue.event.startTime,
          endTime: venue.event.endTime,
          version: venue.event.version,
        },
      })
      expect(other.status()).toBe(200)

      await sheet.getByLabel('Title').fill('Figure skating (mine)')
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      const alert = sheet.getByRole('alert').filter({ hasText: STALE })
      await expect(alert).toBeVisible()
      // Shown once: not also as a toast.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`event-edits-stale-${width}.png`), fullPage: false })

      await alert.getByRole('button', { name: 'Reload' }).click()
      await expect(sheet).toBeHidden()
      await expect(events.getByText('Figure skating (renamed elsewhere)')).toBeVisible()
      await events.getByRole('button', { name: 'Edit Figure skating (renamed elsewhere)' }).click()
      await sheet.getByLabel('Title').fill('Figure skating (mine)')
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByText('Event updated successfully!')).toBeVisible()
      await expect(events.getByText('Figure skating (mine)')).toBeVisible()
    })

    test('shows a clash once, at the top of the footer, not as a toast', async ({ page, operator: _operator }) => {
      const venue = await seed(page)
      await postJson(page, '/api/events', {
        roomId: venue.rinkA,
        clientId: venue.event.clientId,
        title: 'Hockey',
        date: venue.tomorrow,
        startTime: '15:00',
        durationMinutes: 60,
      })
      await page.goto(`/facility/${venue.facilityId}`)
      const events = page.getByRole('region', { name: 'Events', exact: true })
      await events.getByRole('button', { name: 'Edit Figure skating' }).click()
      const sheet = page.getByRole('dialog', { name: 'Edit Event' })
      await sheet.getByLabel('Start').fill(`${venue.tomorrow}T14:30`)
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      await expect(sheet.getByRole('alert')).toContainText('Time slot conflicts with: "Hockey" (')
      await expect(page.getByText(/Time slot conflicts with/)).toHaveCount(1)
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
      // Another start is another question: the old answer goes.
      await sheet.getByLabel('Start').fill(`${venue.tomorrow}T16:30`)
      await expect(sheet.getByRole('alert')).toBeHidden()
    })
  })
}
