import type { Browser, Page, TestInfo } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, createAccount, expect, postJson, signInWithApi, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

const LONG_TITLE = 'Extraordinarily long titled precision skating session with the senior synchro team'
const LONG_CLIENT = 'The Extraordinarily Long Named Community Figure Skating Club of Greater Etobicoke'
// 55 daily practices and three more events: more than the first page of 50.
const PRACTICES = 55
const TOTAL = PRACTICES + 3

type Venue = { tomorrow: string; dayAfter: string }

// Two facilities, their spaces, change rooms, clients and bookings come through the API: the test is about reading them.
async function seed(page: Page): Promise<Venue> {
  const post = <T>(path: string, data: unknown) => postJson<T>(page, path, data)
  const facility = async (name: string) =>
    (await post<{ facility: { id: string } }>('/api/facilities', { name, timeZone: TIME_ZONE })).facility.id
  const space = async (facilityId: string, name: string, type: string) =>
    (
      await post<{ room: { id: string } }>(`/api/facilities/${facilityId}/rooms`, {
        name,
        type,
        operatingStartTime: '06:00',
        operatingEndTime: '23:30',
      })
    ).room.id
  const client = async (name: string) => (await post<{ client: { id: string } }>('/api/clients', { name })).client.id

  const maple = await facility('Maple Leaf Arena')
  const lakeshore = await facility('Lakeshore Centre')
  const rinkA = await space(maple, 'Rink A', 'rink')
  const rinkB = await space(maple, 'Rink B', 'rink')
  const court = await space(lakeshore, 'Court 1', 'court')
  const home = await space(maple, 'Dressing Room 1', 'change_room')
  const away = await space(maple, 'Dressing Room 2', 'change_room')
  const jets = await client('Northside Jets')
  const owls = await client('Owls Ringette')
  const skaters = await client(LONG_CLIENT)

  const today = todayInZone(TIME_ZONE, new Date())
  const tomorrow = addCalendarDays(today, 1)
  const dayAfter = addCalendarDays(today, 2)
  const book = (event: Record<string, unknown>) => post('/api/events', { durationMinutes: 60, ...event })
  await book({
    roomId: rinkA,
    clientId: jets,
    title: 'Jets practice',
    date: tomorrow,
    startTime: '07:00',
    changeRoom1Id: home,
    recurrence: { frequency: 'daily', endDate: addCalendarDays(tomorrow, PRACTICES - 1) },
  })
  await book({
    roomId: rinkB,
    clientId: owls,
    title: 'Owls vs Hawks',
    eventType: 'game',
    team1Name: 'Owls',
    team2Name: 'Hawks',
    changeRoom1Id: home,
    changeRoom2Id: away,
    color: '#dc2626',
    date: tomorrow,
    startTime: '19:00',
    durationMinutes: 90,
  })
  await book({ roomId: court, clientId: owls, title: 'Lakeshore dryland', color: '#9333ea', date: tomorrow, startTime: '20:00' })
  await book({
    roomId: rinkB,
    clientId: skaters,
    title: LONG_TITLE,
    description: 'Bring both sets of music; the judges arrive at 6 for the mock test.',
    color: '#16a34a',
    date: dayAfter,
    startTime: '17:00',
    durationMinutes: 120,
  })
  return { tomorrow, dayAfter }
}

/** 'Thursday, November 26, 2026' for '2026-11-26', as the day headings read. */
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  )

const upcomingList = (page: Page) => page.getByRole('region', { name: 'Upcoming Events' })
const rows = (page: Page) => upcomingList(page).getByRole('article')
const rowTitles = (page: Page) => rows(page).getByRole('heading')
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true })
}

test.describe('the All Events list', () => {
  for (const width of [1280, 390]) {
    test(`groups upcoming events under day headings, with each one’s client and change rooms, and loads more after 50, at ${width} px`, async ({
      page,
      operator: _operator,
    }, testInfo) => {
      // Seeding 58 events and two axe runs take a while on a busy machine.
      test.slow()
      const { tomorrow, dayAfter } = await seed(page)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/events')
      await expect(rows(page)).toHaveCount(50)
      await expect(upcomingList(page).getByRole('status')).toHaveText('Showing the first 50 events')

      // Tomorrow's events in start order under tomorrow's heading, then the day after's.
      const headings = upcomingList(page).getByRole('heading', { level: 3 })
      await expect(headings.first()).toHaveText(longDay(tomorrow))
      await expect(headings.nth(1)).toHaveText(longDay(dayAfter))
      const firstDay = upcomingList(page).getByRole('list', { name: longDay(tomorrow) })
      await expect(firstDay.getByRole('article').getByRole('heading')).toHaveText(['Jets practice', 'Owls vs Hawks', 'Lakeshore dryland'])

      const practice = firstDay.getByRole('article', { name: 'Jets practice' })
      await expect(practice).toContainText('7:00 AM')
      await expect(practice).toContainText('8:00 AM')
      await expect(practice).toContainText('Rink A - Maple Leaf Arena')
      await expect(practice).toContainText('Northside Jets')
      await expect(practice).toContainText('Dressing Room 1')
      const game = firstDay.getByRole('article', { name: 'Owls vs Hawks' })
      await expect(game).toContainText('Game')
      await expect(game).toContainText('Owls vs Hawks')
      await expect(game).toContainText('Owls Ringette')
      await expect(game).toContainText('Dressing Room 1 / Dressing Room 2')
      await expect(game.getByRole('button', { name: 'Edit Owls vs Hawks' })).toBeVisible()
      await expect(game.getByRole('button', { name: 'Delete Owls vs Hawks' })).toBeVisible()

      // A long title and client stay on one line, cut short beside the buttons, whole on hover.
      const long = upcomingList(page).getByRole('article', { name: LONG_TITLE })
      const title = long.getByRole('heading', { name: LONG_TITLE })
      await expect(title).toHaveAttribute('title', LONG_TITLE)
      await expect(long.getByTitle(LONG_CLIENT)).toBeVisible()
      const titleBox = (await title.boundingBox())!
      const editBox = (await long.getByRole('button', { name: `Edit ${LONG_TITLE}` }).boundingBox())!
      expect(titleBox.height).toBeLessThan(26)
      expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(editBox.x)
      expect(titleBox.y).toBeLessThan(editBox.y + editBox.height)
      if (width === 1280) {
        // Compact: a practice row takes about half the height the old event card did (over 100 px).
        expect((await practice.boundingBox())!.height).toBeLessThanOrEqual(64)
      }
      expect(await noHorizontalScroll(page)).toBe(true)
      await checkA11y(page)
      await screenshot(page, testInfo, 'events-list')

      await upcomingList(page).getByRole('button', { name: 'Load more' }).click()
      await expect(rows(page)).toHaveCount(TOTAL)
      await expect(upcomingList(page).getByRole('status')).toHaveText(`Showing ${TOTAL} events`)
      await expect(upcomingList(page).getByRole('button', { name: 'Load more' })).toHaveCount(0)
      // The last practice, on its own day at the end.
      const lastDay = addCalendarDays(tomorrow, PRACTICES - 1)
      await expect(headings.last()).toHaveText(longDay(lastDay))
      await expect(
        upcomingList(page)
          .getByRole('list', { name: longDay(lastDay) })
          .getByRole('article'),
      ).toHaveCount(1)
      expect(await noHorizontalScroll(page)).toBe(true)
      await checkA11y(page)
    })

    test(`narrows the list by facility, space and client, and searches titles, teams and clients, at ${width} px`, async ({
      page,
      operator: _operator,
    }, testInfo) => {
      test.slow()
      await seed(page)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/events')
      await expect(rows(page)).toHaveCount(50)
      const facility = page.getByRole('combobox', { name: 'Facility' })
      const space = page.getByRole('combobox', { name: 'Space' })
      const client = page.getByRole('combobox', { name: 'Client' })
      const search = page.getByRole('searchbox', { name: 'Search events' })
      const clear = page.getByRole('search').getByRole('button', { name: 'Clear filters' })

      await facility.selectOption({ label: 'Lakeshore Centre' })
      await expect(rowTitles(page)).toHaveText(['Lakeshore dryland'])
      // Only that facility's spaces are offered.
      await expect(space.getByRole('option')).toHaveText(['All spaces', 'Court 1'])
      await expect(upcomingList(page).getByRole('button', { name: 'Load more' })).toHaveCount(0)

      await facility.selectOption({ label: 'Maple Leaf Arena' })
      await space.selectOption({ label: 'Rink B' })
      await expect(rowTitles(page)).toHaveText(['Owls vs Hawks', LONG_TITLE])

      await clear.click()
      await client.selectOption({ label: 'Owls Ringette' })
      await expect(rowTitles(page)).toHaveText(['Owls vs Hawks', 'Lakeshore dryland'])
      await facility.selectOption({ label: 'Maple Leaf Arena' })
      await expect(rowTitles(page)).toHaveText(['Owls vs Hawks'])
      await checkA11y(page)
      await screenshot(page, testInfo, 'events-list-filtered')

      await clear.click()
      // A team's name, a client's name, any case.
      await search.fill('HAWKS')
      await expect(rowTitles(page)).toHaveText(['Owls vs Hawks'])
      await search.fill('etobicoke')
      await expect(rowTitles(page)).toHaveText([LONG_TITLE])
      // The client's 55 practices: a first page of 50, then the rest.
      await search.fill('northside')
      await expect(rows(page)).toHaveCount(50)
      await upcomingList(page).getByRole('button', { name: 'Load more' }).click()
      await expect(rows(page)).toHaveCount(PRACTICES)
      await search.fill('zamboni')
      await expect(upcomingList(page).getByText('No upcoming events')).toBeVisible()
      expect(await noHorizontalScroll(page)).toBe(true)
      await checkA11y(page)
      await screenshot(page, testInfo, 'events-list-no-match')
      await clear.click()
      await expect(search).toHaveValue('')
      await expect(rows(page)).toHaveCount(50)
    })
  }

  test('edits and deletes from a row; a Front Desk member only views', async ({ page, browser, baseURL }) => {
    test.slow()
    const owner = await createAccount(baseURL!, { fullName: 'Olivia Owner' })
    await signInWithApi(page, owner)
    await seed(page)
    await page.goto('/events')
    const lakeshore = upcomingList(page).getByRole('article', { name: 'Lakeshore dryland' })
    await lakeshore.getByRole('button', { name: 'Edit Lakeshore dryland' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Edit Event' })).toHaveCount(0)

    // Deleting refreshes the list: the event's query key is below every event write's.
    await lakeshore.getByRole('button', { name: 'Delete Lakeshore dryland' }).click()
    await page.getByRole('alertdialog', { name: 'Delete Event?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Event deleted successfully')).toBeVisible()
    await expect(upcomingList(page).getByRole('article', { name: 'Lakeshore dryland' })).toHaveCount(0)

    const frontDesk = await frontDeskOf(page, browser, baseURL!)
    await frontDesk.goto('/events')
    const game = upcomingList(frontDesk).getByRole('article', { name: 'Owls vs Hawks' })
    await expect(game.getByRole('button', { name: 'View Owls vs Hawks' })).toBeVisible()
    await expect(game.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
    await checkA11y(frontDesk)
  })
})

/** A Front Desk member of the signed-in owner's organisation, invited and joined through the API, in a browser of its own. */
async function frontDeskOf(ownerPage: Page, browser: Browser, baseURL: string): Promise<Page> {
  const account = await createAccount(baseURL, { fullName: 'Frankie Desk' })
  const { link } = await postJson<{ link: string }>(ownerPage, '/api/team/invitations', { email: account.email, role: 'front_desk' })
  const context = await browser.newContext({ timezoneId: TIME_ZONE, baseURL })
  const page = await context.newPage()
  await signInWithApi(page, account)
  const token = new URL(link).pathname.split('/').at(-1)!
  const accepted = await page.request.post(`/api/invitations/${token}/accept`, { headers: { origin: baseURL } })
  expect(accepted.status(), 'the invitation is accepted').toBe(200)
  return page
}
