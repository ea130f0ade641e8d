import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@web/components/ui/button'
import { useAuth } from './auth-provider'

type AcceptAsSignedInProps = {
  signedInEmail: string
  invitedEmail: string
  /** Said before accepting when the link was sent to another address: the server refuses it. */
  wrongEmailMessage: string
  /** Said instead of the button once the link turned out used up or withdrawn. */
  goneMessage?: string | null
  /** Accepts the link; true when it was accepted, and the page moves on. */
  onAccept: () => Promise<boolean>
}

/**
 * An invitation link (to a team or to a client's portal) opened by an account already signed in:
 * 'Accept Invitation', and when the link was sent to another address, 'Sign Out' to switch.
 */
export function AcceptAsSignedIn({ signedInEmail, invitedEmail, wrongEmailMessage, goneMessage, onAccept }: AcceptAsSignedInProps) {
  const { signOut } = useAuth()
  const [isPending, setIsPending] = useState(false)
  const isOtherEmail = signedInEmail.toLowerCase() !== invitedEmail.toLowerCase()

  const accept = async () => {
    setIsPending(true)
    if (!(await onAccept())) setIsPending(false)
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
      {goneMessage ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {goneMessage}
        </p>
      ) : isOtherEmail ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" role="note">
          {wrongEmailMessage}
        </p>
      ) : null}
      {goneMessage ? null : (
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
