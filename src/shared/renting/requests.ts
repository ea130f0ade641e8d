import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { calendarDate, optionalId, requiredText, timeOfDay } from '@shared/schema-fields'

// Requests that hold the ice (docs/product.md#renters): a renter asks for a free slot of a space
// that accepts requests; the request holds the slot (a hold, ADR 0055) until an operator approves
// or declines it, the renter withdraws it, or it expires.

export const REQUEST_STATUSES = ['pending', 'approved', 'declined', 'expired', 'withdrawn'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
}

export const REQUEST_LIMITS = {
  title: LIMITS.event.title,
  declineReason: 500,
  // The test clock moves at most a year at a time.
  clockMinutesMax: 366 * 24 * 60,
} as const

/** The texts users see (docs/product.md#renters). */
export const REQUEST_MESSAGES = {
  /** The renter's toast once a request is made. */
  sent: 'Request sent',
  /** The operator's toasts. */
  approved: 'Request approved',
  declined: 'Request declined',
  /** The renter's toast once they withdraw a request. */
  withdrawn: 'Request withdrawn',
  title: 'Please enter a title',
  client: 'Please select a client',
  space: 'Please select a space',
  date: 'Please select a date',
  startTime: 'Please select a start time',
  duration: 'Please choose a duration',
  reason: 'Please enter a reason',
  // A refusal never names what is in the way: it may be another client's.
  taken: 'This slot is no longer free. Please choose another.',
  closed: 'The space is closed at that time',
  outsideHours: 'The space is not open for the whole of that time',
  started: 'That time has already started',
  // A request that is no longer pending cannot be answered again.
  alreadyApproved: 'This request was already approved',
  alreadyDeclined: 'This request was already declined',
  alreadyExpired: 'This request has expired',
  alreadyWithdrawn: 'This request was withdrawn',
  /** An operator's edit or delete of a hold, as an event: a request is answered, not edited. */
  pendingHold: 'This is a pending request. Approve or decline it under Requests.',
  clock: `Please enter whole minutes from 1 to ${REQUEST_LIMITS.clockMinutesMax}`,
} as const

/** Why a request that is not pending cannot be approved, declined or withdrawn. */
export function notPendingMessage(status: Exclude<RequestStatus, 'pending'>): string {
  return {
    approved: REQUEST_MESSAGES.alreadyApproved,
    declined: REQUEST_MESSAGES.alreadyDeclined,
    expired: REQUEST_MESSAGES.alreadyExpired,
    withdrawn: REQUEST_MESSAGES.alreadyWithdrawn,
  }[status]
}

const durationMinutes = z.coerce
  .number<string | number>({ error: REQUEST_MESSAGES.duration })
  .int(REQUEST_MESSAGES.duration)
  .min(1, REQUEST_MESSAGES.duration)
  .max(LIMITS.event.maxDurationMinutes, REQUEST_MESSAGES.duration)

/**
 * GET /api/portal/free-slots: a space that accepts requests, a day on its facility's calendar and
 * a duration. Coerces: it arrives as a query string.
 */
export const portalFreeSlotsQuery = z.object({
  roomId: z.uuid({ error: REQUEST_MESSAGES.space }),
  date: calendarDate(REQUEST_MESSAGES.date),
  durationMinutes,
})
export type PortalFreeSlotsQuery = z.output<typeof portalFreeSlotsQuery>

/** GET /api/portal/facilities/:id/free-slots: a day and a duration, over every space that accepts requests. */
export const portalFacilityFreeSlotsQuery = z.object({
  date: calendarDate(REQUEST_MESSAGES.date),
  durationMinutes,
})
export type PortalFacilityFreeSlotsQuery = z.output<typeof portalFacilityFreeSlotsQuery>

/** POST /api/portal/requests: 'Request Ice', for one of the renter's clients. */
export const createRequestInput = z.object({
  clientId: z.uuid({ error: REQUEST_MESSAGES.client }),
  roomId: z.uuid({ error: REQUEST_MESSAGES.space }),
  date: calendarDate(REQUEST_MESSAGES.date),
  startTime: timeOfDay(REQUEST_MESSAGES.startTime),
  durationMinutes: z
    .int({ error: REQUEST_MESSAGES.duration })
    .min(1, REQUEST_MESSAGES.duration)
    .max(LIMITS.event.maxDurationMinutes, REQUEST_MESSAGES.duration),
  title: requiredText(REQUEST_LIMITS.title, { label: 'Title', required: REQUEST_MESSAGES.title }),
})
export type CreateRequestValues = z.input<typeof createRequestInput>
export type CreateRequestInput = z.output<typeof createRequestInput>

/** GET /api/portal/requests: one client's requests, or every client's the renter speaks for. */
export const portalRequestsQuery = z.object({ clientId: optionalId(REQUEST_MESSAGES.client) })
export type PortalRequestsQuery = z.output<typeof portalRequestsQuery>

/** GET /api/requests: the pending requests (soonest slot first), or those answered (latest first). */
export const requestListQuery = z.object({
  status: z.enum(['pending', 'decided'], { error: 'Please choose pending or decided' }).default('pending'),
})
export type RequestListQuery = z.output<typeof requestListQuery>

/** POST /api/requests/:id/decline: the reason is emailed to the renter. */
export const declineRequestInput = z.object({
  reason: requiredText(REQUEST_LIMITS.declineReason, { label: 'Reason', required: REQUEST_MESSAGES.reason }),
})
export type DeclineRequestValues = z.input<typeof declineRequestInput>
export type DeclineRequestInput = z.output<typeof declineRequestInput>

/** POST /api/test/clock (TEST_CLOCK=true only): moves the expiry sweeper's clock forward and sweeps. */
export const testClockInput = z.object({
  advanceMinutes: z
    .int({ error: REQUEST_MESSAGES.clock })
    .min(1, REQUEST_MESSAGES.clock)
    .max(REQUEST_LIMITS.clockMinutesMax, REQUEST_MESSAGES.clock),
})
export type TestClockInput = z.output<typeof testClockInput>
