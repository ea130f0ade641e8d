import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import { TEAM_MESSAGES } from '@shared/team/messages'
import { grantableRoles, ROLE_LABELS } from '@shared/team/roles'
import { invitationInput, type InvitationInput } from '@shared/team/schema'
import { InvitationLink } from '@web/components/invitation-link'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { useAuth } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { formatDateTime } from '@web/lib/datetime'
import { useCreateInvitation, type InvitationCreated } from '../api'

type InviteMemberDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  organisationName: string
}

// The content mounts on each opening: every opening starts from a blank form.
export function InviteMemberDialog({ open, onOpenChange, organisationName }: InviteMemberDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <InviteMember organisationName={organisationName} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

// The form, then the link it created in its place.
function InviteMember({ organisationName, onDone }: { organisationName: string; onDone: () => void }) {
  const [created, setCreated] = useState<InvitationCreated | null>(null)
  return (
    <>
      <DialogHeader>
        <DialogTitle>Invite Member</DialogTitle>
        <DialogDescription>
          {created
            ? `Send this one-time link to ${created.invitation.email}. It works once and expires ${formatDateTime(created.invitation.expiresAt)}.`
            : `Create a one-time link that lets someone join ${organisationName}. It works for ${LIMITS.organisation.invitationDays} days.`}
        </DialogDescription>
      </DialogHeader>
      {created ? <InvitationLink link={created.link} onDone={onDone} /> : <InviteForm onCreated={setCreated} onCancel={onDone} />}
    </>
  )
}

function InviteForm({ onCreated, onCancel }: { onCreated: (created: InvitationCreated) => void; onCancel: () => void }) {
  const createInvitation = useCreateInvitation()
  // Only roles up to the inviter's own (the server refuses any above it).
  const roles = grantableRoles(useAuth().user?.organisation?.role)
  // The least access by default: the owner raises it on purpose.
  const form = useForm<InvitationInput>({ resolver: zodResolver(invitationInput), defaultValues: { email: '', role: 'front_desk' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((input) =>
    createInvitation.mutateAsync(input).then(
      (created) => {
        toast.success(TEAM_MESSAGES.invitationCreated)
        onCreated(created)
      },
      (error: unknown) => toast.error('Failed to create invitation', { description: errorDescription(error) }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="off" maxLength={LIMITS.profile.email} {...form.register('email')} />}
      </FormField>
      <FormField label="Role" error={errors.role?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('role')}>
            {roles.map((role) => (
              <NativeSelectOption key={role} value={role}>
                {ROLE_LABELS[role]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Invitation'}
        </Button>
      </DialogFooter>
    </form>
  )
}
