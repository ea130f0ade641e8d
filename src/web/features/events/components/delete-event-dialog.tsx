import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorDescription } from '@web/lib/api-client'
import { useDeleteEvent, type ScheduledEvent } from '../api'

type DeleteEventDialogProps = {
  event: ScheduledEvent | null
  onClose: () => void
}

// Every deletion asks first (docs/product.md#events). A split event is one booking, so both parts go together.
export function DeleteEventDialog({ event, onClose }: DeleteEventDialogProps) {
  const deleteEvent = useDeleteEvent()

  const confirm = () => {
    if (!event) return
    deleteEvent.mutate(event.id, {
      onSuccess: () => {
        toast.success('Event deleted successfully')
        onClose()
      },
      onError: (error) => toast.error('Failed to delete event', { description: errorDescription(error) }),
    })
  }

  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
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
    />
  )
}
