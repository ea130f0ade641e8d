import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { AcceptAsSignedIn, useAuth } from '@web/features/auth'
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
  const { refresh } = useAuth()
  const navigate = useNavigate()
  const [isGone, setIsGone] = useState(false)

  const accept = async () => {
    try {
      await acceptPortalInvitation(token)
      onAccepted()
      // The account now speaks for the client: the portal reads it from the session's answer.
      await refresh()
      toast.success(`Welcome to ${invitation.organisationName}`)
      navigate('/portal', { replace: true })
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setIsGone(true)
      else toast.error('Failed to accept the invitation', { description: errorDescription(error) })
      return false
    }
  }

  return (
    <AcceptAsSignedIn
      signedInEmail={signedInEmail}
      invitedEmail={invitation.email}
      wrongEmailMessage={PORTAL_MESSAGES.wrongEmail}
      goneMessage={isGone ? PORTAL_MESSAGES.invitationGone : null}
      onAccept={accept}
    />
  )
}
