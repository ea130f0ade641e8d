import type { Locator, Page } from '@playwright/test'
import { checkA11y, expect, postJson, test } from './fixtures'

const ZONE = 'America/Toronto'
test.use({ timezoneId: ZONE })

const todayInToronto = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())

const TEAMS = [
  ['Hawks', 'Owls'],
  ['Lakeshore Lightning', 'Northside Jets'],
  ['U11 Storm', 'U11 Thunder'],
  ['Maple Leafs Alumni', 'Old Timers'],
  ['U15 AA Kings', 'U15 AA Sharks'],
] as const

/**
 * Maple Arena's day: Rink A has ten games, each team in a dressing room; Rink B seven practices;
 * the Community Room two bookings and Rink C one. A busy board shows all four rooms, a quiet one
 * only the Community Room, and a third Rink C beside the Community Room.
 */
async function seedArena(page: Page) {
  const today = todayInToronto()
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', { name: 'Maple Arena', timeZone: ZONE })
  const room = async (name: string, type: string) =>
    // A rink's day: open from 6:00 AM, so the first practice can start then.
    (
      await postJson<{ room: { id: string } }>(page, `/api/facilities/${facility.id}/rooms`, {
        name,
        type,
        operatingStartTime: '06:00',
        operatingEndTime: '23:00',
      })
    ).room.id
  const rinkA = await room('Rink A', 'rink')
  const rinkB = await room('Rink B', 'rink')
  const hall = await room('Community Room', 'room')
  const rinkC = await room('Rink C', 'rink')
  const dressingRooms: string[] = []
  for (let number = 1; number <= 6; number += 1) dressingRooms.push(await room(`Dressing Room ${number}`, 'change_room'))
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Springfield Minor Hockey' })
  const book = (roomId: string, startTime: string, durationMinutes: number, details: Record<string, unknown>) =>
    postJson(page, '/api/events', { roomId, clientId: client.id, date: today, startTime, durationMinutes, ...details })

  const gameTimes = ['07:00', '08:30', '10:00', '11:30', '13:00', '14:30', '16:00', '17:30', '19:00', '20:30']
  for (const [index, startTime] of gameTimes.entries()) {
    const [home, away] = TEAMS[index % TEAMS.length]!
    // Two pairs of rooms in turn, so no room is held by two games at once.
    const [homeRoom, awayRoom] = index % 2 === 0 ? [dressingRooms[0], dressingRooms[1]] : [dressingRooms[2], dressingRooms[3]]
    await book(rinkA, startTime, 75, {
      title: `${home} vs ${away}`,
      eventType: 'game',
      team1Name: home,
      team2Name: away,
      changeRoom1Id: homeRoom,
      changeRoom2Id: awayRoom,
    })
  }
  const practices = ['Figure Skating Club', 'Learn to Skate', 'Public Skate', 'Shinny', 'Parent & Tot Skate', 'U9 Practice', 'Adult League']
  for (const [index, title] of practices.entries()) {
    await book(rinkB, `${String(6 + index * 2).padStart(2, '0')}:00`, 90, {
      title,
      changeRoom1Id: index % 2 === 1 ? dressingRooms[4] : null,
    })
  }
  await book(hall, '09:00', 120, { title: 'Birthday Party' })
  await book(hall, '13:00', 60, { title: 'Coaches Meeting' })
  await book(rinkC, '18:00', 60, { title: 'Ringette Practice' })

  // Board addresses are public and unique across every operator.
  const run = Date.now()
  const screen = async (name: string, rooms: string[]) =>
    (
      await postJson<{ screen: { slug: string } }>(page, '/api/screens', {
        name: `${name} ${run}`,
        rooms: rooms.map((roomId) => ({ roomId })),
      })
    ).screen.slug
  return {
    today,
    busy: await screen('Busy Lobby', [rinkA, rinkB, hall, rinkC]),
    quiet: await screen('Quiet Lobby', [hall]),
    pair: await screen('Two Rooms', [rinkC, hall]),
  }
}

// The board's clock stopped before the first game, so every event of the day is still to come.
async function openBoard(page: Page, slug: string, today: string) {
  await page.clock.setFixedTime(new Date(`${today}T06:30:00-05:00`))
  await page.goto(`/display/${slug}`)
  await expect(page.getByRole('heading', { name: 'Welcome to Maple Arena', level: 1 })).toBeVisible()
}

const block = (page: Page, name: string) => page.getByRole('region', { name })
const fontSize = (locator: Locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
const box = async (locator: Locator) => (await locator.boundingBox())!

// How many of a block's events end below the window its list is seen through.
const eventsBelowWindow = (region: Locator) =>
  region.locator('ol').evaluate((list) => {
    const windowBottom = list.parentElement!.parentElement!.getBoundingClientRect().bottom
    return [...list.children].filter((item) => item.getBoundingClientRect().bottom > windowBottom + 1).length
  })

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
}

test.describe('the lobby board, legible from across the lobby', () => {
  test('a busy board sets change rooms in a column of their own, times as large as titles, and says how many events follow', async ({
    page,
    operator: _operator,
  }) => {
    test.slow()
    const { today, busy } = await seedArena(page)
    await page.setViewportSize({ width: 1920, height: 1080 })
    await openBoard(page, busy, today)

    const rinkA = block(page, 'Rink A')
    // Counted before the list starts to scroll (after a pause of 4 s).
    // Rink A's day does not fit: a cue counts the events below the window, exactly those.
    const cue = rinkA.getByText(/^\+\d+ more$/)
    await expect(cue).toBeVisible()
    const hidden = await eventsBelowWindow(rinkA)
    expect(hidden).toBeGreaterThan(0)
    await expect(cue).toHaveText(`+${hidden} more`)
    // The Community Room and Rink C fit: no cue.
    await expect(block(page, 'Community Room').getByText(/more$/)).toHaveCount(0)
    await expect(block(page, 'Rink C').getByText(/more$/)).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('busy-board-1920.png') })

    // The spec's reading stays: 'team1 [change room] vs team2 [change room]'.
    await expect(rinkA.getByText('Hawks [Dressing Room 1] vs Owls [Dressing Room 2]')).toBeVisible()
    await expect(rinkA.getByText('7:00 AM - 8:15 AM')).toBeVisible()

    // Each team sits on its own line beside its room; the rooms line up in one column, right of the teams.
    const firstGame = rinkA.getByRole('listitem').first()
    const home = firstGame.getByText('Hawks', { exact: true })
    const away = firstGame.getByText('vs Owls', { exact: true })
    const homeRoom = firstGame.getByText('[Dressing Room 1]', { exact: true })
    const awayRoom = firstGame.getByText('[Dressing Room 2]', { exact: true })
    expect((await box(homeRoom)).x).toBeGreaterThan((await box(home)).x + (await box(home)).width)
    expect(Math.abs((await box(homeRoom)).y - (await box(home)).y)).toBeLessThan(2)
    expect(Math.abs((await box(awayRoom)).y - (await box(away)).y)).toBeLessThan(2)
    const secondGameRoom = rinkA.getByRole('listitem').nth(1).getByText('[Dressing Room 3]', { exact: true })
    expect(Math.abs((await box(secondGameRoom)).x - (await box(homeRoom)).x)).toBeLessThan(1)

    // The start and end times are as large as the title, and the change room too.
    const startTime = firstGame.getByText('7:00 AM', { exact: true })
    const endTime = firstGame.getByText('8:15 AM', { exact: true })
    const titleSize = await fontSize(home)
    expect(await fontSize(startTime)).toBe(titleSize)
    expect(await fontSize(endTime)).toBe(titleSize)
    expect(await fontSize(homeRoom)).toBe(titleSize)
    // Never smaller than 3% of the screen's height, as the board has always been.
    expect(titleSize).toBeGreaterThanOrEqual(32)

    await checkA11y(page)

    // As the list scrolls by itself, the count follows what is left below.
    await expect.poll(async () => Number((await cue.textContent())?.match(/\d+/)?.[0] ?? 0), { timeout: 30_000 }).toBeLessThan(hidden)

    // A phone lists every room and every event as a page: nothing is cut, so nothing is announced.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(rinkA.getByText(/^\+\d+ more$/)).toHaveCount(0)
    await rinkA.getByText('U15 AA Kings', { exact: true }).last().scrollIntoViewIfNeeded()
    await expect(rinkA.getByText('U15 AA Kings', { exact: true }).last()).toBeVisible()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('busy-board-390.png'), fullPage: true })
  })

  test('a quiet board gives its rooms the width and sets their events larger', async ({ page, operator: _operator }) => {
    test.slow()
    const { today, busy, quiet, pair } = await seedArena(page)
    await page.setViewportSize({ width: 1920, height: 1080 })

    await openBoard(page, busy, today)
    const busyTitleSize = await fontSize(block(page, 'Community Room').getByText('Birthday Party', { exact: true }))

    // One room: the whole width, and larger type than on the busy board.
    await openBoard(page, quiet, today)
    const hall = block(page, 'Community Room')
    await expect(hall.getByText('Birthday Party', { exact: true })).toBeVisible()
    expect((await box(hall)).width).toBeGreaterThan(1920 * 0.9)
    const quietTitleSize = await fontSize(hall.getByText('Birthday Party', { exact: true }))
    expect(quietTitleSize).toBeGreaterThan(busyTitleSize * 1.5)
    expect(await fontSize(hall.getByText('9:00 AM', { exact: true }))).toBe(quietTitleSize)
    await expect(hall.getByText(/more$/)).toHaveCount(0)
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('quiet-board-1920.png') })

    // Two rooms: halves, side by side.
    await openBoard(page, pair, today)
    const [left, right] = [await box(block(page, 'Rink C')), await box(block(page, 'Community Room'))]
    expect(left.width).toBeGreaterThan(1920 * 0.45)
    expect(Math.abs(left.width - right.width)).toBeLessThan(2)
    expect(Math.abs(left.y - right.y)).toBeLessThan(1)
    await page.screenshot({ path: test.info().outputPath('two-room-board-1920.png') })

    await openBoard(page, quiet, today)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(hall.getByText('Coaches Meeting', { exact: true })).toBeVisible()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: test.info().outputPath('quiet-board-390.png'), fullPage: true })
  })
})
