import { describe, expect, it } from 'vitest'
import { waitlistOfferMail, type WaitlistOfferMailDetails } from './waitlist'

const details: WaitlistOfferMailDetails = {
  organisationId: 'org',
  offerId: 'o1',
  userId: 'u1',
  to: 'sam@example.com',
  recipientName: 'Sam <Roe>',
  facilityName: 'North Arena',
  spaceName: 'Rink 1',
  timeZone: 'America/Toronto',
  start: new Date('2027-01-02T23:00:00Z'),
  end: new Date('2027-01-03T00:00:00Z'),
  link: 'https://rink.example.com/portal/offers/o1',
}

describe('the waitlist offer', () => {
  it('tells a renter the free time and space with the claim link, once per offer and account', () => {
    const mail = waitlistOfferMail(details)
    expect(mail).toMatchObject({ kind: 'waitlist_offer', to: 'sam@example.com', businessKey: 'waitlist_offer:o1:u1' })
    expect(mail.subject).toBe('Ice is free: Rink 1 at North Arena')
    expect(mail.text).toContain('Ice you are waiting for at North Arena is free:')
    expect(mail.text).toContain('- Sat, Jan 2, 2027, 6:00 PM – 7:00 PM (America/Toronto), Rink 1')
    expect(mail.text).toContain('https://rink.example.com/portal/offers/o1')
    expect(mail.text).toContain('the first to claim it gets it')
    // A name is escaped in the HTML part.
    expect(mail.html).toContain('Hello Sam &lt;Roe&gt;,')
    expect(mail.html).not.toContain('<Roe>')
  })
})
