import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organisations, outboxMessages } from '../db/schema'
import { readEnv } from '../env'
import { startAppProcess, type AppProcess } from '../test/app-process'
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { composeMail, enqueueMail, type OutgoingMail } from '.'

// Two app processes on one PostgreSQL, each with its mail worker: FOR UPDATE SKIP LOCKED shares
// the outbox out, so no message is sent twice, and the hourly limit holds across both (ADR 0056).
// PGlite is one process by design, so this runs where DATABASE_URL points at a PostgreSQL.
describe.skipIf(!readEnv().databaseUrl)('mail from two app instances on one PostgreSQL', () => {
  let database: TestDatabase
  let sink: SmtpSink
  let first: AppProcess
  let second: AppProcess
  const PER_HOUR = 100

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    sink = await startSmtpSink()
    const environment = { DATABASE_URL: database.url!, SMTP_URL: sink.url, MAIL_PER_ORGANISATION_PER_HOUR: String(PER_HOUR) }
    ;[first, second] = await Promise.all([startAppProcess(environment), startAppProcess(environment)])
  }, 120_000)

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()])
    await sink?.stop()
    await database?.drop()
  })

  it('sends every message once, and an organisation’s no more than its hourly limit', async () => {
    const [organisation] = await database.db.insert(organisations).values({ name: 'Twin Rinks' }).returning()
    const parts = composeMail({ paragraphs: ['One of many.'] })
    const message = (index: number, organisationId: string | null): OutgoingMail => ({
      organisationId,
      kind: organisationId ? 'selloff' : 'password_reset',
      businessKey: `twins:${organisationId ?? 'account'}:${index}`,
      to: `person${index}@example.com`,
      subject: `${organisationId ? 'Selloff' : 'Reset'} ${index}`,
      ...parts,
    })
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, [
        ...Array.from({ length: 200 }, (_, index) => message(index, null)),
        ...Array.from({ length: 150 }, (_, index) => message(index, organisation!.id)),
      ])
    })

    await sink.waitForMessages(200 + PER_HOUR, 120_000)
    // Every message that can go has been marked: nothing is in flight any more.
    const deadline = Date.now() + 60_000
    for (;;) {
      const pending = await database.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(outboxMessages)
        .where(
          sql`${outboxMessages.status} = 'sending' or (${outboxMessages.status} = 'queued' and ${outboxMessages.organisationId} is null)`,
        )
      if (pending[0]!.count === 0) break
      if (Date.now() > deadline) throw new Error('the instances did not finish sending')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    const ids = sink.messages.map((received) => received.messageId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(200 + PER_HOUR)
    const sent = await database.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'sent'))
    expect(sent).toHaveLength(200 + PER_HOUR)
    expect(sent.every((row) => row.attempts === 1)).toBe(true)
    const held = await database.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'queued'))
    expect(held).toHaveLength(150 - PER_HOUR)
    expect(held.every((row) => row.organisationId === organisation!.id)).toBe(true)
  }, 240_000)
})
