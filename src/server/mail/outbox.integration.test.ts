import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { activityEntries, outboxMessages } from '../db/schema'
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink'
import { useTestApp } from '../test/setup'
import { testDatabaseKinds } from '../test/test-database'
import { composeMail, drainMailOnce, enqueueMail, MAIL_MAX_ATTEMPTS, mailLimitState, messageIdHeader, type OutgoingMail } from '.'

// The outbox's rules (docs/product.md#email, ADR 0056), against a real SMTP server in this process.
describe.each(testDatabaseKinds())('the outbox on %s', (kind) => {
  let sink: SmtpSink
  const environment: Record<string, string> = { MAIL_FROM: 'Maple Rink <mail@maple-rink.example>' }
  beforeAll(async () => {
    sink = await startSmtpSink()
    environment.SMTP_URL = sink.url
  })
  afterAll(async () => sink?.stop())
  const {
    t,
    operators: [owner],
  } = useTestApp(kind, { operators: 1, env: environment })
  let organisationId = ''

  beforeAll(async () => {
    organisationId = await t.organisationOf(owner!)
  })
  beforeEach(async () => {
    await t.db.delete(outboxMessages)
    sink.messages.length = 0
    sink.failNext(0)
  })

  let keys = 0
  const message = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => {
    keys += 1
    const parts = composeMail({ greeting: 'Hello Pat,', paragraphs: ['Your ice is booked.'] })
    return {
      organisationId: null,
      kind: 'booking_confirmed',
      businessKey: `test:${kind}:${keys}`,
      to: 'pat@example.com',
      subject: `Message ${keys}`,
      ...parts,
      ...overrides,
    }
  }
  const drain = (settings: Partial<typeof t.env> = {}) => drainMailOnce({ db: t.db, env: { ...t.env, ...settings } })
  const rows = () => t.db.select().from(outboxMessages).orderBy(outboxMessages.createdAt, outboxMessages.subject)
  const makeDue = () =>
    t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.status, 'queued'))

  it('sends nothing for a change that rolled back, and a committed one once, with both parts and its Message-ID', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueueMail(tx, message({ subject: 'Rolled back' }))
        tx.rollback()
      })
      .catch(() => undefined)
    await t.db.transaction(async (tx) => {
      expect(await enqueueMail(tx, message({ subject: 'Committed' }))).toBe(1)
    })

    expect(await drain()).toBe(1)
    expect(await drain()).toBe(0)
    const [row] = await rows()
    expect(row).toMatchObject({ subject: 'Committed', status: 'sent', attempts: 1, lastError: null })
    expect(row!.sentAt).toBeInstanceOf(Date)
    expect(sink.messages).toHaveLength(1)
    const [received] = sink.messages
    expect(received!.subject).toBe('Committed')
    expect(received!.messageId).toBe(messageIdHeader(row!.messageId, t.env.mailFrom))
    expect(received!.messageId).toMatch(/@maple-rink\.example>$/)
    expect(received!.text).toContain('Your ice is booked.')
    expect(received!.html).toContain('<p>Your ice is booked.</p>')
    expect(received!.from?.text).toContain('mail@maple-rink.example')
  })

  it('enqueues a business key once, however often it is given', async () => {
    const first = message()
    expect(await enqueueMail(t.db, [first, { ...first, subject: 'Again in the same call' }])).toBe(1)
    expect(await enqueueMail(t.db, { ...first, subject: 'Again later' })).toBe(0)
    await drain()
    expect(await rows()).toHaveLength(1)
    expect(sink.messages.map((received) => received.subject)).toEqual([first.subject])
  })

  it('retries after a temporary failure with a growing back-off, then sends', async () => {
    sink.failNext(2, 451)
    await enqueueMail(t.db, message())
    await drain()
    let [row] = await rows()
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    expect(row!.lastError).toContain('Try again later')
    const waits = async () =>
      (
        (await t.db.execute(sql`select extract(epoch from next_attempt_at - now())::int as seconds from outbox_messages`)) as unknown as {
          rows: { seconds: number }[]
        }
      ).rows[0]!.seconds
    // The first retry a minute on, the second five minutes on (MAIL_RETRY_DELAYS_SECONDS).
    expect(Number(await waits())).toBeGreaterThan(30)
    expect(Number(await waits())).toBeLessThanOrEqual(60)
    expect(await drain()).toBe(0)

    await makeDue()
    await drain()
    ;[row] = await rows()
    expect(row).toMatchObject({ status: 'queued', attempts: 2 })
    expect(Number(await waits())).toBeGreaterThan(240)

    await makeDue()
    await drain()
    ;[row] = await rows()
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
    expect(sink.messages).toHaveLength(1)
  })

  it('fails a message the server refuses for good (5xx) at once, and one still failing after the last retry', async () => {
    sink.failNext(1, 550)
    await enqueueMail(t.db, message({ subject: 'Refused' }))
    await drain()
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 })
    expect((await rows())[0]!.lastError).toContain('Refused for good')

    await t.db.delete(outboxMessages)
    sink.failNext(1_000, 421)
    await enqueueMail(t.db, message({ subject: 'Never accepted' }))
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await makeDue()
      await drain()
    }
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS })
    await makeDue()
    expect(await drain()).toBe(0)
    expect(sink.messages).toHaveLength(0)
  })

  it('keeps every message, sending nothing, without SMTP_URL, and records it in the trail', async () => {
    await enqueueMail(t.db, [message({ subject: 'Kept for the org', organisationId }), message({ subject: 'Kept for an account' })])
    expect(await drain({ smtpUrl: null })).toBe(2)
    expect((await rows()).map((row) => row.status)).toEqual(['kept', 'kept'])
    expect(sink.messages).toHaveLength(0)
    const kept = (await rows()).find((row) => row.subject === 'Kept for the org')
    const entries = await t.db.select().from(activityEntries).where(eq(activityEntries.entityId, kept!.id))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorId: null, actorName: 'Fieldhouse', action: 'sent', entity: 'mail', label: 'Kept for the org' })
    expect(entries[0]!.changes).toMatchObject({ delivery: { after: 'kept' } })
  })

  it('holds an organisation’s messages past its hourly limit and sends them when the hour allows; account mail is not limited', async () => {
    const limited = { mailPerOrganisationPerHour: 3 }
    await enqueueMail(t.db, [
      ...Array.from({ length: 5 }, (_, index) => message({ organisationId, subject: `Selloff ${index + 1}`, kind: 'selloff' })),
      message({ subject: 'Your account is approved', kind: 'account_approved' }),
    ])
    expect(await drain(limited)).toBe(4)
    expect(sink.messages.map((received) => received.subject).sort()).toEqual([
      'Selloff 1',
      'Selloff 2',
      'Selloff 3',
      'Your account is approved',
    ])
    const held = (await rows()).filter((row) => row.status === 'queued')
    expect(held.map((row) => row.subject)).toEqual(['Selloff 4', 'Selloff 5'])
    // They go an hour after the first three, no sooner.
    const firstSent = (await rows()).find((row) => row.subject === 'Selloff 1')!.sentAt!
    for (const row of held) expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(firstSent.getTime() + 3_600_000 - 60_000)

    const state = await mailLimitState(t.db, { ...t.env, ...limited }, organisationId)
    expect(state).toMatchObject({ perHour: 3, sentInLastHour: 3, waiting: 2 })
    expect(state.resumesAt).not.toBeNull()
    expect(await drain(limited)).toBe(0)

    // An hour on: the first three were sent over an hour ago, and the held ones are due.
    await t.db
      .update(outboxMessages)
      .set({ sentAt: sql`${outboxMessages.sentAt} - interval '61 minutes'` })
      .where(eq(outboxMessages.status, 'sent'))
    await makeDue()
    expect(await drain(limited)).toBe(2)
    expect(sink.messages).toHaveLength(6)
    expect(await mailLimitState(t.db, { ...t.env, ...limited }, organisationId)).toMatchObject({
      sentInLastHour: 2,
      waiting: 0,
      resumesAt: null,
    })

    // Each of the organisation's sends is in its trail, which still answers its schema.
    const entries = await t.db
      .select()
      .from(activityEntries)
      .where(
        and(
          eq(activityEntries.organisationId, organisationId),
          eq(activityEntries.entity, 'mail'),
          sql`${activityEntries.label} like 'Selloff %'`,
        ),
      )
    expect(entries).toHaveLength(5)
    expect(entries.every((entry) => (entry.changes as { to: { after: string } }).to.after === 'pat@example.com')).toBe(true)
    const trail = await t.request('/api/activity?kind=mail', { cookie: owner!.cookie })
    expect(trail.status).toBe(200)
  })

  it('claims a message again once the lease of a worker that died has run out, with the same Message-ID', async () => {
    await enqueueMail(t.db, [message({ subject: 'Lease ran out' }), message({ subject: 'Being sent now' })])
    await t.db
      .update(outboxMessages)
      .set({ status: 'sending', attempts: 1, claimedAt: sql`now() - interval '10 minutes'` })
      .where(eq(outboxMessages.subject, 'Lease ran out'))
    await t.db
      .update(outboxMessages)
      .set({ status: 'sending', attempts: 1, claimedAt: sql`now()` })
      .where(eq(outboxMessages.subject, 'Being sent now'))
    expect(await drain()).toBe(1)
    const reclaimed = (await rows()).find((row) => row.subject === 'Lease ran out')
    const live = (await rows()).find((row) => row.subject === 'Being sent now')
    expect(reclaimed).toMatchObject({ status: 'sent', attempts: 2 })
    expect(live).toMatchObject({ status: 'sending', attempts: 1 })
    expect(sink.messages.map((received) => received.messageId)).toEqual([messageIdHeader(reclaimed!.messageId, t.env.mailFrom)])
  })

  it('puts a subject with a line break on one line: no header is added', async () => {
    await enqueueMail(t.db, message({ subject: 'Hello\r\nBcc: x@evil.example', to: 'pat@example.com\r\n' }))
    await drain()
    const [received] = sink.messages
    expect(received!.subject).toBe('Hello Bcc: x@evil.example')
    expect(received!.headers.has('bcc')).toBe(false)
    expect(received!.raw).not.toMatch(/^bcc:/im)
    expect(received!.envelopeTo).toEqual(['pat@example.com'])
    expect(received!.to).toMatchObject({ text: 'pat@example.com' })
  })

  it('writes List-Unsubscribe and List-Unsubscribe-Post on one unfolded line each, however long the address', async () => {
    const url = `https://maple-rink.example/unsubscribe/${'a1B2c3D4'.repeat(25)}`
    await enqueueMail(t.db, message({ organisationId, kind: 'selloff', subject: 'Ice for sale', unsubscribeUrl: url }))
    await drain()
    const [received] = sink.messages
    const lines = received!.raw.split('\r\n')
    const at = lines.findIndex((line) => line.startsWith('List-Unsubscribe:'))
    expect(lines[at]).toBe(`List-Unsubscribe: <${url}>`)
    expect(lines[at + 1]).not.toMatch(/^[ \t]/)
    const post = lines.findIndex((line) => line.startsWith('List-Unsubscribe-Post:'))
    expect(lines[post]).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(lines[post + 1]).not.toMatch(/^[ \t]/)
    // A message without an unsubscribe address carries neither.
    await enqueueMail(t.db, message())
    await drain()
    expect(sink.messages[1]!.raw).not.toContain('List-Unsubscribe')
  })
})
