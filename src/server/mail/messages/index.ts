// The messages the app writes (docs/product.md#email): pure builders, each returning the OutgoingMail
// its caller enqueues in the transaction of the change it tells of.
export { accountApprovedMail, passwordResetMail } from './account'
export { bookingCancelledMail, bookingChangedMail, bookingConfirmedMail, type BookedTime, type BookingMailDetails } from './booking'
export { selloffMail } from './selloff'
export { teamInvitationMail } from './team'
export { invoiceIssuedMail, type InvoiceMailDetails } from './invoice'
export { requestApprovedMail, requestDeclinedMail, requestExpiredMail, type RequestMailDetails } from './request'
export { waitlistOfferMail, type WaitlistOfferMailDetails } from './waitlist'
