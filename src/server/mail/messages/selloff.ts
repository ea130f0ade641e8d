import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'

/**
 * The selloff email (docs/product.md#email) as one client receives it: the operator's subject and
 * body, then a footer with the client's own unsubscribe link, which is also the message's RFC 8058
 * one-click address (its POST goes to the same path).
 */
export function selloffMail({
  organisationId,
  organisationName,
  to,
  subject,
  body,
  unsubscribeUrl,
  businessKey,
}: {
  organisationId: string
  organisationName: string
  to: string
  subject: string
  body: string
  unsubscribeUrl: string
  businessKey: string
}): OutgoingMail {
  const { text, html } = composeMail({
    // The operator's paragraphs as they wrote them: a blank line separates two.
    paragraphs: body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== ''),
    footer: [`You receive this email as a client of ${organisationName}. To stop these emails, unsubscribe: ${unsubscribeUrl}`],
  })
  return { organisationId, kind: 'selloff', businessKey, to, subject, text, html, unsubscribeUrl }
}
