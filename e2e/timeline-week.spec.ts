import type { Locator, Page } from '@playwright/test'
import { addCalendarDays } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y as checkA11yNow, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; spaces: Record<string, string>; dates: string[] }

// "Mon, Dec 7": how the week names its days (formatShortDay in src/web/lib/datetime.ts).
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  )

// Two rinks, a studio and a change room; on every day of the coming week a 30-minute
// 'Learn to Skate' on Rink A and an hour's practice on Rink B; seven events on Rink B's third day.
async function seedWeek(page: Page): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Bayview Arena', timeZone: TIME_ZONE })
  const rooms = `/api/facilities/${facility.id}/rooms`
  // Open from 6:00 AM, as rinks are, so that the early lunch-hour games can start at 7:00.
  const space = async (data: object) =>
    (await postJson<{ room: { id: string } }>(page, rooms, { type: 'rink', operatingStartTime: '06:00', ...data })).room.id
  const spaces = {
    'Rink A': await space({ name: 'Rink A' }),
    'Rink B': await space({ name: 'Rink B' }),
    Studio: await space({ name: 'Studio', type: 'room' }),
  }
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Bayview Minor Hockey' })
  const today = todayInZone(TIME_ZONE, new Date())
  const dates = Array.from({ length: 7 }, (_, index) => addCalendarDays(today, index + 1))
  const book = (roomId: string, title: string, date: string, startTime: string, durationMinutes: number) =>
    postJson(page, '/api/events', { roomId, clientId: client.id, title, date, startTime, durationMinutes })
  for (const date of dates) {
    await book(spaces['Rink A'], 'Learn to Skate', date, '09:00', 30)
    await book(spaces['Rink B'], 'U13 A Practice', date, '18:30', 60)
  }
  for (const hour of [7, 8, 10, 11, 13, 14, 16])
    await book(spaces['Rink B'], `Lunch Hockey ${hour}`, dates[2]!, `${String(hour).padStart(2, '0')}:00`, 45)
  return { facilityId: facility.id, spaces, dates }
}

async function openWeek(page: Page, venue: Venue) {
  await page.goto(`/facility/${venue.facilityId}?view=timeline&span=day`)
  await page.getByRole('button', { name: 'Next day' }).click()
  await page.getByRole('button', { name: 'Week', exact: true }).click()
  await expect(page).toHaveURL(/span=week/)
}

// A bar's title's first word is drawn whole: not cut off by the bar's edge (an ellipsis or a clip).
async function firstWordIsDrawn(bar: Locator, word: string): Promise<boolean> {
  return bar.evaluate((element, first) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    let node = walker.nextNode()
    while (node && !node.textContent?.trimStart().startsWith(first)) node = walker.nextNode()
    if (!node?.textContent || !node.parentElement) return false
    const start = node.textContent.indexOf(first)
    const range = document.createRange()
    range.setStart(node, start)
    range.setEnd(node, start + first.length)
    const drawn = range.getBoundingClientRect()
    // The box that clips the text: the nearest element at or above the text that hides overflow.
    let clip: Element | null = node.parentElement
    while (clip && clip !== element && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement
    const box = (clip ?? element).getBoundingClientRect()
    return drawn.width > 0 && drawn.left >= box.left - 0.5 && drawn.right <= box.right + 0.5
  }, word)
}

async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await checkA11yNow(page)
}

test.describe('the timeline’s week', () => {
  for (const width of [1280, 1920]) {
    test(`at ${width} px every day of the week is on screen and each bar shows its title's first word`, async ({
      page,
      operator: _operator,
    }) => {
      await page.setViewportSize({ width, height: 1000 })
      const venue = await seedWeek(page)
      await openWeek(page, venue)
      const timeline = page.getByTestId('timeline-scroller')
      await timeline.scrollIntoViewIfNeeded()

      // All seven days are headed and on screen, with no scrolling and no guessing.
      for (const date of venue.dates) await expect(timeline.getByText(dayLabel(date), { exact: true })).toBeInViewport({ ratio: 1 })

      // Every day's short lesson is on screen, its first word drawn whole.
      const lessons = page.getByRole('button', { name: /^Learn to Skate, Rink A, / })
      await expect(lessons).toHaveCount(7)
      for (const lesson of await lessons.all()) {
        await expect(lesson).toBeInViewport({ ratio: 1 })
        expect(await firstWordIsDrawn(lesson, 'Learn'), `'Learn' is drawn whole at ${width} px`).toBe(true)
      }
      const practice = page.getByRole('button', { name: /^U13 A Practice, Rink B, / }).first()
      expect(await firstWordIsDrawn(practice, 'U13')).toBe(true)

      // A crowded day shows its first events and a count of the rest, which opens that day.
      const more = page.getByRole('button', { name: /^\d+ more events? on Rink B, / })
      if ((await more.count()) > 0) {
        await expect(more).toHaveText(/^\+\d+ more$/)
        await more.click()
        await expect(page).toHaveURL(/span=day/)
        await expect(page.getByRole('button', { name: /^Lunch Hockey 16, Rink B, 4:00 to 4:45 PM/ })).toBeVisible()
        await page.getByRole('button', { name: 'Week', exact: true }).click()
      } else {
        await expect(page.getByRole('button', { name: /^Lunch Hockey \d+, Rink B, / })).toHaveCount(7)
      }

      await page.screenshot({ path: `/tmp/h34w-week-${width}.png` })
      await checkA11y(page)
    })
  }

  test('at 390 px the timeline is a day at a time, each day a tap away', async ({ page, operator: _operator }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const venue = await seedWeek(page)
    await page.goto(`/facility/${venue.facilityId}?view=timeline&span=week`)
    await page.getByRole('button', { name: 'Next day' }).click()
    const rinkA = page
      .getByRole('list', { name: 'Spaces' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Rink A' }) })
    await expect(rinkA).toContainText('Learn to Skate')
    await page.getByRole('button', { name: 'Next day' }).click()
    await page.getByRole('button', { name: 'Next day' }).click()
    await expect(page.getByRole('list', { name: 'Spaces' })).toContainText('Lunch Hockey 16')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: '/tmp/h34w-week-390.png', fullPage: true })
    await checkA11y(page)
  })
})
