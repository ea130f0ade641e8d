import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { ImportClientsDialogProps } from './import-clients-dialog'

// The import dialog and its shared schemas load after the Clients page has painted, and only for
// who may import (docs/benchmarks.md: the page's JS budget).
const importClientsDialog = deferred(() => import('./import-clients-dialog').then((module) => module.ImportClientsDialog))

export function ImportClientsDialog(props: ImportClientsDialogProps) {
  const canImport = usePermission('manageVenue')
  const Loaded = useDeferred(importClientsDialog, { isOpen: props.open, shouldPrefetch: canImport, close: () => props.onOpenChange(false) })
  return canImport && Loaded ? <Loaded {...props} /> : null
}
