import { toast } from 'sonner'
import { WAITLIST_MESSAGES } from '@shared/renting/waitlist'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorDescription } from '@web/lib/api-client'
import { useReleaseBooking, type PortalBooking } from '../api'

type ReleaseDialogProps = { booking: PortalBooking; span: string; open: boolean; onOpenChange: (open: boolean) => void }

/** 'Release' asks first: the booking is cancelled, its hours go back to the contract and the time is offered to others. */
export function ReleaseDialog({ booking, span, open, onOpenChange }: ReleaseDialogProps) {
  const release = useReleaseBooking()
  // Awaited rather than given callbacks: the released booking leaves the list, and this dialog
  // with it, before a callback of mutate() could run.
  const onConfirm = async () => {
    try {
      await release.mutateAsync(booking.id)
      toast.success(WAITLIST_MESSAGES.released)
      onOpenChange(false)
    } catch (error) {
      toast.error('Failed to release the booking', { description: errorDescription(error) })
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Release Booking?"
      description={`“${booking.title}” (${span}) is cancelled: its hours go back to your contract and the time is offered to the waitlist.`}
      confirmLabel="Release"
      pendingLabel="Releasing..."
      isPending={release.isPending}
      onConfirm={() => void onConfirm()}
    />
  )
}
