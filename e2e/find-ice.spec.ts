import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
const SHOTS = '/work/shots/i34findice'

test.use({ timezoneId: TIME_ZONE })

// A sheet with two halves, the full sheet booked tomorrow 9:00 to 10:00: a half is not free then.
async function seedArena(page: Page) {
  const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Harbour Arena', timeZone: TIME_ZONE })
  const rink = { type: 'rink', operatingStartTime: '09:00', operatingEndTime: '13:00', bookingInterval: 60 }
  const room = (body: Record<string, unknown>) =>
    postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, { ...rink, ...body }).then((answer) => answer.room.id)
  const fullId = await room({ name: 'Rink A' })
  await room({ name: 'Rink A East', parentId: fullId })
  await room({ name: 'Rink A West', parentId: fullId })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Skating Club' })
  await postJson(page, '/api/events', {
    roomId: fullId,
    clientId: client.id,
    title: 'Club skate',
    date: tomorrow,
    startTime: '09:00',
    durationMinutes: 60,
  })
  return { tomorrow }
}

for (const width of [1280, 390]) {
  test(`Find Ice at ${width} px: search, pick a slot, book it in the filled dialog, and the slot is gone`, async ({
    page,
    operator: _operator,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 })
    const { tomorrow } = await seedArena(page)
    await page.goto('/find-ice')
    await expect(page.getByRole('heading', { name: 'Find Ice', level: 1 })).toBeVisible()
    await page.getByLabel('Space').selectOption({ label: 'Rink A East' })
    await page.getByLabel('Weeks Ahead').selectOption('1')
    await page.getByRole('button', { name: 'Find Ice' }).click()

    // The answer takes the focus, below the fold at phone width.
    await expect(page.getByRole('heading', { name: /^\d+ free slots$/, level: 2 })).toBeFocused()
    const day = page.locator(`section[aria-labelledby="find-ice-${tomorrow}"]`)
    const slots = day.getByRole('button')
    // The full sheet holds the half at 9:00.
    await expect(slots).toHaveText(['Rink A East10:00 AM - 11:00 AM', 'Rink A East11:00 AM - 12:00 PM', 'Rink A East12:00 PM - 1:00 PM'])
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/find-ice-results-${width}.png`, fullPage: width > 500 })

    await slots.first().click()
    const dialog = page.getByRole('dialog', { name: 'Add New Event' })
    await expect(dialog.getByText('Book Rink A East.')).toBeVisible()
    await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow)
    await expect(dialog.getByLabel('Start Time')).toHaveValue('10:00')
    await expect(dialog.getByLabel('Duration')).toHaveValue('60')
    await dialog.getByLabel('Client').selectOption({ label: 'Harbour Skating Club' })
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/find-ice-dialog-${width}.png` })
    await dialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(page.getByText('Event created successfully!')).toBeVisible()
    await expect(dialog).toBeHidden()

    await expect(slots).toHaveText(['Rink A East11:00 AM - 12:00 PM', 'Rink A East12:00 PM - 1:00 PM'])
    await page.screenshot({ path: `${SHOTS}/find-ice-booked-${width}.png`, fullPage: width > 500 })
  })
}
