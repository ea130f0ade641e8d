import type { CurrentUser } from './api'

/**
 * Where a signed-in account starts: the venue's facilities, or the portal for an account that
 * only rents ice, not approved but speaking for a client (docs/product.md#renters).
 */
export function homePathOf(user: Pick<CurrentUser, 'approved' | 'renterOf'>): '/facilities' | '/portal' {
  return !user.approved && user.renterOf.length > 0 ? '/portal' : '/facilities'
}
