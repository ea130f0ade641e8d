import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { ROLE_LABELS, ROLES, type Role } from '@shared/team/roles'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { useAuth } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { formatDate } from '@web/lib/datetime'
import { useChangeRole, useRemoveMember, type Member } from '../api'

type MemberListProps = {
  members: Member[]
  organisationName: string
  /** Owners change roles and remove members; everyone else reads the list. */
  canManage: boolean
}

export function MemberList({ members, organisationName, canManage }: MemberListProps) {
  const { user } = useAuth()
  const [pendingRemoval, setPendingRemoval] = useState<Member | null>(null)

  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="Members">
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isSelf={member.userId === user?.id}
            canManage={canManage}
            onRemove={setPendingRemoval}
          />
        ))}
      </ul>
      {pendingRemoval ? (
        <RemoveMemberDialog
          key={pendingRemoval.userId}
          member={pendingRemoval}
          organisationName={organisationName}
          onClose={() => setPendingRemoval(null)}
        />
      ) : null}
    </>
  )
}

type MemberRowProps = {
  member: Member
  isSelf: boolean
  canManage: boolean
  onRemove: (member: Member) => void
}

function MemberRow({ member, isSelf, canManage, onRemove }: MemberRowProps) {
  const { refresh } = useAuth()
  const changeRole = useChangeRole()
  // The chosen role shows while the change is under way; a refused change falls back to the stored one.
  const role = changeRole.isPending ? changeRole.variables.role : member.role

  const onRoleChange = (next: Role) =>
    changeRole.mutate(
      { userId: member.userId, role: next },
      {
        onSuccess: async (updated) => {
          toast.success(`${updated.name} is now ${ROLE_LABELS[updated.role]}`)
          // An owner who hands over their own role sees the page as their new role allows.
          if (isSelf) await refresh()
        },
        onError: (error) => toast.error(errorDescription(error) ?? 'Failed to change role'),
      },
    )

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {member.name}
          {isSelf ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
        </p>
        <p className="text-sm break-all text-muted-foreground">{member.email}</p>
      </div>
      <p className="text-sm whitespace-nowrap text-muted-foreground sm:w-36">Joined {formatDate(member.joinedAt)}</p>
      <div className="flex items-center gap-2 sm:w-56 sm:justify-end">
        {canManage ? (
          <>
            <div className="w-40">
              <NativeSelect
                aria-label={`Role for ${member.email}`}
                value={role}
                disabled={changeRole.isPending}
                onChange={(event) => onRoleChange(event.target.value as Role)}
              >
                {ROLES.map((option) => (
                  <NativeSelectOption key={option} value={option}>
                    {ROLE_LABELS[option]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            {/* Owners leave with 'Leave Organisation', like everyone else. */}
            {isSelf ? (
              <span className="size-9 shrink-0" aria-hidden="true" />
            ) : (
              <Button variant="ghost" size="icon" aria-label={`Remove ${member.email}`} onClick={() => onRemove(member)}>
                <Trash2 className="text-destructive" aria-hidden="true" />
              </Button>
            )}
          </>
        ) : (
          <Badge variant="secondary">
            <span className="sr-only">Role: </span>
            {ROLE_LABELS[member.role]}
          </Badge>
        )}
      </div>
    </li>
  )
}

function RemoveMemberDialog({ member, organisationName, onClose }: { member: Member; organisationName: string; onClose: () => void }) {
  const removeMember = useRemoveMember()

  const confirm = () =>
    removeMember.mutate(member.userId, {
      onSuccess: () => {
        toast.success('Member removed')
        onClose()
      },
      onError: (error) => {
        toast.error(errorDescription(error) ?? 'Failed to remove member')
        onClose()
      },
    })

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open || removeMember.isPending ? undefined : onClose())}
      title="Remove Member?"
      description={
        <p>
          {member.name} ({member.email}) will lose access to {organisationName}. Only a new invitation brings them back.
        </p>
      }
      confirmLabel="Remove"
      pendingLabel="Removing..."
      isPending={removeMember.isPending}
      onConfirm={confirm}
    />
  )
}
