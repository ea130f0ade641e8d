import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { outboxMessages } from '../db/schema'
import { startAppProcess, type AppProcess } from '../test/app-process'
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/test-database'
import { composeMail, enqueueMail, messageIdHeader } from '.'

const MAIL_FROM = 'Crash Rink <mail@crash-rink.example>'

// A server killed with SIGKILL while it sends a message loses nothing (ADR 0056): the row stays
// 'sending', and once its lease runs out the next server claims and sends it, with the same
// Message-ID. MAIL_LEASE_SECONDS is short here so the test does not wait minutes.
describe.each(testDatabaseKinds())('mail through kill -9 on %s', (kind) => {
  const processes: AppProcess[] = []
  let sink: SmtpSink | undefined
  let testDatabase: TestDatabase | undefined

  afterEach(async () => {
    await Promise.all(processes.map((running) => running.stop('SIGKILL')))
  })
  afterAll(async () => {
    await sink?.stop()
    await testDatabase?.drop()
  })

  it('delivers a message whose sender was killed mid-send, once or twice with the same Message-ID, after a restart', async () => {
    sink = await startSmtpSink()
    let environment: Record<string, string>
    // The database the test reads and writes while no app process holds it (PGlite: one process).
    let open: () => Promise<Database>
    if (kind === 'postgres') {
      testDatabase = await createTestDatabase('postgres')
      environment = { DATABASE_URL: testDatabase.url! }
      open = async () => testDatabase!
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-mail-crash-'))
      environment = { DATA_DIR: dataDir }
      open = () => openDatabase({ kind: 'pglite', dataDir })
    }
    environment = { ...environment, SMTP_URL: sink.url, MAIL_FROM, MAIL_LEASE_SECONDS: '2' }

    let database = await open()
    await enqueueMail(database.db, {
      organisationId: null,
      kind: 'password_reset',
      businessKey: `crash:${kind}`,
      to: 'pat@example.com',
      subject: 'Sent through a crash',
      ...composeMail({ paragraphs: ['It arrives.'] }),
    })
    if (kind === 'pglite') await database.close()

    // The server reads the message to its end and never answers: the sender waits, mid-send.
    sink.stall()
    const reached = sink.nextData()
    const before = await startAppProcess(environment)
    processes.push(before)
    await reached
    await before.stop('SIGKILL')
    sink.release()

    const after = await startAppProcess(environment)
    processes.push(after)
    const received = await sink.waitForMessages(1)
    await after.stop('SIGTERM')

    database = await open()
    const [row] = await database.db.select().from(outboxMessages)
    if (kind === 'pglite') await database.close()
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
    expect(received.length).toBeGreaterThanOrEqual(1)
    expect(received.length).toBeLessThanOrEqual(2)
    for (const message of received) {
      expect(message.subject).toBe('Sent through a crash')
      expect(message.messageId).toBe(messageIdHeader(row!.messageId, MAIL_FROM))
    }
  }, 180_000)
})
