import { useState } from 'react'
import { Button } from '@web/components/ui/button'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { PortalBooking } from '../api'

// The dialog's code (and the dialog primitives under it) loads when the pointer or focus reaches
// a Release button, or when one opens, never with My Bookings: the portal's first page stays
// small for a phone (scripts/check-bundle-budgets.ts).
const releaseDialog = deferred(() => import('./release-dialog').then((module) => module.ReleaseDialog))

/** 'Release' on an upcoming booking still releasable (docs/product.md#renters). */
export function ReleaseButton({ booking, span }: { booking: PortalBooking; span: string }) {
  const [isOpen, setIsOpen] = useState(false)
  const Dialog = useDeferred(releaseDialog, { isOpen, shouldPrefetch: false, close: () => setIsOpen(false) })
  const prefetch = () => void releaseDialog.load().catch(() => undefined)
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setIsOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-label={`Release ${booking.title}, ${span}`}
      >
        Release
      </Button>
      {Dialog ? <Dialog booking={booking} span={span} open={isOpen} onOpenChange={setIsOpen} /> : null}
    </>
  )
}
