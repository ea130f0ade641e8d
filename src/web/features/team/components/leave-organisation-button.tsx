import { useState } from 'react'
import { LogOut } from 'lucide-react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Button } from '@web/components/ui/button'
import { errorDescription } from '@web/lib/api-client'
import { leaveOrganisation, useOrganisationChanged, type Membership } from '../api'

/**
 * Any member may leave; the server refuses the last owner and says why. Leaving asks first, as it
 * cannot be undone without a new invitation.
 */
export function LeaveOrganisationButton({ organisation }: { organisation: Membership }) {
  const [open, setOpen] = useState(false)
  const [isPending, setIsPending] = useState(false)
  const navigate = useNavigate()
  const organisationChanged = useOrganisationChanged()

  const leave = async () => {
    setIsPending(true)
    try {
      await leaveOrganisation()
      setOpen(false)
      // Away from the team page first, so nothing of the organisation left is fetched again.
      navigate('/facilities')
      await organisationChanged()
      toast.success(`You left ${organisation.name}`)
    } catch (error) {
      setOpen(false)
      toast.error(errorDescription(error) ?? 'Failed to leave organisation')
    } finally {
      setIsPending(false)
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" />
        Leave Organisation
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => (isPending ? undefined : setOpen(next))}
        title="Leave Organisation?"
        description={`You will no longer see the facilities, events and clients of ${organisation.name}. Only a new invitation brings you back.`}
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        isPending={isPending}
        onConfirm={() => void leave()}
      />
    </>
  )
}
