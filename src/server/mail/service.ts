import { LIMITS } from '@shared/limits'
import type { MailListQuery, MailStatus, MailKind } from '@shared/mail/schema'
import type { MailListResponse } from '@shared/mail/responses'
import type { Db, Executor } from '../db/client'
import { AppError } from '../errors'
import * as repository from './repository'
import type { MailSettings } from './transport'

export type MailLimitState = NonNullable<MailListResponse['limit']>

const HOUR_MS = 60 * 60 * 1000

/**
 * The organisation's hourly limit now (docs/product.md#email): how many it sent in the last hour,
 * how many of its queued messages wait for the limit, and when the next may go. Call it after
 * enqueueing, in the same transaction, to learn how many of the new messages will wait. Without
 * SMTP_URL nothing is sent, so nothing waits.
 */
export async function mailLimitState(executor: Executor, env: MailSettings, organisationId: string): Promise<MailLimitState> {
  const perHour = env.mailPerOrganisationPerHour
  const { sentInLastHour, pending, oldestSentAt } = await repository.limitCounts(executor, organisationId)
  const waiting = env.smtpUrl ? Math.max(0, pending - Math.max(0, perHour - sentInLastHour)) : 0
  const resumesAt = waiting === 0 ? null : new Date((oldestSentAt?.getTime() ?? Date.now()) + HOUR_MS).toISOString()
  return { perHour, sentInLastHour: env.smtpUrl ? sentInLastHour : 0, waiting, resumesAt }
}

// The cursor is the last message's instant and id, opaque to the caller.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

function readCursor(cursor: string): { at: string; id: string } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match || Number.isNaN(Date.parse(match[1]!))) {
    throw new AppError('VALIDATION', 'The page cursor is not valid', { cursor: 'The page cursor is not valid' })
  }
  return { at: match[1]!, id: match[2]! }
}

const writeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}_${id}`, 'utf8').toString('base64url')

/**
 * A page of the Mail list, newest first: the organisation's messages with its hourly limit, or,
 * for the admin (organisationId null), every message and no limit.
 */
export async function listMail(db: Db, env: MailSettings, organisationId: string | null, query: MailListQuery): Promise<MailListResponse> {
  const pageSize = LIMITS.mail.pageSize
  const rows = await repository.listMessages(
    db,
    { organisationId, status: query.status, before: query.cursor ? readCursor(query.cursor) : undefined },
    pageSize + 1,
  )
  const page = rows.slice(0, pageSize)
  const last = page.at(-1)
  return {
    messages: page.map((row) => ({
      id: row.id,
      kind: row.kind as MailKind,
      to: row.to,
      subject: row.subject,
      text: row.text,
      status: row.status as MailStatus,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      // Only a queued message has a time to go; the others' is history.
      nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
      organisationName: row.organisationName,
      attachments: row.attachments,
    })),
    nextCursor: rows.length > pageSize && last ? writeCursor(last.createdAt, last.id) : null,
    delivery: env.smtpUrl ? 'smtp' : 'kept',
    limit: organisationId === null ? null : await mailLimitState(db, env, organisationId),
  }
}
