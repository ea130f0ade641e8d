import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { formatDate, formatTimeRange } from '@web/lib/datetime'
import { usePermission } from '@web/features/auth'
import type { PlacedEvent, ScheduledEvent } from '../api'
import { PendingBadge, pendingHatch } from '../pending'

export type PendingRequestTarget = {
  event: ScheduledEvent & Partial<Pick<PlacedEvent, 'roomName' | 'facilityName'>>
  timeZone: string
}

type PendingRequestDialogProps = {
  target: PendingRequestTarget | null
  onClose: () => void
}

/**
 * What a click on a renter's pending request shows on a calendar, a list or the timeline
 * (docs/product.md#renters): what it holds, and where it is answered. It is never edited as an event.
 */
export function PendingRequestDialog({ target, onClose }: PendingRequestDialogProps) {
  const canBook = usePermission('book')
  const event = target?.event
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pending request</DialogTitle>
          <DialogDescription>
            A renter asked for this ice. It is held for them until the request is approved, declined, withdrawn or expires.
          </DialogDescription>
        </DialogHeader>
        {event && target ? (
          <div className="grid gap-1 rounded-md border p-3 text-sm" style={pendingHatch(event.color)}>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <PendingBadge />
              <p className="min-w-0 font-medium break-words">{event.title}</p>
            </div>
            <p>
              <time dateTime={event.startTime}>
                {formatDate(event.startTime, target.timeZone)} · {formatTimeRange(event.startTime, event.endTime, target.timeZone)}
              </time>
            </p>
            {event.roomName ? (
              <p className="break-words">{event.facilityName ? `${event.roomName} - ${event.facilityName}` : event.roomName}</p>
            ) : null}
          </div>
        ) : null}
        {canBook ? (
          <DialogFooter>
            <Button asChild>
              <Link to="/requests" onClick={onClose}>
                Open Requests
              </Link>
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
