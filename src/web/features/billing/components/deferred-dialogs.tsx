import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { CreateInvoicesDialog as LoadedCreateInvoicesDialog } from './create-invoices-dialog'
import type { InvoiceActionDialog as LoadedInvoiceActionDialog } from './invoice-dialogs'
import type { RecordPaymentDialog as LoadedRecordPaymentDialog } from './record-payment-dialog'
import type { SetRatesDialog as LoadedSetRatesDialog } from './set-rates-dialog'

// The billing dialogs' code (their forms, react-hook-form, the money parsing) loads after the page
// has painted, or at once when one opens, which keeps each page within its JavaScript budget
// (docs/benchmarks.md), as the other features' dialogs do (lib/deferred.ts).
export type { InvoiceAction } from './invoice-dialogs'

const createInvoicesDialog = deferred(() => import('./create-invoices-dialog').then((module) => module.CreateInvoicesDialog))
const invoiceActionDialog = deferred(() => import('./invoice-dialogs').then((module) => module.InvoiceActionDialog))
const recordPaymentDialog = deferred(() => import('./record-payment-dialog').then((module) => module.RecordPaymentDialog))
const setRatesDialog = deferred(() => import('./set-rates-dialog').then((module) => module.SetRatesDialog))

export function CreateInvoicesDialog(props: ComponentProps<typeof LoadedCreateInvoicesDialog>) {
  const canBill = usePermission('bill')
  const Loaded = useDeferred(createInvoicesDialog, { isOpen: props.open, shouldPrefetch: canBill, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}

export function InvoiceActionDialog(props: ComponentProps<typeof LoadedInvoiceActionDialog>) {
  const canBill = usePermission('bill')
  const Loaded = useDeferred(invoiceActionDialog, { isOpen: props.action !== null, shouldPrefetch: canBill, close: props.onClose })
  return Loaded ? <Loaded {...props} /> : null
}

export function RecordPaymentDialog(props: ComponentProps<typeof LoadedRecordPaymentDialog>) {
  const canBill = usePermission('bill')
  const Loaded = useDeferred(recordPaymentDialog, { isOpen: props.open, shouldPrefetch: canBill, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}

export function SetRatesDialog(props: ComponentProps<typeof LoadedSetRatesDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(setRatesDialog, { isOpen: props.open, shouldPrefetch: canManageVenue, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}
