import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { ClosureDialog as LoadedClosureDialog } from './closure-dialog'
import type { HolidayClosuresDialog as LoadedHolidayClosuresDialog } from './holiday-closures-dialog'

// The Add Closure dialog as the facility page uses it: the component of closure-dialog.tsx, whose
// code (the form, react-hook-form, the shared schemas) loads after the page has rendered instead
// of with it, which keeps the page within its JavaScript budget (docs/benchmarks.md). Only who
// may manage the venue opens it.

const closureDialog = deferred(() => import('./closure-dialog').then((module) => module.ClosureDialog))

export function ClosureDialog(props: ComponentProps<typeof LoadedClosureDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(closureDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}

const holidayClosuresDialog = deferred(() => import('./holiday-closures-dialog').then((module) => module.HolidayClosuresDialog))

/** 'Add Public Holidays', loaded the same way. */
export function HolidayClosuresDialog(props: ComponentProps<typeof LoadedHolidayClosuresDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(holidayClosuresDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}
