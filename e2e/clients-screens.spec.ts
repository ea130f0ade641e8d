import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'
import type { Page } from '@playwright/test'

const TIME_ZONE = 'America/Toronto'
const LONG_NAME = 'The Extraordinarily Long Named Community Figure Skating Club of Greater Etobicoke'

type Seeded = { jetsId: string }

// Clients, a space and the Jets' bookings come through the API: the test is about reading them.
async function seed(page: Page): Promise<Seeded> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Maple Leaf Arena',
    timeZone: TIME_ZONE,
  })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, { name: 'Rink A', type: 'rink' })
  const { client: jets } = await postJson<{ client: { id: string } }>(page, '/api/clients', {
    name: 'Northside Jets',
    company: 'Northside Minor Hockey Association',
    email: 'coach@jets.example.com',
    phone: '416 555 0100',
    city: 'Toronto',
    country: 'Canada',
    notes: 'Prefers early mornings on weekends; invoices go to the treasurer.',
  })
  await postJson(page, '/api/clients', { name: 'Owls Ringette', company: 'Owls Sports', email: 'desk@owls.example.com' })
  await postJson(page, '/api/clients', { name: LONG_NAME, email: 'skate@example.com', address: '12 Long Road', city: 'Etobicoke' })
  const { client: owls } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Maple Curling' })

  const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
  const book = (title: string, clientId: string, date: string, startTime: string) =>
    postJson(page, '/api/events', { roomId: room.id, clientId, title, date, startTime, durationMinutes: 60 })
  await book('Jets practice', jets.id, tomorrow, '10:00')
  await book('Jets spring camp', jets.id, '2025-03-05', '09:00')
  await book('Curling league', owls.id, tomorrow, '12:00')
  return { jetsId: jets.id }
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test.describe('the clients screens', () => {
  test('searching the list by name, company or email', async ({ page, operator: _operator }) => {
    await seed(page)
    await page.goto('/clients')
    const list = page.getByRole('list', { name: 'Clients' })
    const search = page.getByRole('searchbox', { name: 'Search clients' })
    await expect(list.getByRole('listitem')).toHaveCount(4)
    await expect(page.getByRole('status').filter({ hasText: '4 clients' })).toBeVisible()
    await checkA11y(page)

    await search.fill('jets')
    await expect(list.getByRole('heading')).toHaveText(['Northside Jets'])
    await expect(page.getByRole('status').filter({ hasText: '1 of 4 clients' })).toBeVisible()
    await search.fill('OWLS SPORTS')
    await expect(list.getByRole('heading')).toHaveText(['Owls Ringette'])
    await search.fill('skate@example')
    await expect(list.getByRole('heading')).toHaveText([LONG_NAME])
    await search.fill('zamboni')
    await expect(page.getByText('No clients match “zamboni”.')).toBeVisible()
    await checkA11y(page)
    await search.fill('')
    await expect(list.getByRole('listitem')).toHaveCount(4)
  })

  test('at 390 px the rows stay compact, names cut short beside their buttons, and the page never scrolls sideways', async ({
    page,
    operator: _operator,
  }) => {
    await seed(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/clients')
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: LONG_NAME }) })
    const name = row.getByRole('heading', { name: LONG_NAME })
    await expect(name).toHaveAttribute('title', LONG_NAME)
    // One line: the name is no taller than a line of its text, and sits level with its buttons.
    const nameBox = (await name.boundingBox())!
    const viewBox = (await row.getByRole('link', { name: `View details of ${LONG_NAME}` }).boundingBox())!
    expect(nameBox.height).toBeLessThan(30)
    expect(Math.abs(nameBox.y + nameBox.height / 2 - (viewBox.y + viewBox.height / 2))).toBeLessThan(4)
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(viewBox.x)
    expect(await noHorizontalScroll(page)).toBe(true)
    await checkA11y(page)
  })

  test('the client page lists upcoming and past bookings, and Edit Client saves', async ({ page, operator: _operator }) => {
    const { jetsId } = await seed(page)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/clients/${jetsId}`)
      const upcoming = page.getByRole('list', { name: 'Upcoming' })
      const past = page.getByRole('list', { name: 'Past' })
      await expect(upcoming.getByRole('listitem')).toHaveCount(1)
      await expect(upcoming).toContainText('Jets practice')
      await expect(upcoming).toContainText('Rink A · Maple Leaf Arena')
      await expect(past.getByRole('listitem')).toHaveCount(1)
      await expect(past).toContainText('Jets spring camp')
      await expect(past).toContainText('Mar 5, 2025, 9:00 AM - 10:00 AM')
      // Another client's booking is not the Jets'.
      await expect(page.getByText('Curling league')).toHaveCount(0)
      expect(await noHorizontalScroll(page)).toBe(true)
      await checkA11y(page)
    }

    await page.getByRole('button', { name: 'Edit Client' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Client' })
    await expect(dialog.getByLabel('Name')).toHaveValue('Northside Jets')
    await checkA11y(page)
    await dialog.getByLabel('Name').fill('Northside Jets U15')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Client updated successfully')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Northside Jets U15' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Upcoming' })).toContainText('Jets practice')
  })
})
