import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'
import { formatTimeRange } from './format'

/** One booking as its client reads it: an event, or both parts of one split at midnight, as one time range. */
export type BookedTime = { start: Date; end: Date; spaceName: string }

export type BookingMailDetails = {
  organisationId: string
  to: string
  clientName: string
  facilityName: string
  timeZone: string
  title: string
  /** Every booking the change concerns, in time order: one for an event, each date for a series. */
  bookings: BookedTime[]
  /** e.g. 'Home: Room 3', 'Away: Room 4'; empty when none was chosen. */
  changeRooms: string[]
  businessKey: string
}

type BookingMailKind = 'booking_confirmed' | 'booking_changed' | 'booking_cancelled'

const WORDING: Record<BookingMailKind, { subject: string; opening: (facility: string, count: number) => string }> = {
  booking_confirmed: {
    subject: 'Booking confirmed',
    opening: (facility, count) =>
      count === 1 ? `Your booking at ${facility} is confirmed.` : `Your ${count} bookings at ${facility} are confirmed.`,
  },
  booking_changed: {
    subject: 'Booking changed',
    opening: (facility, count) =>
      count === 1
        ? `Your booking at ${facility} has changed. It is now:`
        : `Your ${count} bookings at ${facility} have changed. They are now:`,
  },
  booking_cancelled: {
    subject: 'Booking cancelled',
    opening: (facility, count) =>
      count === 1 ? `Your booking at ${facility} is cancelled.` : `Your ${count} bookings at ${facility} are cancelled.`,
  },
}

function bookingMail(kind: BookingMailKind, details: BookingMailDetails): OutgoingMail {
  const { organisationId, to, clientName, facilityName, timeZone, title, bookings, changeRooms, businessKey } = details
  const spaces = [...new Set(bookings.map((booking) => booking.spaceName))]
  // One space for all is said once; otherwise each date names its own.
  const oneSpace = spaces.length === 1 ? spaces[0]! : null
  const list = bookings.map(({ start, end, spaceName }) =>
    oneSpace === null ? `${formatTimeRange(start, end, timeZone)}, ${spaceName}` : formatTimeRange(start, end, timeZone),
  )
  const wording = WORDING[kind]
  const { text, html } = composeMail({
    greeting: `Hello ${clientName},`,
    paragraphs: [
      wording.opening(facilityName, bookings.length),
      `Event: ${title}`,
      ...(oneSpace === null ? [] : [`Space: ${oneSpace}, ${facilityName}`]),
      ...(changeRooms.length > 0 ? [`Change rooms: ${changeRooms.join('; ')}`] : []),
    ],
    list,
    footer: [`${facilityName}`],
  })
  return { organisationId, kind, businessKey, to, subject: `${wording.subject}: ${title} at ${facilityName}`, text, html }
}

export const bookingConfirmedMail = (details: BookingMailDetails) => bookingMail('booking_confirmed', details)
export const bookingChangedMail = (details: BookingMailDetails) => bookingMail('booking_changed', details)
export const bookingCancelledMail = (details: BookingMailDetails) => bookingMail('booking_cancelled', details)
