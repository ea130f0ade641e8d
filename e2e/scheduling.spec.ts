import type { Page } from '@playwright/test'
import { addCalendarDays, weekdayOf } from '../src/shared/scheduling/calendar-date'
import { todayInZone } from '../src/shared/scheduling/local-day'
import { checkA11y, expect, postJson, test } from './fixtures'

const TIME_ZONE = 'America/Toronto'

// The viewer and the facility share the zone, so the calendar's today is the facility's.
test.use({ timezoneId: TIME_ZONE })

type Venue = { facilityId: string; roomId: string; clientId: string }

// Everything but the bookings comes through the API, so the test spends its time on scheduling.
async function seedVenue(page: Page): Promise<Venue> {
  const { facility } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
    name: 'Maple Leaf Arena',
    timeZone: TIME_ZONE,
  })
  const rooms = `/api/facilities/${facility.id}/rooms`
  const { room } = await postJson<{ room: { id: string } }>(page, rooms, {
    name: 'Rink A',
    type: 'rink',
    operatingStartTime: '06:00',
    operatingEndTime: '23:30',
  })
  await postJson(page, rooms, { name: 'Change Room 1', type: 'change_room' })
  const { client } = await postJson<{ client: { id: string } }>(page, '/api/clients', { name: 'Northside Jets' })
  await postJson(page, '/api/contracts', {
    clientId: client.id,
    name: 'Season',
    startDate: todayInZone(TIME_ZONE, new Date()),
    totalHours: 40,
  })
  return { facilityId: facility.id, roomId: room.id, clientId: client.id }
}

async function hoursUsed(page: Page): Promise<string> {
  const response = await page.request.get('/api/contracts')
  const { groups } = (await response.json()) as { groups: { contracts: { hoursUsed: string }[] }[] }
  return groups[0]!.contracts[0]!.hoursUsed
}

test.describe('scheduling', () => {
  test('an operator books, splits, repeats, edits and deletes events, and the contract hours follow', async ({
    page,
    operator: _operator,
  }) => {
    const venue = await seedVenue(page)
    const today = todayInZone(TIME_ZONE, new Date())
    const tomorrow = addCalendarDays(today, 1)
    const dayAfter = addCalendarDays(today, 2)
    const firstMonday = addCalendarDays(today, 3 + ((8 - weekdayOf(addCalendarDays(today, 3))) % 7))

    await page.goto(`/facility/${venue.facilityId}/room/${venue.roomId}`)
    await expect(page.getByRole('heading', { name: 'Rink A', level: 1 })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Calendar View' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText('No events scheduled for this day')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveCount(0)
    await checkA11y(page)

    // A practice for the client, after the dialog's own checks.
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(addDialog.getByText('Please select a client')).toBeVisible()
    await expect(addDialog.getByText('Please select a date and time')).toBeVisible()
    await expect(addDialog.getByLabel('Duration').locator('option')).toHaveText([
      '30 min',
      '1 hr',
      '1.5 hrs',
      '2 hrs',
      '2.5 hrs',
      '3 hrs',
      '3.5 hrs',
      '4 hrs',
      '4.5 hrs',
      '5 hrs',
      '5.5 hrs',
      '6 hrs',
    ])
    await expect(addDialog.getByLabel('Start Time').locator('option').nth(1)).toHaveText('6:00 AM')
    await expect(addDialog.getByLabel('Start Time').locator('option').last()).toHaveText('11:00 PM')
    await expect(addDialog.getByLabel('Home Team')).toHaveCount(0)
    await checkA11y(page)
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Jets practice')
    await addDialog.getByLabel('Date', { exact: true }).fill(tomorrow)
    await addDialog.getByLabel('Start Time').selectOption('19:00')
    await addDialog.getByLabel('Duration').selectOption({ label: '1 hr' })
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(page.getByText('Event created successfully!')).toBeVisible()
    await expect(addDialog).toBeHidden()
    expect(await hoursUsed(page)).toBe('1.00')

    // An overlapping practice is refused, naming the booked one.
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Second practice')
    await addDialog.getByLabel('Date', { exact: true }).fill(tomorrow)
    await addDialog.getByLabel('Start Time').selectOption('19:30')
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    const conflict = addDialog.getByRole('alert')
    await expect(conflict).toContainText('Time slot conflicts with: "Jets practice" (')
    await expect(conflict).toContainText('7:00 PM - 8:00 PM)')
    // The refusal answered the time that was sent: choosing another takes it away.
    await addDialog.getByLabel('Start Time').selectOption('21:00')
    await expect(conflict).toBeHidden()
    await addDialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    expect(await hoursUsed(page)).toBe('1.00')

    // A game from 23:00 to 01:00 is split at midnight.
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Jets vs Sharks')
    await addDialog.getByLabel('Event Type').selectOption('game')
    await addDialog.getByLabel('Home Team').fill('Jets')
    await addDialog.getByLabel('Away Team').fill('Sharks')
    await addDialog.getByLabel('Home Change Room').selectOption({ label: 'Change Room 1' })
    await expect(addDialog.getByLabel('Away Change Room')).toBeVisible()
    await addDialog.getByLabel('Date', { exact: true }).fill(tomorrow)
    await addDialog.getByLabel('Start Time').selectOption('23:00')
    await addDialog.getByLabel('Duration').selectOption({ label: '2 hrs' })
    await checkA11y(page)
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(page.getByText('Event created and split across midnight!')).toBeVisible()
    expect(await hoursUsed(page)).toBe('3.00')

    const day = page.getByRole('list', { name: /^Events of / })
    await page.getByRole('button', { name: 'Next day', exact: true }).click()
    await expect(day.getByRole('button', { name: /Jets practice/ })).toBeVisible()
    await expect(day.getByRole('button', { name: /Jets vs Sharks \(Part 1\)/ })).toContainText('Continues to next day')
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeVisible()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Next day', exact: true }).click()
    await expect(day.getByRole('button', { name: /Jets vs Sharks \(Part 2\)/ })).toContainText('Started previous day')

    // Mondays and Wednesdays for four weeks.
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Morning skate')
    await addDialog.getByLabel('Date', { exact: true }).fill(firstMonday)
    await addDialog.getByLabel('Start Time').selectOption('07:00')
    await addDialog.getByLabel('Repeat this event').check()
    await expect(addDialog.getByLabel('Repeats')).toHaveValue('weekly')
    await expect(addDialog.getByLabel('Mon')).toBeChecked()
    await addDialog.getByLabel('Wed').check()
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(addDialog.getByText('Please select an end date for recurring events')).toBeVisible()
    await addDialog.getByLabel('End Date').fill(addCalendarDays(firstMonday, 25))
    await checkA11y(page)
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(page.getByText('Created 8 recurring event(s)!')).toBeVisible()
    expect(await hoursUsed(page)).toBe('11.00')

    // Editing Part 2 to end at 02:00 replaces the whole game with one event on the second day.
    await day.getByRole('button', { name: /Jets vs Sharks \(Part 2\)/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(sheet.getByLabel('Title')).toHaveValue('Jets vs Sharks (Part 2)')
    await expect(sheet.getByLabel('Client')).toHaveValue(venue.clientId)
    await expect(sheet.getByLabel('Start', { exact: true })).toHaveValue(`${dayAfter}T00:00`)
    await checkA11y(page)
    await sheet.getByLabel('End', { exact: true }).fill(`${dayAfter}T02:00`)
    await sheet.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Event updated successfully!')).toBeVisible()
    await expect(sheet).toBeHidden()
    await expect(day.getByRole('button', { name: /^Jets vs Sharks/ })).toContainText('12:00 AM - 2:00 AM')
    await expect(day.getByText('Started previous day')).toHaveCount(0)
    await page.getByRole('button', { name: 'Previous day', exact: true }).click()
    await expect(day.getByRole('button', { name: /Jets practice/ })).toBeVisible()
    await expect(day.getByRole('button', { name: /Jets vs Sharks/ })).toHaveCount(0)
    expect(await hoursUsed(page)).toBe('11.00')

    // The list view: upcoming events with edit and delete; deleting gives the hours back.
    await page.getByRole('tab', { name: 'List View' }).click()
    const upcoming = page.getByRole('list', { name: 'Upcoming Events' })
    await expect(upcoming.getByRole('article')).toHaveCount(10)
    await expect(page.getByText('No past events')).toBeVisible()
    await checkA11y(page)
    await upcoming.getByRole('button', { name: 'Delete Jets practice' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Event?' })
    await checkA11y(page)
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText('Event deleted successfully')).toBeVisible()
    await expect(upcoming.getByRole('article')).toHaveCount(9)
    expect(await hoursUsed(page)).toBe('10.00')

    await page.goto('/contracts')
    await expect(page.getByText('10 of 40 h booked or used')).toBeVisible()
  })

  test('All Events lists upcoming events, books through Select a Room and shows a day and a month', async ({
    page,
    operator: _operator,
  }) => {
    const venue = await seedVenue(page)
    const today = todayInZone(TIME_ZONE, new Date())
    const tomorrow = addCalendarDays(today, 1)

    await page.goto('/events')
    await expect(page.getByRole('heading', { name: 'All Events', level: 1 })).toBeVisible()
    await expect(page.getByText('No upcoming events')).toBeVisible()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    const picker = page.getByRole('dialog', { name: 'Select a Room' })
    await expect(picker.getByLabel('Space').locator('option')).toHaveText(['Select a space', 'Rink A - Maple Leaf Arena'])
    await picker.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(picker.getByText('Please select a room')).toBeVisible()
    await checkA11y(page)
    await picker.getByLabel('Space').selectOption({ label: 'Rink A - Maple Leaf Arena' })
    await picker.getByRole('button', { name: 'Continue', exact: true }).click()

    const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
    await expect(addDialog.getByText('Book Rink A.')).toBeVisible()
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Cup final')
    await addDialog.getByLabel('Event Type').selectOption('game')
    await addDialog.getByLabel('Home Team').fill('Jets')
    await addDialog.getByLabel('Away Team').fill('Sharks')
    await addDialog.getByLabel('Description').fill('Doors open an hour early')
    await addDialog.getByLabel('Date', { exact: true }).fill(tomorrow)
    await addDialog.getByLabel('Start Time').selectOption('18:00')
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(page.getByText('Event created successfully!')).toBeVisible()

    const upcoming = page.getByRole('region', { name: 'Upcoming Events' })
    const card = upcoming.getByRole('article', { name: 'Cup final' })
    await expect(card).toContainText('6:00 PM - 7:00 PM')
    await expect(card).toContainText('Rink A - Maple Leaf Arena')
    await expect(card).toContainText('Jets vs Sharks')
    await expect(card).toContainText('Doors open an hour early')
    await checkA11y(page)

    for (const startTime of ['19:00', '20:00', '21:00']) {
      await postJson(page, '/api/events', {
        roomId: venue.roomId,
        clientId: venue.clientId,
        title: `Late skate ${startTime}`,
        date: tomorrow,
        startTime,
        durationMinutes: 60,
      })
    }
    await page.getByRole('button', { name: 'Calendar', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true')
    const month = page.getByRole('table')
    await expect(month.getByRole('columnheader')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
    await expect(month.locator('[aria-current="date"]')).toHaveCount(1)
    await checkA11y(page)
    if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month', exact: true }).click()
    await month.getByRole('button', { name: /^Cup final/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(sheet.getByLabel('Title')).toHaveValue('Cup final')
    await sheet.getByRole('button', { name: 'Cancel', exact: true }).click()

    // A day with four events shows three and '+1 more', which opens that day.
    await expect(month.getByRole('button', { name: /^Late skate/ })).toHaveCount(2)
    await month.getByRole('button', { name: '+1 more' }).click()
    await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('list', { name: 'Hours' }).getByRole('button', { name: /Late skate 21:00/ })).toBeVisible()
    const sixPm = page.getByRole('list', { name: 'Hours' }).getByRole('listitem').filter({ hasText: '6:00 PM' })
    await expect(sixPm.getByRole('button', { name: /Cup final/ })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Hours' }).getByRole('listitem').first()).toContainText('6:00 AM')
    await checkA11y(page)
  })

  test('the facility page adds, edits and deletes events of its rooms', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    // A room of another facility is not offered on this facility's page.
    const { facility: other } = await postJson<{ facility: { id: string } }>(page, '/api/facilities', {
      name: 'Harbour Centre',
      timeZone: TIME_ZONE,
    })
    await postJson(page, `/api/facilities/${other.id}/rooms`, { name: 'Court 1', type: 'court' })

    await page.goto(`/facility/${venue.facilityId}`)
    const events = page.getByRole('region', { name: 'Events' })
    await expect(events.getByText('No events scheduled for these days')).toBeVisible()
    await events.getByRole('button', { name: 'Add Event', exact: true }).click()
    const picker = page.getByRole('dialog', { name: 'Select a Room' })
    await expect(picker.getByLabel('Space').locator('option')).toHaveText(['Select a space', 'Rink A - Maple Leaf Arena'])
    await picker.getByLabel('Space').selectOption({ label: 'Rink A - Maple Leaf Arena' })
    await picker.getByRole('button', { name: 'Continue', exact: true }).click()

    const addDialog = page.getByRole('dialog', { name: 'Add New Event' })
    await addDialog.getByLabel('Client').selectOption({ label: 'Northside Jets' })
    await addDialog.getByLabel('Title').fill('Evening skate')
    await addDialog.getByLabel('Start Time').selectOption('22:00')
    await addDialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(page.getByText('Event created successfully!')).toBeVisible()
    await expect(events.getByText('Evening skate')).toBeVisible()
    await expect(events).toContainText('10:00 PM - 11:00 PM')
    await checkA11y(page)
    expect(await hoursUsed(page)).toBe('1.00')

    await events.getByRole('button', { name: 'Edit Evening skate' }).click()
    const sheet = page.getByRole('dialog', { name: 'Edit Event' })
    await sheet.getByLabel('Title').fill('Late skate')
    await sheet.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Event updated successfully!')).toBeVisible()
    await expect(events.getByText('Late skate')).toBeVisible()

    await events.getByRole('button', { name: 'Delete Late skate' }).click()
    await page.getByRole('alertdialog', { name: 'Delete Event?' }).getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText('Event deleted successfully')).toBeVisible()
    await expect(events.getByText('No events scheduled for these days')).toBeVisible()
    expect(await hoursUsed(page)).toBe('0.00')
  })

  test('a render error in the edit sheet shows the spec message with its details', async ({ page, operator: _operator }) => {
    const venue = await seedVenue(page)
    await postJson(page, '/api/events', {
      roomId: venue.roomId,
      clientId: venue.clientId,
      title: 'Jets practice',
      date: addCalendarDays(todayInZone(TIME_ZONE, new Date()), 1),
      startTime: '10:00',
      durationMinutes: 60,
    })
    // A malformed answer breaks the sheet's client field while it renders.
    await page.route('**/api/clients', (route) => route.fulfill({ json: { clients: null } }))
    await page.goto('/events')
    await page.getByRole('button', { name: 'Edit Jets practice' }).click()
    const sheet = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(sheet.getByText('Something went wrong. Please close and try again.')).toBeVisible()
    await sheet.getByText('Error details').click()
    await expect(sheet.locator('pre')).not.toBeEmpty()
    await checkA11y(page)
    await sheet.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(page.getByRole('article', { name: 'Jets practice' })).toBeVisible()
  })

  test('the room schedule and All Events work at phone width', async ({ page, operator: _operator }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const venue = await seedVenue(page)
    await postJson(page, '/api/events', {
      roomId: venue.roomId,
      clientId: venue.clientId,
      title: 'Jets practice',
      date: todayInZone(TIME_ZONE, new Date()),
      startTime: '23:00',
      durationMinutes: 30,
    })
    await page.goto(`/facility/${venue.facilityId}/room/${venue.roomId}`)
    await expect(page.getByRole('list', { name: /^Events of / }).getByRole('button', { name: /Jets practice/ })).toBeVisible()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Add Event', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Add New Event' })).toBeVisible()
    await checkA11y(page)
    await page.keyboard.press('Escape')
    await page.goto('/events')
    await page.getByRole('button', { name: 'Calendar', exact: true }).click()
    // A phone's month shows a dot per event, and today's events listed under it.
    await expect(page.getByRole('table').locator('[aria-current="date"]').getByRole('button')).toHaveAccessibleName(/, 1 event$/)
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('button', { name: /^Jets practice/ })).toBeVisible()
    await checkA11y(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
