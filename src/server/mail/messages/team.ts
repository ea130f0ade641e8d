import type { Role } from '@shared/team/roles'
import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'
import { formatInstant } from './format'

const ROLE_WORDS: Record<Role, string> = { owner: 'an Owner', manager: 'a Manager', scheduler: 'a Scheduler', front_desk: 'Front Desk' }

/** The team invitation (docs/product.md#teams): the same link the inviter can copy. */
export function teamInvitationMail({
  organisationId,
  invitationId,
  to,
  organisationName,
  inviterName,
  role,
  link,
  expiresAt,
}: {
  organisationId: string
  invitationId: string
  to: string
  organisationName: string
  inviterName: string
  role: Role
  link: string
  expiresAt: Date
}): OutgoingMail {
  const { text, html } = composeMail({
    paragraphs: [
      `${inviterName} invited you to join ${organisationName} on Fieldhouse as ${ROLE_WORDS[role]}.`,
      `The invitation is open until ${formatInstant(expiresAt, 'UTC')}.`,
    ],
    link: { label: 'Accept the invitation', url: link },
  })
  return {
    organisationId,
    kind: 'team_invitation',
    businessKey: `team_invitation:${invitationId}`,
    to,
    subject: `You're invited to join ${organisationName} on Fieldhouse`,
    text,
    html,
  }
}
