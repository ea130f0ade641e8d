import { describe, expect, it } from 'vitest'
import { portalInvitationMail } from './portal'

describe('the portal invitation', () => {
  it('names the organisation, the client and the inviter, with the link', () => {
    const mail = portalInvitationMail({
      organisationId: 'org',
      invitationId: 'inv-1',
      to: 'coach@example.com',
      organisationName: 'A&B <Arena>',
      clientName: 'North Stars',
      inviterName: 'Olive Owner',
      link: 'https://rink.example/auth?portalInvitation=tok',
      expiresAt: new Date('2027-01-09T00:00:00Z'),
    })
    expect(mail).toMatchObject({
      organisationId: 'org',
      kind: 'portal_invitation',
      businessKey: 'portal_invitation:inv-1',
      to: 'coach@example.com',
    })
    expect(mail.subject).toBe("A&B <Arena> invited you to its renters' portal")
    expect(mail.text).toContain("Olive Owner of A&B <Arena> invited you to the renters' portal for North Stars.")
    expect(mail.text).toContain('https://rink.example/auth?portalInvitation=tok')
    expect(mail.html).toContain('A&amp;B &lt;Arena&gt;')
  })
})
