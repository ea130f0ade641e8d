import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { SendSelloffDialogProps } from './send-selloff-dialog'

// The send dialog, its client list and the mail schemas load after the marketing page has painted,
// and only for who may send (docs/benchmarks.md: the page's JS budget).
const sendSelloffDialog = deferred(() => import('./send-selloff-dialog').then((module) => module.SendSelloffDialog))

export function SendSelloffDialog(props: SendSelloffDialogProps) {
  const canSend = usePermission('sendMarketing')
  const Loaded = useDeferred(sendSelloffDialog, { isOpen: props.open, shouldPrefetch: canSend, close: () => props.onOpenChange(false) })
  return canSend && Loaded ? <Loaded {...props} /> : null
}
