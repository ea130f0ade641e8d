import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { cleanMultiline, requiredText, tooLongMessage } from '@shared/schema-fields'

const max = LIMITS.mail

/** What the outbox keeps (docs/product.md#email): one kind per reason a message is written. */
export const MAIL_KINDS = [
  'account_approved',
  'password_reset',
  'team_invitation',
  'booking_confirmed',
  'booking_changed',
  'booking_cancelled',
  'selloff',
  'invoice_issued',
  'credit_note_issued',
  'portal_invitation',
  'request_approved',
  'request_declined',
  'request_expired',
  'waitlist_offer',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/**
 * - queued: waiting for the worker (a retry, or the hourly limit, sets when it may go next);
 * - sending: claimed by a worker now;
 * - sent: the SMTP server accepted it;
 * - kept: delivery is off (no SMTP_URL), so the message is kept to read here and never sent;
 * - failed: refused for good, or still failing after the last retry.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'kept', 'failed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept (not sent)',
  failed: 'Failed',
}

/** GET /api/mail and /api/admin/mail: newest first, a page at a time. */
export const mailListQuery = z.object({
  status: z.enum(MAIL_STATUSES, { error: 'Please choose a valid status' }).optional(),
  /** The nextCursor of the page before; opaque to the caller. */
  cursor: z.string().max(200, 'The page cursor is not valid').optional(),
})
export type MailListQuery = z.output<typeof mailListQuery>

/** POST /api/marketing/send: the selloff email as the operator left it, to the clients they ticked. */
export const sendSelloffInput = z.object({
  subject: requiredText(max.subject, { label: 'Subject', required: 'Please enter a subject' }),
  body: z
    .string({ error: 'Please enter a message' })
    .overwrite(cleanMultiline)
    .trim()
    .min(1, { error: 'Please enter a message', abort: true })
    .max(max.body, tooLongMessage('Message', max.body)),
  clientIds: z
    .array(z.uuid({ error: 'Please choose clients from the list' }))
    .min(1, 'Please choose at least one client')
    .max(max.recipientsPerSend, `Please choose at most ${max.recipientsPerSend} clients`),
})
export type SendSelloffValues = z.input<typeof sendSelloffInput>
export type SendSelloffInput = z.output<typeof sendSelloffInput>

/** The selloff toast (docs/product.md#email). */
export const selloffSentMessage = (count: number) => `Selloff email sent to ${count} client(s)`
