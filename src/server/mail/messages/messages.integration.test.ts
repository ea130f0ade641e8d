import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import { outboxMessages, passwordResetRequests } from '../../db/schema'
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink'
import { useTestApp } from '../../test/setup'
import { OPEN_AROUND_THE_CLOCK } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { drainMailOnce } from '..'

// Each message the app writes (docs/product.md#email), from the request that causes it to the SMTP
// server that receives it: one message per change, none for a change that was refused.
describe.each(testDatabaseKinds())('the messages on %s', (kind) => {
  let sink: SmtpSink
  const environment: Record<string, string> = {}
  beforeAll(async () => {
    sink = await startSmtpSink()
    environment.SMTP_URL = sink.url
  })
  afterAll(async () => sink?.stop())
  const {
    t,
    admin,
    operators: [owner],
  } = useTestApp(kind, { operators: 1, env: environment })

  beforeEach(async () => {
    await t.db.delete(outboxMessages)
    sink.messages.length = 0
  })

  // What the SMTP server received since the test began, after the worker's one round.
  const delivered = async () => {
    await drainMailOnce({ db: t.db, env: t.env })
    return [...sink.messages]
  }
  const post = async <T>(path: string, body: unknown, cookie = owner.cookie, status = 201): Promise<T> => {
    const response = await t.request(path, { method: 'POST', body, cookie })
    expect(response.status, await response.clone().text()).toBe(status)
    return (await response.json()) as T
  }

  describe('accounts', () => {
    it('tells an account it was approved, once per approval, again after a revoke', async () => {
      const account = await t.signUp({ fullName: 'Pat <Pending>' })
      const approve = () => t.request(`/api/admin/users/${account.id}/approve`, { method: 'POST', cookie: admin.cookie })
      expect((await approve()).status).toBe(200)
      expect((await approve()).status).toBe(200)
      let mails = await delivered()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.envelopeTo).toEqual([account.email])
      expect(mails[0]!.subject).toBe('Your Fieldhouse account is approved')
      expect(mails[0]!.text).toContain('Hello Pat <Pending>,')
      expect(mails[0]!.html).toContain('Pat &lt;Pending&gt;')

      expect((await t.request(`/api/admin/users/${account.id}/revoke`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
      expect((await approve()).status).toBe(200)
      mails = await delivered()
      expect(mails).toHaveLength(2)
    })

    it("e-mails 'Forgot password?' a working link for an account, and nothing for an unknown address, with one answer", async () => {
      await t.db.delete(passwordResetRequests)
      const account = await t.signUp()
      const known = await t.request('/api/auth/forgot-password', { method: 'POST', body: { email: account.email.toUpperCase() } })
      const unknown = await t.request('/api/auth/forgot-password', { method: 'POST', body: { email: 'nobody-at-all@example.com' } })
      expect(known.status).toBe(202)
      expect(unknown.status).toBe(202)
      const answer = await known.text()
      expect(answer).toBe(await unknown.text())
      expect(JSON.parse(answer)).toEqual({ message: AUTH_MESSAGES.resetRequested })

      const mails = await delivered()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.envelopeTo).toEqual([account.email])
      expect(mails[0]!.subject).toBe('Reset your Fieldhouse password')
      const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text ?? '')![1]!
      // The link is better-auth's own: its endpoint takes it once.
      const reset = await t.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: 'a brand new secret' } })
      expect(reset.status).toBe(200)
      expect(
        (await t.request('/api/auth/sign-in/email', { method: 'POST', body: { email: account.email, password: 'a brand new secret' } }))
          .status,
      ).not.toBe(401)
    })

    it("e-mails the administrator's reset link, which the administrator still gets", async () => {
      const response = await t.request(`/api/admin/users/${owner.id}/reset-password`, { method: 'POST', cookie: admin.cookie })
      expect(response.status).toBe(200)
      const { resetLink } = (await response.json()) as { resetLink: string }
      const mails = await delivered()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.envelopeTo).toEqual([owner.email])
      expect(mails[0]!.text).toContain(resetLink)
      expect(mails[0]!.text).toContain('An administrator made a link')
    })
  })

  it('sends a team invitation to the invited address with the link to copy', async () => {
    const { link } = await post<{ link: string }>('/api/team/invitations', { email: 'invited-person@example.com', role: 'scheduler' })
    const mails = await delivered()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.envelopeTo).toEqual(['invited-person@example.com'])
    expect(mails[0]!.text).toContain(link)
    expect(mails[0]!.text).toContain('as a Scheduler')
  })

  describe('bookings', () => {
    let rinkId = ''
    let changeRoomId = ''
    let clientId = ''
    let quietClientId = ''
    let nameless = ''
    let day = 0
    // Each booking on a day of its own, weeks apart from any series.
    const nextDate = () => new Date(Date.UTC(2031, 0, 1) + day++ * 86_400_000).toISOString().slice(0, 10)

    beforeAll(async () => {
      const { facility } = await post<{ facility: { id: string } }>('/api/facilities', { name: 'North Arena', timeZone: 'America/Toronto' })
      const room = (name: string, type: string) =>
        post<{ room: { id: string } }>(`/api/facilities/${facility.id}/rooms`, { name, type, ...OPEN_AROUND_THE_CLOCK })
      rinkId = (await room('Rink 1', 'rink')).room.id
      changeRoomId = (await room('Room 3', 'change_room')).room.id
      const client = (body: Record<string, unknown>) => post<{ client: { id: string } }>('/api/clients', body)
      clientId = (await client({ name: '<b>A&B</b>', email: 'ab-club@example.com' })).client.id
      quietClientId = (await client({ name: 'Quiet Club', email: 'quiet@example.com', emailConfirmations: false })).client.id
      nameless = (await client({ name: 'No Email Club' })).client.id
    })

    const book = (body: Record<string, unknown>, status = 201) =>
      post<{ events: { id: string; version: number; seriesId: string | null; startTime: string; endTime: string }[] }>(
        '/api/events',
        { roomId: rinkId, clientId, date: nextDate(), startTime: '18:00', durationMinutes: 60, title: 'Practice', ...body },
        owner.cookie,
        status,
      )

    it('confirms a booking with its space, facility, local time and change room, escaping the HTML', async () => {
      const { events } = await book({ date: '2030-01-05', changeRoom1Id: changeRoomId })
      const mails = await delivered()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.envelopeTo).toEqual(['ab-club@example.com'])
      expect(mails[0]!.subject).toBe('Booking confirmed: Practice at North Arena')
      expect(mails[0]!.text).toContain('Sat, Jan 5, 2030, 6:00 PM – 7:00 PM (America/Toronto)')
      expect(mails[0]!.text).toContain('Space: Rink 1, North Arena')
      expect(mails[0]!.text).toContain('Change rooms: Room 3')
      expect(mails[0]!.html).toContain('&lt;b&gt;A&amp;B&lt;/b&gt;')
      expect(mails[0]!.html).not.toContain('<b>A&B</b>')
      const [row] = await t.db.select().from(outboxMessages)
      expect(row!.businessKey).toBe(`booking_confirmed:${events[0]!.id}`)
    })

    it('confirms a series of 30 in one message listing its dates', async () => {
      const { events } = await book({ date: '2035-01-01', recurrence: { frequency: 'daily', endDate: '2035-01-30' } })
      expect(events).toHaveLength(30)
      const mails = await delivered()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.text).toContain('Your 30 bookings at North Arena are confirmed.')
      expect(mails[0]!.text!.match(/^- /gm)).toHaveLength(30)
    })

    it('confirms an event split at midnight as one booking', async () => {
      const { events } = await book({ date: '2030-02-01', startTime: '23:00', durationMinutes: 120 })
      expect(events).toHaveLength(2)
      const mails = await delivered()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.text).toContain('Fri, Feb 1, 2030, 11:00 PM – Sat, Feb 2, 2030, 1:00 AM (America/Toronto)')
      expect(mails[0]!.text!.match(/^- /gm)).toHaveLength(1)
    })

    it('tells of a change, and of a whole series changed or cancelled, once each', async () => {
      const { events } = await book({ date: '2030-03-01' })
      const event = events[0]!
      const start = new Date(Date.parse(event.startTime) + 3_600_000)
      const moved = await t.request(`/api/events/${event.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: { clientId, title: 'Practice', startTime: start, endTime: new Date(start.getTime() + 3_600_000), version: event.version },
      })
      expect(moved.status).toBe(200)

      const series = await book({ date: '2036-01-01', recurrence: { frequency: 'daily', endDate: '2036-01-10' } })
      const first = series.events[0]!
      const seriesRead = await t.request(`/api/series/${first.seriesId}`, { cookie: owner.cookie })
      const rule = (await seriesRead.json()) as { version: number }
      const renamed = await t.request(`/api/events/${first.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: {
          clientId,
          title: 'Game night',
          startTime: first.startTime,
          endTime: first.endTime,
          version: first.version,
          scope: 'all',
          seriesVersion: rule.version,
        },
      })
      expect(renamed.status, await renamed.clone().text()).toBe(200)
      const cancelled = await t.request(`/api/events/${first.id}?scope=all`, { method: 'DELETE', cookie: owner.cookie })
      expect(cancelled.status).toBeLessThan(300)

      const mails = (await delivered()).map((mail) => mail.subject)
      expect(mails).toEqual([
        'Booking confirmed: Practice at North Arena',
        'Booking changed: Practice at North Arena',
        'Booking confirmed: Practice at North Arena',
        'Booking changed: Game night at North Arena',
        'Booking cancelled: Game night at North Arena',
      ])
      const cancellation = sink.messages.at(-1)!
      expect(cancellation.text).toContain('Your 10 bookings at North Arena are cancelled.')
    })

    it('writes nothing for a client with confirmations off or without an email, nor for a refused booking', async () => {
      await book({ clientId: quietClientId })
      await book({ clientId: nameless })
      const taken = await book({ date: '2030-04-01' })
      await t.db.delete(outboxMessages)
      sink.messages.length = 0
      // The same time again clashes: refused, and rolled back with its message.
      await book({ date: '2030-04-01' }, 409)
      expect(taken.events).toHaveLength(1)
      expect(await delivered()).toEqual([])
      expect(await t.db.select().from(outboxMessages)).toEqual([])
    })

    it('e-mails again once a client turns confirmations back on', async () => {
      const response = await t.request(`/api/clients/${quietClientId}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: { name: 'Quiet Club', email: 'quiet@example.com', emailConfirmations: true },
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { client: { emailConfirmations: boolean } }).client.emailConfirmations).toBe(true)
      await book({ clientId: quietClientId })
      const mails = await delivered()
      expect(mails.map((mail) => mail.envelopeTo)).toEqual([['quiet@example.com']])
    })
  })
})
