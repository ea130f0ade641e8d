import type { Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, createAccount, expect, postJson, signInWithApi, test, uniqueEmail } from './fixtures'

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

async function seedRink(page: Page, facilityName: string) {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: facilityName, timeZone: TIME_ZONE })
  const { room } = await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:30',
  })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
  return { facilityId: facility.id, roomId: room.id, clientId: client.id }
}

// The Owner's invite dialog: the one-time link it shows.
async function inviteWithUi(page: Page, email: string, role: string): Promise<string> {
  await page.goto('/team')
  await page.getByRole('button', { name: 'Invite Member' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Role').selectOption({ label: role })
  await dialog.getByRole('button', { name: 'Create Invitation' }).click()
  await expect(page.getByText('Invitation link created')).toBeVisible()
  const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue()
  await dialog.getByRole('button', { name: 'Done' }).click()
  return link
}

test.describe('teams', () => {
  test('an Owner invites a Scheduler, who joins with a new account and books; a Front Desk only reads', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Three accounts sign up and in, with argon2 on a shared machine.
    test.setTimeout(120_000)
    const owner = await createAccount(baseURL!, { fullName: 'Olivia Owner' })
    await signInWithApi(page, owner)
    const venue = await seedRink(page, 'Maple Leaf Arena')

    await page.goto('/team')
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
    await expect(page.getByText(owner.email)).toBeVisible()
    // The sole Owner is not offered a way out the server would refuse; the page says why.
    await expect(page.getByText("You are the only Owner, so you can't leave.", { exact: false })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Leave Organisation' })).toHaveCount(0)
    await checkA11y(page)
    const schedulerEmail = uniqueEmail('scheduler')
    const link = await inviteWithUi(page, schedulerEmail, 'Scheduler')

    // The Scheduler has no account yet: the invitation page makes one and joins.
    const schedulerContext = await browser.newContext({ timezoneId: TIME_ZONE })
    const scheduler = await schedulerContext.newPage()
    await scheduler.goto(new URL(link).pathname)
    await expect(scheduler.getByRole('heading', { name: "Join Olivia Owner's organisation" })).toBeVisible()
    await checkA11y(scheduler)
    await scheduler.getByLabel('Full Name').fill('Sam Scheduler')
    await scheduler.getByLabel('Password').fill('scheduler-password')
    await scheduler.getByRole('button', { name: 'Create Account and Accept' }).click()
    await expect(scheduler.getByText("Welcome to Olivia Owner's organisation")).toBeVisible()
    await expect(scheduler).toHaveURL(/\/facilities$/)
    await expect(scheduler.getByText('Maple Leaf Arena')).toBeVisible()
    await expect(scheduler.getByRole('button', { name: 'Create Facility' })).toHaveCount(0)

    // The Scheduler books on the room's calendar.
    const tomorrow = addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1)
    await scheduler.goto(`/facility/${venue.facilityId}/room/${venue.roomId}`)
    await scheduler.getByRole('button', { name: 'Add Event', exact: true }).click()
    const addDialog = scheduler.getByRole('dialog', { name: 'Add New Event' })
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('U11 Practice')
    await addDialog.getByLabel('Date', { exact: true }).fill(tomorrow)
    await addDialog.getByLabel('Start Time').selectOption('10:00')
    await addDialog.getByLabel('Duration').selectOption({ label: '1 hr' })
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(scheduler.getByText('Event created successfully!')).toBeVisible()
    // The trail is for Owners and Managers: no Activity in a Scheduler's sidebar.
    await expect(scheduler.getByRole('link', { name: 'Activity' })).toHaveCount(0)
    await schedulerContext.close()

    // The Owner reads the booking in the trail, as a sentence on the facility's wall clock.
    await page.goto('/team')
    await page.getByRole('link', { name: 'Activity' }).click()
    await expect(page).toHaveURL(/\/activity$/)
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
    const booking = page.getByText(/^Sam Scheduler booked "U11 Practice" on Rink A for .+, 10:00 AM – 11:00 AM$/)
    await expect(booking).toBeVisible()
    await checkA11y(page)
    // Narrowed to the Scheduler's events, the booking stays; to another kind of thing, it goes.
    await page.getByLabel('Person').selectOption({ label: 'Sam Scheduler' })
    await page.getByLabel('Kind').selectOption({ label: 'Events' })
    await expect(booking).toBeVisible()
    await page.getByLabel('Kind').selectOption({ label: 'Spaces' })
    await expect(page.getByRole('heading', { name: 'No activity matches these filters' })).toBeVisible()
    await page.getByRole('button', { name: 'Clear Filters' }).first().click()
    await expect(booking).toBeVisible()

    // The event's sheet shows its own history.
    await page.goto('/events')
    await page.getByRole('button', { name: 'Edit U11 Practice' }).click()
    const sheet = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(sheet.getByRole('heading', { name: 'History' })).toBeVisible()
    await expect(sheet.getByText(/^Sam Scheduler booked "U11 Practice"/)).toBeVisible()
    await sheet.getByRole('button', { name: 'Cancel' }).click()

    // The used link says so.
    const visitor = await browser.newPage()
    await visitor.goto(new URL(link).pathname)
    await expect(visitor.getByText('This invitation has expired or was already used')).toBeVisible()
    await visitor.close()

    // A Front Desk member, an existing account, sees the booking but cannot add one.
    const frontDeskAccount = await createAccount(baseURL!, { fullName: 'Frankie Desk' })
    const frontDeskLink = await inviteWithUi(page, frontDeskAccount.email, 'Front Desk')
    const frontDeskContext = await browser.newContext({ timezoneId: TIME_ZONE })
    const frontDesk = await frontDeskContext.newPage()
    await signInWithApi(frontDesk, frontDeskAccount)
    await frontDesk.goto(new URL(frontDeskLink).pathname)
    await frontDesk.getByRole('button', { name: 'Accept Invitation' }).click()
    await expect(frontDesk).toHaveURL(/\/facilities$/)
    await frontDesk.goto('/events')
    await expect(frontDesk.getByText('U11 Practice')).toBeVisible()
    await expect(frontDesk.getByRole('button', { name: 'Add Event' })).toHaveCount(0)
    await checkA11y(frontDesk)
    // Nor does the trail open for the Front Desk.
    await expect(frontDesk.getByRole('link', { name: 'Activity' })).toHaveCount(0)
    await frontDesk.goto('/activity')
    await expect(frontDesk.getByRole('heading', { name: 'Not available for your role' })).toBeVisible()
    const refused = await frontDesk.request.post('/api/events', {
      data: {
        roomId: venue.roomId,
        clientId: venue.clientId,
        date: tomorrow,
        startTime: '12:00',
        durationMinutes: 60,
        title: 'Not allowed',
      },
    })
    expect(refused.status()).toBe(403)

    // The switcher: Frankie's own organisation and Olivia's show their own data.
    await frontDesk.getByRole('button', { name: 'Switch organisation' }).click()
    await frontDesk.getByRole('menuitemradio', { name: /Frankie Desk's organisation/ }).click()
    await expect(frontDesk.getByText("Switched to Frankie Desk's organisation")).toBeVisible()
    // Frankie's own organisation has no facility yet: its empty state, with the switcher still at hand.
    await expect(frontDesk.getByRole('heading', { name: 'No facilities yet' })).toBeVisible()
    await expect(frontDesk).toHaveURL(/\/facilities$/)
    await expect(frontDesk.getByText('Maple Leaf Arena')).toHaveCount(0)
    await frontDesk.getByRole('button', { name: 'Switch organisation' }).click()
    await frontDesk.getByRole('menuitemradio', { name: /Olivia Owner's organisation/ }).click()
    await expect(frontDesk.getByText('Maple Leaf Arena')).toBeVisible()
    await frontDeskContext.close()

    // The Owner sees the whole team and removes the Front Desk member.
    await page.goto('/team')
    await expect(page.getByText(schedulerEmail)).toBeVisible()
    await page.getByRole('button', { name: `Remove ${frontDeskAccount.email}` }).click()
    await page.getByRole('alertdialog', { name: 'Remove Member?' }).getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByText('Member removed')).toBeVisible()
    await expect(page.getByText(frontDeskAccount.email)).toHaveCount(0)
  })

  test('an account still waiting for approval joins through an invitation for its email', async ({ page, browser, baseURL }) => {
    const owner = await createAccount(baseURL!, { fullName: 'Olivia Owner' })
    await signInWithApi(page, owner)
    const waiting = await createAccount(baseURL!, { approved: false, fullName: 'Pat Pending' })
    const response = await page.request.post('/api/team/invitations', { data: { email: waiting.email, role: 'manager' } })
    expect(response.status()).toBe(201)
    const { link } = (await response.json()) as { link: string }

    const visitor = await browser.newPage()
    await visitor.goto(new URL(link).pathname)
    await expect(visitor.getByRole('heading', { name: "Join Olivia Owner's organisation" })).toBeVisible()
    await visitor.getByLabel('Password').fill(waiting.password)
    await visitor.getByRole('button', { name: 'Sign In and Accept' }).click()
    await expect(visitor.getByText("Welcome to Olivia Owner's organisation")).toBeVisible()
    // In the app: its facilities, which an organisation without one hands on to the setup wizard.
    await expect(visitor).toHaveURL(/\/(facilities|setup)$/)
    await visitor.close()
  })

  test('an Owner withdraws an open invitation, and its link says it is gone', async ({ page, browser, baseURL }) => {
    const owner = await createAccount(baseURL!, { fullName: 'Olivia Owner' })
    await signInWithApi(page, owner)
    const email = uniqueEmail('withdrawn')
    const link = await inviteWithUi(page, email, 'Manager')
    const invitations = page.getByRole('list', { name: 'Open invitations' })
    await expect(invitations.getByText(email)).toBeVisible()
    await checkA11y(page)

    await invitations.getByRole('button', { name: `Withdraw invitation for ${email}` }).click()
    await expect(page.getByText('Invitation withdrawn')).toBeVisible()
    await expect(page.getByText(email)).toHaveCount(0)
    await expect(page.getByText('No open invitations.')).toBeVisible()

    const visitor = await browser.newPage()
    await visitor.goto(new URL(link).pathname)
    await expect(visitor.getByText('This invitation has expired or was already used')).toBeVisible()
    await visitor.close()
  })

  test('the Team and Activity pages work at phone width', async ({ page, operator }) => {
    void operator
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/team')
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
    await checkA11y(page)
    await seedRink(page, 'Pocket Arena')
    await page.goto('/activity')
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Person')).toBeVisible()
    await checkA11y(page)
  })
})
