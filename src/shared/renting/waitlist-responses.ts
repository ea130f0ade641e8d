import { z } from 'zod'
import { ROOM_TYPES } from '@shared/limits'
import { calendarDay, instant, wallClockTime } from '@shared/response-fields'
import { OFFER_STATUSES } from './waitlist'

// What the waitlist's routes answer (docs/product.md#renters, ADR 0065). A renter's answers name
// only their own clients: an offer never says who else was offered it or who took it.

/**
 * GET /api/portal/waitlist/spaces: the facilities of the renter's venues with every space that can
 * be waited for (all but change rooms), with the hours and interval a window's start must fit.
 */
export const waitlistSpacesResponse = z.object({
  facilities: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      timeZone: z.string(),
      /** The venue: a window is for one of the renter's clients of the same one. */
      organisationId: z.uuid(),
      organisationName: z.string(),
      spaces: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          type: z.enum(ROOM_TYPES),
          operatingStartTime: wallClockTime,
          operatingEndTime: wallClockTime,
          bookingInterval: z.int().min(1),
          /** Claiming time on it makes a request rather than a booking. */
          acceptsRequests: z.boolean(),
        }),
      ),
    }),
  ),
})
export type WaitlistFacility = z.infer<typeof waitlistSpacesResponse>['facilities'][number]

/** A window the renter waits in, for one of their clients. */
export const waitlistEntry = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  roomId: z.uuid(),
  spaceName: z.string(),
  facilityId: z.uuid(),
  facilityName: z.string(),
  timeZone: z.string(),
  date: calendarDay,
  fromTime: wallClockTime,
  /** '00:00' is the midnight that ends the day. */
  toTime: wallClockTime,
  createdAt: instant,
})
export type WaitlistEntry = z.infer<typeof waitlistEntry>

/** POST /api/portal/waitlist (201). */
export const waitlistEntryResponse = z.object({ entry: waitlistEntry })
/** GET /api/portal/waitlist: the renter's windows that have not ended, soonest first. */
export const waitlistResponse = z.object({ entries: z.array(waitlistEntry) })

/** GET /api/portal/offers/:id: the ice offered, and whether it can still be claimed. */
export const waitlistOffer = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  spaceName: z.string(),
  facilityName: z.string(),
  timeZone: z.string(),
  startTime: instant,
  endTime: instant,
  status: z.enum(OFFER_STATUSES),
  /** Claiming makes a request rather than a booking: the space takes requests. */
  makesRequest: z.boolean(),
  /** The renter's clients the offer reached: the claim is for one of them. */
  clients: z.array(z.object({ id: z.uuid(), name: z.string() })),
})
export type WaitlistOffer = z.infer<typeof waitlistOffer>
export const waitlistOfferResponse = z.object({ offer: waitlistOffer })

/** POST /api/portal/offers/:id/claim (201): the booking made, or the request sent. */
export const claimOfferResponse = z.union([
  z.object({ eventId: z.uuid(), requestId: z.null() }),
  z.object({ eventId: z.null(), requestId: z.uuid() }),
])
export type ClaimOfferAnswer = z.infer<typeof claimOfferResponse>

/** POST /api/events/:id/release (an operator): the events cancelled and how many were offered the time. */
export const releaseEventResponse = z.object({ deleted: z.int().min(1), offered: z.int().min(0) })
