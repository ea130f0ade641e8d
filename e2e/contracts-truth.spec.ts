import type { Locator, Page, TestInfo } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'

// The viewer and the facility share the zone, so the dialog's days are the ones seeded.
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; rinkId: string; clientId: string; everywhereId: string; nextWeek: string }

/**
 * A rink and a court, the client Lakeshore FSC and its older contract for every space: 5 hours,
 * 4 used by hand, and a 2.25-hour court booking next week, so it is overdrawn by 1.25 hours.
 */
async function seedVenue(page: Page): Promise<Venue> {
  const nextWeek = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 7)
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Lakeshore Arena',
    timeZone: TIME_ZONE,
  })
  const space = async (name: string, type: string) =>
    (
      await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
        name,
        type,
        operatingStartTime: '06:00',
        operatingEndTime: '23:00',
      })
    ).room.id
  const rinkId = await space('Rink A', 'rink')
  const courtId = await space('Court 1', 'court')
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Lakeshore FSC' })
  const { contract } = await postJson<{ contract: { id: string } }>(page, '/api/contracts', {
    clientId: client.id,
    name: 'Open Ice 2024',
    startDate: '2024-01-01',
    totalHours: 5,
    hoursUsed: 4,
  })
  await postJson(page, '/api/events', {
    roomId: courtId,
    clientId: client.id,
    title: 'Dryland',
    date: nextWeek,
    startTime: '08:00',
    durationMinutes: 135,
  })
  return { facilityId: facility.id, rinkId, clientId: client.id, everywhereId: contract.id, nextWeek }
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true })
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
}

const contractCard = (page: Page, id: string) => page.getByRole('article', { name: `contract ${id.slice(0, 8)}` })

/** A day as the app shows it, 'Jan 7, 2027'. */
const shownDay = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** The Booked, Used and Remaining figures of a card, in that order. */
async function expectSplit(card: Locator, booked: string, used: string, remaining: string) {
  const figures = card.getByRole('definition')
  await expect(figures).toHaveText([booked, used, remaining])
  await expect(card.getByRole('term')).toHaveText(['Booked', 'Used', 'Remaining'])
}

for (const width of [1280, 390]) {
  test.describe(`contracts that tell the truth at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 500 ? 900 : 844 }))

    test("an 'Ice only' contract, a warning before overbooking it, and overdrawn contracts on the contracts and client pages", async ({
      page,
      operator: _operator,
    }, testInfo) => {
      // Three pages, two dialogs and four axe runs.
      test.slow()
      const venue = await seedVenue(page)
      const iceEnd = addCalendarDays(venue.nextWeek, 60)

      // A new contract limited to ice, through the form.
      await page.goto('/contracts')
      await page.getByRole('button', { name: 'New Contract' }).first().click()
      const contractDialog = page.getByRole('dialog', { name: 'New Contract' })
      await contractDialog.getByLabel('Client').selectOption({ label: 'Lakeshore FSC' })
      await contractDialog.getByLabel('Name').fill('Ice Season')
      await contractDialog.getByLabel('Start Date').fill('2025-01-01')
      // An end before the start is refused in the form, as the server and the database refuse it.
      await contractDialog.getByLabel('End Date').fill('2024-12-31')
      await contractDialog.getByRole('button', { name: 'Create Contract' }).click()
      await expect(contractDialog.getByText('End date must be on or after the start date')).toBeVisible()
      await contractDialog.getByLabel('End Date').fill(iceEnd)
      await contractDialog.getByLabel('Total Hours').fill('10')
      await contractDialog.getByLabel('Hours Used').fill('5')
      const appliesTo = contractDialog.getByRole('radiogroup', { name: 'Applies to' })
      await expect(appliesTo.getByRole('radio', { name: 'All spaces' })).toBeChecked()
      await appliesTo.getByRole('radio', { name: 'Space types' }).click()
      await contractDialog.getByRole('button', { name: 'Create Contract' }).click()
      await expect(contractDialog.getByText('Choose at least one space type')).toBeVisible()
      await contractDialog.getByRole('checkbox', { name: 'Ice (rinks)' }).click()
      await expect(contractDialog.getByText('Choose at least one space type')).toBeHidden()
      await checkA11y(page)
      await screenshot(page, testInfo, 'contract-form-applies-to')
      await contractDialog.getByRole('button', { name: 'Create Contract' }).click()
      await expect(page.getByText('Contract created successfully')).toBeVisible()

      const { contracts } = (await (await page.request.get(`/api/clients/${venue.clientId}/contracts`)).json()) as {
        contracts: { id: string }[]
      }
      const iceId = contracts.find(({ id }) => id !== venue.everywhereId)!.id
      const ice = contractCard(page, iceId)
      const everywhere = contractCard(page, venue.everywhereId)
      await expect(ice.getByRole('heading', { name: 'Ice Season' })).toBeVisible()
      await expect(ice).toContainText(`Start date: Jan 1, 2025 · End date: ${shownDay(iceEnd)}`)
      await expect(everywhere.getByRole('heading', { name: 'Open Ice 2024' })).toBeVisible()
      await expect(everywhere).toContainText('No end date')
      await expect(ice).toContainText('Applies to: Ice only')
      await expect(everywhere).toContainText('Applies to: All spaces')
      // The older contract is overdrawn: the court booking was charged to it.
      const overdrawn = everywhere.getByText('Overdrawn by 1.25 h')
      await expect(overdrawn).toBeVisible()
      await expect(overdrawn).toHaveClass(/text-destructive/)
      await expectSplit(everywhere, '2.25 h', '4 h', '0 h')
      await expect(everywhere).toContainText('6.25 of 5 h booked or used')
      // The header adds up the cards' own figures: the overdrawn contract's hours do not eat into the other's.
      const header = page.getByRole('button', { name: /Lakeshore FSC/ })
      await expect(header).toContainText('Remaining: 5 h')
      await expect(header).toContainText('Overdrawn by 1.25 h')
      await expect(header).toContainText('Used: 9 h')

      // An overdrawn contract can still be edited: its hours used are sent only once changed.
      await page.getByRole('button', { name: `Edit contract Open Ice 2024 (${venue.everywhereId.slice(0, 8)})` }).click()
      const editDialog = page.getByRole('dialog', { name: 'Edit Contract' })
      await editDialog.getByLabel('Notes').fill('Top-up invoiced')
      await editDialog.getByRole('button', { name: /Save|Update/ }).click()
      await expect(page.getByText('Contract updated successfully')).toBeVisible()
      await expect(editDialog).toBeHidden()
      await expect(everywhere.getByText('Overdrawn by 1.25 h')).toBeVisible()
      // Hours used set by hand are still held to the total.
      await page.getByRole('button', { name: `Edit contract Open Ice 2024 (${venue.everywhereId.slice(0, 8)})` }).click()
      await editDialog.getByLabel('Hours Used').fill('7')
      await editDialog.getByRole('button', { name: /Save|Update/ }).click()
      await expect(editDialog.getByText('Hours used must be between 0 and total hours')).toBeVisible()
      await editDialog.getByRole('button', { name: 'Cancel' }).click()

      // A rink booking is charged to the ice contract: 5 + 2.25 of 10 hours, 2.75 left.
      await postJson(page, '/api/events', {
        roomId: venue.rinkId,
        clientId: venue.clientId,
        title: 'Power skating',
        date: venue.nextWeek,
        startTime: '07:00',
        durationMinutes: 135,
      })
      await page.reload()
      await expectSplit(ice, '2.25 h', '5 h', '2.75 h')
      await expect(ice.getByText(/Overdrawn/)).toHaveCount(0)
      await expectNoSideScroll(page)
      await checkA11y(page)
      await screenshot(page, testInfo, 'contracts-page')

      // Booking more than is left warns before saving, for the contract the booking is charged to.
      await page.goto(`/facility/${venue.facilityId}/room/${venue.rinkId}`)
      await expect(page.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
      await page.getByRole('button', { name: 'Add Event', exact: true }).click()
      const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
      // The box shows the words; a screen reader hears them from a live region beside it.
      const warningOf = (text: string) => addDialog.getByText(text, { exact: true })
      await addDialog.getByLabel('Client').selectOption({ label: 'Lakeshore FSC' })
      await addDialog.getByLabel('Date', { exact: true }).fill(addCalendarDays(venue.nextWeek, 1))
      await addDialog.getByLabel('Start Time').selectOption('18:00')
      await addDialog.getByLabel('Duration').selectOption({ label: '2 hrs' })
      await expect(addDialog.getByText(/This booking uses/)).toHaveCount(0)

      // A series counts every one of its dates: three weekly hours are 3 h.
      await addDialog.getByLabel('Duration').selectOption({ label: '1 hr' })
      await addDialog.getByLabel('Repeat this event').check()
      await addDialog.getByLabel('End Date').fill(addCalendarDays(venue.nextWeek, 15))
      await expect(addDialog.getByRole('list', { name: 'Dates in this series' }).getByRole('listitem')).toHaveCount(3)
      const iceNamed = `"Ice Season" (ends ${shownDay(iceEnd)})`
      await expect(warningOf(`This booking uses 3 h; Lakeshore FSC has 2.75 h left on its contract ${iceNamed}`)).toBeVisible()
      await addDialog.getByLabel('Repeat this event').uncheck()
      await expect(addDialog.getByText(/This booking uses/)).toHaveCount(0)

      await addDialog.getByLabel('Duration').selectOption({ label: '4 hrs' })
      const warning = warningOf(`This booking uses 4 h; Lakeshore FSC has 2.75 h left on its contract ${iceNamed}`)
      await expect(warning).toBeVisible()
      await expect(addDialog.getByText('You can still book; the contract will be overdrawn.', { exact: true })).toBeVisible()
      expect(await addDialog.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true)
      await checkA11y(page)
      await warning.scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`add-event-warning-${width}.png`) })
      // It only warns: the operator books anyway.
      await addDialog.getByRole('button', { name: 'Create Event' }).click()
      await expect(page.getByText('Event created successfully!')).toBeVisible()

      // The client page shows the same contracts, both overdrawn now.
      await page.goto(`/clients/${venue.clientId}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Lakeshore FSC' })).toBeVisible()
      await expect(contractCard(page, iceId).getByText('Overdrawn by 1.25 h')).toBeVisible()
      await expect(contractCard(page, iceId).getByText('Overdrawn by 1.25 h')).toHaveClass(/text-destructive/)
      await expectSplit(contractCard(page, iceId), '6.25 h', '5 h', '0 h')
      await expect(contractCard(page, iceId)).toContainText('Applies to: Ice only')
      await expect(contractCard(page, venue.everywhereId).getByText('Overdrawn by 1.25 h')).toBeVisible()
      await expectNoSideScroll(page)
      await checkA11y(page)
      await screenshot(page, testInfo, 'client-page')
    })
  })
}
