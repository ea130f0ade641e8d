import { z } from 'zod'
import { payment } from '@shared/billing/payments-responses'
import { invoiceDetail, invoiceSummary } from '@shared/billing/responses'
import { calendarDay, exactHours, instant } from '@shared/response-fields'

// What the renters' portal routes answer (docs/product.md#renters, ADR 0063). Nothing here names
// another client: every list is of the clients the renter speaks for.

/** A client the account speaks for, with its organisation (GET /api/me's renterOf). */
export const renterClient = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  organisationId: z.uuid(),
  organisationName: z.string(),
})
export type RenterClient = z.infer<typeof renterClient>

/* ---------- the client page's 'Portal Access' (operators) ---------- */

export const portalRenter = z.object({ userId: z.string(), name: z.string(), email: z.email(), since: instant })
export const portalInvitation = z.object({ id: z.uuid(), email: z.email(), createdAt: instant, expiresAt: instant })

/** GET /api/clients/:id/portal-access: who speaks for the client, and the invitations still open (newest first). */
export const portalAccessResponse = z.object({ renters: z.array(portalRenter), invitations: z.array(portalInvitation) })

/** POST /api/clients/:id/portal-invitations: the link, e-mailed to the contact and shown to copy. */
export const portalInvitationCreatedResponse = z.object({ invitation: portalInvitation, url: z.url() })

/* ---------- the invitation link (/auth) ---------- */

/** GET /api/portal-invitations/:token: what /auth shows before the renter signs up or in. */
export const portalInvitationPreviewResponse = z.object({
  organisationName: z.string(),
  clientName: z.string(),
  email: z.email(),
  /** Whether an account already exists for the invitation's email: sign in rather than sign up. */
  accountExists: z.boolean(),
})

/** POST /api/portal-invitations/:token/accept */
export const portalInvitationAcceptedResponse = z.object({ clientId: z.uuid() })

/* ---------- the portal ---------- */

export const portalClient = z.object({ id: z.uuid(), name: z.string(), organisationId: z.uuid(), organisationName: z.string() })

/** GET /api/portal/clients: the clients the renter speaks for, by name. */
export const portalClientListResponse = z.object({ clients: z.array(portalClient) })

export const portalBooking = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  title: z.string(),
  facilityName: z.string(),
  spaceName: z.string(),
  startTime: instant,
  endTime: instant,
  /** The facility's zone, which the times are shown in. */
  timeZone: z.string(),
  changeRooms: z.array(z.string()),
  /** Until when it may be released (its facility's 'Release until' before the start); null once it may not. */
  releasableUntil: instant.nullable(),
})
export type PortalBooking = z.infer<typeof portalBooking>

/** GET /api/portal/bookings: a page of one client's bookings; nextCursor null on the last. */
export const portalBookingPageResponse = z.object({ bookings: z.array(portalBooking), nextCursor: z.string().nullable() })

export const PORTAL_LEDGER_KINDS = ['booked', 'logged', 'manual'] as const

/**
 * A line of a contract's usage ledger: hours charged by a booking still to come ('booked'), by a
 * booking that has started ('logged'), or logged by hand at the venue ('manual').
 */
export const portalLedgerLine = z.object({
  id: z.uuid(),
  usageDate: calendarDay,
  hours: exactHours,
  kind: z.enum(PORTAL_LEDGER_KINDS),
  description: z.string().nullable(),
  /** The booking's title and start, for a booking's line. */
  title: z.string().nullable(),
  startTime: instant.nullable(),
  timeZone: z.string().nullable(),
})

export const portalContract = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  name: z.string(),
  startDate: calendarDay,
  endDate: calendarDay.nullable(),
  totalHours: exactHours,
  /** Every hour charged: bookings still to come included. */
  hoursUsed: exactHours,
  /** The part of hoursUsed of bookings that have not ended yet. */
  hoursBooked: exactHours,
  hoursRemaining: exactHours,
  /** Newest first. */
  ledger: z.array(portalLedgerLine),
})
export type PortalContract = z.infer<typeof portalContract>

/** GET /api/portal/contracts: the client's active contracts ('My Hours'). */
export const portalContractListResponse = z.object({ contracts: z.array(portalContract) })

/** GET /api/portal/invoices: the client's issued invoices and credit notes (never a draft), its balance and payments. */
export const portalInvoiceListResponse = z.object({
  currency: z.string(),
  balanceMinor: z.number().int(),
  creditMinor: z.number().int(),
  invoices: z.array(invoiceSummary),
  payments: z.array(payment),
})

/** GET /api/portal/invoices/:id: the invoice for its printable page, with the payments recorded on it. */
export const portalInvoiceResponse = z.object({ invoice: invoiceDetail })

/** GET /api/portal/clients/:id/feed: the client's calendar feed address ('Copy Feed URL'). */
export const portalFeedResponse = z.object({ url: z.url().nullable() })
