import { request, type APIRequestContext, type Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test, uniqueEmail } from './fixtures'

// The operators' side of the renters' portal (docs/product.md#renters): the renting settings of a
// space and a facility, a client's 'Portal Access', the Requests page and 'Release'.

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; rinkId: string; clientId: string; day: string }

// A facility with one rink open 06:00-23:00 on a 30-minute interval, a client, and a day three days
// ahead: upcoming, past any 'Release until', and in the facility page's week.
async function seed(page: Page, clientName = 'Northside Hockey'): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Harbour Arena', timeZone: TIME_ZONE })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:00',
    bookingInterval: 30,
  })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: clientName })
  return { facilityId: facility.id, rinkId: room.id, clientId: client.id, day: addCalendarDays(todayInZone(TIME_ZONE, new Date()), 3) }
}

async function invite(page: Page, clientId: string, email: string) {
  return postJson<{ invitation: { id: string }; url: string }>(page, `/api/clients/${clientId}/portal-invitations`, { email })
}

// A contact takes the link: an account of their own, signed in in a request context of its own.
async function signUpRenter(page: Page, clientId: string, fullName: string): Promise<{ renter: APIRequestContext; email: string }> {
  const email = uniqueEmail('renter')
  const { url } = await invite(page, clientId, email)
  const token = new URL(url).searchParams.get('portalInvitation')
  const baseURL = test.info().project.use.baseURL!
  const renter = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const response = await renter.post('/api/auth/sign-up/email', {
    data: { fullName, email, password: 'renter-password-1', portalInvitation: token },
  })
  expect(response.status(), 'the renter signs up with the link').toBe(201)
  const signIn = await renter.post('/api/auth/sign-in/email', { data: { email, password: 'renter-password-1' } })
  expect(signIn.status(), 'the renter signs in').toBe(200)
  return { renter, email }
}

async function requestIce(renter: APIRequestContext, venue: Venue, startTime: string, title: string) {
  const response = await renter.post('/api/portal/requests', {
    data: { clientId: venue.clientId, roomId: venue.rinkId, date: venue.day, startTime, durationMinutes: 60, title },
  })
  expect(response.status(), `${title} is requested`).toBe(201)
}

// A toast that is fading out is half transparent, which axe reports as too little contrast.
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
}

test("an owner turns on 'Accept requests' for a space and sets the facility's 'Hold requests for' and 'Release until'", async ({
  page,
  operator: _operator,
}) => {
  const venue = await seed(page)
  await page.goto(`/facility/${venue.facilityId}`)
  await expect(page.getByText('Requests are held 24 hours. Renters can release bookings until 48 hours before they start.')).toBeVisible()

  await page.getByRole('button', { name: 'Edit Facility' }).click()
  const facilityDialog = page.getByRole('dialog', { name: 'Edit Facility' })
  await expect(facilityDialog.getByLabel('Hold requests for')).toHaveValue('24')
  await expect(facilityDialog.getByLabel('Release until')).toHaveValue('48')
  await facilityDialog.getByLabel('Hold requests for').fill('400')
  await facilityDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(facilityDialog.getByText('Hold requests for must be a whole number of hours from 1 to 336')).toBeVisible()
  await facilityDialog.getByLabel('Hold requests for').fill('72')
  await facilityDialog.getByLabel('Release until').fill('24')
  await checkA11y(page)
  await page.screenshot({ path: test.info().outputPath('facility-renting-hours.png') })
  await facilityDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Facility updated successfully!')).toBeVisible()
  await expect(page.getByText('Requests are held 72 hours. Renters can release bookings until 24 hours before they start.')).toBeVisible()

  await page.goto(`/facility/${venue.facilityId}/room/${venue.rinkId}`)
  await expect(page.getByRole('definition').filter({ hasText: 'Not accepted' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit Space' }).click()
  const spaceDialog = page.getByRole('dialog', { name: 'Edit Space' })
  const acceptsRequests = spaceDialog.getByRole('switch', { name: 'Accept requests' })
  await expect(acceptsRequests).not.toBeChecked()
  // A keyboard user turns it on.
  await acceptsRequests.focus()
  await page.keyboard.press('Space')
  await expect(acceptsRequests).toBeChecked()
  await checkA11y(page)
  await page.screenshot({ path: test.info().outputPath('space-accept-requests.png') })
  await spaceDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Space updated successfully!')).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Accepted' })).toHaveText('Accepted')
  await page.goto(`/facility/${venue.facilityId}`)
  await expect(page.getByRole('listitem').filter({ hasText: 'Rink A' }).getByText('Accepts requests')).toBeVisible()

  // The trail says what changed, in the forms' words.
  await page.goto('/activity')
  await expect(page.getByText(/accept requests/).first()).toBeVisible()
})

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } })

    test("an owner invites a contact, copies the link, withdraws an invitation and removes a renter's access", async ({
      page,
      context,
      operator: _operator,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      const venue = await seed(page)
      await page.goto(`/clients/${venue.clientId}`)
      const section = page.getByRole('region', { name: 'Portal Access' })
      await expect(section.getByText('No contact has portal access yet.')).toBeVisible()

      await section.getByRole('button', { name: 'Invite Contact' }).click()
      const dialog = page.getByRole('dialog', { name: 'Invite Contact' })
      await dialog.getByLabel('Email').fill('not-an-email')
      await dialog.getByRole('button', { name: 'Invite Contact' }).click()
      await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
      const email = uniqueEmail('coach')
      await dialog.getByLabel('Email').fill(email)
      await dialog.getByRole('button', { name: 'Invite Contact' }).click()
      await expect(page.getByText('Invitation sent')).toBeVisible()
      const link = dialog.getByLabel('Invitation link')
      await expect(link).toHaveValue(/\/auth\?portalInvitation=/)
      await expect(link).toBeFocused()
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`invite-contact-${width}.png`) })
      await dialog.getByRole('button', { name: 'Copy' }).click()
      await expect(page.getByText('Invitation link copied to clipboard!')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue())
      await dialog.getByRole('button', { name: 'Done' }).click()

      const invitations = section.getByRole('list', { name: 'Open Invitations' })
      await expect(invitations.getByText(email)).toBeVisible()
      await invitations.getByRole('button', { name: `Withdraw invitation for ${email}` }).click()
      await expect(page.getByText('Invitation withdrawn')).toBeVisible()
      await expect(section.getByRole('list', { name: 'Open Invitations' })).toHaveCount(0)

      // A contact takes another link; their access shows, then goes at once.
      const { renter, email: renterEmail } = await signUpRenter(page, venue.clientId, 'Casey Coach')
      expect((await renter.get(`/api/portal/bookings?clientId=${venue.clientId}`)).status()).toBe(200)
      await page.reload()
      const renters = section.getByRole('list', { name: 'Portal access of Northside Hockey' })
      await expect(renters.getByText('Casey Coach')).toBeVisible()
      await expect(renters.getByText(renterEmail)).toBeVisible()
      await expect(renters.getByText(/^Since /)).toBeVisible()
      await expectNoSideways(page)
      await checkA11y(page)
      await section.screenshot({ path: test.info().outputPath(`portal-access-${width}.png`) })

      await renters.getByRole('button', { name: 'Remove Access of Casey Coach' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Remove Access?' })
      await expect(confirm).toContainText('Casey Coach')
      await confirm.getByRole('button', { name: 'Remove Access' }).click()
      await expect(page.getByText('Access removed')).toBeVisible()
      await expect(section.getByText('No contact has portal access yet.')).toBeVisible()
      // At once: the renter's very next request no longer reaches the client.
      expect((await renter.get(`/api/portal/bookings?clientId=${venue.clientId}`)).status()).not.toBe(200)
      await renter.dispose()
    })

    test('the Requests page counts pending requests, approves one and declines another with a reason', async ({
      page,
      operator: _operator,
    }) => {
      const venue = await seed(page)
      const accepts = await page.request.put(`/api/rooms/${venue.rinkId}`, {
        data: { name: 'Rink A', type: 'rink', acceptsRequests: true },
      })
      expect(accepts.status()).toBe(200)
      const { renter } = await signUpRenter(page, venue.clientId, 'Riley Renter')
      await requestIce(renter, venue, '18:00', 'Bantam practice')
      await requestIce(renter, venue, '20:00', 'Midget scrimmage')
      await renter.dispose()

      await page.goto('/facilities')
      // On a phone the sidebar is behind its button.
      if (width < 600) await page.getByRole('button', { name: 'Toggle Sidebar' }).click()
      const entry = page.getByRole('link', { name: /^Requests/ })
      await expect(entry).toHaveAccessibleName(/^Requests\s*, 2 pending$/)
      await entry.click()
      await expect(page).toHaveURL(/\/requests$/)

      const pending = page.getByRole('list', { name: 'Pending requests' })
      const bantam = pending.getByRole('article', { name: 'Bantam practice' })
      await expect(bantam).toContainText('Northside Hockey')
      await expect(bantam).toContainText('Rink A, Harbour Arena')
      await expect(bantam).toContainText('6:00 PM - 7:00 PM')
      await expect(bantam).toContainText('Riley Renter')
      await expect(bantam).toContainText('Expires')
      await expectNoSideways(page)
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`requests-${width}.png`), fullPage: true })

      await bantam.getByRole('button', { name: 'Approve Bantam practice' }).click()
      await expect(page.getByText('Request approved')).toBeVisible()
      await expect(bantam).toHaveCount(0)

      await pending.getByRole('button', { name: 'Decline Midget scrimmage' }).click()
      const dialog = page.getByRole('dialog', { name: 'Decline Request?' })
      await expect(dialog.getByRole('button', { name: 'Decline Request' })).toBeDisabled()
      await dialog.getByLabel('Reason').fill('The rink is closed for a tournament')
      await checkA11y(page)
      await dialog.getByRole('button', { name: 'Decline Request' }).click()
      await expect(page.getByText('Request declined')).toBeVisible()
      await expect(page.getByText('No pending requests')).toBeVisible()
      if (width >= 600) await expect(page.getByRole('link', { name: /^Requests/ })).toHaveAccessibleName('Requests')

      await page.getByRole('tab', { name: 'Decided' }).click()
      const decided = page.getByRole('list', { name: 'Decided requests' })
      await expect(decided.getByRole('article', { name: 'Bantam practice' })).toContainText('Approved')
      const declined = decided.getByRole('article', { name: 'Midget scrimmage' })
      await expect(declined).toContainText('Declined')
      await expect(declined).toContainText('The rink is closed for a tournament')
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`requests-decided-${width}.png`), fullPage: true })

      // The approved request is a booking of the client now.
      await page.goto(`/clients/${venue.clientId}`)
      await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('Bantam practice')).toBeVisible()
    })

    test('an operator releases an upcoming booking from its sheet', async ({ page, operator: _operator }) => {
      const venue = await seed(page)
      await postJson(page, '/api/events', {
        roomId: venue.rinkId,
        clientId: venue.clientId,
        title: 'Learn to skate',
        date: venue.day,
        startTime: '10:00',
        durationMinutes: 60,
      })
      await page.goto(`/facility/${venue.facilityId}`)
      const events = page.getByRole('region', { name: 'Events', exact: true })
      await events.getByRole('button', { name: 'Edit Learn to skate' }).click()
      const sheet = page.getByRole('dialog', { name: 'Edit Event' })
      await sheet.getByRole('button', { name: 'Release' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Release Booking?' })
      await expect(confirm).toContainText(
        '“Learn to skate” is cancelled: the hours go back to the contract and the time is offered to the waitlist.',
      )
      await checkA11y(page)
      await page.screenshot({ path: test.info().outputPath(`release-${width}.png`) })
      await confirm.getByRole('button', { name: 'Release' }).click()
      await expect(page.getByText('Booking released')).toBeVisible()
      await expect(sheet).toHaveCount(0)
      await expect(events.getByRole('button', { name: 'Edit Learn to skate' })).toHaveCount(0)
    })
  })
}
