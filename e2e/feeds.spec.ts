import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'

// Calendar feeds (docs/product.md#calendar-feeds): the client's page makes the secret address,
// copies it, resets it, and the address serves the client's bookings to any calendar app.
test.describe('calendar feeds', () => {
  test('a client’s Calendar Feed is created, copied and reset, and its address serves the bookings', async ({
    page,
    context,
    operator: _operator,
  }) => {
    const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
      name: 'Maple Leaf Arena',
      timeZone: TIME_ZONE,
    })
    const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
      name: 'Rink A',
      type: 'rink',
    })
    const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
    const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
    await postJson(page, '/api/events', {
      roomId: room.id,
      clientId: client.id,
      title: 'Jets practice',
      date: tomorrow,
      startTime: '10:00',
      durationMinutes: 60,
    })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])

    await page.goto(`/clients/${client.id}`)
    await page.getByRole('button', { name: 'Calendar Feed' }).click()
    const dialog = page.getByRole('dialog', { name: 'Calendar Feed' })
    await expect(dialog.getByText('Google Calendar refreshes subscribed calendars only every 8 to 24 hours')).toBeVisible()
    await dialog.getByRole('button', { name: 'Create Feed URL' }).click()
    const address = dialog.getByRole('textbox', { name: 'Feed URL' })
    await expect(address).toHaveValue(/^http:\/\/localhost:\d+\/feeds\/[A-Za-z0-9_-]{43}\.ics$/)
    // A client's feed is the client's own: there is nothing to hide from it.
    await expect(dialog.getByRole('checkbox', { name: 'Include client names' })).toHaveCount(0)
    await checkA11y(page)

    await dialog.getByRole('button', { name: 'Copy Feed URL' }).click()
    await expect(page.getByText('Feed URL copied to clipboard!')).toBeVisible()
    const first = await address.inputValue()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)

    const feed = await page.request.get(first)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    const text = await feed.text()
    expect(text).toContain('SUMMARY:Jets practice')
    expect(text).toContain(`DTSTART;TZID=${TIME_ZONE}:${tomorrow.replaceAll('-', '')}T100000`)

    // Opened again, the dialog shows the same address.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Calendar Feed' }).click()
    await expect(address).toHaveValue(first)

    await dialog.getByRole('button', { name: 'Reset Feed URL' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Reset Feed URL?' })
    await checkA11y(page)
    await confirm.getByRole('button', { name: 'Reset Feed URL' }).click()
    await expect(page.getByText('Feed URL reset. The old address no longer works.')).toBeVisible()
    await expect(confirm).toBeHidden()
    await expect(address).not.toHaveValue(first)
    const second = await address.inputValue()
    expect((await page.request.get(first)).status()).toBe(404)
    const renewed = await page.request.get(second)
    expect(renewed.status()).toBe(200)
    expect(await renewed.text()).toContain('SUMMARY:Jets practice')
  })

  test('a space’s feed leaves client names out until the operator includes them, at phone width', async ({ page, operator: _operator }) => {
    const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
      name: 'Maple Leaf Arena',
      timeZone: TIME_ZONE,
    })
    const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
      name: 'Rink A',
      type: 'rink',
    })
    const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
    const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
    await postJson(page, '/api/events', {
      roomId: room.id,
      clientId: client.id,
      title: 'Practice',
      date: tomorrow,
      startTime: '10:00',
      durationMinutes: 60,
    })
    await page.setViewportSize({ width: 390, height: 844 })

    // The facility's feed is offered on its page; it covers every booking there.
    await page.goto(`/facility/${facility.id}`)
    await page.getByRole('button', { name: 'Calendar Feed' }).click()
    await expect(page.getByRole('dialog', { name: 'Calendar Feed' })).toContainText('every booking at Maple Leaf Arena')
    await page.keyboard.press('Escape')

    await page.goto(`/facility/${facility.id}/room/${room.id}`)
    await page.getByRole('button', { name: 'Calendar Feed' }).click()
    const dialog = page.getByRole('dialog', { name: 'Calendar Feed' })
    await dialog.getByRole('button', { name: 'Create Feed URL' }).click()
    const address = dialog.getByRole('textbox', { name: 'Feed URL' })
    await expect(address).toHaveValue(/\/feeds\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
    await checkA11y(page)
    const url = await address.inputValue()
    expect(await (await page.request.get(url)).text()).not.toContain('Northside Jets')

    const include = dialog.getByRole('checkbox', { name: 'Include client names' })
    await include.click()
    await expect(include).toBeChecked()
    await expect.poll(async () => (await page.request.get(url)).text()).toContain('Client: Northside Jets')
  })
})
