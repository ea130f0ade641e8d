import { request, type Browser, type Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { ADMIN, checkA11y, expect, postJson, signInWithApi, test, uniqueEmail } from './fixtures'

// The renters' portal (docs/product.md#renters) as renters use it: a contact invited by the venue
// signs up with the link and lands on /portal, sees the client's bookings, hours and invoices,
// requests ice, which the venue approves or declines or which expires, releases ice that a
// waiting renter claims, and never sees another client's data. Renters are on phones, in a zone
// of their own: every time is the facility's all the same.

const TIME_ZONE = 'America/Toronto'
const RENTER_ZONE = 'Asia/Kolkata'
const PHONE = { width: 375, height: 812 }
const PASSWORD = 'renter-password-1'

type Venue = {
  facilityId: string
  /** Takes requests. */
  rinkA: string
  /** Does not. */
  rinkB: string
  changeRoom: string
  hawks: string
  bay: string
  today: string
  /** A week ahead: releasable under the default 48 hours. */
  day: string
  organisationName: string
}

async function seedVenue(page: Page, { holdRequestsHours }: { holdRequestsHours?: number } = {}): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Harbour Arena',
    timeZone: TIME_ZONE,
    ...(holdRequestsHours ? { holdRequestsHours } : {}),
  })
  const space = (name: string, extra: Record<string, unknown>) =>
    postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, { name, ...extra }).then(({ room }) => room.id)
  const hours = { type: 'rink', operatingStartTime: '06:00', operatingEndTime: '23:00', bookingInterval: 30 }
  const rinkA = await space('Rink A', { ...hours, acceptsRequests: true })
  const rinkB = await space('Rink B', hours)
  const changeRoom = await space('Room 3', { type: 'change_room' })
  const client = (name: string) => postJson<{ client: { id: string } }>(page, '/api/clients', { name }).then(({ client }) => client.id)
  const hawks = await client('Harbour Hawks')
  const bay = await client('Bay Skating Club')
  const me = (await (await page.request.get('/api/me')).json()) as { user: { organisation: { name: string } } }
  const today = todayInZone(TIME_ZONE, new Date())
  return {
    facilityId: facility.id,
    rinkA,
    rinkB,
    changeRoom,
    hawks,
    bay,
    today,
    day: addCalendarDays(today, 7),
    organisationName: me.user.organisation.name,
  }
}

type Booking = { roomId: string; clientId: string; title: string; date: string; startTime: string; durationMinutes: number }
const book = (page: Page, booking: Booking & { changeRoom1Id?: string }) =>
  postJson<{ events: { id: string }[] }>(page, '/api/events', booking)

async function contract(page: Page, clientId: string, name: string, startDate: string) {
  await postJson(page, '/api/contracts', { clientId, name, startDate, totalHours: 10 })
}

// A renter's own browser: a phone unless asked otherwise, in a zone far from the facility's.
async function renterPage(browser: Browser, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    timezoneId: RENTER_ZONE,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  })
  return context.newPage()
}

// The operator invites through the API (the client page's 'Portal Access' is tested once, below).
async function invitationToken(page: Page, clientId: string, email: string): Promise<string> {
  const { url } = await postJson<{ url: string }>(page, `/api/clients/${clientId}/portal-invitations`, { email })
  return new URL(url).searchParams.get('portalInvitation')!
}

// A contact who took the link, signed in in a browser of their own.
async function signedInRenter(operatorPage: Page, browser: Browser, clientId: string, fullName: string, viewport = PHONE) {
  const email = uniqueEmail('renter')
  const token = await invitationToken(operatorPage, clientId, email)
  const page = await renterPage(browser, viewport)
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { fullName, email, password: PASSWORD, portalInvitation: token },
  })
  expect(signUp.status(), 'the renter signs up with the link').toBe(201)
  await signInWithApi(page, { email, password: PASSWORD })
  return { page, email }
}

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0)
}

// Every portal page: axe passes, nothing scrolls sideways, and the picture is kept to look at.
async function checkPage(page: Page, name: string): Promise<void> {
  await checkA11y(page)
  await expectNoSideways(page)
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

const portalNav = (page: Page) => page.getByRole('navigation', { name: 'Portal' })

async function adminMovesTheClock(advanceMinutes: number): Promise<string[]> {
  const baseURL = test.info().project.use.baseURL!
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  expect((await admin.post('/api/auth/sign-in/email', { data: { email: ADMIN.email, password: ADMIN.password } })).status()).toBe(200)
  const response = await admin.post('/api/test/clock', { data: { advanceMinutes } })
  expect(response.status(), 'the test clock moves').toBe(200)
  const { expired } = (await response.json()) as { expired: string[] }
  await admin.dispose()
  return expired
}

// Picks a free slot on Request Ice and sends it.
async function requestIce(page: Page, venue: Venue, slot: string, title: string): Promise<void> {
  await page.goto('/portal/requests')
  const form = page.getByRole('form', { name: 'Request Ice' })
  await expect(form.getByLabel('Space')).toHaveValue(venue.rinkA)
  await form.getByLabel('Day').fill(venue.day)
  await form.getByLabel('Duration').selectOption({ label: '1 hr' })
  await form.getByRole('radio', { name: slot }).check()
  await form.getByLabel('Title').fill(title)
  await form.getByRole('button', { name: 'Send Request' }).click()
  await expect(page.getByText('Request sent')).toBeVisible()
}

const myRequest = (page: Page, title: string) =>
  page.getByRole('list', { name: 'My Requests' }).getByRole('article', { name: new RegExp(`^${title},`) })

test.use({ timezoneId: RENTER_ZONE })

test('an invited contact signs up with the link on a phone and sees the bookings and hours of their client', async ({
  page,
  browser,
  context,
  operator: _operator,
}) => {
  test.setTimeout(120_000)
  const venue = await seedVenue(page)
  const yesterday = addCalendarDays(venue.today, -1)
  await contract(page, venue.hawks, 'Hawks 2026 Season', addCalendarDays(venue.today, -30))
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.hawks,
    title: 'Hawks practice',
    date: venue.day,
    startTime: '18:00',
    durationMinutes: 90,
    changeRoom1Id: venue.changeRoom,
  })
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.hawks,
    title: 'Hawks skills',
    date: yesterday,
    startTime: '08:00',
    durationMinutes: 60,
  })
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.bay,
    title: 'Bay figure skating',
    date: venue.day,
    startTime: '10:00',
    durationMinutes: 60,
  })

  // The venue invites the Hawks' coach from the client page, and copies the link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/clients/${venue.hawks}`)
  await page.getByRole('region', { name: 'Portal Access' }).getByRole('button', { name: 'Invite Contact' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite Contact' })
  const email = uniqueEmail('coach')
  await invite.getByLabel('Email').fill(email)
  await invite.getByRole('button', { name: 'Invite Contact' }).click()
  await expect(page.getByText('Invitation sent')).toBeVisible()
  const link = new URL(await invite.getByLabel('Invitation link').inputValue())

  // The coach opens it on a phone: /auth says who invites them, and offers sign-up for the email.
  const renter = await renterPage(browser)
  await renter.goto(link.pathname + link.search)
  await expect(renter.locator('#root [inert]')).toHaveCount(0)
  await expect(renter.getByRole('heading', { name: `Join ${venue.organisationName}`, level: 1 })).toBeVisible()
  await expect(renter.getByText(`${email} is invited to see Harbour Hawks's bookings, hours and invoices.`)).toBeVisible()
  await expect(renter.getByLabel('Email')).toHaveValue(email)
  await renter.getByLabel('Full Name').fill('Casey Coach')
  await renter.getByLabel('Password').fill(PASSWORD)
  await checkPage(renter, 'auth-invitation-sign-up')
  await renter.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(renter.getByText('Account created! Sign in to continue.')).toBeVisible()
  // No approval to wait for: the sign-in form has the email, and the portal opens.
  await expect(renter.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  await expect(renter.getByLabel('Email')).toHaveValue(email)
  await renter.getByLabel('Password').fill(PASSWORD)
  await renter.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(renter).toHaveURL(/\/portal$/)

  // My Bookings: the client's, on the facility's clock though the phone is in Kolkata.
  await expect(renter.getByRole('banner')).toContainText('Harbour Hawks')
  await expect(renter.getByRole('banner')).toContainText(venue.organisationName)
  await expect(renter.getByRole('heading', { name: 'My Bookings', level: 1 })).toBeVisible()
  const practice = renter.getByRole('article', { name: /^Hawks practice,/ })
  await expect(practice).toContainText('6:00 PM - 7:30 PM')
  await expect(practice).toContainText('Rink B · Harbour Arena')
  await expect(practice).toContainText('Change room: Room 3')
  await expect(practice.getByRole('button', { name: /^Release Hawks practice/ })).toBeVisible()
  await expect(renter.getByText('Hawks skills')).toHaveCount(0)
  await expect(renter.getByText('Bay figure skating')).toHaveCount(0)
  await checkPage(renter, 'my-bookings-phone')

  const past = renter.getByRole('navigation', { name: 'Bookings' }).getByRole('link', { name: 'Past' })
  await past.click()
  await expect(past).toHaveAttribute('aria-current', 'page')
  const skills = renter.getByRole('article', { name: /^Hawks skills,/ })
  await expect(skills).toContainText('8:00 AM - 9:00 AM')
  await expect(skills.getByRole('button', { name: /^Release/ })).toHaveCount(0)
  await checkPage(renter, 'my-bookings-past-phone')

  // The calendar feed's address, copied.
  await renter.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const feed = renter.getByRole('region', { name: 'Calendar Feed' })
  await expect(feed.getByLabel('Feed URL')).toHaveValue(/\/feeds\/.+\.ics$/)
  await feed.getByRole('button', { name: 'Copy Feed URL' }).click()
  await expect(renter.getByText('Feed URL copied to clipboard!')).toBeVisible()
  expect(await renter.evaluate(() => navigator.clipboard.readText())).toBe(await feed.getByLabel('Feed URL').inputValue())

  // My Hours: the contract's hours used of its total, and its ledger.
  await portalNav(renter).getByRole('link', { name: 'My Hours' }).click()
  const season = renter.getByRole('region', { name: 'Hawks 2026 Season' })
  await expect(season).toContainText('2.5 of 10 hours used')
  await expect(season.getByRole('progressbar', { name: '2.5 of 10 hours used' })).toBeVisible()
  await expect(season.getByRole('row').filter({ hasText: 'Hawks practice' })).toContainText('Booked')
  await expect(season.getByRole('row').filter({ hasText: 'Hawks practice' })).toContainText('1.5')
  await expect(season.getByRole('row').filter({ hasText: 'Hawks skills' })).toContainText('Used')
  await checkPage(renter, 'my-hours-phone')

  // The other pages fit the phone too.
  await portalNav(renter).getByRole('link', { name: 'My Invoices' }).click()
  await expect(renter.getByText('No invoices yet')).toBeVisible()
  await checkPage(renter, 'my-invoices-empty-phone')
  await portalNav(renter).getByRole('link', { name: 'Request Ice' }).click()
  // A day a week on: late in Toronto's evening, today has no free ice left to offer.
  await renter.getByRole('form', { name: 'Request Ice' }).getByLabel('Day').fill(venue.day)
  await expect(renter.getByRole('radio').first()).toBeVisible()
  await checkPage(renter, 'request-ice-phone')
  await portalNav(renter).getByRole('link', { name: 'Waitlist' }).click()
  await expect(renter.getByText('Not waiting for any ice.')).toBeVisible()
  await checkPage(renter, 'waitlist-phone')

  // Staff pages are not the renter's: they lead back to the portal.
  await renter.goto('/facilities')
  await expect(renter).toHaveURL(/\/portal$/)
  await renter.getByRole('button', { name: 'Sign Out' }).click()
  await expect(renter).toHaveURL(/\/$/)
  await renter.context().close()
})

test('a renter requests a slot, the venue approves it, and it is booked and counted in the hours', async ({
  page,
  browser,
  operator: _operator,
}) => {
  test.setTimeout(90_000)
  const venue = await seedVenue(page)
  await contract(page, venue.hawks, 'Hawks 2026 Season', venue.today)
  const { page: renter } = await signedInRenter(page, browser, venue.hawks, 'Riley Renter', { width: 1280, height: 900 })

  await requestIce(renter, venue, '6:00 to 7:00 PM', 'Bantam practice')
  const pending = myRequest(renter, 'Bantam practice')
  await expect(pending).toContainText('Pending')
  await expect(pending).toContainText('Held until')
  await expect(pending).toContainText('Rink A · Harbour Arena')
  // The slot is held: it is no longer offered.
  await expect(renter.getByRole('radio', { name: '6:00 to 7:00 PM' })).toHaveCount(0)
  await expect(renter.getByRole('radio', { name: '7:00 to 8:00 PM' })).toBeVisible()
  await checkPage(renter, 'request-sent')

  // The venue approves it on its Requests page.
  await page.goto('/requests')
  await page.getByRole('list', { name: 'Pending requests' }).getByRole('button', { name: 'Approve Bantam practice' }).click()
  await expect(page.getByText('Request approved')).toBeVisible()

  await renter.reload()
  await expect(myRequest(renter, 'Bantam practice')).toContainText('Approved')
  await expect(myRequest(renter, 'Bantam practice').getByRole('button', { name: /^Withdraw/ })).toHaveCount(0)
  await portalNav(renter).getByRole('link', { name: 'My Bookings' }).click()
  await expect(renter.getByRole('article', { name: /^Bantam practice,/ })).toContainText('6:00 PM - 7:00 PM')
  await portalNav(renter).getByRole('link', { name: 'My Hours' }).click()
  const season = renter.getByRole('region', { name: 'Hawks 2026 Season' })
  await expect(season).toContainText('1 of 10 hours used')
  await expect(season.getByRole('row').filter({ hasText: 'Bantam practice' })).toContainText('Booked')
  await checkPage(renter, 'approved-hours')
  await renter.context().close()
})

test('a declined request says why, and frees its slot', async ({ page, browser, operator: _operator }) => {
  const venue = await seedVenue(page)
  const { page: renter } = await signedInRenter(page, browser, venue.hawks, 'Riley Renter')

  await requestIce(renter, venue, '8:00 to 9:00 PM', 'Midget scrimmage')
  await expect(renter.getByRole('radio', { name: '8:00 to 9:00 PM' })).toHaveCount(0)

  await page.goto('/requests')
  await page.getByRole('list', { name: 'Pending requests' }).getByRole('button', { name: 'Decline Midget scrimmage' }).click()
  const dialog = page.getByRole('dialog', { name: 'Decline Request?' })
  await dialog.getByLabel('Reason').fill('The rink is closed for a tournament')
  await dialog.getByRole('button', { name: 'Decline Request' }).click()
  await expect(page.getByText('Request declined')).toBeVisible()

  await renter.reload()
  const declined = myRequest(renter, 'Midget scrimmage')
  await expect(declined).toContainText('Declined')
  await expect(declined).toContainText('Reason: The rink is closed for a tournament')
  await renter.getByRole('form', { name: 'Request Ice' }).getByLabel('Day').fill(venue.day)
  await expect(renter.getByRole('radio', { name: '8:00 to 9:00 PM' })).toBeVisible()
  await checkPage(renter, 'request-declined-phone')

  // The venue removes the renter's access: the next page they open says so.
  await page.goto(`/clients/${venue.hawks}`)
  await page.getByRole('region', { name: 'Portal Access' }).getByRole('button', { name: 'Remove Access of Riley Renter' }).click()
  await page.getByRole('alertdialog', { name: 'Remove Access?' }).getByRole('button', { name: 'Remove Access' }).click()
  await expect(page.getByText('Access removed')).toBeVisible()
  await portalNav(renter).getByRole('link', { name: 'My Hours' }).click()
  await expect(renter.getByRole('heading', { name: 'This account has no portal access', level: 1 })).toBeVisible()
  await checkPage(renter, 'no-access-phone')
  await renter.context().close()
})

test('a request nobody answers expires by the test clock, and a renter withdraws another', async ({
  page,
  browser,
  operator: _operator,
}) => {
  // Held one hour, so that moving the clock an hour expires it and nobody else's 24-hour holds.
  const venue = await seedVenue(page, { holdRequestsHours: 1 })
  const { page: renter } = await signedInRenter(page, browser, venue.hawks, 'Riley Renter')

  await requestIce(renter, venue, '7:00 to 8:00 AM', 'Early skate')
  await requestIce(renter, venue, '9:00 to 10:00 AM', 'Power skating')
  await expect(renter.getByText('Harbour Arena holds a request for 1 hour while it waits for an answer.', { exact: false })).toBeVisible()

  // Withdrawn: asks first, then the slot is free again.
  await myRequest(renter, 'Power skating')
    .getByRole('button', { name: /^Withdraw Power skating/ })
    .click()
  const confirm = renter.getByRole('alertdialog', { name: 'Withdraw this request?' })
  await checkA11y(renter)
  await confirm.getByRole('button', { name: 'Withdraw' }).click()
  await expect(renter.getByText('Request withdrawn')).toBeVisible()
  await expect(myRequest(renter, 'Power skating')).toContainText('Withdrawn')

  // Expired: the clock moves past the hour, and the sweep lets the hold go.
  const expired = await adminMovesTheClock(61)
  expect(expired.length).toBeGreaterThanOrEqual(1)
  await renter.reload()
  await expect(myRequest(renter, 'Early skate')).toContainText('Expired')
  await renter.getByRole('form', { name: 'Request Ice' }).getByLabel('Day').fill(venue.day)
  await expect(renter.getByRole('radio', { name: '7:00 to 8:00 AM' })).toBeVisible()
  await checkPage(renter, 'request-expired-phone')
  await renter.context().close()
})

test('a renter releases ice, a waiting renter claims it first, and the next is told it was just taken', async ({
  page,
  browser,
  operator: _operator,
}) => {
  test.setTimeout(150_000)
  const venue = await seedVenue(page)
  const juniors = (await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Juniors' })).client.id
  await contract(page, venue.hawks, 'Hawks 2026 Season', venue.today)
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.hawks,
    title: 'Hawks practice',
    date: venue.day,
    startTime: '18:00',
    durationMinutes: 90,
  })
  await book(page, {
    roomId: venue.rinkA,
    clientId: venue.hawks,
    title: 'Hawks skills',
    date: venue.day,
    startTime: '07:00',
    durationMinutes: 60,
  })
  const { page: hawks } = await signedInRenter(page, browser, venue.hawks, 'Harper Hawks')
  const { page: bay, email: bayEmail } = await signedInRenter(page, browser, venue.bay, 'Blair Bay')
  const { page: juniorsRenter, email: juniorsEmail } = await signedInRenter(page, browser, juniors, 'Jordan Juniors')

  const joinWaitlist = async (renter: Page, space: string, from: string, to: string, shown: string) => {
    await renter.goto('/portal/waitlist')
    const form = renter.getByRole('form', { name: 'Join Waitlist' })
    await form.getByLabel('Space').selectOption({ label: space })
    await form.getByLabel('Day').fill(venue.day)
    await form.getByLabel('From').fill(from)
    await form.getByLabel('To').fill(to)
    await form.getByRole('button', { name: 'Join Waitlist' }).click()
    await expect(renter.getByText('Added to the waitlist')).toBeVisible()
    await expect(renter.getByRole('article', { name: new RegExp(`^${space}, .*${shown}`) })).toBeVisible()
  }
  // Two renters wait for that evening on Rink B, which books claims at once; Bay waits for the
  // morning on Rink A too, which takes requests.
  await joinWaitlist(bay, 'Rink B', '17:00', '22:00', '5:00 PM - 10:00 PM')
  await joinWaitlist(juniorsRenter, 'Rink B', '17:00', '22:00', '5:00 PM - 10:00 PM')
  await joinWaitlist(bay, 'Rink A', '06:00', '09:00', '6:00 AM - 9:00 AM')
  await expect(bay.getByText('Rink A takes requests: claiming its time sends a request the venue answers.')).toBeVisible()
  await checkPage(bay, 'waitlist-joined-phone')

  // The Hawks give their evening ice back, well before the facility's 48 hours.
  await hawks.goto('/portal')
  await hawks.getByRole('button', { name: /^Release Hawks practice/ }).click()
  const confirm = hawks.getByRole('alertdialog', { name: 'Release Booking?' })
  await expect(confirm).toContainText('“Hawks practice”')
  await checkA11y(hawks)
  await hawks.screenshot({ path: test.info().outputPath('release-phone.png') })
  await confirm.getByRole('button', { name: 'Release' }).click()
  await expect(hawks.getByText('Booking released')).toBeVisible()
  await expect(hawks.getByRole('article', { name: /^Hawks practice,/ })).toHaveCount(0)
  await portalNav(hawks).getByRole('link', { name: 'My Hours' }).click()
  await expect(hawks.getByRole('region', { name: 'Hawks 2026 Season' })).toContainText('1 of 10 hours used')

  // Both waiting renters are emailed the offer, with its claim link.
  const offerLink = async (to: string, space: string) => {
    const mail = (await (await page.request.get('/api/mail')).json()) as {
      messages: { kind: string; to: string; subject: string; text: string }[]
    }
    const message = mail.messages.find(
      (candidate) => candidate.kind === 'waitlist_offer' && candidate.to === to && candidate.subject.includes(space),
    )
    expect(message, `an offer of ${space} emailed to ${to}`).toBeDefined()
    return /\/portal\/offers\/[0-9a-f-]{36}/.exec(message!.text)![0]
  }
  const bayLink = await offerLink(bayEmail, 'Rink B')
  const juniorsLink = await offerLink(juniorsEmail, 'Rink B')

  // The Juniors' renter has the offer open; Bay's claims first, and it is booked.
  await juniorsRenter.goto(juniorsLink)
  await expect(juniorsRenter.getByRole('heading', { name: 'Ice Offered' })).toBeVisible()
  await bay.goto(bayLink)
  await expect(bay.getByText('6:00 PM - 7:30 PM')).toBeVisible()
  await expect(bay.getByText('Rink B · Harbour Arena')).toBeVisible()
  await expect(bay.getByText('Claiming books it at once.')).toBeVisible()
  await checkPage(bay, 'offer-open-phone')
  await bay.getByRole('button', { name: 'Claim' }).click()
  await expect(bay.getByRole('status').filter({ hasText: 'The slot is yours: it is booked' })).toBeVisible()
  await checkPage(bay, 'offer-claimed-phone')
  await bay.getByRole('link', { name: 'See My Bookings' }).click()
  await expect(bay.getByRole('article', { name: /^Bay Skating Club,/ })).toContainText('6:00 PM - 7:30 PM')

  await juniorsRenter.getByRole('button', { name: 'Claim' }).click()
  await expect(juniorsRenter.getByRole('status').filter({ hasText: 'This slot was just taken' })).toBeVisible()
  await checkPage(juniorsRenter, 'offer-taken-phone')

  // The morning on Rink A, released too: Bay's claim is a request that holds the time.
  await hawks.goto('/portal')
  await hawks.getByRole('button', { name: /^Release Hawks skills/ }).click()
  await hawks.getByRole('alertdialog', { name: 'Release Booking?' }).getByRole('button', { name: 'Release' }).click()
  await expect(hawks.getByText('Booking released')).toBeVisible()
  await bay.goto(await offerLink(bayEmail, 'Rink A'))
  await expect(bay.getByText('Claiming sends a request, which holds the slot until the venue answers.')).toBeVisible()
  await bay.getByRole('button', { name: 'Claim' }).click()
  await expect(bay.getByRole('status').filter({ hasText: 'The slot is yours: your request was sent' })).toBeVisible()
  await bay.getByRole('link', { name: 'See My Requests' }).click()
  await expect(myRequest(bay, 'Bay Skating Club')).toContainText('Pending')
  for (const renter of [hawks, bay, juniorsRenter]) await renter.context().close()
})

test("a renter of two clients picks the client, reads its invoices, and never sees a third client's data", async ({
  page,
  browser,
  operator: _operator,
}) => {
  test.setTimeout(120_000)
  const venue = await seedVenue(page)
  const juniors = (await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Harbour Juniors' })).client.id
  // Last month's ice, billed: the Hawks' invoice is paid in part; Bay's is another client's.
  const lastMonth = addCalendarDays(venue.today.slice(0, 8) + '01', -1)
  const firstOfLastMonth = lastMonth.slice(0, 8) + '01'
  expect(
    (await page.request.put(`/api/rooms/${venue.rinkB}/rates`, { data: { primeRateMinor: 30000, nonPrimeRateMinor: 20000 } })).status(),
  ).toBe(200)
  await contract(page, venue.bay, 'Bay club hours', firstOfLastMonth)
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.hawks,
    title: 'Hawks skills',
    date: addCalendarDays(firstOfLastMonth, 2),
    startTime: '08:00',
    durationMinutes: 60,
  })
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.bay,
    title: 'Bay figure skating',
    date: addCalendarDays(firstOfLastMonth, 3),
    startTime: '10:00',
    durationMinutes: 60,
  })
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.bay,
    title: 'Bay figure skating',
    date: venue.day,
    startTime: '10:00',
    durationMinutes: 60,
  })
  await book(page, {
    roomId: venue.rinkB,
    clientId: juniors,
    title: 'Juniors game',
    date: venue.day,
    startTime: '12:00',
    durationMinutes: 60,
  })
  const generated = await page.request.post('/api/invoices/generate', { data: { periodStart: firstOfLastMonth, periodEnd: lastMonth } })
  expect(generated.status()).toBe(200)
  const { invoices } = (await generated.json()) as { invoices: { id: string; clientId: string }[] }
  const invoiceOf = (clientId: string) => invoices.find((invoice) => invoice.clientId === clientId)!.id
  const numbers: Record<string, string> = {}
  for (const clientId of [venue.hawks, venue.bay]) {
    const issued = await page.request.post(`/api/invoices/${invoiceOf(clientId)}/issue`, { data: {} })
    expect(issued.status()).toBe(200)
    numbers[clientId] = ((await issued.json()) as { invoice: { number: string } }).invoice.number
  }
  await postJson(page, '/api/payments', {
    clientId: venue.hawks,
    amountMinor: 10000,
    receivedOn: venue.today,
    method: 'cheque',
    reference: 'Cheque 118',
    invoiceIds: [invoiceOf(venue.hawks)],
  })

  // One coach speaks for the Hawks, then takes a second link, for the Juniors, by signing in with it.
  const { page: coach, email } = await signedInRenter(page, browser, venue.hawks, 'Casey Coach')
  const juniorsToken = await invitationToken(page, juniors, email)
  await coach.goto('/portal')
  await coach.getByRole('button', { name: 'Sign Out' }).click()
  await expect(coach).toHaveURL(/\/$/)
  await coach.goto(`/auth?portalInvitation=${juniorsToken}`)
  await expect(coach.locator('#root [inert]')).toHaveCount(0)
  await expect(coach.getByRole('heading', { name: `Join ${venue.organisationName}`, level: 1 })).toBeVisible()
  await expect(coach.getByLabel('Email')).toHaveValue(email)
  await coach.getByLabel('Password').fill(PASSWORD)
  await checkPage(coach, 'auth-invitation-sign-in')
  await coach.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(coach).toHaveURL(/\/portal$/)

  // The header's select picks the client every page shows.
  const client = coach.getByRole('combobox', { name: 'Client' })
  await expect(client.getByRole('option')).toHaveText(['Harbour Hawks', 'Harbour Juniors'])
  await client.selectOption({ label: 'Harbour Juniors' })
  await expect(coach.getByRole('article', { name: /^Juniors game,/ })).toBeVisible()
  await checkPage(coach, 'two-clients-phone')
  await client.selectOption({ label: 'Harbour Hawks' })
  await expect(coach.getByRole('article', { name: /^Juniors game,/ })).toHaveCount(0)

  // My Invoices: the Hawks' balance, invoice and payment; the invoice's printable page.
  await portalNav(coach).getByRole('link', { name: 'My Invoices' }).click()
  const invoice = coach.getByRole('list', { name: 'Invoices' }).getByRole('article')
  await expect(invoice).toHaveCount(1)
  await expect(invoice).toContainText(`Invoice ${numbers[venue.hawks]}`)
  await expect(invoice).toContainText('Partly paid')
  await expect(coach.getByRole('list', { name: 'Payments' })).toContainText('Cheque 118')
  await checkPage(coach, 'my-invoices-phone')
  await invoice.getByRole('link', { name: `Invoice ${numbers[venue.hawks]}` }).click()
  await expect(coach).toHaveURL(/\/portal\/invoices\/[0-9a-f-]{36}$/)
  await expect(coach.getByRole('heading', { name: `Invoice ${numbers[venue.hawks]}`, level: 1 })).toBeVisible()
  await expect(coach.getByText('Cheque 118')).toBeVisible()
  await checkPage(coach, 'invoice-print-phone')
  await coach.emulateMedia({ media: 'print' })
  await expect(coach.getByRole('button', { name: 'Print' })).toBeHidden()
  await coach.screenshot({ path: test.info().outputPath('invoice-print-media.png'), fullPage: true })
  await coach.emulateMedia({ media: 'screen' })

  // Bay's data exists nowhere for the coach: not on any page, and the API answers as for nothing.
  for (const path of ['/portal', '/portal?when=past', '/portal/hours', '/portal/invoices', '/portal/requests', '/portal/waitlist']) {
    await coach.goto(path)
    await coach.waitForLoadState('networkidle')
    for (const text of ['Bay Skating Club', 'Bay figure skating', 'Bay club hours', numbers[venue.bay]!]) {
      await expect(coach.locator('body')).not.toContainText(text)
    }
  }
  await coach.goto(`/portal/invoices/${invoiceOf(venue.bay)}`)
  await expect(coach.getByRole('heading', { name: 'Invoice not found' })).toBeVisible()
  for (const path of [
    `/api/portal/bookings?clientId=${venue.bay}`,
    `/api/portal/contracts?clientId=${venue.bay}`,
    `/api/portal/invoices?clientId=${venue.bay}`,
    `/api/portal/invoices/${invoiceOf(venue.bay)}`,
    `/api/portal/clients/${venue.bay}/feed`,
  ]) {
    expect((await coach.request.get(path)).status(), path).toBe(404)
  }
  await coach.context().close()
})

test('an operator who also rents ice accepts a link signed in, and moves between the portal and the venue', async ({ page, operator }) => {
  const venue = await seedVenue(page)
  await book(page, {
    roomId: venue.rinkB,
    clientId: venue.bay,
    title: 'Bay figure skating',
    date: venue.day,
    startTime: '10:00',
    durationMinutes: 60,
  })
  const token = await invitationToken(page, venue.bay, operator.email)
  await page.goto(`/auth?portalInvitation=${token}`)
  await expect(page.getByRole('heading', { name: `Join ${venue.organisationName}`, level: 1 })).toBeVisible()
  await expect(page.getByText(`You are signed in as ${operator.email}.`)).toBeVisible()
  await checkA11y(page)
  await page.getByRole('button', { name: 'Accept Invitation' }).click()
  await expect(page).toHaveURL(/\/portal$/)
  await expect(page.getByText(`Welcome to ${venue.organisationName}`)).toBeVisible()
  await expect(page.getByRole('article', { name: /^Bay figure skating,/ })).toBeVisible()
  await checkPage(page, 'operator-in-portal')
  // The venue's pages are still the operator's.
  await page.getByRole('banner').getByRole('link', { name: 'Back to Facilities' }).click()
  await expect(page).toHaveURL(/\/facilities$/)
  await expect(page.getByRole('heading', { name: 'Harbour Arena' })).toBeVisible()
  // And the sidebar leads back to the portal.
  await page.getByRole('link', { name: 'My Portal' }).click()
  await expect(page).toHaveURL(/\/portal$/)
  await expect(page.getByRole('article', { name: /^Bay figure skating,/ })).toBeVisible()
})
