// The renting module's door (ADR 0019): what the rest of the server may use of renters' requests
// and of released ice and the waitlist (docs/product.md#renters, ADR 0065).
export { cancelAndOffer, offerFreedIce, offerLinkOrigin, offerFreedTimes, type FreedIce, type OffersMade } from './waitlist/service'
export { declineRequestsUnderClosure } from './requests/service'
