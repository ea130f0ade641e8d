import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'
import { formatInstant } from './format'

/** 'Your Fieldhouse account is approved' (docs/product.md#email): sent when an administrator approves it. */
export function accountApprovedMail({
  to,
  name,
  signInUrl,
  businessKey,
}: {
  to: string
  name: string
  /** Null when the server does not know its own address (no BASE_URL): the message names no link. */
  signInUrl: string | null
  businessKey: string
}): OutgoingMail {
  const { text, html } = composeMail({
    greeting: `Hello ${name},`,
    paragraphs: ['An administrator has approved your Fieldhouse account. You can now sign in with your email and password.'],
    ...(signInUrl === null ? {} : { link: { label: 'Sign in', url: signInUrl } }),
  })
  return { organisationId: null, kind: 'account_approved', businessKey, to, subject: 'Your Fieldhouse account is approved', text, html }
}

/**
 * A password reset link (docs/product.md#accounts): asked for on 'Forgot password?', or made by an
 * administrator. The link works once, until `expiresAt`.
 */
export function passwordResetMail({
  to,
  resetLink,
  expiresAt,
  businessKey,
  byAdministrator = false,
}: {
  to: string
  resetLink: string
  expiresAt: Date
  businessKey: string
  /** Made by an administrator on /admin rather than asked for on 'Forgot password?'. */
  byAdministrator?: boolean
}): OutgoingMail {
  const { text, html } = composeMail({
    paragraphs: [
      byAdministrator
        ? 'An administrator made a link to reset the password of your Fieldhouse account. Open it to choose a new password.'
        : 'Someone asked to reset the password of your Fieldhouse account. Open the link below to choose a new password.',
      `The link works once, until ${formatInstant(expiresAt, 'UTC')}. If you did not ask for it, you can ignore this email: your password stays as it is.`,
    ],
    link: { label: 'Reset your password', url: resetLink },
  })
  return { organisationId: null, kind: 'password_reset', businessKey, to, subject: 'Reset your Fieldhouse password', text, html }
}
