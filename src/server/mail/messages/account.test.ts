import { describe, expect, it } from 'vitest'
import { accountApprovedMail, passwordResetMail } from './account'

describe('account messages', () => {
  it('tells an approved account it can sign in, escaping its name in the HTML', () => {
    const mail = accountApprovedMail({
      to: 'ann@example.com',
      name: '<b>Ann & Co</b>',
      signInUrl: 'https://rink.example/auth?mode=sign-in',
      businessKey: 'account_approved:1',
    })
    expect(mail).toMatchObject({ organisationId: null, kind: 'account_approved', to: 'ann@example.com', businessKey: 'account_approved:1' })
    expect(mail.subject).toBe('Your Fieldhouse account is approved')
    expect(mail.text).toContain('Hello <b>Ann & Co</b>,')
    expect(mail.text).toContain('https://rink.example/auth?mode=sign-in')
    expect(mail.html).toContain('&lt;b&gt;Ann &amp; Co&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>Ann')
  })

  it('leaves the link out when the server does not know its address', () => {
    const mail = accountApprovedMail({ to: 'ann@example.com', name: 'Ann', signInUrl: null, businessKey: 'k' })
    expect(mail.text).not.toContain('http')
  })

  it('sends the reset link with its expiry, worded for who made it', () => {
    const link = 'https://rink.example/reset-password/abc'
    const asked = passwordResetMail({
      to: 'a@example.com',
      resetLink: link,
      expiresAt: new Date('2027-01-02T12:00:00Z'),
      businessKey: 'k1',
    })
    expect(asked).toMatchObject({ organisationId: null, kind: 'password_reset', subject: 'Reset your Fieldhouse password' })
    expect(asked.text).toContain(link)
    expect(asked.text).toContain('Someone asked')
    expect(asked.text).toContain('Sat, Jan 2, 2027, 12:00 PM (UTC)')
    expect(asked.html).toContain(`href="${link}"`)
    const made = passwordResetMail({
      to: 'a@example.com',
      resetLink: link,
      expiresAt: new Date(),
      businessKey: 'k2',
      byAdministrator: true,
    })
    expect(made.text).toContain('An administrator made a link')
  })
})
