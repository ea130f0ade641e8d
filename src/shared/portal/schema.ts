import { z } from 'zod'
import { LIMITS } from '@shared/limits'

// What the renters' portal routes take (docs/product.md#renters). The portal's reads name the
// client they are about: a renter may speak for several, and another client is a 404 to them.

const email = z
  .string({ error: 'Please enter an email address' })
  .trim()
  .toLowerCase()
  .max(LIMITS.profile.email, `Email must be ${LIMITS.profile.email} characters or less`)
  .pipe(z.email({ error: 'Please enter a valid email address' }))

/** POST /api/clients/:id/portal-invitations ('Invite Contact'). */
export const portalInvitationInput = z.strictObject({ email })
export type PortalInvitationInput = z.input<typeof portalInvitationInput>

const clientId = z.uuid({ error: 'Client not found' })

/** GET /api/portal/contracts, GET /api/portal/invoices: one client the renter speaks for. */
export const portalClientQuery = z.object({ clientId })
export type PortalClientQuery = z.output<typeof portalClientQuery>

export const PORTAL_BOOKING_WHEN = ['upcoming', 'past'] as const
export type PortalBookingWhen = (typeof PORTAL_BOOKING_WHEN)[number]

// '{start instant}_{id}' of the last booking a page listed: the next page goes on strictly after it.
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** The cursor of the page after `booking`. */
export function portalBookingCursor(booking: { startTime: string; id: string }): string {
  return `${booking.startTime}_${booking.id}`
}

/** GET /api/portal/bookings: upcoming (soonest first) or past (latest first), a page at a time. */
export const portalBookingsQuery = z.object({
  clientId,
  when: z.enum(PORTAL_BOOKING_WHEN, { error: "Choose 'upcoming' or 'past'" }).default('upcoming'),
  cursor: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return null
      const match = CURSOR_PATTERN.exec(value)
      if (!match || Number.isNaN(Date.parse(match[1]!))) {
        context.addIssue({ code: 'custom', message: 'This page link is not valid' })
        return z.NEVER
      }
      return { startTime: new Date(match[1]!), id: match[2]!.toLowerCase() }
    }),
})
export type PortalBookingsQuery = z.output<typeof portalBookingsQuery>

/** The invitation's token on /auth: sign-up and sign-in carry it as `portalInvitation`. */
export const portalInvitationToken = z.string().max(200)
