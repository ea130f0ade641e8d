import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'
import { formatInstant } from './format'

/** 'Invite Contact' (docs/product.md#renters): the same link the operator can copy. */
export function portalInvitationMail({
  organisationId,
  invitationId,
  to,
  organisationName,
  clientName,
  inviterName,
  link,
  expiresAt,
}: {
  organisationId: string
  invitationId: string
  to: string
  organisationName: string
  clientName: string
  inviterName: string
  link: string
  expiresAt: Date
}): OutgoingMail {
  const { text, html } = composeMail({
    paragraphs: [
      `${inviterName} of ${organisationName} invited you to the renters' portal for ${clientName}.`,
      'There you see your bookings, your contract hours and your invoices, and you can request ice.',
      `The invitation is open until ${formatInstant(expiresAt, 'UTC')}.`,
    ],
    link: { label: 'Open the portal', url: link },
  })
  return {
    organisationId,
    kind: 'portal_invitation',
    businessKey: `portal_invitation:${invitationId}`,
    to,
    subject: `${organisationName} invited you to its renters' portal`,
    text,
    html,
  }
}
