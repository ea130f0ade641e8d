import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { portalInvitationInput, type PortalInvitationInput } from '@shared/portal/schema'
import { InvitationLink } from '@web/components/invitation-link'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { errorDescription } from '@web/lib/api-client'
import { formatDateTime } from '@web/lib/datetime'
import type { PortalInvitationCreated } from '../portal-access-api'

/** Creates the invitation: the section's mutation, so that this file loads nothing of the page's own. */
type Invite = (input: PortalInvitationInput) => Promise<PortalInvitationCreated>

type InviteContactDialogProps = {
  clientName: string
  onInvite: Invite
  open: boolean
  onOpenChange: (open: boolean) => void
}

// 'Invite Contact' (docs/product.md#renters): the contact is emailed a one-time link, and the link
// is shown here to copy, as the Team page shows a member's. The content mounts on each opening:
// every opening starts from a blank form.
export function InviteContactDialog({ clientName, onInvite, open, onOpenChange }: InviteContactDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <InviteContact clientName={clientName} onInvite={onInvite} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

// The form, then the link it created in its place.
function InviteContact({ clientName, onInvite, onDone }: { clientName: string; onInvite: Invite; onDone: () => void }) {
  const [created, setCreated] = useState<PortalInvitationCreated | null>(null)
  return (
    <>
      <DialogHeader>
        <DialogTitle>{PORTAL_MESSAGES.inviteContact}</DialogTitle>
        <DialogDescription>
          {created
            ? `We emailed this one-time link to ${created.invitation.email}. You can also send it yourself. It works once and expires ${formatDateTime(created.invitation.expiresAt)}.`
            : `The contact gets a link by email to see ${clientName}'s bookings, hours and invoices in the renters' portal.`}
        </DialogDescription>
      </DialogHeader>
      {created ? (
        <InvitationLink link={created.url} onDone={onDone} />
      ) : (
        <InviteForm onInvite={onInvite} onCreated={setCreated} onCancel={onDone} />
      )}
    </>
  )
}

type InviteFormProps = { onInvite: Invite; onCreated: (created: PortalInvitationCreated) => void; onCancel: () => void }

function InviteForm({ onInvite, onCreated, onCancel }: InviteFormProps) {
  const form = useForm<PortalInvitationInput>({ resolver: zodResolver(portalInvitationInput), defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((input) =>
    onInvite(input).then(
      (created) => {
        toast.success(PORTAL_MESSAGES.invitationSent)
        onCreated(created)
      },
      (error: unknown) => {
        toast.error('Failed to invite contact', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="off" maxLength={LIMITS.profile.email} {...form.register('email')} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Inviting...' : PORTAL_MESSAGES.inviteContact}
        </Button>
      </DialogFooter>
    </form>
  )
}
