import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MailListResponse } from '@shared/mail/responses'
import { LIMITS } from '@shared/limits'
import { outboxMessages } from '../db/schema'
import { useTestApp } from '../test/setup'
import { testDatabaseKinds } from '../test/test-database'
import { composeMail, drainMailOnce, enqueueMail, type OutgoingMail } from '.'

// The Mail pages' lists (docs/product.md#email): an organisation's for its Owners and Managers,
// every message for the admin. No SMTP_URL here, the default: every message is kept.
describe.each(testDatabaseKinds())('the Mail lists on %s', (kind) => {
  const {
    t,
    admin,
    operators: [ownerA, ownerB],
  } = useTestApp(kind, { operators: 2 })
  const ids = { a: '', b: '' }
  let manager = ownerA!
  let scheduler = ownerA!

  let keys = 0
  const message = (organisationId: string | null, subject: string): OutgoingMail => {
    keys += 1
    return {
      organisationId,
      kind: organisationId ? 'booking_confirmed' : 'password_reset',
      businessKey: `routes:${keys}`,
      to: `client${keys}@example.com`,
      subject,
      ...composeMail({ paragraphs: [`Body of ${subject}`] }),
    }
  }

  beforeAll(async () => {
    ids.a = await t.organisationOf(ownerA!)
    ids.b = await t.organisationOf(ownerB!)
    manager = await t.addMember(admin, ids.a, 'manager')
    scheduler = await t.addMember(admin, ids.a, 'scheduler')
    const count = LIMITS.mail.pageSize + 5
    await enqueueMail(t.db, [
      ...Array.from({ length: count }, (_, index) => message(ids.a, `A ${String(index + 1).padStart(2, '0')}`)),
      message(ids.b, 'B only'),
      message(null, 'Reset your password'),
    ])
    // A's messages a second apart, the first the oldest, so the order is known.
    await t.db.execute(
      sql`update outbox_messages set created_at = now() - make_interval(secs => 1000 - substring(subject from 3)::int) where subject like 'A %'`,
    )
  })

  const list = async (path: string, cookie: string) => {
    const response = await t.request(path, { cookie })
    expect(response.status).toBe(200)
    return (await response.json()) as MailListResponse
  }

  it('lists the organisation’s messages, newest first, a page at a time, with the hourly limit, to its Owners and Managers', async () => {
    const first = await list('/api/mail', ownerA!.cookie)
    expect(first.delivery).toBe('kept')
    expect(first.limit).toEqual({ perHour: LIMITS.mail.perOrganisationPerHour, sentInLastHour: 0, waiting: 0, resumesAt: null })
    expect(first.messages).toHaveLength(LIMITS.mail.pageSize)
    expect(first.messages[0]).toMatchObject({ subject: 'A 55', status: 'queued', organisationName: expect.any(String), attempts: 0 })
    expect(first.messages[0]!.text).toContain('Body of A 55')
    expect(first.nextCursor).not.toBeNull()
    const second = await list(`/api/mail?cursor=${first.nextCursor}`, manager.cookie)
    expect(second.messages.map((entry) => entry.subject)).toEqual(['A 05', 'A 04', 'A 03', 'A 02', 'A 01'])
    expect(second.nextCursor).toBeNull()

    const ofB = await list('/api/mail', ownerB!.cookie)
    expect(ofB.messages.map((entry) => entry.subject)).toEqual(['B only'])
  })

  it('keeps every message without SMTP_URL, and filters by status', async () => {
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() + interval '1 day'` })
      .where(eq(outboxMessages.subject, 'A 01'))
    await drainMailOnce({ db: t.db, env: t.env })
    const kept = await list('/api/mail?status=kept', ownerA!.cookie)
    expect(kept.messages).toHaveLength(LIMITS.mail.pageSize)
    expect(kept.messages.every((entry) => entry.status === 'kept' && entry.sentAt === null && entry.nextAttemptAt === null)).toBe(true)
    const queued = await list('/api/mail?status=queued', ownerA!.cookie)
    expect(queued.messages.map((entry) => entry.subject)).toEqual(['A 01'])
    expect(queued.messages[0]!.nextAttemptAt).not.toBeNull()
  })

  it('lists every message, the accounts’ own too, to the admin, without a limit', async () => {
    const all = await list('/api/admin/mail?status=kept', admin.cookie)
    expect(all.limit).toBeNull()
    expect(all.delivery).toBe('kept')
    const page = [...all.messages]
    for (let cursor = all.nextCursor; cursor;) {
      const next = await list(`/api/admin/mail?status=kept&cursor=${cursor}`, admin.cookie)
      page.push(...next.messages)
      cursor = next.nextCursor
    }
    expect(page.map((entry) => entry.subject)).toEqual(expect.arrayContaining(['B only', 'Reset your password', 'A 55']))
    expect(page.find((entry) => entry.subject === 'Reset your password')!.organisationName).toBeNull()
  })

  it('refuses a role without readMail, a cursor it did not give and a status it does not know', async () => {
    expect((await t.request('/api/mail', { cookie: scheduler.cookie })).status).toBe(403)
    expect((await t.request('/api/admin/mail', { cookie: ownerA!.cookie })).status).toBe(403)
    const badCursor = await t.request('/api/mail?cursor=bm90LWEtY3Vyc29y', { cookie: ownerA!.cookie })
    expect(badCursor.status).toBe(422)
    expect(await badCursor.json()).toMatchObject({ error: { fields: { cursor: 'The page cursor is not valid' } } })
    expect((await t.request('/api/mail?status=lost', { cookie: ownerA!.cookie })).status).toBe(422)
  })
})
