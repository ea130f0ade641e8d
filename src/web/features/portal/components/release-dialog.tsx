import { toast } from 'sonner'
import { WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorDescription } from '@web/lib/api-client'
import { useReleaseBooking, type PortalBooking } from '../api'

type ReleaseDialogProps = { booking: PortalBooking; span: string; open: boolean; onOpenChange: (open: boolean) => void }

/** 'Release' asks first: the booking is cancelled, its hours go back to the contract and the time is offered to others. */
export function ReleaseDialog({ booking, span, open, onOpenChange }: ReleaseDialogProps) {
  const release = useReleaseBooking()
  const onConfirm = () =>
    release.mutate(booking.id, {
      onSuccess: () => {
        onOpenChange(false)
        toast.success(WAITLIST_MESSAGES.released)
      },
      onError: (error) => toast.error('Failed to release the booking', { description: errorDescription(error) }),
    })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Release this booking?"
      description={
        <>
          <p className="font-medium text-foreground">
            {booking.title}, {span}
          </p>
          <p className="mt-2">The booking is cancelled and its hours go back to your contract. The time is offered to others.</p>
        </>
      }
      confirmLabel="Release"
      pendingLabel="Releasing..."
      isPending={release.isPending}
      onConfirm={onConfirm}
    />
  )
}
