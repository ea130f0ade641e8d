import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'

// The viewer and the facility share the zone, so the dates read the same in both.
test.use({ timezoneId: TIME_ZONE })

// A rink, a client, and one booking in the way of the second day of a daily series.
async function seedVenue(page: Page, clashDate: string) {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Maple Leaf Arena',
    timeZone: TIME_ZONE,
  })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:30',
  })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
  await postJson(page, '/api/events', {
    roomId: room.id,
    clientId: client.id,
    title: 'Figure skating',
    date: clashDate,
    startTime: '19:30',
    durationMinutes: 60,
  })
  return { facilityId: facility.id, roomId: room.id }
}

test.describe('series preview', () => {
  test('an operator sees which dates of a series are taken and books only the free ones', async ({ page, operator: _operator }) => {
    const firstDay = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 3)
    const venue = await seedVenue(page, addCalendarDays(firstDay, 1))

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/facility/${venue.facilityId}/room/${venue.roomId}`)
    await expect(page.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Jets practice')
    await addDialog.getByLabel('Date', { exact: true }).fill(firstDay)
    await addDialog.getByLabel('Start Time').selectOption('19:00')
    await addDialog.getByLabel('Repeat this event').check()
    await addDialog.getByLabel('Repeats').selectOption('daily')
    await addDialog.getByLabel('End Date').fill(addCalendarDays(firstDay, 4))

    // Five dates, the second taken by the figure skating.
    const dates = addDialog.getByRole('list', { name: 'Dates in this series' })
    await expect(dates.getByRole('listitem')).toHaveCount(5)
    await expect(addDialog.getByText('4 of 5 dates are free; 1 taken.')).toBeVisible()
    const taken = dates.getByRole('listitem').filter({ hasText: 'Clashes with "Figure skating"' })
    await expect(taken).toHaveCount(1)
    await expect(dates.getByRole('listitem').nth(1)).toContainText('Clashes with "Figure skating"')
    await expect(dates.getByRole('listitem').nth(0)).toContainText('7:00 PM - 8:00 PM')
    await expect(dates.getByRole('listitem').filter({ hasText: 'Free' })).toHaveCount(4)
    const bookFree = addDialog.getByRole('button', { name: 'Book 4 free dates' })
    await expect(bookFree).toBeVisible()
    // At a phone's width the dialog scrolls as a whole and nothing runs off its side.
    expect(await addDialog.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true)
    await checkA11y(page)

    // 'Create Event' stays all or nothing.
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(addDialog.getByRole('alert')).toContainText('Time slot conflicts with: "Figure skating"')
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)

    await bookFree.click()
    await expect(page.getByText('Created 4 recurring event(s)! (1 skipped)')).toBeVisible()
    await expect(addDialog).toBeHidden()
    const response = await page.request.get(`/api/events/upcoming?${new URLSearchParams({ roomId: venue.roomId })}`)
    const { events } = (await response.json()) as { events: { title: string }[] }
    expect(events.map(({ title }) => title).sort()).toEqual(['Figure skating', ...Array<string>(4).fill('Jets practice')])

    await page.mouse.move(1, 1) // a pointer resting on a toast pauses its timer
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
    await checkA11y(page)
  })
})
