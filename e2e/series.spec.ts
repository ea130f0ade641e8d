import type { Page } from '@playwright/test'
import { addCalendarDays, weekdayOf } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

// A rink, a client, and a weekly series on Mondays and Wednesdays at 7 PM for four weeks from
// next Monday; another booking takes the third Wednesday from 5 to 6:30 PM.
async function seed(page: Page) {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Harbour Arena', timeZone: TIME_ZONE })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:30',
    bookingInterval: 30,
  })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Jets' })
  const today = todayInZone(TIME_ZONE, new Date())
  const monday = addCalendarDays(today, (8 - weekdayOf(today)) % 7 || 7)
  const lastDay = addCalendarDays(monday, 23)
  await postJson(page, '/api/events', {
    roomId: room.id,
    clientId: client.id,
    title: 'Jets practice',
    date: monday,
    startTime: '19:00',
    durationMinutes: 60,
    recurrence: { frequency: 'weekly', weekdays: [1, 3], endDate: lastDay },
  })
  await postJson(page, '/api/events', {
    roomId: room.id,
    clientId: client.id,
    title: 'Tournament',
    date: addCalendarDays(monday, 16),
    startTime: '17:00',
    durationMinutes: 90,
  })
  return { facilityId: facility.id, roomId: room.id, monday, lastDay }
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1) // a pointer resting on a toast pauses its timer
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

const untilWords = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

for (const width of [1280, 390]) {
  test.describe(`a series at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } })

    test('shows its rule, re-plans all its events around a clash, and is deleted in one step', async ({ page, operator: _operator }) => {
      const venue = await seed(page)
      await page.goto(`/facility/${venue.facilityId}`)
      const events = page.getByRole('region', { name: 'Events', exact: true })
      const rule = `Weekly on Mon, Wed until ${untilWords(venue.lastDay)}, 8 events`
      await expect(events.getByText(rule).first()).toBeVisible()
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`series-card-${width}.png`), fullPage: false })

      // The All Events list says it too, on each row of the series.
      await page.goto('/events')
      await expect(page.getByText(rule).first()).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`series-events-list-${width}.png`), fullPage: false })
      await page.goto(`/facility/${venue.facilityId}`)

      // All events of the series to 6 PM: the third Wednesday is taken then.
      await events.getByRole('button', { name: 'Edit Jets practice' }).first().click()
      const sheet = page.getByRole('dialog', { name: 'Edit Event' })
      await expect(sheet.getByText(rule)).toBeVisible()
      await sheet.getByRole('radio', { name: 'All events in the series' }).check()
      await sheet.getByLabel('Start').fill(`${venue.monday}T18:00`)
      await expect(sheet.getByLabel('End')).toHaveValue(`${venue.monday}T19:00`)
      await sheet.getByRole('button', { name: 'Save Changes' }).click()
      const clashes = sheet.getByRole('alert').filter({ hasText: '1 date would clash' })
      await expect(clashes).toBeVisible()
      await expect(clashes).toContainText('Clashes with "Tournament"')
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`series-clash-${width}.png`), fullPage: false })
      await clashes.getByRole('button', { name: 'Skip and save' }).click()
      await expect(page.getByText('Updated 7 events in the series (1 taken date left as it was)')).toBeVisible()

      const upcoming = await (await page.request.get(`/api/events/upcoming?roomId=${venue.roomId}`)).json()
      const starts = (upcoming.events as { title: string; startTime: string }[])
        .filter((event) => event.title === 'Jets practice')
        .map((event) => new Date(event.startTime).toLocaleTimeString('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }))
      expect(starts.filter((start) => start === '6:00 PM')).toHaveLength(7)
      expect(starts.filter((start) => start === '7:00 PM')).toHaveLength(1)

      // Ending the season: every event of the series in one step.
      await events.getByRole('button', { name: 'Delete Jets practice' }).first().click()
      const confirm = page.getByRole('alertdialog', { name: 'Delete Event?' })
      await confirm.getByRole('radio', { name: 'All events in the series' }).check()
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`series-delete-${width}.png`), fullPage: false })
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await expect(page.getByText('Series deleted')).toBeVisible()
      await expect(events.getByRole('button', { name: 'Edit Jets practice' })).toHaveCount(0)
      const left = await (await page.request.get(`/api/events/upcoming?roomId=${venue.roomId}`)).json()
      expect(left.events.map((event: { title: string }) => event.title)).toEqual(['Tournament'])
    })
  })
}
