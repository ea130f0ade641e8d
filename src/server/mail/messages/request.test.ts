import { describe, expect, it } from 'vitest'
import { requestApprovedMail, requestDeclinedMail, requestExpiredMail, type RequestMailDetails } from './request'

const details: RequestMailDetails = {
  organisationId: 'org',
  requestId: 'r1',
  to: 'sam@example.com',
  recipientName: 'Sam Roe',
  clientName: '<b>Hawks</b>',
  facilityName: 'North Arena',
  spaceName: 'Rink 1',
  timeZone: 'America/Toronto',
  title: 'U11 Practice',
  start: new Date('2027-01-02T23:00:00Z'),
  end: new Date('2027-01-03T00:00:00Z'),
  portalUrl: 'https://rink.example.com/portal',
}

describe('request messages', () => {
  it('tells the renter an approval, with the slot booked and the portal link, once per request', () => {
    const mail = requestApprovedMail(details)
    expect(mail).toMatchObject({ kind: 'request_approved', to: 'sam@example.com', businessKey: 'request_approved:r1' })
    expect(mail.subject).toBe('Request approved: U11 Practice at North Arena')
    expect(mail.text).toContain('Hello Sam Roe,')
    expect(mail.text).toContain('is approved. It is booked:')
    expect(mail.text).toContain('- Sat, Jan 2, 2027, 6:00 PM – 7:00 PM (America/Toronto), Rink 1')
    expect(mail.text).toContain('https://rink.example.com/portal')
    // What the renter or the operator typed is escaped in the HTML part.
    expect(mail.html).toContain('&lt;b&gt;Hawks&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>Hawks</b>')
  })

  it('gives a decline its reason, and an expiry its own words', () => {
    const declined = requestDeclinedMail({ ...details, reason: 'The rink is being resurfaced <today>' })
    expect(declined).toMatchObject({ kind: 'request_declined', businessKey: 'request_declined:r1' })
    expect(declined.text).toContain('Reason: The rink is being resurfaced <today>')
    expect(declined.html).toContain('Reason: The rink is being resurfaced &lt;today&gt;')
    const expired = requestExpiredMail({ ...details, portalUrl: null })
    expect(expired).toMatchObject({
      kind: 'request_expired',
      businessKey: 'request_expired:r1',
      subject: 'Request expired: U11 Practice at North Arena',
    })
    expect(expired.text).toContain('was not answered in time and has expired')
    expect(expired.text).not.toContain('http')
  })
})
