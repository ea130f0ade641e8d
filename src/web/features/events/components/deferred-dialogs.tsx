import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { AddEventDialog as LoadedAddEventDialog } from './add-event-dialog'
import type { DeleteEventDialog as LoadedDeleteEventDialog } from './delete-event-dialog'
import type { EditEventSheet as LoadedEditEventSheet } from './edit-event-sheet'
import { isPending } from '../pending'
import type { SelectRoomDialog as LoadedSelectRoomDialog } from './select-room-dialog'

// The scheduling dialogs as the pages use them: each is the component of its own file, whose
// code (forms, react-hook-form, the shared schemas) loads after the page has rendered instead of
// with it, which keeps the pages within their JavaScript budget (docs/benchmarks.md).

const addEventDialog = deferred(() => import('./add-event-dialog').then((module) => module.AddEventDialog))
const editEventSheet = deferred(() => import('./edit-event-sheet').then((module) => module.EditEventSheet))
const deleteEventDialog = deferred(() => import('./delete-event-dialog').then((module) => module.DeleteEventDialog))
const pendingRequestDialog = deferred(() => import('./pending-request-dialog').then((module) => module.PendingRequestDialog))
const selectRoomDialog = deferred(() => import('./select-room-dialog').then((module) => module.SelectRoomDialog))

export function AddEventDialog(props: ComponentProps<typeof LoadedAddEventDialog>) {
  const canBook = usePermission('book')
  const Loaded = useDeferred(addEventDialog, {
    isOpen: props.room !== null,
    shouldPrefetch: canBook,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}

// The front desk opens the sheet too, to read an event. A renter's pending request opens its
// details instead: it is answered on the Requests page, never edited as an event (docs/product.md#renters).
export function EditEventSheet({ target, onClose }: ComponentProps<typeof LoadedEditEventSheet>) {
  const pending = target !== null && isPending(target.event) ? target : null
  const event = pending ? null : target
  const Loaded = useDeferred(editEventSheet, { isOpen: event !== null, shouldPrefetch: true, close: onClose })
  const LoadedPending = useDeferred(pendingRequestDialog, { isOpen: pending !== null, shouldPrefetch: false, close: onClose })
  return (
    <>
      {Loaded ? <Loaded target={event} onClose={onClose} /> : null}
      {LoadedPending ? <LoadedPending target={pending} onClose={onClose} /> : null}
    </>
  )
}

export function SelectRoomDialog(props: ComponentProps<typeof LoadedSelectRoomDialog>) {
  const canBook = usePermission('book')
  const Loaded = useDeferred(selectRoomDialog, { isOpen: props.open, shouldPrefetch: canBook, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}

export function DeleteEventDialog(props: ComponentProps<typeof LoadedDeleteEventDialog>) {
  const canBook = usePermission('book')
  const Loaded = useDeferred(deleteEventDialog, { isOpen: props.event !== null, shouldPrefetch: canBook, close: props.onClose })
  return Loaded ? <Loaded {...props} /> : null
}
