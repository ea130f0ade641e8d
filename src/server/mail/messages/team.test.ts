import { describe, expect, it } from 'vitest'
import { teamInvitationMail } from './team'

describe('the team invitation', () => {
  it('names the organisation, the inviter and the role, with the link', () => {
    const mail = teamInvitationMail({
      organisationId: 'org',
      invitationId: 'inv-1',
      to: 'new@example.com',
      organisationName: 'A&B <Arena>',
      inviterName: 'Olive Owner',
      role: 'scheduler',
      link: 'https://rink.example/invite/tok',
      expiresAt: new Date('2027-01-09T00:00:00Z'),
    })
    expect(mail).toMatchObject({
      organisationId: 'org',
      kind: 'team_invitation',
      businessKey: 'team_invitation:inv-1',
      to: 'new@example.com',
    })
    expect(mail.subject).toBe("You're invited to join A&B <Arena> on Fieldhouse")
    expect(mail.text).toContain('Olive Owner invited you to join A&B <Arena> on Fieldhouse as a Scheduler.')
    expect(mail.text).toContain('https://rink.example/invite/tok')
    expect(mail.html).toContain('A&amp;B &lt;Arena&gt;')
  })
})
