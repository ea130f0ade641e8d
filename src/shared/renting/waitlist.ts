import { z } from 'zod'
import { calendarDate, timeOfDay, whenValid } from '@shared/schema-fields'

// Released ice and the waitlist (docs/product.md#renters, ADR 0065): the renter's 'Release',
// 'Join Waitlist' and the claim of an offer, with the texts users see.

export const WAITLIST_MESSAGES = {
  // Toasts.
  released: 'Booking released',
  joined: 'Added to the waitlist',
  left: 'Removed from the waitlist',
  claimedBooked: 'The slot is yours: it is booked',
  claimedRequested: 'The slot is yours: your request was sent',
  // The claim that came second, or came after the time was booked another way.
  slotTaken: 'This slot was just taken',
  // Release refusals.
  releaseNotUpcoming: 'Only an upcoming booking can be released',
  releaseTooLate: (hours: number) =>
    hours === 0
      ? 'This booking can no longer be released'
      : `This booking can no longer be released: bookings here can be released until ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start`,
  // 'Join Waitlist' refusals.
  client: 'Please choose a client',
  space: 'Please choose a space',
  date: 'Please enter a valid date',
  time: 'Please enter a time',
  windowOrder: 'The window must end after it starts',
  windowPast: 'Please choose a window that has not ended yet',
  changeRoom: 'A change room cannot be waited for: please choose a space',
  tooMany: (count: number) => `A client can wait for at most ${count} windows at a time`,
} as const

/** Upcoming windows one client may wait for at once (docs/product.md#renters). */
export const WAITLIST_ENTRIES_PER_CLIENT = 50

/** Offers the renter's page shows: open, taken by someone else, or taken by one of the renter's clients. */
export const OFFER_STATUSES = ['open', 'taken', 'yours'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

// A window ends after it starts, or at the midnight that ends its day ('00:00').
const windowEndsAfterStart = (window: { fromTime: string; toTime: string }) => window.toTime === '00:00' || window.toTime > window.fromTime

/**
 * POST /api/portal/waitlist ('Join Waitlist'): for a client the renter speaks for, a space of that
 * client's venue and a window of one day on its wall clock, e.g. Saturday 18:00–22:00.
 */
export const joinWaitlistInput = z
  .object({
    clientId: z.uuid({ error: WAITLIST_MESSAGES.client }),
    roomId: z.uuid({ error: WAITLIST_MESSAGES.space }),
    date: calendarDate(WAITLIST_MESSAGES.date),
    fromTime: timeOfDay(WAITLIST_MESSAGES.time),
    toTime: timeOfDay(WAITLIST_MESSAGES.time),
  })
  .refine(windowEndsAfterStart, { message: WAITLIST_MESSAGES.windowOrder, path: ['toTime'], ...whenValid('fromTime', 'toTime') })
export type JoinWaitlistValues = z.input<typeof joinWaitlistInput>
export type JoinWaitlistInput = z.output<typeof joinWaitlistInput>

/** POST /api/portal/offers/:id/claim: the client the claimed ice is for, one the offer reached. */
export const claimOfferInput = z.object({
  clientId: z.uuid({ error: WAITLIST_MESSAGES.client }),
})
export type ClaimOfferInput = z.output<typeof claimOfferInput>
