import { useState } from 'react'
import { toast } from 'sonner'
import type { SeriesScope } from '@shared/events/schema'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorDescription } from '@web/lib/api-client'
import { useDeleteEvent, type ScheduledEvent } from '../api'
import { SeriesLine, SeriesScopeField } from './series-controls'

type DeleteEventDialogProps = {
  event: ScheduledEvent | null
  onClose: () => void
}

const DELETED_MESSAGES: Record<SeriesScope, string> = {
  this: 'Event deleted successfully',
  following: 'This and the following events deleted',
  all: 'Series deleted',
}

// Every deletion asks first (docs/product.md#events). A split event is one booking, so both parts go
// together; an event of a series can take the following ones or the whole series with it (docs/product.md#series).
export function DeleteEventDialog({ event, onClose }: DeleteEventDialogProps) {
  const deleteEvent = useDeleteEvent()
  const [scope, setScope] = useState<SeriesScope>('this')
  const close = () => {
    setScope('this')
    onClose()
  }

  const confirm = () => {
    if (!event) return
    deleteEvent.mutate(
      { id: event.id, scope: event.seriesId ? scope : 'this' },
      {
        onSuccess: () => {
          toast.success(DELETED_MESSAGES[event.seriesId ? scope : 'this'])
          close()
        },
        onError: (error) => toast.error('Failed to delete event', { description: errorDescription(error) }),
      },
    )
  }

  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Delete Event?"
      description={
        <>
          <p>
            “{event?.title}” will be permanently deleted. Hours it charged to the client’s contract are given back. This cannot be undone.
          </p>
          {event?.eventGroupId ? (
            <p className="mt-2">It is one part of an event split at midnight: the other part is deleted too.</p>
          ) : null}
        </>
      }
      isPending={deleteEvent.isPending}
      onConfirm={confirm}
    >
      {event?.seriesId ? (
        <div className="grid gap-3">
          <SeriesLine seriesId={event.seriesId} />
          <SeriesScopeField legend="Delete" value={scope} onChange={setScope} />
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
