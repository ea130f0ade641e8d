import { createTransport } from 'nodemailer'
import type { Env } from '../env'

export type MailSettings = Pick<Env, 'smtpUrl' | 'mailFrom' | 'mailPerOrganisationPerHour' | 'mailLeaseSeconds'>

/** What the transport needs of a claimed message. */
export type SendableMessage = {
  messageId: string
  recipient: string
  subject: string
  textBody: string
  htmlBody: string
  unsubscribeUrl: string | null
  /** Files sent with it (an invoice's PDF); none when left out. */
  attachments?: { filename: string; contentType: string; content: Uint8Array }[]
}

export type MailTransport = {
  send: (message: SendableMessage) => Promise<void>
  close: () => void
}

// A server that stops answering mid-message gives up its connection after this long. Shorter
// than the lease (MAIL_LEASE_SECONDS, 300 s by default), so a live send is never claimed again.
const SOCKET_TIMEOUT_MS = 60_000

/** The domain of MAIL_FROM's address, for the Message-ID. */
export function messageIdDomain(mailFrom: string): string {
  const address = /<([^>]*)>/.exec(mailFrom)?.[1] ?? mailFrom
  const domain = address.split('@')[1]?.trim().toLowerCase()
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}

/** The Message-ID header of a message: its stored own part at MAIL_FROM's domain. */
export function messageIdHeader(messageId: string, mailFrom: string): string {
  return `<${messageId}@${messageIdDomain(mailFrom)}>`
}

/**
 * One pooled nodemailer transport for the worker's life (docs/product.md#email): a few SMTP
 * connections kept open and reused for every message.
 */
export function createMailTransport(settings: MailSettings): MailTransport {
  if (!settings.smtpUrl) throw new Error('createMailTransport needs SMTP_URL')
  const transporter = createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: 10,
    maxMessages: 1_000,
    socketTimeout: SOCKET_TIMEOUT_MS,
    greetingTimeout: 30_000,
    connectionTimeout: 30_000,
  })
  return {
    send: async (message) => {
      await transporter.sendMail({
        from: settings.mailFrom,
        // As an address, not a list to parse: whatever it holds, it is one recipient.
        to: { name: '', address: message.recipient },
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        messageId: messageIdHeader(message.messageId, settings.mailFrom),
        // Prepared values are written as they are, on one line: nodemailer would fold a long
        // List-Unsubscribe, and a folded header broke DKIM signatures downstream.
        headers: message.unsubscribeUrl
          ? {
              'List-Unsubscribe': { prepared: true, value: `<${message.unsubscribeUrl}>` },
              'List-Unsubscribe-Post': { prepared: true, value: 'List-Unsubscribe=One-Click' },
            }
          : {},
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.content),
        })),
        // The parts are strings; nothing may read a file or fetch an address into the message.
        disableFileAccess: true,
        disableUrlAccess: true,
      })
    },
    close: () => transporter.close(),
  }
}

/**
 * A refusal that will not change by trying again: the server's 5xx answer to the message or its
 * recipient. A refused sign-in (EAUTH) is the operator's to fix, so it is retried like a network
 * error or a 4xx.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string }
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH'
}

/** The error as the Mail page shows it: one line, not too long. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'Unknown error'
}
