import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { ContractHoursWarning as LoadedContractHoursWarning } from './contract-hours-warning'

// The warning has nothing to say until a client is chosen, so its code (the contract's hours and
// their words) loads once Add New Event is open and the browser idle, or at once when a client is
// chosen first; this keeps that dialog within its JavaScript budget (docs/benchmarks.md).
const contractHoursWarning = deferred(() => import('./contract-hours-warning').then((module) => module.ContractHoursWarning))

export function ContractHoursWarning(props: ComponentProps<typeof LoadedContractHoursWarning>) {
  // A member who cannot read contracts is never warned (the warning's own rule): nothing to fetch.
  const canReadContracts = usePermission('readBusiness')
  const Loaded = useDeferred(contractHoursWarning, {
    isOpen: canReadContracts && Boolean(props.clientId),
    shouldPrefetch: canReadContracts,
    // Only a warning: when its code cannot be loaded, the booking goes on without it.
    close: () => undefined,
  })
  return Loaded ? <Loaded {...props} /> : null
}
