import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { ContractFormDialog as LoadedContractFormDialog } from './contract-form-dialog'

// The contract dialog's code (its form, react-hook-form, the shared schemas and 'Applies to')
// loads after the Contracts page has rendered, which keeps the page within its JavaScript budget
// (docs/benchmarks.md), as the scheduling dialogs do (features/events/components/deferred-dialogs.tsx).
const contractFormDialog = deferred(() => import('./contract-form-dialog').then((module) => module.ContractFormDialog))

export function ContractFormDialog(props: ComponentProps<typeof LoadedContractFormDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(contractFormDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}
