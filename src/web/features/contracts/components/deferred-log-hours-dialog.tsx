import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { LogHoursDialog as LoadedLogHoursDialog } from './log-hours-dialog'

// Log Hours' form loads after the client's page has rendered, which keeps that page within its
// JavaScript budget (docs/benchmarks.md), as the scheduling dialogs do (features/events/components/deferred-dialogs.tsx).
const logHoursDialog = deferred(() => import('./log-hours-dialog').then((module) => module.LogHoursDialog))

export function LogHoursDialog(props: ComponentProps<typeof LoadedLogHoursDialog>) {
  // Logging hours is booking work (docs/product.md#teams).
  const canBook = usePermission('book')
  const Loaded = useDeferred(logHoursDialog, { isOpen: props.open, shouldPrefetch: canBook, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}
