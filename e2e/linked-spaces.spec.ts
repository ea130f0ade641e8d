import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
// The viewer and the facility share the zone, so the calendar's today is the facility's.
test.use({ timezoneId: TIME_ZONE })

type Tree = { facilityId: string; fullSheetId: string; halfAId: string; halfBId: string }

async function seedFacility(page: Page): Promise<string> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Maple Leaf Arena',
    timeZone: TIME_ZONE,
  })
  return facility.id
}

// 'Full Sheet' with a 15-minute changeover and its two halves, through the API.
async function seedTree(page: Page): Promise<Tree> {
  const facilityId = await seedFacility(page)
  const rooms = `/api/facilities/${facilityId}/rooms`
  const space = async (data: object) => (await postJson<{ room: { id: string } }>(page, rooms, { type: 'rink', ...data })).room.id
  const fullSheetId = await space({ name: 'Full Sheet', changeoverMinutes: 15 })
  const halfAId = await space({ name: 'Half Ice A', parentId: fullSheetId })
  const halfBId = await space({ name: 'Half Ice B', parentId: fullSheetId })
  return { facilityId, fullSheetId, halfAId, halfBId }
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  // A pointer resting on a toast pauses its timer, and toasts now show where the last click was.
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

const roomList = (page: Page) => page.getByRole('list', { name: 'Rooms & Courts' })

// A space's own card, by its heading: a part's card also says 'Part of Full Sheet'.
// A whole's item holds its parts' items: the last item with the space's heading is its own,
// and its first child is its card alone.
const roomCard = (page: Page, name: string) =>
  roomList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .last()
    .locator(':scope > *')
    .first()

// 'Nov 25, 2026' for '2026-11-25', as the server's conflict message writes a day.
const conflictDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

async function addEvent(page: Page, { title, date, startTime }: { title: string; date: string; startTime: string }) {
  await page.getByRole('button', { name: 'Add Event', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Event' })
  await dialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Date', { exact: true }).fill(date)
  await dialog.getByLabel('Start Time').selectOption(startTime)
  await dialog.getByLabel('Duration').selectOption({ label: '1 hr' })
  await dialog.getByRole('button', { name: 'Create Event' }).click()
  return dialog
}

test.describe('linked spaces and changeovers', () => {
  test('an operator builds a sheet with two halves and a changeover in the UI', async ({ page, operator: _operator }) => {
    const facilityId = await seedFacility(page)
    await page.goto(`/facility/${facilityId}`)
    await expect(page.getByRole('heading', { name: 'Maple Leaf Arena', level: 1 })).toBeVisible()
    await expect(page.getByText('No rooms yet')).toBeVisible()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Add Room' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create New Space' })
    await expect(dialog.getByLabel('Changeover').locator('option')).toHaveText([
      'None',
      '5 minutes',
      '10 minutes',
      '15 minutes',
      '20 minutes',
      '30 minutes',
    ])
    await expect(dialog.getByLabel('Changeover')).toHaveValue('0')
    await expect(
      dialog.getByText('Time the space stays blocked after each booking, e.g. to resurface the ice. Applies to bookings made from now on.'),
    ).toBeVisible()
    await expect(dialog.getByLabel('Part of').locator('option')).toHaveText(['None'])
    await checkA11y(page)
    await dialog.getByLabel('Name').fill('Full Sheet')
    await dialog.getByLabel('Type').selectOption({ label: 'Rink' })
    await dialog.getByLabel('Changeover').selectOption({ label: '15 minutes' })
    await dialog.getByRole('button', { name: 'Create Space' }).click()
    await expect(page.getByText('Space created successfully!')).toBeVisible()
    await expect(dialog).toBeHidden()

    for (const name of ['Half Ice A', 'Half Ice B']) {
      await page.getByRole('button', { name: 'Add Room' }).click()
      await dialog.getByLabel('Name').fill(name)
      await dialog.getByLabel('Type').selectOption({ label: 'Rink' })
      await dialog.getByLabel('Part of').selectOption({ label: 'Full Sheet' })
      await dialog.getByRole('button', { name: 'Create Space' }).click()
      await expect(dialog).toBeHidden()
      await expect(roomCard(page, name)).toBeVisible()
    }

    // Each part after its whole, saying which whole it belongs to; the sheet shows its changeover.
    await expect(roomList(page).getByRole('heading')).toHaveText(['Full Sheet', 'Half Ice A', 'Half Ice B'])
    // The halves are listed under the sheet, as its parts.
    await expect(page.getByRole('list', { name: 'Parts of Full Sheet' }).getByRole('heading')).toHaveText(['Half Ice A', 'Half Ice B'])
    for (const name of ['Half Ice A', 'Half Ice B']) {
      await expect(roomCard(page, name)).toContainText('Part of Full Sheet')
      await expect(roomCard(page, name)).not.toContainText('min changeover')
    }
    await expect(roomCard(page, 'Full Sheet')).toContainText('15 min changeover')
    await expect(roomCard(page, 'Full Sheet')).not.toContainText('Part of')
    await checkA11y(page)

    // Editing a half starts from its whole; the sheet itself cannot be part of one of its halves.
    await roomCard(page, 'Half Ice A').getByRole('button', { name: 'Edit Space Half Ice A' }).click()
    const editDialog = page.getByRole('dialog', { name: 'Edit Space' })
    await expect(editDialog.getByLabel('Part of').locator('option:checked')).toHaveText('Full Sheet')
    await expect(editDialog.getByLabel('Changeover')).toHaveValue('0')
    await editDialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(editDialog).toBeHidden()
    await roomCard(page, 'Full Sheet').getByRole('button', { name: 'Edit Space Full Sheet' }).click()
    await expect(editDialog.getByLabel('Changeover')).toHaveValue('15')
    await expect(editDialog.getByLabel('Part of').locator('option')).toHaveText(['None'])
    await checkA11y(page)
  })

  test('a booking on a half blocks the sheet, and the sheet shows its changeover', async ({ page, operator: _operator }) => {
    const tree = await seedTree(page)
    await postJson(page, '/api/clients', { name: 'Northside Jets' })
    const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)

    await page.goto(`/facility/${tree.facilityId}/room/${tree.halfAId}`)
    await expect(page.getByRole('heading', { name: 'Half Ice A', level: 1 })).toBeVisible()
    await checkA11y(page)
    const halfDialog = await addEvent(page, { title: 'Half A skills', date: tomorrow, startTime: '10:00' })
    await expect(page.getByText('Event created successfully!')).toBeVisible()
    await expect(halfDialog).toBeHidden()

    await page.goto(`/facility/${tree.facilityId}/room/${tree.fullSheetId}`)
    await expect(page.getByRole('heading', { name: 'Full Sheet', level: 1 })).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: '15 minutes' })).toBeVisible()
    await checkA11y(page)

    // The sheet at 10:30 clashes with the half's 10:00-11:00, named with the half it is on.
    const message = `Time slot conflicts with: "Half A skills" (${conflictDate(tomorrow)} 10:00 AM - 11:00 AM) on Half Ice A`
    const sheetDialog = await addEvent(page, { title: 'Full ice practice', date: tomorrow, startTime: '10:30' })
    // Shown once, above the dialog's footer, and not also as a toast.
    await expect(sheetDialog.getByRole('alert')).toHaveText(message)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await checkA11y(page)
    await sheetDialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(sheetDialog).toBeHidden()

    // Noon is free; its 15-minute changeover follows it on the day grid.
    await addEvent(page, { title: 'Full ice practice', date: tomorrow, startTime: '12:00' })
    await expect(page.getByText('Event created successfully!')).toBeVisible()
    await expect(sheetDialog).toBeHidden()
    await page.getByRole('button', { name: 'Next day', exact: true }).click()
    const grid = page.getByLabel(/^Schedule of /)
    const practice = page.getByRole('list', { name: /^Events of / }).getByRole('button', { name: /Full ice practice/ })
    await expect(practice).toContainText('12:00 PM - 1:00 PM')
    await expect(practice).toHaveAccessibleName(/, then 15 min changeover$/)
    await expect(grid.getByText('Changeover', { exact: true })).toBeVisible()
    // The half's own booking is not the sheet's: the sheet's grid lists only its own event.
    await expect(grid.getByText('Half A skills')).toHaveCount(0)
    await checkA11y(page)
  })

  test('deleting the sheet keeps its halves by default, as spaces of their own', async ({ page, operator: _operator }) => {
    const tree = await seedTree(page)
    await page.goto(`/facility/${tree.facilityId}`)
    await expect(roomList(page).getByRole('heading')).toHaveText(['Full Sheet', 'Half Ice A', 'Half Ice B'])

    await roomCard(page, 'Full Sheet').getByRole('button', { name: 'Delete Full Sheet', exact: true }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Room?' })
    await expect(confirm).toContainText('“Full Sheet” and all of its scheduled events will be permanently deleted.')
    const choice = confirm.getByRole('radiogroup', { name: 'What happens to its parts, Half Ice A and Half Ice B?' })
    await expect(choice.getByRole('radio', { name: 'Keep its parts' })).toBeChecked()
    await expect(choice.getByRole('radio', { name: 'Delete its parts too' })).not.toBeChecked()
    await expect(choice).toContainText('They stay, with their events, as spaces of their own.')
    await checkA11y(page)

    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText('Room deleted successfully')).toBeVisible()
    await expect(confirm).toBeHidden()
    await expect(roomList(page).getByRole('heading')).toHaveText(['Half Ice A', 'Half Ice B'])
    await expect(roomList(page)).not.toContainText('Part of')
    await expect(roomList(page)).not.toContainText('Full Sheet')
    await checkA11y(page)
  })

  test('the facility page with the tree fits a phone', async ({ page, operator: _operator }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const tree = await seedTree(page)
    await page.goto(`/facility/${tree.facilityId}`)
    await expect(roomList(page).getByRole('heading')).toHaveText(['Full Sheet', 'Half Ice A', 'Half Ice B'])
    await expect(roomCard(page, 'Half Ice B')).toContainText('Part of Full Sheet')
    await expect(roomCard(page, 'Full Sheet')).toContainText('15 min changeover')
    await checkA11y(page)
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
