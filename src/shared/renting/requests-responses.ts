import { z } from 'zod'
import { LIMITS, ROOM_TYPES } from '@shared/limits'
import { instant, wallClockTime } from '@shared/response-fields'
import { REQUEST_STATUSES } from './requests'

/** A space a renter may request, with what the request form needs to offer its starts and durations. */
export const requestableSpace = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ROOM_TYPES),
  operatingStartTime: wallClockTime,
  operatingEndTime: wallClockTime,
  bookingInterval: z.literal(LIMITS.room.bookingIntervalOptions),
})

/** GET /api/portal/facilities: the facilities of the renter's venues with a space that accepts requests. */
export const portalFacilitiesResponse = z.object({
  facilities: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      timeZone: z.string(),
      /** The venue: a request is made for one of the renter's clients of the same one. */
      organisationId: z.uuid(),
      organisationName: z.string(),
      /** 'Hold requests for': how long a request holds its slot unanswered. */
      holdRequestsHours: z.int().min(1),
      spaces: z.array(requestableSpace),
    }),
  ),
})

/** GET /api/portal/free-slots: the slots a request would be accepted in. It never says what else is there. */
export const portalFreeSlotsResponse = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ start: instant, end: instant })),
})

/**
 * GET /api/portal/facilities/:id/free-slots: a day of every space that accepts requests, each
 * with the starts ('HH:MM' on the facility's clock, the day asked) a request of the duration may
 * take. Starts rather than instants: a request is made of its date and start, and a facility's day
 * has hundreds of them.
 */
export const portalFacilityFreeSlotsResponse = z.object({
  timeZone: z.string(),
  date: z.string(),
  durationMinutes: z.int().positive(),
  spaces: z.array(z.object({ roomId: z.uuid(), name: z.string(), starts: z.array(z.string()) })),
})
export type PortalFacilityFreeSlots = z.infer<typeof portalFacilityFreeSlotsResponse>

/** A request as its renter sees it. */
export const renterRequest = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  facilityId: z.uuid(),
  facilityName: z.string(),
  roomId: z.uuid(),
  spaceName: z.string(),
  title: z.string(),
  startTime: instant,
  endTime: instant,
  timeZone: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** While pending: when the hold lets go unanswered. */
  expiresAt: instant,
  declineReason: z.string().nullable(),
  /** The booking an approved request became. */
  eventId: z.uuid().nullable(),
  createdAt: instant,
  decidedAt: instant.nullable(),
})

/** A request as the operators answering it see it: who asked, and who answered. */
export const operatorRequest = renterRequest.extend({
  requestedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  decidedByName: z.string().nullable(),
})

/** POST /api/portal/requests, POST /api/portal/requests/:id/withdraw */
export const renterRequestResponse = z.object({ request: renterRequest })
/** GET /api/portal/requests */
export const renterRequestListResponse = z.object({ requests: z.array(renterRequest) })
/** POST /api/requests/:id/approve and /decline */
export const operatorRequestResponse = z.object({ request: operatorRequest })
/** GET /api/requests */
export const operatorRequestListResponse = z.object({ requests: z.array(operatorRequest) })
/** GET /api/requests/count: the sidebar's count. */
export const requestCountResponse = z.object({ pending: z.int().min(0) })
/** POST /api/test/clock: the sweeper's clock now, and the requests that sweep expired. */
export const testClockResponse = z.object({ now: instant, expired: z.array(z.uuid()) })
