// What the rest of the app uses of the renters' portal; everything else here is the feature's own
// (ADR 0019). The pages are imported by path from router.tsx, each its own chunk. /auth takes the
// venue's invitation link (docs/product.md#renters) with these.
export { acceptPortalInvitation, usePortalInvitation, type PortalInvitationPreview } from './invitation-api'
export { AcceptPortalInvitation } from './components/accept-invitation'
