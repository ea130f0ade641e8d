import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'
import { formatTimeRange } from './format'

export type WaitlistOfferMailDetails = {
  organisationId: string
  offerId: string
  /** The renter waiting: one message per account, however many of its windows the time meets. */
  userId: string
  to: string
  recipientName: string
  facilityName: string
  spaceName: string
  timeZone: string
  start: Date
  end: Date
  /** The offer's page, /portal/offers/:id, on the app's address. */
  link: string
}

/** Released or freed ice offered to a renter on the waitlist (docs/product.md#renters): first to claim gets it. */
export function waitlistOfferMail(details: WaitlistOfferMailDetails): OutgoingMail {
  const { organisationId, offerId, userId, to, recipientName, facilityName, spaceName, timeZone, start, end, link } = details
  const { text, html } = composeMail({
    greeting: `Hello ${recipientName},`,
    paragraphs: [`Ice you are waiting for at ${facilityName} is free:`],
    list: [`${formatTimeRange(start, end, timeZone)}, ${spaceName}`],
    link: { label: 'Claim this slot', url: link },
    footer: ['Everyone waiting for this time was told at once: the first to claim it gets it.', facilityName],
  })
  return {
    organisationId,
    kind: 'waitlist_offer',
    businessKey: `waitlist_offer:${offerId}:${userId}`,
    to,
    subject: `Ice is free: ${spaceName} at ${facilityName}`,
    text,
    html,
  }
}
