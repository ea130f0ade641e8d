import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { CreateRoomDialog as LoadedCreateRoomDialog } from './create-room-dialog'

// Create New Space as the facility page uses it: the component of create-room-dialog.tsx, whose
// code (its form, react-hook-form, the shared schemas) loads after the page has rendered instead
// of with it, which keeps the page within its JavaScript budget (docs/benchmarks.md).

const createRoomDialog = deferred(() => import('./create-room-dialog').then((module) => module.CreateRoomDialog))

export function CreateRoomDialog(props: ComponentProps<typeof LoadedCreateRoomDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(createRoomDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}
