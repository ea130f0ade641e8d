import type { Page } from '@playwright/test'
import { checkA11y as checkA11yNow, createAccount, expect, signInWithApi, signInWithUi, test } from './fixtures'

// The browser's zone is the new facility's default zone.
test.use({ timezoneId: 'America/Toronto' })

async function createFacilityWithApi(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/facilities', { data: { name } })
  expect(response.status(), 'facility created through the API').toBe(201)
  return ((await response.json()) as { facility: { id: string } }).facility.id
}

async function createRoomWithApi(page: Page, facilityId: string, name: string): Promise<string> {
  const response = await page.request.post(`/api/facilities/${facilityId}/rooms`, { data: { name, type: 'room' } })
  expect(response.status(), 'room created through the API').toBe(201)
  return ((await response.json()) as { room: { id: string } }).room.id
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  // A pointer resting on a toast pauses its timer, and toasts now show where the last click was.
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

const facilityCards = (page: Page) => page.getByRole('list', { name: 'Facilities' }).getByRole('listitem')
const roomCards = (page: Page) => page.getByRole('list', { name: 'Rooms & Courts' }).getByRole('listitem')

test.describe('facilities and spaces', () => {
  test('an operator creates a facility, adds a rink and a change room, deletes the change room, then the facility', async ({
    page,
    operator,
  }) => {
    // A long walk-through (two spaces, two deletes, axe at each step): 47 s alone on a loaded machine.
    test.setTimeout(120_000)
    void operator
    await createFacilityWithApi(page, 'Older Arena')
    await page.goto('/facilities')
    await expect(page.getByRole('heading', { name: 'Facilities', level: 1 })).toBeVisible()
    await expect(page.getByText('Manage your facilities and their rooms')).toBeVisible()
    await checkA11y(page)

    await page.getByRole('button', { name: 'New Facility' }).click()
    const facilityDialog = page.getByRole('dialog', { name: 'Create New Facility' })
    await expect(facilityDialog.getByLabel('Time Zone')).toHaveValue('America/Toronto')
    await expect(facilityDialog.getByRole('button', { name: 'Create Facility' })).toBeDisabled()
    await facilityDialog.getByLabel('Name').fill('   ')
    await expect(facilityDialog.getByRole('button', { name: 'Create Facility' })).toBeDisabled()
    await checkA11y(page)
    await facilityDialog.getByLabel('Name').fill('  Maple Leaf Arena  ')
    await facilityDialog.getByLabel('Address').fill('1 Arena Way, Springfield')
    await facilityDialog.getByLabel('Description').fill('Two rinks and a gym.')
    await facilityDialog.getByLabel('Time Zone').selectOption('America/Winnipeg')
    await facilityDialog.getByRole('button', { name: 'Create Facility' }).click()
    await expect(page.getByText('Facility created successfully!')).toBeVisible()
    await expect(facilityDialog).toBeHidden()

    await expect(facilityCards(page)).toHaveCount(2)
    await expect(facilityCards(page).first()).toContainText('Maple Leaf Arena')
    await expect(facilityCards(page).first()).toContainText('America/Winnipeg')
    await expect(facilityCards(page).nth(1)).toContainText('Older Arena')

    // The dialog starts empty again after a success.
    await page.getByRole('button', { name: 'New Facility' }).click()
    await expect(facilityDialog.getByLabel('Name')).toHaveValue('')
    await facilityDialog.getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('link', { name: 'Manage Maple Leaf Arena' }).click()
    await expect(page).toHaveURL(/\/facility\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: 'Maple Leaf Arena', level: 1 })).toBeVisible()
    await expect(page.getByText('1 Arena Way, Springfield')).toBeVisible()
    await expect(page.getByText('Time zone: America/Winnipeg')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No rooms yet' })).toBeVisible()
    await expect(page.getByText('No events scheduled for these days')).toBeVisible()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Add Room' }).click()
    const spaceDialog = page.getByRole('dialog', { name: 'Create New Space' })
    const createSpace = spaceDialog.getByRole('button', { name: 'Create Space' })
    await expect(spaceDialog.getByLabel('Opening Time')).toHaveValue('09:00')
    await expect(spaceDialog.getByLabel('Closing Time')).toHaveValue('22:00')
    await expect(spaceDialog.getByLabel('Booking Interval')).toHaveValue('30')
    await spaceDialog.getByLabel('Name').fill('Rink A')
    await expect(createSpace).toBeDisabled()
    await spaceDialog.getByLabel('Type').selectOption('rink')
    await expect(createSpace).toBeEnabled()
    await checkA11y(page)
    await spaceDialog.getByLabel('Capacity').fill('0')
    await spaceDialog.getByLabel('Closing Time').fill('08:00')
    await createSpace.click()
    await expect(spaceDialog.getByText('Capacity must be a whole number of at least 1')).toBeVisible()
    await expect(spaceDialog.getByText('Closing time must be after opening time')).toBeVisible()
    await spaceDialog.getByLabel('Capacity').fill('200')
    await spaceDialog.getByLabel('Closing Time').fill('23:00')
    await spaceDialog.getByLabel('Booking Interval').selectOption('60')
    await createSpace.click()
    await expect(page.getByText('Space created successfully!')).toBeVisible()
    await expect(spaceDialog).toBeHidden()

    await page.getByRole('button', { name: 'Add Room' }).click()
    await spaceDialog.getByLabel('Name').fill('Home Change Room')
    await spaceDialog.getByLabel('Type').selectOption('change_room')
    await createSpace.click()
    await expect(page.getByText('Space created successfully!').first()).toBeVisible()

    await expect(roomCards(page)).toHaveCount(2)
    const rink = roomCards(page).filter({ hasText: 'Rink A' })
    await expect(rink).toContainText('Rink')
    await expect(rink).toContainText('Capacity: 200')
    await expect(roomCards(page).filter({ hasText: 'Home Change Room' })).toContainText('Change Room')

    await page.getByRole('button', { name: 'Delete Home Change Room' }).click()
    const deleteRoom = page.getByRole('alertdialog', { name: 'Delete Room?' })
    await expect(deleteRoom).toContainText('Home Change Room')
    await checkA11y(page)
    await deleteRoom.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Room deleted successfully')).toBeVisible()
    await expect(roomCards(page)).toHaveCount(1)

    await page.getByRole('button', { name: 'Calendar', exact: true }).click()
    await expect(page.getByText('No events scheduled for this day')).toBeVisible()
    await page.getByRole('button', { name: 'Next day' }).click()
    await expect(page.getByRole('button', { name: 'Today' })).toBeVisible()
    await page.getByRole('button', { name: 'Today' }).click()
    await expect(page.getByRole('button', { name: 'Today' })).toBeHidden()

    await page.getByRole('link', { name: 'Schedule for Rink A' }).click()
    await expect(page).toHaveURL(/\/facility\/[0-9a-f-]{36}\/room\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
    await expect(page.getByText('9:00 AM - 11:00 PM')).toBeVisible()
    await expect(page.getByText('60 minutes')).toBeVisible()
    await expect(page.getByText('No events scheduled for this day')).toBeVisible()
    await checkA11y(page)

    await page.getByRole('link', { name: 'Back to Maple Leaf Arena' }).click()
    await page.getByRole('link', { name: 'Back to Facilities' }).click()
    await expect(page).toHaveURL(/\/facilities$/)
    await page.getByRole('button', { name: 'Delete Maple Leaf Arena' }).click()
    const deleteFacility = page.getByRole('alertdialog', { name: 'Delete Facility?' })
    await expect(deleteFacility).toContainText('Maple Leaf Arena')
    await checkA11y(page)
    await deleteFacility.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Facility deleted successfully')).toBeVisible()
    await expect(facilityCards(page)).toHaveCount(1)
    await expect(facilityCards(page).first()).toContainText('Older Arena')
  })

  test('names are accepted at 100 characters and refused at 101', async ({ page, operator }) => {
    void operator
    const facilityId = await createFacilityWithApi(page, 'Edge Arena')
    await page.goto('/facilities')
    await page.getByRole('button', { name: 'New Facility' }).click()
    const facilityDialog = page.getByRole('dialog', { name: 'Create New Facility' })
    await facilityDialog.getByLabel('Name').fill('F'.repeat(101))
    await facilityDialog.getByRole('button', { name: 'Create Facility' }).click()
    await expect(facilityDialog.getByText('Name must be 100 characters or less')).toBeVisible()
    await checkA11y(page)
    await facilityDialog.getByLabel('Name').fill('F'.repeat(100))
    await facilityDialog.getByRole('button', { name: 'Create Facility' }).click()
    await expect(page.getByText('Facility created successfully!')).toBeVisible()
    await expect(facilityCards(page).first()).toContainText('F'.repeat(100))

    await page.goto(`/facility/${facilityId}`)
    await page.getByRole('button', { name: 'Add Room' }).click()
    const spaceDialog = page.getByRole('dialog', { name: 'Create New Space' })
    await spaceDialog.getByLabel('Type').selectOption('court')
    await spaceDialog.getByLabel('Name').fill('S'.repeat(101))
    await spaceDialog.getByRole('button', { name: 'Create Space' }).click()
    await expect(spaceDialog.getByText('Name must be 100 characters or less')).toBeVisible()
    await spaceDialog.getByLabel('Name').fill('S'.repeat(100))
    await spaceDialog.getByRole('button', { name: 'Create Space' }).click()
    await expect(page.getByText('Space created successfully!')).toBeVisible()
    await expect(roomCards(page).first()).toContainText('S'.repeat(100))
  })

  test('a new user with no facilities lands on /setup', async ({ page, baseURL }) => {
    const account = await createAccount(baseURL!)
    await signInWithUi(page, account)
    await expect(page).toHaveURL(/\/setup$/)
    await page.goto('/facilities')
    await expect(page).toHaveURL(/\/setup$/)
  })

  test('deleting the last facility shows the empty state, which offers to create one', async ({ page, operator }) => {
    void operator
    await createFacilityWithApi(page, 'Only Arena')
    await page.goto('/facilities')
    await page.getByRole('button', { name: 'Delete Only Arena' }).click()
    await page.getByRole('alertdialog', { name: 'Delete Facility?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Facility deleted successfully')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No facilities yet' })).toBeVisible()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Create Facility' }).click()
    await expect(page.getByRole('dialog', { name: 'Create New Facility' })).toBeVisible()
  })

  test("another operator's facility and room are refused and the page goes to the dashboard", async ({
    page,
    operator,
    browser,
    baseURL,
  }) => {
    void operator
    const ownFacilityId = await createFacilityWithApi(page, 'Own Arena')

    const otherContext = await browser.newContext()
    const otherPage = await otherContext.newPage()
    await signInWithApi(otherPage, await createAccount(baseURL!))
    const foreignFacilityId = await createFacilityWithApi(otherPage, 'Foreign Arena')
    const foreignRoomId = await createRoomWithApi(otherPage, foreignFacilityId, 'Foreign Rink')
    await otherContext.close()

    await page.goto(`/facility/${foreignFacilityId}`)
    await expect(page.getByText('Failed to load facility data')).toBeVisible()
    await expect(page).toHaveURL(/\/facilities$/)
    await expect(page.getByText('Foreign Arena')).toBeHidden()

    await page.goto(`/facility/${foreignFacilityId}/room/${foreignRoomId}`)
    await expect(page.getByText('Failed to load room data')).toBeVisible()
    await expect(page).toHaveURL(/\/facilities$/)

    // A room of the operator's own, reached through another facility's address, is refused too.
    const ownRoomId = await createRoomWithApi(page, ownFacilityId, 'Own Rink')
    const otherOwnFacilityId = await createFacilityWithApi(page, 'Second Arena')
    await page.goto(`/facility/${otherOwnFacilityId}/room/${ownRoomId}`)
    await expect(page.getByText('Failed to load room data')).toBeVisible()
    await expect(page).toHaveURL(/\/facilities$/)
  })
})
