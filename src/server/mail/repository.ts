import { and, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { MailStatus } from '@shared/mail/schema'
import type { Db, Executor, Tx } from '../db/client'
import { organisations, outboxAttachments, outboxMessages } from '../db/schema'

// The outbox's only SQL (ADR 0056). Every instant is the database's now(), so app instances
// whose clocks differ agree on what is due and whose lease ran out.

const HOUR = sql`interval '1 hour'`

/** What is due: queued and its time come, or 'sending' under a lease that ran out (its worker died). */
export function dueRows(tx: Tx, leaseSeconds: number, batch: number) {
  return (
    tx
      .select({ id: outboxMessages.id, organisationId: outboxMessages.organisationId })
      .from(outboxMessages)
      .where(
        or(
          and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
          and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.claimedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)),
        ),
      )
      .orderBy(outboxMessages.nextAttemptAt)
      .limit(batch)
      // Another instance's claim skips the rows this one holds, and the other way round.
      .for('update', { skipLocked: true })
  )
}

/**
 * Serialises the claims of one organisation's messages across instances for the transaction, so
 * that two instances counting its last hour at once cannot both send its last allowed message.
 */
export async function lockOrganisationMail(tx: Tx, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`outbox:${organisationId}`}, 0))`)
}

/** What the organisation's hour has used: sent in the last hour, and being sent now by others. */
export async function hourUsed(tx: Tx, organisationId: string, excludingIds: string[]) {
  const [row] = await tx
    .select({
      used: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<Date | null>`min(${outboxMessages.sentAt})`.mapWith(outboxMessages.sentAt),
    })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.organisationId, organisationId),
        or(
          and(eq(outboxMessages.status, 'sent'), sql`${outboxMessages.sentAt} > now() - ${HOUR}`),
          and(eq(outboxMessages.status, 'sending'), sql`not (${outboxMessages.id} = any(${sql.param(excludingIds)}::uuid[]))`),
        ),
      ),
    )
  return { used: row?.used ?? 0, oldestSentAt: row?.oldest ?? null }
}

/** Held back by the hourly limit: queued again for when the hour allows. */
export async function holdBack(tx: Tx, ids: string[], oldestSentAt: Date | null) {
  if (ids.length === 0) return
  await tx
    .update(outboxMessages)
    .set({
      status: 'queued',
      claimedAt: null,
      // An hour after the oldest message sent in the last hour; without one, the hour's messages
      // are all being sent now, so an hour from now.
      nextAttemptAt: oldestSentAt ? sql`${oldestSentAt.toISOString()}::timestamptz + ${HOUR}` : sql`now() + ${HOUR}`,
    })
    .where(inArray(outboxMessages.id, ids))
}

const claimedColumns = {
  id: outboxMessages.id,
  organisationId: outboxMessages.organisationId,
  messageId: outboxMessages.messageId,
  recipient: outboxMessages.recipient,
  subject: outboxMessages.subject,
  textBody: outboxMessages.textBody,
  htmlBody: outboxMessages.htmlBody,
  unsubscribeUrl: outboxMessages.unsubscribeUrl,
  attempts: outboxMessages.attempts,
}
export type ClaimedMessage = {
  id: string
  organisationId: string | null
  messageId: string
  recipient: string
  subject: string
  textBody: string
  htmlBody: string
  unsubscribeUrl: string | null
  attempts: number
}

/** Claims the rows to send: 'sending' with a fresh lease, one more attempt. */
export function claim(tx: Tx, ids: string[]): Promise<ClaimedMessage[]> {
  if (ids.length === 0) return Promise.resolve([])
  return tx
    .update(outboxMessages)
    .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, ids))
    .returning(claimedColumns)
}

/** The files sent with the claimed messages, by message, in order. */
export async function attachmentsOf(tx: Tx, ids: string[]) {
  const byMessage = new Map<string, { filename: string; contentType: string; content: Uint8Array }[]>()
  if (ids.length === 0) return byMessage
  const rows = await tx
    .select({
      messageId: outboxAttachments.messageId,
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
      content: outboxAttachments.content,
    })
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.messageId, ids))
    .orderBy(outboxAttachments.messageId, outboxAttachments.position)
  for (const { messageId, ...attachment } of rows) {
    const list = byMessage.get(messageId) ?? []
    list.push(attachment)
    byMessage.set(messageId, list)
  }
  return byMessage
}

/** Delivery is off: the rows are kept to be read on the Mail pages, never sent. */
export function keep(tx: Tx, ids: string[]): Promise<ClaimedMessage[]> {
  if (ids.length === 0) return Promise.resolve([])
  return tx.update(outboxMessages).set({ status: 'kept', claimedAt: null }).where(inArray(outboxMessages.id, ids)).returning(claimedColumns)
}

/**
 * The server accepted them. Only rows still 'sending': one whose lease ran out and another
 * worker already marked is not marked (nor recorded) twice.
 */
export function markSent(tx: Tx, ids: string[]): Promise<ClaimedMessage[]> {
  if (ids.length === 0) return Promise.resolve([])
  return tx
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: sql`now()`, claimedAt: null, lastError: null })
    .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'sending')))
    .returning(claimedColumns)
}

/** A failed attempt: queued again after its back-off, or failed for good. */
export async function markFailed(tx: Tx, id: string, error: string, retryAfterSeconds: number | null) {
  await tx
    .update(outboxMessages)
    .set(
      retryAfterSeconds === null
        ? { status: 'failed', claimedAt: null, lastError: error }
        : {
            status: 'queued',
            claimedAt: null,
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
          },
    )
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')))
}

/** The hourly limit's state of one organisation. */
export async function limitCounts(executor: Executor, organisationId: string) {
  const recentlySent = sql`${outboxMessages.status} = 'sent' and ${outboxMessages.sentAt} > now() - ${HOUR}`
  const [row] = await executor
    .select({
      sentInLastHour: sql<number>`count(*) filter (where ${recentlySent})`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${outboxMessages.status} in ('queued', 'sending'))`.mapWith(Number),
      oldestSentAt: sql<Date | null>`min(${outboxMessages.sentAt}) filter (where ${recentlySent})`.mapWith(outboxMessages.sentAt),
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.organisationId, organisationId), or(inArray(outboxMessages.status, ['queued', 'sending']), recentlySent)))
  return {
    sentInLastHour: row?.sentInLastHour ?? 0,
    pending: row?.pending ?? 0,
    oldestSentAt: row?.oldestSentAt ?? null,
  }
}

export type MailListFilter = {
  /** null: every organisation's, and the accounts' own (the admin's page). */
  organisationId: string | null
  status?: MailStatus
  before?: { at: string; id: string }
}

/** Newest first, a page and one more (to know whether another page follows). */
type MailAttachmentSummary = { filename: string; contentType: string; bytes: number }

export function listMessages(db: Db, filter: MailListFilter, limit: number) {
  const conditions: SQL[] = []
  if (filter.organisationId !== null) conditions.push(eq(outboxMessages.organisationId, filter.organisationId))
  if (filter.status) conditions.push(eq(outboxMessages.status, filter.status))
  if (filter.before) {
    conditions.push(
      sql`(${outboxMessages.createdAt}, ${outboxMessages.id}) < (${filter.before.at}::timestamptz, ${filter.before.id}::uuid)`,
    )
  }
  return db
    .select({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      to: outboxMessages.recipient,
      subject: outboxMessages.subject,
      text: outboxMessages.textBody,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
      nextAttemptAt: outboxMessages.nextAttemptAt,
      organisationName: organisations.name,
      // The files sent with it, named and sized; their bytes stay in the database.
      attachments: sql<MailAttachmentSummary[]>`coalesce((
        select json_agg(json_build_object('filename', a.filename, 'contentType', a.content_type, 'bytes', octet_length(a.content)) order by a.position)
        from ${outboxAttachments} a where a.message_id = ${outboxMessages.id}), '[]'::json)`,
    })
    .from(outboxMessages)
    .leftJoin(organisations, eq(organisations.id, outboxMessages.organisationId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit)
}
