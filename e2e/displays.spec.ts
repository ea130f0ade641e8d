import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request, type APIRequestContext, type Page } from '@playwright/test'
import { checkA11y, expect, readmeScreenshot, test } from './fixtures'

const ZONE = 'America/Toronto'
test.use({ timezoneId: ZONE })

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

const todayInToronto = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())

type Api = Pick<APIRequestContext, 'post' | 'put'>

async function postJson<T>(api: Api, path: string, data: unknown): Promise<T> {
  const response = await api.post(path, { data })
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201)
  return (await response.json()) as T
}

// A facility with two rinks and two change rooms, a client, and today's game in Rink A.
async function seedSchedule(api: Api) {
  const { facility } = await postJson<{ facility: { id: string } }>(api, '/api/facilities', { name: 'Maple Arena', timeZone: ZONE })
  const room = async (name: string, type: string) =>
    (await postJson<{ room: { id: string } }>(api, `/api/facilities/${facility.id}/rooms`, { name, type })).room.id
  const rinkA = await room('Rink A', 'rink')
  const rinkB = await room('Rink B', 'rink')
  const homeRoom = await room('Home Room', 'change_room')
  const awayRoom = await room('Away Room', 'change_room')
  const { client } = await postJson<{ client: { id: string } }>(api, '/api/clients', {
    name: 'Springfield Minor Hockey',
    notes: 'Private note',
  })
  const game = {
    clientId: client.id,
    title: 'Cup Final',
    eventType: 'game',
    team1Name: 'Hawks',
    team2Name: 'Owls',
    changeRoom1Id: homeRoom,
    changeRoom2Id: awayRoom,
  }
  const { events } = await postJson<{ events: Array<{ id: string; startTime: string; endTime: string; version: number }> }>(
    api,
    '/api/events',
    {
      roomId: rinkA,
      date: todayInToronto(),
      startTime: '10:00',
      durationMinutes: 60,
      ...game,
    },
  )
  return { rinkA, rinkB, game, event: events[0]! }
}

async function createScreenWithApi(api: Api, name: string, roomIds: string[]) {
  return (
    await postJson<{ screen: { id: string; slug: string } }>(api, '/api/screens', { name, rooms: roomIds.map((roomId) => ({ roomId })) })
  ).screen
}

const screenCards = (page: Page) =>
  page
    .getByRole('list', { name: 'Screens' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') })

test.describe('display screens', () => {
  test('an operator adds a screen with two rooms, uploads a PNG logo, and a large or fake image is refused', async ({
    page,
    context,
    operator,
  }) => {
    void operator
    await seedSchedule(page.request)
    await page.goto('/displays')
    await expect(page.getByRole('heading', { name: 'Display Management', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No screens yet' })).toBeVisible()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Add Screen' }).first().click()
    const addDialog = page.getByRole('dialog', { name: 'Add Screen' })
    await expect(addDialog.getByRole('button', { name: 'Create Screen' })).toBeDisabled()
    await addDialog.getByLabel('Name').fill('Main Lobby')
    await addDialog.getByRole('button', { name: 'Create Screen' }).click()
    await expect(addDialog.getByText('Please select at least one room to display')).toBeVisible()
    await addDialog.getByLabel('Location (optional)').fill('Front entrance')
    await addDialog.getByLabel('Size (optional)').fill('55"')
    await addDialog.getByLabel('Rink A - Maple Arena').check()
    await addDialog.getByLabel('Rink B - Maple Arena').check()
    await expect(
      addDialog.getByRole('radiogroup', { name: 'Colour for Rink A - Maple Arena' }).getByRole('radio', { name: 'Blue' }),
    ).toBeChecked()
    await addDialog.getByRole('radiogroup', { name: 'Colour for Rink B - Maple Arena' }).getByRole('radio', { name: 'Custom' }).click()
    await addDialog.getByLabel('Custom colour for Rink B - Maple Arena').fill('#dc2626')
    // Change rooms are named beside events, never shown as a block of their own.
    await expect(addDialog.getByLabel('Home Room - Maple Arena')).toHaveCount(0)
    await checkA11y(page)
    await addDialog.getByRole('button', { name: 'Create Screen' }).click()
    await expect(page.getByText('Screen created successfully!')).toBeVisible()
    await expect(addDialog).toBeHidden()

    const card = screenCards(page).first()
    await expect(card.getByRole('heading', { name: 'Main Lobby' })).toBeVisible()
    await expect(card).toContainText('Front entrance')
    await expect(card).toContainText('55"')
    await expect(card).toContainText('/display/main-lobby')
    await expect(card.getByRole('list', { name: 'Rooms shown on Main Lobby' }).getByRole('listitem')).toHaveText(['Rink A', 'Rink B'])

    // The address comes from the name, so a second "main lobby" is refused.
    await page.getByRole('button', { name: 'Add Screen' }).click()
    await expect(addDialog.getByLabel('Name')).toHaveValue('')
    await addDialog.getByLabel('Name').fill('MAIN lobby!')
    await addDialog.getByLabel('Rink A - Maple Arena').check()
    await addDialog.getByRole('button', { name: 'Create Screen' }).click()
    await expect(addDialog.getByText('A screen with this name already exists. Please choose a different name.')).toBeVisible()
    await addDialog.getByRole('button', { name: 'Cancel' }).click()

    await card.getByRole('button', { name: 'Edit Main Lobby' }).click()
    const editDialog = page.getByRole('dialog', { name: 'Edit Screen' })
    await expect(editDialog.getByLabel('Name')).toHaveValue('Main Lobby')
    await expect(editDialog.getByLabel('Custom colour for Rink B - Maple Arena')).toHaveValue('#dc2626')
    await editDialog.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await expect(page.getByText('Screen updated successfully!')).toBeVisible()
    await expect(editDialog.getByRole('img', { name: 'Current logo' })).toBeVisible()

    await editDialog.getByLabel('Logo').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) })
    await expect(editDialog.getByText('Logo file must be less than 5MB')).toBeVisible()
    await editDialog
      .getByLabel('Logo')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
    await expect(editDialog.getByText('Please upload an image file')).toBeVisible()
    await expect(page.getByText('Failed to update screen')).toBeVisible()
    // The refused files left the logo as it was.
    await expect(editDialog.getByRole('img', { name: 'Current logo' })).toBeVisible()

    await editDialog.getByLabel('Theme').selectOption('light')
    await editDialog.getByLabel('Ticker Text').fill('Skate night on Friday!')
    await expect(editDialog.getByText('22/500 characters')).toBeVisible()
    await checkA11y(page)
    await editDialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Screen updated successfully!').first()).toBeVisible()
    await expect(editDialog).toBeHidden()

    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await card.getByRole('button', { name: 'Copy URL of Main Lobby' }).click()
    await expect(page.getByText('Screen URL copied to clipboard!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/localhost:\d+\/display\/main-lobby$/)

    const [board] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('link', { name: 'Open Main Lobby in a new tab' }).click(),
    ])
    await expect(board).toHaveURL(/\/display\/main-lobby$/)
    await expect(board.getByRole('heading', { name: 'Welcome to Maple Arena' })).toBeVisible()
    await expect(board.getByText('Skate night on Friday!')).toBeAttached()
    // The light theme must read as well as the dark one.
    await checkA11y(board)
    await board.close()

    await card.getByRole('button', { name: 'Delete Main Lobby' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Screen?' })
    await expect(confirm).toBeVisible()
    await checkA11y(page)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Screen deleted successfully')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No screens yet' })).toBeVisible()
  })

  test('the board shows today’s game with its change rooms and follows an edit made in another tab', async ({
    page,
    context,
    operator,
  }) => {
    void operator
    const { rinkA, rinkB, game, event } = await seedSchedule(page.request)
    await createScreenWithApi(page.request, 'Arena Lobby', [rinkA, rinkB])

    await page.goto('/display/arena-lobby')
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Arena', level: 1 })).toBeVisible()
    const rinkABlock = page.getByRole('region', { name: 'Rink A' })
    await expect(rinkABlock.getByText('Hawks [Home Room] vs Owls [Away Room]')).toBeVisible()
    await expect(rinkABlock.getByText('10:00 AM - 11:00 AM')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Rink B' }).getByText('No events scheduled')).toBeVisible()
    await expect(page.getByText('News', { exact: true })).toBeVisible()
    await expect(page.getByText(/^\d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeVisible()
    await expect(page.getByText('Springfield Minor Hockey')).toHaveCount(0)
    await checkA11y(page)
    await readmeScreenshot(page, 'lobby-board')

    // Marks this page: a reload would lose the mark.
    await page.evaluate(() => document.body.setAttribute('data-never-reloaded', 'yes'))
    const secondTab = await context.newPage()
    const edited = await secondTab.request.put(`/api/events/${event.id}`, {
      data: { ...game, team2Name: 'Eagles', startTime: event.startTime, endTime: event.endTime, version: event.version },
    })
    expect(edited.status()).toBe(200)
    await expect(rinkABlock.getByText('Hawks [Home Room] vs Eagles [Away Room]')).toBeVisible({ timeout: 2_000 })
    await expect(page.locator('body')).toHaveAttribute('data-never-reloaded', 'yes')
  })

  test('an unknown board address shows a clear not-found board', async ({ page }) => {
    await page.goto('/display/nothing-here')
    await expect(page.getByRole('heading', { name: 'Screen not found' })).toBeVisible()
    await expect(page.getByText('No screen has the address /display/nothing-here.', { exact: false })).toBeVisible()
    await checkA11y(page)
  })

  test('with the server stopped the board keeps the schedule and the clock, and recovers by itself', async ({ page }) => {
    test.setTimeout(120_000)
    const server = await startOwnServer()
    try {
      const api = await request.newContext({ baseURL: server.baseURL })
      // The first account on this server's fresh database is its admin, approved.
      const account = { fullName: 'Olga Owner', email: 'owner@board.test', password: 'owner-password-1' }
      expect((await api.post('/api/auth/sign-up/email', { data: account })).status()).toBe(201)
      expect((await api.post('/api/auth/sign-in/email', { data: account })).status()).toBe(200)
      const { rinkA } = await seedSchedule(api)
      await createScreenWithApi(api, 'Offline Lobby', [rinkA])

      await page.goto(`${server.baseURL}/display/offline-lobby`)
      const line = page.getByText('Hawks [Home Room] vs Owls [Away Room]')
      await expect(line).toBeVisible()
      await expect(page.getByText(/^Last updated/)).toHaveCount(0)

      await server.stop()
      await expect(page.getByText(/^Last updated \d{1,2}:\d{2} [AP]M$/)).toBeVisible({ timeout: 15_000 })
      await expect(line).toBeVisible()
      const clock = page.getByText(/^\d{1,2}:\d{2}:\d{2} [AP]M$/)
      const shown = await clock.textContent()
      await expect(clock).not.toHaveText(shown!, { timeout: 3_000 })

      await server.start()
      await expect(page.getByText(/^Last updated/)).toHaveCount(0, { timeout: 20_000 })
      await postJson(api, '/api/events', {
        roomId: rinkA,
        date: todayInToronto(),
        startTime: '13:00',
        durationMinutes: 60,
        title: 'Public Skate',
        clientId: (await (await api.get('/api/clients')).json()).clients[0].id,
      })
      await expect(page.getByText('Public Skate')).toBeVisible({ timeout: 2_000 })
      await api.dispose()
    } finally {
      await server.stop()
      server.cleanUp()
    }
  })
})

// A server of this test's own, on its own port and data folder, that the test can stop and
// start again; it serves the web app the e2e run already built.
async function startOwnServer() {
  const port = await findFreePort()
  const baseURL = `http://localhost:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-board-'))
  const webRoot = process.env.E2E_SERVED_WEB_ROOT ?? `.e2e-data/${process.env.E2E_RUN_ID}/web`
  let child: ChildProcess | null = null

  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_ROOT: webRoot, LOG_REQUESTS: 'false', DATABASE_URL: '' },
      stdio: 'ignore',
    })
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const isUp = await fetch(`${baseURL}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
      if (isUp) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error('the board test server did not start')
  }

  const stop = async () => {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await exited
  }

  await start()
  return { baseURL, start, stop, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
