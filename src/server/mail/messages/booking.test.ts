import { describe, expect, it } from 'vitest'
import { bookingCancelledMail, bookingChangedMail, bookingConfirmedMail, type BookingMailDetails } from './booking'

const HOUR = 60 * 60 * 1000
const details = (count: number, overrides: Partial<BookingMailDetails> = {}): BookingMailDetails => ({
  organisationId: 'org',
  to: 'club@example.com',
  clientName: '<b>A&B</b>',
  facilityName: 'North Arena',
  timeZone: 'America/Toronto',
  title: 'Practice',
  bookings: Array.from({ length: count }, (_, index) => {
    const start = new Date(Date.parse('2027-01-02T23:00:00Z') + index * 7 * 24 * HOUR)
    return { start, end: new Date(start.getTime() + HOUR), spaceName: 'Rink 1' }
  }),
  changeRooms: [],
  businessKey: 'booking_confirmed:e1',
  ...overrides,
})

describe('booking messages', () => {
  it('confirms one booking with its space, facility, local time and change rooms', () => {
    const mail = bookingConfirmedMail(details(1, { changeRooms: ['Home: Room 3', 'Away: Room 4'] }))
    expect(mail).toMatchObject({
      organisationId: 'org',
      kind: 'booking_confirmed',
      to: 'club@example.com',
      businessKey: 'booking_confirmed:e1',
    })
    expect(mail.subject).toBe('Booking confirmed: Practice at North Arena')
    expect(mail.text).toContain('Your booking at North Arena is confirmed.')
    expect(mail.text).toContain('Space: Rink 1, North Arena')
    expect(mail.text).toContain('Change rooms: Home: Room 3; Away: Room 4')
    expect(mail.text).toContain('- Sat, Jan 2, 2027, 6:00 PM – 7:00 PM (America/Toronto)')
  })

  it('lists every date of a series in one message', () => {
    const mail = bookingConfirmedMail(details(30))
    expect(mail.text).toContain('Your 30 bookings at North Arena are confirmed.')
    expect(mail.text.match(/^- /gm)).toHaveLength(30)
    expect(mail.html.match(/<li>/g)).toHaveLength(30)
  })

  it('names each space when the dates are in different ones', () => {
    const base = details(2)
    const mail = bookingChangedMail({ ...base, bookings: [base.bookings[0]!, { ...base.bookings[1]!, spaceName: 'Rink 2' }] })
    expect(mail.kind).toBe('booking_changed')
    expect(mail.text).toContain('have changed. They are now:')
    expect(mail.text).toContain('PM (America/Toronto), Rink 2')
    expect(mail.text).not.toContain('Space:')
  })

  it('says a cancellation, and escapes what operators typed in the HTML', () => {
    const mail = bookingCancelledMail(details(1, { title: 'Game <script>', businessKey: 'booking_cancelled:e1:3' }))
    expect(mail.kind).toBe('booking_cancelled')
    expect(mail.text).toContain('Your booking at North Arena is cancelled.')
    expect(mail.text).toContain('Hello <b>A&B</b>,')
    expect(mail.html).toContain('Hello &lt;b&gt;A&amp;B&lt;/b&gt;,')
    expect(mail.html).toContain('Game &lt;script&gt;')
    expect(mail.html).not.toContain('<script>')
  })
})
