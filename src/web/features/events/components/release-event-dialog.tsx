import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { releaseEventResponse } from '@shared/renting/waitlist-responses'
import { WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { apiFetch, errorDescription } from '@web/lib/api-client'
import { useInvalidateSchedules, type ScheduledEvent } from '../api'

type ReleaseEventDialogProps = {
  event: ScheduledEvent
  open: boolean
  onOpenChange: (open: boolean) => void
  /** After the release: the event is gone, so whatever showed it closes. */
  onReleased: () => void
}

/**
 * 'Release' (docs/product.md#renters): the booking is cancelled, its hours go back to the contract
 * and its time is offered to the waitlist. Here rather than in api.ts, which the booking dialogs
 * load: only this dialog, loaded when it opens, needs it.
 */
function useReleaseEvent() {
  const invalidate = useInvalidateSchedules()
  return useMutation({
    mutationFn: (id: string) => apiFetch<z.infer<typeof releaseEventResponse>>(`/api/events/${id}/release`, { method: 'POST' }),
    onSuccess: invalidate,
  })
}

// 'Release' asks first, as a deletion does.
export function ReleaseEventDialog({ event, open, onOpenChange, onReleased }: ReleaseEventDialogProps) {
  const release = useReleaseEvent()
  const confirm = () =>
    release.mutate(event.id, {
      onSuccess: () => {
        toast.success(WAITLIST_MESSAGES.released)
        onOpenChange(false)
        onReleased()
      },
      onError: (error) => toast.error('Failed to release booking', { description: errorDescription(error) }),
    })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Release Booking?"
      description={
        <>
          <p>“{event.title}” is cancelled: the hours go back to the contract and the time is offered to the waitlist.</p>
          {event.eventGroupId ? (
            <p className="mt-2">It is one part of an event split at midnight: the other part is released too.</p>
          ) : null}
        </>
      }
      confirmLabel="Release"
      pendingLabel="Releasing..."
      isPending={release.isPending}
      onConfirm={confirm}
    />
  )
}
