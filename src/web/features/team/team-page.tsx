import { useState } from 'react'
import { UserPlus, UsersRound } from 'lucide-react'
import { TEAM_MESSAGES } from '@shared/team/messages'
import { can, isSoleOwner } from '@shared/team/roles'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { useAuth } from '@web/features/auth'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useMembers, type Membership } from './api'
import { InvitationList } from './components/invitation-list'
import { InviteMemberDialog } from './components/invite-member-dialog'
import { LeaveOrganisationButton } from './components/leave-organisation-button'
import { MemberList } from './components/member-list'
import { RenameOrganisationForm } from './components/rename-organisation-form'

export function TeamPage() {
  const { user } = useAuth()
  const organisation = user?.organisation ?? null

  if (!organisation) {
    return (
      <div>
        <PageHeader title="Team" />
        <EmptyState icon={UsersRound} title={TEAM_MESSAGES.noOrganisation} description="Ask an owner for an invitation link." />
      </div>
    )
  }
  // Every member sees the team; only an owner manages it (the server checks the same table).
  return <Team organisation={organisation} canManage={can(organisation.role, 'manageTeam')} />
}

function Team({ organisation, canManage }: { organisation: Membership; canManage: boolean }) {
  const members = useMembers()
  const [inviting, setInviting] = useState(false)

  useQueryErrorToast(members, 'Failed to load team members')

  return (
    <div>
      <PageHeader
        title="Team"
        description={`The people who work in ${organisation.name}`}
        actions={
          <>
            {canManage ? (
              <Button onClick={() => setInviting(true)}>
                <UserPlus aria-hidden="true" />
                Invite Member
              </Button>
            ) : null}
            {/* The sole Owner cannot leave (the server refuses it too), so the page says why instead. */}
            {members.data && isSoleOwner(organisation.role, members.data) ? (
              <p className="max-w-64 text-sm text-muted-foreground">
                You are the only Owner, so you can't leave. Make another member an Owner first.
              </p>
            ) : (
              <LeaveOrganisationButton organisation={organisation} />
            )}
          </>
        }
      />
      <div className="grid gap-8">
        {canManage ? <RenameOrganisationForm key={organisation.id} name={organisation.name} /> : null}
        <section aria-labelledby="members-heading">
          <h2 id="members-heading" className="mb-3 text-lg font-semibold">
            Members
          </h2>
          {members.isPending ? (
            <LoadingList label="Loading members..." />
          ) : members.data ? (
            <MemberList members={members.data} organisationName={organisation.name} canManage={canManage} />
          ) : null}
        </section>
        {canManage ? <InvitationList /> : null}
      </div>
      {canManage ? <InviteMemberDialog open={inviting} onOpenChange={setInviting} organisationName={organisation.name} /> : null}
    </div>
  )
}
