import { randomUUID } from 'node:crypto'
import type { MailKind } from '@shared/mail/schema'
import type { Executor } from '../db/client'
import { outboxAttachments, outboxMessages } from '../db/schema'

/** A file sent with a message (an invoice's PDF), stored with it so that a retry sends the same bytes. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array }

/** One message as a producer hands it to the outbox (docs/product.md#email). */
export type OutgoingMail = {
  /** null for an account's own mail (approval, password reset), which no hourly limit holds. */
  organisationId: string | null
  kind: MailKind
  /** Unique for ever, e.g. `booking_changed:${eventId}:${version}`: enqueueing it again inserts nothing. */
  businessKey: string
  /** One address. */
  to: string
  /** Made one line here, whatever it holds. */
  subject: string
  /** The plain-text part. */
  text: string
  /** The HTML part, already escaped (composeMail). */
  html: string
  /** Marketing only: the RFC 8058 one-click address, sent as List-Unsubscribe. */
  unsubscribeUrl?: string | null
  /** Files sent with it, in order (outbox_attachments). */
  attachments?: MailAttachment[]
}

// Line breaks of every kind, and the other control characters, would end a header early: a
// subject holding "\r\nBcc: x@evil" would add a recipient. They become one space.
const LINE_BREAKS = /[\r\n\v\f\u0085\u2028\u2029]+/g
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g

/** A header's value on one line. */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(CONTROL, '').replace(/ {2,}/g, ' ').trim()
}

// Inserted rows per statement: 10 parameters each, under the protocol's 65,535.
const INSERT_CHUNK = 1_000

/**
 * Writes the messages to the outbox on the caller's executor, so they commit or roll back with
 * the change that causes them (ADR 0056). A business key already in the outbox inserts nothing.
 * Returns how many were new.
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail | OutgoingMail[]): Promise<number> {
  const list = Array.isArray(mail) ? mail : [mail]
  let inserted = 0
  for (let start = 0; start < list.length; start += INSERT_CHUNK) {
    const rows = list.slice(start, start + INSERT_CHUNK).map((message) => ({
      organisationId: message.organisationId,
      kind: message.kind,
      businessKey: message.businessKey,
      // The Message-ID's own part, chosen now: a message sent again after a crash carries the same.
      messageId: randomUUID(),
      recipient: oneLine(message.to),
      subject: oneLine(message.subject),
      textBody: message.text,
      htmlBody: message.html,
      // Written inside <...> on one line: no space, angle bracket or control character may stay.
      // eslint-disable-next-line no-control-regex -- see above
      unsubscribeUrl: message.unsubscribeUrl ? message.unsubscribeUrl.replace(/[\s<>\u0000-\u001f\u007f]/g, '') : null,
    }))
    const written = await executor
      .insert(outboxMessages)
      .values(rows)
      .onConflictDoNothing({ target: outboxMessages.businessKey })
      .returning({ id: outboxMessages.id, businessKey: outboxMessages.businessKey })
    inserted += written.length
    await insertAttachments(executor, list.slice(start, start + INSERT_CHUNK), written)
  }
  return inserted
}

// A message already in the outbox (its business key) kept its own attachments: only new ones get theirs.
async function insertAttachments(executor: Executor, messages: OutgoingMail[], written: { id: string; businessKey: string }[]) {
  const idOf = new Map(written.map((row) => [row.businessKey, row.id]))
  const rows = messages.flatMap((message) => {
    const messageId = idOf.get(message.businessKey)
    if (!messageId || !message.attachments) return []
    return message.attachments.map((attachment, position) => ({
      messageId,
      position,
      filename: oneLine(attachment.filename),
      contentType: oneLine(attachment.contentType),
      content: Buffer.from(attachment.content),
    }))
  })
  // One at a time: a PDF is large, and the rows of one statement are held in memory together.
  for (const row of rows) await executor.insert(outboxAttachments).values(row)
}
