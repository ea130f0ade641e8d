import { toast } from 'sonner'
import { TEAM_MESSAGES } from '@shared/team/messages'
import { ROLE_LABELS } from '@shared/team/roles'
import { Button } from '@web/components/ui/button'
import { errorDescription } from '@web/lib/api-client'
import { formatDate } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useInvitations, useWithdrawInvitation, type Invitation } from '../api'
import { LoadingList } from '@web/components/loading-screen'

/**
 * The owner's open invitations: who was invited, as what, and until when the link works.
 * 'Withdraw' ends a link at once (docs/product.md#teams); no confirmation, for a new invitation
 * undoes it.
 */
export function InvitationList() {
  const invitations = useInvitations(true)
  useQueryErrorToast(invitations, 'Failed to load invitations')

  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
        Open Invitations
      </h2>
      {invitations.isPending ? (
        <LoadingList label="Loading invitations..." rows={2} />
      ) : invitations.data?.length ? (
        <ul className="divide-y rounded-lg border" aria-label="Open invitations">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-3">
              <p className="min-w-0 flex-1 font-medium break-all">{invitation.email}</p>
              <p className="text-sm text-muted-foreground">{ROLE_LABELS[invitation.role]}</p>
              <p className="text-sm whitespace-nowrap text-muted-foreground sm:w-44 sm:text-right">
                Expires {formatDate(invitation.expiresAt)}
              </p>
              <WithdrawButton invitation={invitation} />
            </li>
          ))}
        </ul>
      ) : invitations.isSuccess ? (
        <p className="text-sm text-muted-foreground">No open invitations.</p>
      ) : null}
    </section>
  )
}

function WithdrawButton({ invitation }: { invitation: Invitation }) {
  const withdraw = useWithdrawInvitation()
  // mutateAsync: the refetched list drops this row, and this button, before mutate's callbacks run.
  const onWithdraw = () =>
    withdraw.mutateAsync(invitation.id).then(
      () => toast.success(TEAM_MESSAGES.invitationWithdrawn),
      (error: unknown) => toast.error(errorDescription(error) ?? 'Failed to withdraw invitation'),
    )
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-start sm:self-auto"
      aria-label={`Withdraw invitation for ${invitation.email}`}
      disabled={withdraw.isPending}
      onClick={onWithdraw}
    >
      {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
    </Button>
  )
}
