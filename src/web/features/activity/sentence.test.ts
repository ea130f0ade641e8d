import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/activity/responses'
import { describeActivity, describeChanges, fieldLabel } from './sentence'

const TORONTO = 'America/Toronto'
// Tue, Dec 1, 2026 in Toronto (UTC-5).
const TEN_AM = '2026-12-01T15:00:00.000Z'
const ELEVEN_AM = '2026-12-01T16:00:00.000Z'
const NOON = '2026-12-01T17:00:00.000Z'
const NEXT_DAY_NINE_AM = '2026-12-02T14:00:00.000Z'

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: '1',
  at: '2026-11-20T12:00:00.000Z',
  actorId: 'user-dana',
  actorName: 'Dana Lee',
  action: 'updated',
  entity: 'event',
  entityId: 'event-1',
  label: 'U11 Practice',
  timeZone: TORONTO,
  changes: {},
  ...overrides,
})

const change = (before: string | number | boolean | null, after: string | number | boolean | null) => ({ before, after })

describe('an event’s sentence', () => {
  it('reads a booking with its space and times on the facility’s wall clock', () => {
    const booked = entry({
      action: 'created',
      changes: {
        start: change(null, TEN_AM),
        end: change(null, ELEVEN_AM),
        space: change(null, 'Main Rink'),
        client: change(null, 'Jets'),
      },
    })
    expect(describeActivity(booked)).toBe('Dana Lee booked "U11 Practice" on Main Rink for Tue, Dec 1, 10:00 AM – 11:00 AM')
  })

  it('gives a booking’s end its date when it ends on another day', () => {
    const overnight = entry({ action: 'created', changes: { start: change(null, TEN_AM), end: change(null, NEXT_DAY_NINE_AM) } })
    expect(describeActivity(overnight)).toBe('Dana Lee booked "U11 Practice" for Tue, Dec 1, 10:00 AM – Wed, Dec 2, 9:00 AM')
  })

  it('reads a move on the same day with only the new time', () => {
    const moved = entry({ changes: { start: change(TEN_AM, ELEVEN_AM), end: change(ELEVEN_AM, NOON) } })
    expect(describeActivity(moved)).toBe('Dana Lee moved "U11 Practice" from Tue, Dec 1, 10:00 AM to 11:00 AM')
  })

  it('reads a move to another day and space with the full date and the space', () => {
    const moved = entry({ changes: { start: change(TEN_AM, NEXT_DAY_NINE_AM), space: change('Main Rink', 'Half Ice A') } })
    expect(describeActivity(moved)).toBe('Dana Lee moved "U11 Practice" from Tue, Dec 1, 10:00 AM to Wed, Dec 2, 9:00 AM on Half Ice A')
  })

  it('names what else a move changed', () => {
    const moved = entry({
      changes: { start: change(TEN_AM, ELEVEN_AM), color: change('#111111', '#222222'), title: change('U11', 'U11 Practice') },
    })
    expect(describeActivity(moved)).toBe(
      'Dana Lee moved "U11 Practice" from Tue, Dec 1, 10:00 AM to 11:00 AM and changed the title and colour',
    )
  })

  it('reads a change of space alone as a move between spaces', () => {
    expect(describeActivity(entry({ changes: { space: change('Main Rink', 'Half Ice A') } }))).toBe(
      'Dana Lee moved "U11 Practice" from Main Rink to Half Ice A',
    )
  })

  it('reads a new title as a rename', () => {
    expect(describeActivity(entry({ changes: { title: change('U11', 'U11 Practice'), color: change('#111111', '#222222') } }))).toBe(
      'Dana Lee renamed "U11" to "U11 Practice" and changed the colour',
    )
  })

  it('names other changes with their values where short', () => {
    const changed = entry({
      changes: {
        eventType: change('practice', 'game'),
        team1Name: change(null, 'Hawks'),
        team2Name: change('Owls', null),
        end: change(ELEVEN_AM, NOON),
        color: change('#111111', '#222222'),
        description: change(null, 'Bring pucks'),
      },
    })
    expect(describeActivity(changed)).toBe(
      'Dana Lee changed "U11 Practice": end from Tue, Dec 1, 11:00 AM to 12:00 PM, description, colour, type from Practice to Game, team 1 set to Hawks, team 2 cleared',
    )
  })

  it('reads a deletion with the time the event had', () => {
    const deleted = entry({
      action: 'deleted',
      changes: { start: change(TEN_AM, null), end: change(ELEVEN_AM, null), space: change('Main Rink', null) },
    })
    expect(describeActivity(deleted)).toBe('Dana Lee deleted "U11 Practice" (Tue, Dec 1, 10:00 AM)')
  })

  it('says so when a save changed nothing', () => {
    expect(describeActivity(entry({}))).toBe('Dana Lee saved "U11 Practice" without changes')
  })

  it('reads times in the browser’s zone when the entry has none (UTC in tests)', () => {
    const booked = entry({ action: 'created', timeZone: null, changes: { start: change(null, TEN_AM), end: change(null, ELEVEN_AM) } })
    expect(describeActivity(booked)).toBe('Dana Lee booked "U11 Practice" for Tue, Dec 1, 3:00 PM – 4:00 PM')
  })
})

describe('a series edit’s one entry', () => {
  // Mondays Jan 4 and Jan 11, 2027 in Toronto (UTC-5), 6:30 PM moved to 7:00 PM.
  const at = (day: string, time: string) => `2027-01-${day}T${time}:00.000Z`
  const seriesEdit = (changes: ActivityEntry['changes']) =>
    entry({
      label: 'U13 A Practice',
      changes: {
        seriesEvents: change(null, 2),
        occurrences: {
          before: [
            { start: at('04', '23:30'), end: at('05', '00:30') },
            { start: at('11', '23:30'), end: at('12', '00:30'), space: 'Rink A' },
          ],
          after: [
            { start: at('05', '00:00'), end: at('05', '01:00') },
            { start: at('12', '00:00'), end: at('12', '01:00'), space: 'Rink B' },
          ],
        },
        ...changes,
      },
    })

  it('reads a move of many events as one sentence, with the days it spans', () => {
    const moved = seriesEdit({ start: change(at('04', '23:30'), at('05', '00:00')), end: change(at('05', '00:30'), at('05', '01:00')) })
    expect(describeActivity(moved)).toBe('Dana Lee moved 2 events of "U13 A Practice" from 6:30 PM to 7:00 PM, Mon, Jan 4 – Mon, Jan 11')
  })

  it('reads a change of details alone, naming the fields', () => {
    expect(describeActivity(seriesEdit({ description: change(null, 'Bring pucks') }))).toBe(
      'Dana Lee changed 2 events of "U13 A Practice", Mon, Jan 4 – Mon, Jan 11: description',
    )
  })

  it('lists each occurrence’s own before and after under its day in the details', () => {
    const lines = describeChanges(seriesEdit({ start: change(at('04', '23:30'), at('05', '00:00')) }))
    expect(lines.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['start', 'Mon, Jan 4, 6:30 PM', 'Mon, Jan 4, 7:00 PM'],
      ['Mon, Jan 4', '6:30 PM – 7:30 PM', '7:00 PM – 8:00 PM'],
      ['Mon, Jan 11', '6:30 PM – 7:30 PM, space Rink A', '7:00 PM – 8:00 PM, space Rink B'],
    ])
  })
})

describe('the sentences of other things', () => {
  it('reads creating, renaming, changing and deleting a venue’s things', () => {
    expect(
      describeActivity(entry({ entity: 'space', action: 'created', label: 'Half Ice A', changes: { name: change(null, 'Half Ice A') } })),
    ).toBe('Dana Lee created space "Half Ice A"')
    expect(describeActivity(entry({ entity: 'facility', label: 'North', changes: { name: change('South', 'North') } }))).toBe(
      'Dana Lee renamed facility "South" to "North"',
    )
    expect(describeActivity(entry({ entity: 'client', label: 'Jets', changes: { email: change(null, 'jets@example.com') } }))).toBe(
      'Dana Lee changed client "Jets": email set to jets@example.com',
    )
    expect(describeActivity(entry({ entity: 'screen', action: 'deleted', label: 'Lobby' }))).toBe('Dana Lee deleted screen "Lobby"')
  })

  it('reads a message the outbox sent, or kept while delivery is off', () => {
    const mail = (delivery: string) =>
      entry({
        actorId: null,
        actorName: 'Fieldhouse',
        action: 'sent',
        entity: 'mail',
        label: 'Ice tonight',
        timeZone: null,
        changes: { to: change(null, 'pat@example.com'), delivery: change(null, delivery) },
      })
    expect(describeActivity(mail('sent'))).toBe('Fieldhouse emailed "Ice tonight" to pat@example.com')
    expect(describeActivity(mail('kept'))).toBe('Fieldhouse kept email "Ice tonight" to pat@example.com (not sent: delivery is off)')
  })

  it('reads a rename of the organisation', () => {
    expect(describeActivity(entry({ entity: 'organisation', label: 'B', changes: { name: change('A', 'B') } }))).toBe(
      'Dana Lee renamed the organisation from "A" to "B"',
    )
  })

  it('reads members joining, changing role, leaving and being removed', () => {
    const sam = { entity: 'member' as const, entityId: 'user-sam', label: 'Sam Roe' }
    expect(
      describeActivity(
        entry({ ...sam, actorId: 'user-sam', actorName: 'Sam Roe', action: 'created', changes: { role: change(null, 'scheduler') } }),
      ),
    ).toBe('Sam Roe joined as Scheduler')
    expect(describeActivity(entry({ ...sam, changes: { role: change('scheduler', 'front_desk') } }))).toBe(
      "Dana Lee changed Sam Roe's role from Scheduler to Front Desk",
    )
    expect(describeActivity(entry({ ...sam, actorId: 'user-sam', actorName: 'Sam Roe', action: 'deleted' }))).toBe(
      'Sam Roe left the organisation',
    )
    expect(describeActivity(entry({ ...sam, action: 'deleted' }))).toBe('Dana Lee removed Sam Roe from the organisation')
  })

  it('reads an invitation with its email and role', () => {
    const invited = entry({
      entity: 'invitation',
      action: 'created',
      label: 'sam@example.com',
      changes: { email: change(null, 'sam@example.com'), role: change(null, 'scheduler') },
    })
    expect(describeActivity(invited)).toBe('Dana Lee invited sam@example.com as Scheduler')
  })

  it('reads logged usage with its hours and day', () => {
    const logged = entry({
      entity: 'usage',
      action: 'created',
      label: 'Jets',
      changes: { hours: change(null, '2.00'), date: change(null, '2026-12-01') },
    })
    expect(describeActivity(logged)).toBe('Dana Lee logged 2 h of usage for "Jets" on Dec 1, 2026')
    expect(describeActivity(entry({ entity: 'usage', action: 'created', label: 'Jets', changes: { hours: change(null, 1.5) } }))).toBe(
      'Dana Lee logged 1.5 h of usage for "Jets"',
    )
  })
})

describe('the details of an entry', () => {
  it('lists each changed field before and after, formatted', () => {
    const moved = entry({
      changes: { start: change(TEN_AM, ELEVEN_AM), eventType: change('practice', 'game'), team1Name: change(null, 'Hawks') },
    })
    expect(describeChanges(moved)).toEqual([
      { field: 'start', label: 'start', before: 'Tue, Dec 1, 10:00 AM', after: 'Tue, Dec 1, 11:00 AM' },
      { field: 'eventType', label: 'type', before: 'Practice', after: 'Game' },
      { field: 'team1Name', label: 'team 1', before: null, after: 'Hawks' },
    ])
  })

  it('lists the known fields in a set order, whatever the order they came in', () => {
    const changed = entry({
      changes: { end: change(ELEVEN_AM, NOON), title: change('U11', 'U11 Practice'), start: change(TEN_AM, ELEVEN_AM) },
    })
    expect(describeChanges(changed).map(({ field }) => field)).toEqual(['title', 'start', 'end'])
  })

  it('reads a space’s settings as the app shows them', () => {
    const space = entry({
      entity: 'space',
      action: 'created',
      timeZone: TORONTO,
      changes: {
        type: change(null, 'rink'),
        bookingInterval: change(null, 30),
        operatingStartTime: change(null, '06:00'),
        operatingEndTime: change(null, '23:30'),
      },
    })
    expect(describeChanges(space).map(({ label, after }) => `${label}: ${after}`)).toEqual([
      'type: Rink',
      'booking interval: 30 min',
      'operating start time: 6:00 AM',
      'operating end time: 11:30 PM',
    ])
  })

  it('names a field it does not know from its key', () => {
    expect(fieldLabel('totalHours')).toBe('total hours')
    expect(fieldLabel('operating_start')).toBe('operating start')
  })
})

describe('a request’s sentence', () => {
  const request = (overrides: Partial<ActivityEntry>) => entry({ entity: 'request', entityId: 'request-1', ...overrides })
  const freed = { start: change(TEN_AM, null), end: change(ELEVEN_AM, null), space: change('Main Rink', null) }

  it('reads a renter’s request with the client, the space and the times', () => {
    const requested = request({
      actorName: 'Sam Roe',
      action: 'requested',
      changes: {
        start: change(null, TEN_AM),
        end: change(null, ELEVEN_AM),
        space: change(null, 'Main Rink'),
        client: change(null, 'Hawks'),
      },
    })
    expect(describeActivity(requested)).toBe('Sam Roe requested "U11 Practice" for Hawks on Main Rink, Tue, Dec 1, 10:00 AM – 11:00 AM')
  })

  it('reads each answer, a short reason in the sentence and a long one in the details', () => {
    const status = (after: string) => ({ requestStatus: change('pending', after) })
    expect(describeActivity(request({ action: 'approved', changes: status('approved') }))).toBe(
      'Dana Lee approved the request "U11 Practice"',
    )
    const declined = request({
      action: 'declined',
      changes: { ...status('declined'), ...freed, reason: change(null, 'The ice is being resurfaced') },
    })
    expect(describeActivity(declined)).toBe(
      'Dana Lee declined the request "U11 Practice" (Tue, Dec 1, 10:00 AM): The ice is being resurfaced',
    )
    const long = request({ action: 'declined', changes: { ...status('declined'), reason: change(null, 'x'.repeat(200)) } })
    expect(describeActivity(long)).toBe('Dana Lee declined the request "U11 Practice" with a reason')
    expect(describeActivity(request({ actorName: 'Sam Roe', action: 'withdrawn', changes: { ...status('withdrawn'), ...freed } }))).toBe(
      'Sam Roe withdrew the request "U11 Practice" (Tue, Dec 1, 10:00 AM)',
    )
    const expired = request({ actorId: null, actorName: 'Fieldhouse', action: 'expired', changes: { ...status('expired'), ...freed } })
    expect(describeActivity(expired)).toBe('The request "U11 Practice" (Tue, Dec 1, 10:00 AM) expired unanswered')
    expect(describeChanges(declined).find((line) => line.field === 'requestStatus')).toMatchObject({
      label: 'status',
      before: 'Pending',
      after: 'Declined',
    })
  })
})

describe('the waitlist and released ice in the trail', () => {
  const waitlist = (overrides: Partial<ActivityEntry>) =>
    entry({ entity: 'waitlist', entityId: 'entry-1', label: 'Main Rink', actorName: 'Sam Roe', ...overrides })

  it('reads a release like a cancellation, with its time', () => {
    const released = entry({
      actorName: 'Sam Roe',
      action: 'released',
      changes: { start: change('2026-12-01T15:00:00.000Z', null), end: change('2026-12-01T16:00:00.000Z', null) },
    })
    expect(describeActivity(released)).toBe('Sam Roe released "U11 Practice" (Tue, Dec 1, 10:00 AM)')
  })

  it('reads a window joined and left, and a claim with its time', () => {
    const window = {
      client: change(null, 'Hawks'),
      date: change(null, '2026-12-05'),
      from: change(null, '18:00'),
      to: change(null, '22:00'),
    }
    expect(describeActivity(waitlist({ action: 'created', changes: window }))).toBe(
      'Sam Roe joined the waitlist for Main Rink for Hawks on Dec 5, 2026, 6:00 PM – 10:00 PM',
    )
    const left = { client: change('Hawks', null), date: change('2026-12-05', null), from: change('18:00', null), to: change('22:00', null) }
    expect(describeActivity(waitlist({ action: 'deleted', changes: left }))).toBe(
      'Sam Roe left the waitlist for Main Rink for Hawks on Dec 5, 2026, 6:00 PM – 10:00 PM',
    )
    const claimed = waitlist({
      action: 'claimed',
      changes: {
        client: change(null, 'Hawks'),
        start: change(null, '2026-12-01T15:00:00.000Z'),
        end: change(null, '2026-12-01T16:00:00.000Z'),
      },
    })
    expect(describeActivity(claimed)).toBe('Sam Roe claimed released ice on Main Rink for Hawks, Tue, Dec 1, 10:00 AM – 11:00 AM')
  })
})
