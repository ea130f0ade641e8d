import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, signInWithApi, test, uniqueEmail } from './fixtures'

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; roomId: string }

// A rink open 06:00-23:30 with one booking tomorrow at 19:00 on the facility's clock.
async function seedBookedRink(page: Page): Promise<Venue> {
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
    title: 'Late skate',
    date: addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1),
    startTime: '19:00',
    durationMinutes: 60,
  })
  return { facilityId: facility.id, roomId: room.id }
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  // A pointer resting on a toast pauses its timer, and toasts now show where the last click was.
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

const roomCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Rooms & Courts' }).getByRole('listitem').filter({ hasText: name })

test.describe('editing facilities and spaces', () => {
  test('an Owner edits the facility and a space; the booked event stays and is listed as outside the hours', async ({ page, operator }) => {
    void operator
    const venue = await seedBookedRink(page)
    await page.goto(`/facility/${venue.facilityId}`)
    await expect(page.getByRole('heading', { name: 'Maple Leaf Arena', level: 1 })).toBeVisible()
    const events = page.getByRole('region', { name: 'Events', exact: true })
    await expect(events.getByText('Late skate')).toBeVisible()
    await expect(events.getByText('7:00 PM - 8:00 PM')).toBeVisible()
    await checkA11y(page)

    // The facility: the form starts from what is saved, and validates as Create New Facility does.
    await page.getByRole('button', { name: 'Edit Facility' }).click()
    const facilityDialog = page.getByRole('dialog', { name: 'Edit Facility' })
    const saveFacility = facilityDialog.getByRole('button', { name: 'Save Changes' })
    await expect(facilityDialog.getByLabel('Name')).toHaveValue('Maple Leaf Arena')
    await expect(facilityDialog.getByLabel('Time Zone')).toHaveValue(TIME_ZONE)
    await expect(facilityDialog.getByLabel('Name')).toBeFocused()
    await facilityDialog.getByLabel('Name').fill('   ')
    await expect(saveFacility).toBeDisabled()
    await checkA11y(page)
    await facilityDialog.getByLabel('Name').fill('Maple Leaf Centre')
    await facilityDialog.getByLabel('Address').fill('1 Arena Way, Springfield')
    await facilityDialog.getByLabel('Time Zone').selectOption('America/Chicago')
    await saveFacility.click()
    await expect(page.getByText('Facility updated successfully!')).toBeVisible()
    await expect(facilityDialog).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Maple Leaf Centre', level: 1 })).toBeVisible()
    await expect(page.getByText('1 Arena Way, Springfield')).toBeVisible()
    await expect(page.getByText('Time zone: America/Chicago')).toBeVisible()
    // The event kept its instant: 7 PM in Toronto reads 6 PM in Chicago, still within the hours.
    await expect(events.getByText('6:00 PM - 7:00 PM')).toBeVisible()
    await expect(page.getByRole('alertdialog', { name: 'Events outside the new hours' })).toHaveCount(0)

    // The space: closing at 6 PM leaves the 6-7 PM booking outside its hours.
    await roomCard(page, 'Rink A').getByRole('button', { name: 'Edit Space' }).click()
    const spaceDialog = page.getByRole('dialog', { name: 'Edit Space' })
    await expect(spaceDialog.getByLabel('Name')).toHaveValue('Rink A')
    await expect(spaceDialog.getByLabel('Type')).toHaveValue('rink')
    await expect(spaceDialog.getByLabel('Opening Time')).toHaveValue('06:00')
    await expect(spaceDialog.getByLabel('Closing Time')).toHaveValue('23:30')
    await spaceDialog.getByLabel('Closing Time').fill('05:00')
    await spaceDialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(spaceDialog.getByText('Closing time must be after opening time')).toBeVisible()
    await spaceDialog.getByLabel('Closing Time').fill('18:00')
    await spaceDialog.getByLabel('Capacity').fill('40')
    await spaceDialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Space updated successfully!')).toBeVisible()
    await expect(spaceDialog).toBeHidden()

    const notice = page.getByRole('alertdialog', { name: 'Events outside the new hours' })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText('Nothing was moved or deleted')
    const listed = notice.getByRole('listitem')
    await expect(listed).toHaveCount(1)
    await expect(listed).toContainText('Late skate')
    await expect(listed).toContainText('Rink A')
    await expect(listed).toContainText('6:00 PM - 7:00 PM')
    await checkA11y(page)
    await notice.getByRole('button', { name: 'OK' }).click()
    await expect(notice).toBeHidden()

    // Nothing moved: the event is on the schedule at the same time.
    await expect(events.getByText('Late skate')).toBeVisible()
    await expect(events.getByText('6:00 PM - 7:00 PM')).toBeVisible()
    await expect(roomCard(page, 'Rink A')).toContainText('Capacity: 40')

    // The space's page edits the same space, at a phone's width too.
    await page.setViewportSize({ width: 375, height: 740 })
    await roomCard(page, 'Rink A').getByRole('link', { name: 'Schedule for Rink A' }).click()
    await expect(page.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
    await expect(page.getByText('6:00 AM - 6:00 PM')).toBeVisible()
    await page.getByRole('button', { name: 'Edit Space' }).click()
    const pageDialog = page.getByRole('dialog', { name: 'Edit Space' })
    await expect(pageDialog.getByLabel('Closing Time')).toHaveValue('18:00')
    await expect(pageDialog.getByLabel('Capacity')).toHaveValue('40')
    await checkA11y(page)
    await pageDialog.getByLabel('Name').fill('Rink A (North)')
    await pageDialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Space updated successfully!')).toBeVisible()
    // The event is still outside the hours, so it is listed again.
    await expect(notice).toContainText('Late skate')
    await notice.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('heading', { name: 'Rink A (North)', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit Space' })).toBeFocused()
  })

  test('a Scheduler sees no Edit buttons, and the server refuses the edit', async ({ page, browser, operator, baseURL }) => {
    void operator
    const venue = await seedBookedRink(page)
    const email = uniqueEmail('scheduler')
    const { link } = await postJson<{ link: string }>(page, '/api/team/invitations', { email, role: 'scheduler' })

    const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE, extraHTTPHeaders: { origin: baseURL! } })
    const scheduler = await context.newPage()
    const password = 'scheduler-password-1'
    const token = new URL(link).pathname.split('/').at(-1)
    await postJson(scheduler, `/api/invitations/${token}/sign-up`, { fullName: 'Sam Scheduler', password })
    await signInWithApi(scheduler, { email, password })

    await scheduler.goto(`/facility/${venue.facilityId}`)
    await expect(scheduler.getByRole('heading', { name: 'Maple Leaf Arena', level: 1 })).toBeVisible()
    await expect(scheduler.getByRole('list', { name: 'Rooms & Courts' })).toContainText('Rink A')
    await expect(scheduler.getByRole('button', { name: 'Edit Facility' })).toHaveCount(0)
    await expect(scheduler.getByRole('button', { name: /Edit Space/ })).toHaveCount(0)
    await checkA11y(scheduler)

    await scheduler.goto(`/facility/${venue.facilityId}/room/${venue.roomId}`)
    await expect(scheduler.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
    await expect(scheduler.getByRole('button', { name: 'Edit Space' })).toHaveCount(0)

    const refused = await scheduler.request.put(`/api/rooms/${venue.roomId}`, {
      data: { name: 'Rink B', type: 'rink', operatingStartTime: '06:00', operatingEndTime: '23:30' },
    })
    expect(refused.status()).toBe(403)
    await context.close()
  })
})
