import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { FacilityDialog as LoadedFacilityDialog } from './facility-dialog'
import type { RoomDialog as LoadedRoomDialog } from './room-dialog'

// The space and facility dialogs as the facilities, facility and room pages use them: the components of
// room-dialog.tsx and facility-dialog.tsx, whose code (the form, react-hook-form, the shared
// schemas) loads after the page has rendered instead of with it, which keeps the pages within
// their JavaScript budget (docs/benchmarks.md). Only who may manage the venue opens them.

const roomDialog = deferred(() => import('./room-dialog').then((module) => module.RoomDialog))
const facilityDialog = deferred(() => import('./facility-dialog').then((module) => module.FacilityDialog))

export function RoomDialog(props: ComponentProps<typeof LoadedRoomDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(roomDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}

/** Fetches the facility dialog's code ahead of a click: for a button's pointer-enter and focus. */
export const prefetchFacilityDialog = () => void facilityDialog.load().catch(() => undefined)

/**
 * `prefetch="intent"` leaves the fetching ahead to the button that opens it (prefetchFacilityDialog)
 * rather than the page's first idle moment: for a page where opening it is rare.
 */
export function FacilityDialog({
  prefetch = 'idle',
  ...props
}: ComponentProps<typeof LoadedFacilityDialog> & { prefetch?: 'idle' | 'intent' }) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(facilityDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue && prefetch === 'idle',
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}
