import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { Button } from '@web/components/ui/button'
import { useAuth } from '@web/features/auth'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { acceptPortalInvitation, type PortalInvitationPreview } from '../invitation-api'

type AcceptProps = {
  token: string
  invitation: PortalInvitationPreview
  signedInEmail: string
  onAccepted: () => void
}

/**
 * An invitation link opened by an account already signed in (an operator may speak for a client
 * too): it accepts, and the portal opens. Another email is refused by the server; the page says
 * so first and offers to sign out.
 */
export function AcceptPortalInvitation({ token, invitation, signedInEmail, onAccepted }: AcceptProps) {
  const { refresh, signOut } = useAuth()
  const navigate = useNavigate()
  const [isPending, setIsPending] = useState(false)
  const [isGone, setIsGone] = useState(false)
  const isOtherEmail = signedInEmail.toLowerCase() !== invitation.email.toLowerCase()

  const accept = async () => {
    setIsPending(true)
    try {
      await acceptPortalInvitation(token)
      onAccepted()
      // The account now speaks for the client: the portal reads it from the session's answer.
      await refresh()
      toast.success(`Welcome to ${invitation.organisationName}`)
      navigate('/portal', { replace: true })
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setIsGone(true)
      else toast.error('Failed to accept the invitation', { description: errorDescription(error) })
      setIsPending(false)
    }
  }

  const switchAccount = async () => {
    try {
      await signOut()
    } catch {
      toast.error('Failed to sign out')
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm break-words text-muted-foreground">You are signed in as {signedInEmail}.</p>
      {isGone ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {PORTAL_MESSAGES.invitationGone}
        </p>
      ) : isOtherEmail ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" role="note">
          {PORTAL_MESSAGES.wrongEmail}
        </p>
      ) : null}
      {isGone ? null : (
        <Button onClick={() => void accept()} disabled={isPending} className="w-full">
          {isPending ? 'Accepting...' : 'Accept Invitation'}
        </Button>
      )}
      {isOtherEmail ? (
        <Button variant="outline" onClick={() => void switchAccount()} className="w-full">
          Sign Out
        </Button>
      ) : null}
    </div>
  )
}
