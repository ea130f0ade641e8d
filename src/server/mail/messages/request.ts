import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'
import { formatTimeRange } from './format'

export type RequestMailDetails = {
  organisationId: string
  requestId: string
  /** The renter who asked. */
  to: string
  recipientName: string
  clientName: string
  facilityName: string
  spaceName: string
  timeZone: string
  title: string
  start: Date
  end: Date
  /** The portal's address on the app, when the app knows its own (BASE_URL). */
  portalUrl: string | null
}

type RequestMailKind = 'request_approved' | 'request_declined' | 'request_expired'

const SUBJECTS: Record<RequestMailKind, string> = {
  request_approved: 'Request approved',
  request_declined: 'Request declined',
  request_expired: 'Request expired',
}

// One message per request and outcome: a request is answered once, so its id is the key.
function requestMail(kind: RequestMailKind, details: RequestMailDetails, opening: string[]): OutgoingMail {
  const { organisationId, requestId, to, recipientName, facilityName, spaceName, timeZone, title, start, end, portalUrl } = details
  const { text, html } = composeMail({
    greeting: `Hello ${recipientName},`,
    paragraphs: opening,
    list: [`${formatTimeRange(start, end, timeZone)}, ${spaceName}`],
    ...(portalUrl ? { link: { label: 'Open the portal', url: portalUrl } } : {}),
    footer: [facilityName],
  })
  return {
    organisationId,
    kind,
    businessKey: `${kind}:${requestId}`,
    to,
    subject: `${SUBJECTS[kind]}: ${title} at ${facilityName}`,
    text,
    html,
  }
}

/** The renter's request became a booking (docs/product.md#renters). */
export const requestApprovedMail = (details: RequestMailDetails) =>
  requestMail('request_approved', details, [
    `Your request "${details.title}" for ${details.clientName} at ${details.facilityName} is approved. It is booked:`,
  ])

/** The operator declined the request, with their reason; the slot is free again. */
export const requestDeclinedMail = (details: RequestMailDetails & { reason: string }) =>
  requestMail('request_declined', details, [
    `Your request "${details.title}" for ${details.clientName} at ${details.facilityName} was declined.`,
    `Reason: ${details.reason}`,
    'The slot it held:',
  ])

/** Nobody answered the request in time: its hold let go of the slot. */
export const requestExpiredMail = (details: RequestMailDetails) =>
  requestMail('request_expired', details, [
    `Your request "${details.title}" for ${details.clientName} at ${details.facilityName} was not answered in time and has expired. The slot it held is free again:`,
  ])
