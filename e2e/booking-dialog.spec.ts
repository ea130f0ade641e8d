import type { Page, TestInfo } from '@playwright/test'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'

// The viewer and the facility share the zone, so the dialog's day is the one seeded.
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; roomId: string; today: string }

// A rink with a 15-minute changeover, a client, and a practice today from 10:00 to 11:00.
async function seedVenue(page: Page): Promise<Venue> {
  const today = todayInZone(TIME_ZONE, new Date())
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Lakeshore Arena',
    timeZone: TIME_ZONE,
  })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:00',
    changeoverMinutes: 15,
  })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Lakeshore FSC' })
  await postJson(page, '/api/events', {
    roomId: room.id,
    clientId: client.id,
    title: 'Morning skate',
    date: today,
    startTime: '10:00',
    durationMinutes: 60,
  })
  return { facilityId: facility.id, roomId: room.id, today }
}

async function openRoom(page: Page, venue: Venue) {
  await page.goto(`/facility/${venue.facilityId}/room/${venue.roomId}`)
  await expect(page.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`) })
}

async function eventsOfRoom(page: Page, venue: Venue) {
  // Today's events may have begun already: both lists together hold them all.
  const lists = await Promise.all(
    ['past', 'upcoming'].map((list) => page.request.get(`/api/events/${list}?${new URLSearchParams({ roomId: venue.roomId })}`)),
  )
  type Listed = { title: string; startTime: string; endTime: string; color: string }
  const answers = await Promise.all(lists.map((response) => response.json() as Promise<{ events: Listed[] }>))
  return answers.flatMap(({ events }) => events)
}

for (const width of [1280, 390]) {
  test.describe(`booking from a space's page at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 500 ? 900 : 844 }))

    test('an operator books in five steps: the title comes from the client, and taken starts read (booked)', async ({
      page,
      operator: _operator,
    }, testInfo) => {
      const venue = await seedVenue(page)
      await openRoom(page, venue)
      const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
      let steps = 0
      const step = async (action: () => Promise<unknown>) => {
        steps += 1
        await action()
      }

      await step(() => page.getByRole('button', { name: 'Add Event', exact: true }).click())
      // No client yet, so no title yet.
      await expect(addDialog.getByLabel('Title')).toHaveValue('')
      // The practice holds 10:00 to 11:00 and the changeover to 11:15; a new hour needs its own
      // changeover clear too, so 9:00 is taken and 8:30 is not. Taken starts stay choosable.
      const startTime = addDialog.getByLabel('Start Time')
      const option = (time: string) => startTime.locator('option', { hasText: new RegExp(`^${time}`) })
      for (const time of ['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM']) {
        await expect(option(time)).toHaveText(`${time} (booked)`)
      }
      for (const time of ['8:30 AM', '11:30 AM', '12:00 PM']) await expect(option(time)).toHaveText(time)
      await expect(option('10:00 AM')).toBeEnabled()

      await step(() => addDialog.getByLabel('Client').selectOption({ label: 'Lakeshore FSC' }))
      await expect(addDialog.getByLabel('Title')).toHaveValue('Lakeshore FSC Practice')
      await step(() => startTime.selectOption('12:00'))
      await step(() => addDialog.getByLabel('Duration').selectOption({ label: '1.5 hrs' }))
      // An hour and a half from 8:30 would run into the practice.
      await expect(option('8:30 AM')).toHaveText('8:30 AM (booked)')
      expect(await addDialog.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true)
      await checkA11y(page)
      await screenshot(page, testInfo, 'add-event-ready')
      await step(() => addDialog.getByRole('button', { name: 'Create Event' }).click())

      await expect(page.getByText('Event created successfully!')).toBeVisible()
      await expect(addDialog).toBeHidden()
      // Open, client, start, duration, save.
      expect(steps).toBe(5)
      const booked = (await eventsOfRoom(page, venue)).find(({ title }) => title === 'Lakeshore FSC Practice')
      expect(booked).toBeDefined()
      expect((Date.parse(booked!.endTime) - Date.parse(booked!.startTime)) / 60_000).toBe(90)

      // The new booking now marks its own starts.
      await page.getByRole('button', { name: 'Add Event', exact: true }).click()
      await expect(option('12:00 PM')).toHaveText('12:00 PM (booked)')
      await expect(option('1:30 PM')).toHaveText('1:30 PM (booked)')
      await expect(option('2:00 PM')).toHaveText('2:00 PM')
    })

    test('from the facility page a space card books in five steps too', async ({ page, operator: _operator }, testInfo) => {
      const venue = await seedVenue(page)
      await page.goto(`/facility/${venue.facilityId}`)
      await expect(page.getByRole('heading', { name: 'Lakeshore Arena', level: 1 })).toBeVisible()
      const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
      let steps = 0
      const step = async (action: () => Promise<unknown>) => {
        steps += 1
        await action()
      }
      await step(() => page.getByRole('button', { name: 'Book Rink A', exact: true }).click())
      await step(() => addDialog.getByLabel('Client').selectOption({ label: 'Lakeshore FSC' }))
      await expect(addDialog.getByLabel('Title')).toHaveValue('Lakeshore FSC Practice')
      await step(() => addDialog.getByLabel('Start Time').selectOption('14:00'))
      await step(() => addDialog.getByLabel('Duration').selectOption({ label: '2 hrs' }))
      await checkA11y(page)
      await screenshot(page, testInfo, 'add-event-from-facility')
      await step(() => addDialog.getByRole('button', { name: 'Create Event' }).click())
      await expect(page.getByText('Event created successfully!')).toBeVisible()
      await expect(addDialog).toBeHidden()
      // Book, client, start, duration, save: no 'Select a Room' first.
      expect(steps).toBe(5)
      const booked = (await eventsOfRoom(page, venue)).find(({ title }) => title === 'Lakeshore FSC Practice')
      expect((Date.parse(booked!.endTime) - Date.parse(booked!.startTime)) / 60_000).toBe(120)
    })

    test('the title follows the client and type until typed, and the colour is a swatch or a custom hex', async ({
      page,
      operator: _operator,
    }, testInfo) => {
      const venue = await seedVenue(page)
      await openRoom(page, venue)
      await page.getByRole('button', { name: 'Add Event', exact: true }).click()
      const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
      const title = addDialog.getByLabel('Title')

      await addDialog.getByLabel('Client').selectOption({ label: 'Lakeshore FSC' })
      await expect(title).toHaveValue('Lakeshore FSC Practice')
      await addDialog.getByLabel('Event Type').selectOption('game')
      await expect(title).toHaveValue('Lakeshore FSC Game')
      await addDialog.getByLabel('Client').selectOption({ label: 'Select a client' })
      await expect(title).toHaveValue('')
      await addDialog.getByLabel('Client').selectOption({ label: 'Lakeshore FSC' })
      await expect(title).toHaveValue('Lakeshore FSC Game')
      await title.fill('Learn to Skate')
      await addDialog.getByLabel('Event Type').selectOption('practice')
      await expect(title).toHaveValue('Learn to Skate')

      // The marks follow the duration: two hours from 8:30 run into the practice at 10:00.
      await addDialog.getByLabel('Duration').selectOption({ label: '2 hrs' })
      await expect(addDialog.getByLabel('Start Time').locator('option', { hasText: /^8:30 AM/ })).toHaveText('8:30 AM (booked)')
      // A taken start can still be chosen, and reads so once chosen.
      await addDialog.getByLabel('Start Time').selectOption('10:00')
      await screenshot(page, testInfo, 'start-booked')
      await addDialog.getByLabel('Start Time').selectOption('14:00')

      // Eight named swatches and 'Custom'; arrow keys move and choose, looping round.
      const colour = addDialog.getByRole('radiogroup', { name: 'Colour' })
      const swatch = (name: string) => colour.getByRole('radio', { name, exact: true })
      await expect(colour.getByRole('radio')).toHaveCount(9)
      await expect(swatch('Blue')).toBeChecked()
      await swatch('Blue').focus()
      await page.keyboard.press('ArrowRight')
      await expect(swatch('Teal')).toBeChecked()
      await expect(swatch('Teal')).toBeFocused()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect(swatch('Yellow')).toBeChecked()
      await page.keyboard.press('ArrowLeft')
      await expect(swatch('Green')).toBeChecked()
      await expect(addDialog.getByLabel('Custom colour')).toHaveCount(0)
      await checkA11y(page)
      await screenshot(page, testInfo, 'colour-swatch-focused')

      await swatch('Blue').focus()
      await page.keyboard.press('ArrowLeft')
      await expect(swatch('Custom')).toBeChecked()
      const hex = addDialog.getByLabel('Custom colour')
      // 'Custom' starts from the colour chosen so far.
      await expect(hex).toHaveValue('#16a34a')
      await hex.fill('#12')
      await addDialog.getByRole('button', { name: 'Create Event' }).click()
      await expect(addDialog.getByText('Please enter a colour as a hex value such as #3b82f6')).toBeVisible()
      await expect(hex).toBeFocused()
      await hex.fill('#123abc')
      await expect(addDialog.getByLabel('Colour picker')).toHaveValue('#123abc')
      await expect(addDialog.getByText('Please enter a colour as a hex value such as #3b82f6')).toBeHidden()
      expect(await addDialog.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true)
      await checkA11y(page)
      await screenshot(page, testInfo, 'colour-custom')

      await swatch('Purple').click()
      await expect(hex).toHaveCount(0)
      await addDialog.getByRole('button', { name: 'Create Event' }).click()
      await expect(page.getByText('Event created successfully!')).toBeVisible()
      const created = (await eventsOfRoom(page, venue)).find((event) => event.title === 'Learn to Skate')
      expect(created?.color).toBe('#7c3aed')
    })
  })
}
