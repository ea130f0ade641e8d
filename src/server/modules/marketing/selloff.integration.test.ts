import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { selloffSentMessage } from '@shared/mail/schema'
import { activityEntries, clients, outboxMessages } from '../../db/schema'
import { drainMailOnce } from '../../mail'
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink'
import { useTestApp } from '../../test/setup'
import { testDatabaseKinds } from '../../test/test-database'
import { unsubscribeToken } from './unsubscribe-token'

// The selloff email and unsubscribing (docs/product.md#email): each chosen client gets their own
// message with their own link; an unsubscribed client never gets marketing again.
describe.each(testDatabaseKinds())('the selloff email on %s', (kind) => {
  let sink: SmtpSink
  const environment: Record<string, string> = { MAIL_PER_ORGANISATION_PER_HOUR: '2' }
  beforeAll(async () => {
    sink = await startSmtpSink()
    environment.SMTP_URL = sink.url
  })
  afterAll(async () => sink?.stop())
  const {
    t,
    operators: [owner, stranger],
  } = useTestApp(kind, { operators: 2, env: environment })

  const ids: Record<'ann' | 'bob' | 'cat' | 'dan' | 'mute', string> = { ann: '', bob: '', cat: '', dan: '', mute: '' }
  let strangersClient = ''

  const makeClient = async (cookie: string, body: Record<string, unknown>) => {
    const response = await t.request('/api/clients', { method: 'POST', cookie, body })
    expect(response.status).toBe(201)
    return ((await response.json()) as { client: { id: string } }).client.id
  }
  const send = (clientIds: string[], cookie = owner.cookie) =>
    t.request('/api/marketing/send', {
      method: 'POST',
      cookie,
      body: { subject: 'Ice tonight at <North>', body: 'Hi!\n\nRink 1 is free from 7 pm.', clientIds },
    })
  const tokenOf = (clientId: string) => unsubscribeToken(clientId, t.env.authSecret)

  beforeAll(async () => {
    ids.ann = await makeClient(owner.cookie, { name: 'Ann', email: 'ann@example.com' })
    ids.bob = await makeClient(owner.cookie, { name: '<b>A&B</b>', email: 'bob@example.com' })
    ids.cat = await makeClient(owner.cookie, { name: 'Cat', email: 'cat@example.com' })
    ids.dan = await makeClient(owner.cookie, { name: 'Dan' })
    ids.mute = await makeClient(owner.cookie, { name: 'Mute', email: 'mute@example.com' })
    strangersClient = await makeClient(stranger.cookie, { name: 'Elsewhere', email: 'elsewhere@example.com' })
  })
  beforeEach(async () => {
    await t.db.delete(outboxMessages)
    sink.messages.length = 0
  })

  it('lists the clients with an email, by name, with whether they unsubscribed', async () => {
    await t.db.update(clients).set({ marketingUnsubscribedAt: new Date() }).where(eq(clients.id, ids.mute))
    const response = await t.request('/api/marketing/recipients', { cookie: owner.cookie })
    expect(response.status).toBe(200)
    const { clients: listed } = (await response.json()) as { clients: { id: string; name: string; unsubscribed: boolean }[] }
    expect(listed.map((client) => [client.name, client.unsubscribed])).toEqual([
      ['<b>A&B</b>', false],
      ['Ann', false],
      ['Cat', false],
      ['Mute', true],
    ])
  })

  it('sends each chosen client their own message, skipping the unsubscribed and those without an email', async () => {
    const response = await send([ids.bob, ids.cat, ids.dan, ids.mute])
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { message: string; sent: number; waiting: number; limitNotice: string | null }
    expect(answer).toEqual({ message: selloffSentMessage(2), sent: 2, waiting: 0, limitNotice: null })

    await drainMailOnce({ db: t.db, env: t.env })
    const mails = [...sink.messages].sort((a, b) => a.envelopeTo[0]!.localeCompare(b.envelopeTo[0]!))
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([['bob@example.com'], ['cat@example.com']])
    const [bob, cat] = mails
    expect(bob!.subject).toBe('Ice tonight at <North>')
    const bobsLink = `/unsubscribe/${tokenOf(ids.bob)}`
    expect(bob!.text).toContain(bobsLink)
    // RFC 8058: the one-click address is the same link, and says it takes a POST.
    const headers = bob!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <[^>]*${bobsLink.replace(/[.]/g, '\\.')}>`, 'mi'))
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im)
    expect(cat!.text).toContain(`/unsubscribe/${tokenOf(ids.cat)}`)
    expect(cat!.text).not.toContain(tokenOf(ids.bob))
  })

  it("refuses the whole send for another organisation's client, and writes nothing", async () => {
    const response = await send([ids.ann, strangersClient])
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Client not found')
    expect(await t.db.select().from(outboxMessages)).toEqual([])
  })

  it('says how many wait for the hourly limit', async () => {
    await t.db.update(clients).set({ marketingUnsubscribedAt: null }).where(eq(clients.id, ids.mute))
    const response = await send([ids.ann, ids.bob, ids.cat, ids.mute])
    const answer = (await response.json()) as { sent: number; waiting: number; limitNotice: string | null }
    expect(answer).toMatchObject({ sent: 4, waiting: 2 })
    expect(answer.limitNotice).toBe('Sending is limited to 2 messages an hour for this organisation: 2 will go out as the limit allows.')
  })

  it('unsubscribes through the page and by one click, for good, and refuses a forged link revealing nothing', async () => {
    const info = await t.request(`/api/unsubscribe/${tokenOf(ids.ann)}`)
    expect(info.status).toBe(200)
    expect(await info.json()).toMatchObject({ unsubscribed: false })

    const oneClick = await t.request(`/unsubscribe/${tokenOf(ids.ann)}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail-provider.example' },
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toBe('You are unsubscribed.')
    // Again, through the page: the same answer, and nothing more in the trail.
    const again = await t.request(`/api/unsubscribe/${tokenOf(ids.ann)}`, { method: 'POST' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ unsubscribed: true })
    expect(await (await t.request(`/api/unsubscribe/${tokenOf(ids.ann)}`)).json()).toMatchObject({ unsubscribed: true })
    const entries = await t.db.select().from(activityEntries).where(eq(activityEntries.entityId, ids.ann))
    expect(entries.filter((entry) => entry.actorId === null)).toHaveLength(1)

    const answer = (await (await send([ids.ann, ids.cat])).json()) as { sent: number }
    expect(answer.sent).toBe(1)

    const forged = `${tokenOf(ids.cat).split('.')[0]}.${tokenOf(ids.ann).split('.')[1]}`
    for (const token of [forged, 'not-a-token', `${tokenOf(ids.cat)}x`]) {
      const page = await t.request(`/api/unsubscribe/${token}`)
      expect(page.status).toBe(404)
      expect((await t.request(`/api/unsubscribe/${token}`, { method: 'POST' })).status).toBe(404)
      const click = await t.request(`/unsubscribe/${token}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })
      expect(click.status).toBe(404)
      expect(await click.text()).toBe('Not found')
    }
    const [cat] = await t.db.select().from(clients).where(eq(clients.id, ids.cat))
    expect(cat!.marketingUnsubscribedAt).toBeNull()
  })
})
