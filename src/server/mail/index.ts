// The outgoing mail module (docs/product.md#email, ADR 0056): the rest of the server enters it
// here. Producers enqueue in their own transaction; the worker delivers.
export { enqueueMail, oneLine, type MailAttachment, type OutgoingMail } from './outbox'
export { composeMail, escapeHtml, type MailParts } from './compose'
export { drainMailOnce, startMailWorker, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_SECONDS, type MailWorkerDeps } from './worker'
export { mailLimitState, type MailLimitState } from './service'
export { mailRoutes, adminMailRoutes } from './routes'
export { messageIdHeader, type MailSettings } from './transport'
export * from './messages'
// 'Invite Contact' (docs/product.md#renters).
export { portalInvitationMail } from './messages/portal'
