import { useId, useState, type ComponentProps } from 'react'
import { KeyRound, UserPlus } from 'lucide-react'
import { toast } from 'sonner'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { LoadingList } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { errorDescription } from '@web/lib/api-client'
import { formatDate } from '@web/lib/datetime'
import { deferred, useDeferred } from '@web/lib/deferred'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import {
  useInvitePortalContact,
  usePortalAccess,
  useRemoveRenter,
  useWithdrawPortalInvitation,
  type PortalInvitation,
  type PortalRenter,
} from '../portal-access-api'
import type { InviteContactDialog as LoadedInviteContactDialog } from './invite-contact-dialog'

// The form (react-hook-form and the shared schema) loads after the page has painted.
const inviteContactDialog = deferred(() => import('./invite-contact-dialog').then((module) => module.InviteContactDialog))

function InviteContactDialog(props: ComponentProps<typeof LoadedInviteContactDialog>) {
  const Loaded = useDeferred(inviteContactDialog, { isOpen: props.open, shouldPrefetch: true, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}

type PortalAccessProps = { clientId: string; clientName: string; className?: string }

/**
 * 'Portal Access' (docs/product.md#renters): the renters who speak for the client in the portal
 * and the invitations still open. The caller shows it only to who may manage the venue.
 */
export function PortalAccess({ clientId, clientName, className }: PortalAccessProps) {
  const access = usePortalAccess(clientId, true)
  const [isInviting, setIsInviting] = useState(false)
  const invite = useInvitePortalContact(clientId)
  const [removing, setRemoving] = useState<PortalRenter | null>(null)
  const headingId = useId()
  useQueryErrorToast(access, 'Failed to load portal access')

  const renters = access.data?.renters ?? []
  const invitations = access.data?.invitations ?? []

  return (
    <section aria-labelledby={headingId} className={className}>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle asChild>
            <h2 id={headingId}>{PORTAL_MESSAGES.sectionTitle}</h2>
          </CardTitle>
          <CardDescription>Contacts who see {clientName}'s bookings, hours and invoices in the renters' portal.</CardDescription>
          <CardAction>
            <Button variant="outline" onClick={() => setIsInviting(true)}>
              <UserPlus aria-hidden="true" />
              {PORTAL_MESSAGES.inviteContact}
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="grid gap-6">
          {access.isPending ? (
            <LoadingList label="Loading portal access..." rows={2} />
          ) : access.isSuccess ? (
            <>
              {renters.length ? (
                <ul className="divide-y rounded-lg border" aria-label={`Portal access of ${clientName}`}>
                  {renters.map((renter) => (
                    <li key={renter.userId} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-3">
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-words">{renter.name}</p>
                        <p className="text-sm break-all text-muted-foreground">{renter.email}</p>
                      </div>
                      <p className="text-sm whitespace-nowrap text-muted-foreground">Since {formatDate(renter.since)}</p>
                      <Button
                        variant="outline"
                        size="sm"
                        className="self-start sm:self-auto"
                        aria-label={`${PORTAL_MESSAGES.removeAccess} of ${renter.name}`}
                        onClick={() => setRemoving(renter)}
                      >
                        {PORTAL_MESSAGES.removeAccess}
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <KeyRound className="size-4 shrink-0" aria-hidden="true" />
                  No contact has portal access yet.
                </p>
              )}
              {invitations.length ? <OpenInvitations clientId={clientId} invitations={invitations} /> : null}
            </>
          ) : null}
        </CardContent>
      </Card>
      <InviteContactDialog clientName={clientName} onInvite={invite.mutateAsync} open={isInviting} onOpenChange={setIsInviting} />
      <RemoveAccessDialog clientId={clientId} clientName={clientName} renter={removing} onClose={() => setRemoving(null)} />
    </section>
  )
}

function OpenInvitations({ clientId, invitations }: { clientId: string; invitations: PortalInvitation[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Open Invitations
      </h3>
      <ul className="divide-y rounded-lg border" aria-labelledby={headingId}>
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-3">
            <p className="min-w-0 flex-1 font-medium break-all">{invitation.email}</p>
            <p className="text-sm whitespace-nowrap text-muted-foreground">Expires {formatDate(invitation.expiresAt)}</p>
            <WithdrawButton clientId={clientId} invitation={invitation} />
          </li>
        ))}
      </ul>
    </section>
  )
}

// No confirmation, as for a team invitation: a new invitation undoes it.
function WithdrawButton({ clientId, invitation }: { clientId: string; invitation: PortalInvitation }) {
  const withdraw = useWithdrawPortalInvitation(clientId)
  // mutateAsync: the refetched list drops this row, and this button, before mutate's callbacks run.
  const onWithdraw = () =>
    withdraw.mutateAsync(invitation.id).then(
      () => toast.success(PORTAL_MESSAGES.invitationWithdrawn),
      (error: unknown) => toast.error('Failed to withdraw invitation', { description: errorDescription(error) }),
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

type RemoveAccessDialogProps = { clientId: string; clientName: string; renter: PortalRenter | null; onClose: () => void }

// Removal is at once: the renter's next request to the portal no longer reaches this client.
function RemoveAccessDialog({ clientId, clientName, renter, onClose }: RemoveAccessDialogProps) {
  const remove = useRemoveRenter(clientId)
  const confirm = () => {
    if (!renter) return
    remove.mutate(renter.userId, {
      onSuccess: () => {
        toast.success(PORTAL_MESSAGES.accessRemoved)
        onClose()
      },
      onError: (error) => toast.error('Failed to remove access', { description: errorDescription(error) }),
    })
  }
  return (
    <ConfirmDialog
      open={renter !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={PORTAL_MESSAGES.removeAccessConfirm}
      description={`${renter?.name ?? ''} (${renter?.email ?? ''}) will no longer see ${clientName} in the portal. This takes effect at once.`}
      confirmLabel={PORTAL_MESSAGES.removeAccess}
      pendingLabel="Removing..."
      isPending={remove.isPending}
      onConfirm={confirm}
    />
  )
}
