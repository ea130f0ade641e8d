import { z } from 'zod'
import { instant } from '@shared/response-fields'
import { MAIL_KINDS, MAIL_STATUSES } from './schema'

/** One message of the outbox, as the Mail pages list it. */
export const mailMessage = z.object({
  id: z.uuid(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part: what the page shows. */
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.int().nonnegative(),
  /** The last delivery error, as the SMTP server or the network gave it. */
  lastError: z.string().nullable(),
  createdAt: instant,
  sentAt: instant.nullable(),
  /** When a queued message may go next (a retry's back-off, or the hourly limit). */
  nextAttemptAt: instant.nullable(),
  /** The organisation that caused it; null for an account's own mail (approval, reset). */
  organisationName: z.string().nullable(),
  /** The files sent with it (an issued invoice's PDF), in order: name, type and size in bytes. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.int().nonnegative() })),
})
export type MailMessage = z.infer<typeof mailMessage>

/** GET /api/mail (the caller's organisation) and GET /api/admin/mail (every message). */
export const mailListResponse = z.object({
  messages: z.array(mailMessage),
  nextCursor: z.string().nullable(),
  /** 'smtp' when SMTP_URL is set; 'kept' when nothing is sent and every message is kept here. */
  delivery: z.enum(['smtp', 'kept']),
  /** The organisation's hourly limit; null on the admin's page. */
  limit: z
    .object({
      perHour: z.int().positive(),
      sentInLastHour: z.int().nonnegative(),
      /** Messages held back by the limit, sent as it allows. */
      waiting: z.int().nonnegative(),
      /** When the next held-back message may go; null when none waits. */
      resumesAt: instant.nullable(),
    })
    .nullable(),
})
export type MailListResponse = z.infer<typeof mailListResponse>

/** GET /api/marketing/recipients: the clients with an email, by name. */
export const marketingRecipientsResponse = z.object({
  clients: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      /** Unsubscribed clients are listed, but never sent marketing. */
      unsubscribed: z.boolean(),
    }),
  ),
})

/** POST /api/marketing/send */
export const sendSelloffResponse = z.object({
  /** 'Selloff email sent to N client(s)'. */
  message: z.string(),
  sent: z.int().nonnegative(),
  /** Of those sent, how many wait for the hourly limit. */
  waiting: z.int().nonnegative(),
  /** A clear word on the limit when some wait; null otherwise. */
  limitNotice: z.string().nullable(),
})

/** GET /api/unsubscribe/:token: what the unsubscribe page asks about. No sign-in. */
export const unsubscribeInfoResponse = z.object({
  organisationName: z.string(),
  unsubscribed: z.boolean(),
})

/** POST /api/unsubscribe/:token */
export const unsubscribeResponse = z.object({ unsubscribed: z.literal(true) })
