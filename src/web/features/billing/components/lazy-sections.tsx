import { lazy, Suspense, type ReactNode } from 'react'
import { LoadingList } from '@web/components/loading-screen'
import { usePermission } from '@web/features/auth'
import type { Permission } from '@shared/team/roles'
import type { ClientBillingSectionProps } from './client-billing-section'
import type { ClientSpecialRatesProps } from './client-special-rates'
import type { SpaceRatesCardProps } from './space-rates-card'

// The billing parts of the client and space pages are chunks of their own, loaded only for a role
// that may see them, so those pages keep their JavaScript budgets (docs/benchmarks.md) and the
// front desk downloads none of it.
const LoadedClientBillingSection = lazy(() =>
  import('./client-billing-section').then((module) => ({ default: module.ClientBillingSection })),
)
const LoadedClientSpecialRates = lazy(() => import('./client-special-rates').then((module) => ({ default: module.ClientSpecialRates })))
const LoadedSpaceRatesCard = lazy(() => import('./space-rates-card').then((module) => ({ default: module.SpaceRatesCard })))

type Placement = { className?: string }

function Allowed({ permission, label, className, children }: Placement & { permission: Permission; label: string; children: ReactNode }) {
  if (!usePermission(permission)) return null
  return (
    <div className={className}>
      <Suspense fallback={<LoadingList label={label} rows={2} />}>{children}</Suspense>
    </div>
  )
}

/** Balance, credit, invoices and payments of a client, with 'Record Payment'; for 'bill'. */
export function ClientBillingSection({ className, ...props }: ClientBillingSectionProps & Placement) {
  return (
    <Allowed permission="bill" label="Loading billing..." className={className}>
      <LoadedClientBillingSection {...props} />
    </Allowed>
  )
}

/** The client's own rates per space; read with 'readPrices', changed with 'manageVenue'. */
export function ClientSpecialRates({ className, ...props }: ClientSpecialRatesProps & Placement) {
  return (
    <Allowed permission="readPrices" label="Loading special rates..." className={className}>
      <LoadedClientSpecialRates {...props} />
    </Allowed>
  )
}

/** A space's rates, with 'Set Rates'; read with 'readPrices', set with 'manageVenue'. */
export function SpaceRatesCard({ className, ...props }: SpaceRatesCardProps & Placement) {
  return (
    <Allowed permission="readPrices" label="Loading rates..." className={className}>
      <LoadedSpaceRatesCard {...props} />
    </Allowed>
  )
}
