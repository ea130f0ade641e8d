import { useEffect, useState } from 'react'
import { Copy, KeyRound, Mail, ShieldCheck, ShieldOff, Wand2 } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { toast } from 'sonner'
import { PageHeader } from '@web/components/page-header'
import { LoadingList } from '@web/components/loading-screen'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { Input } from '@web/components/ui/input'
import { useAuth } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { formatDate, formatDateTime } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useApproveUser, useResetPassword, useRevokeUser, useUsers, type AdminUser } from './api'

export function AdminPage() {
  const { user } = useAuth()
  const isAdmin = Boolean(user?.isAdmin)

  useEffect(() => {
    if (user && !isAdmin) toast.error('Access Denied', { description: "You don't have admin privileges" })
  }, [user, isAdmin])

  if (!isAdmin) return <Navigate to="/dashboard" replace />
  return <UsersAdministration currentUserId={user!.id} />
}

function UsersAdministration({ currentUserId }: { currentUserId: string }) {
  const users = useUsers(true)
  const approve = useApproveUser()
  const revoke = useRevokeUser()
  const resetPassword = useResetPassword()
  const [resetLink, setResetLink] = useState<{ email: string; link: string; expiresAt: string } | null>(null)

  useQueryErrorToast(users, 'Error loading users')

  const onApprove = (target: AdminUser) =>
    approve.mutate(target.id, {
      onSuccess: () => toast.success('User approved', { description: 'User can now access the system' }),
      onError: (error) => toast.error('Error approving user', { description: errorDescription(error) }),
    })

  const onRevoke = (target: AdminUser) =>
    revoke.mutate(target.id, {
      onSuccess: () => toast.success('User access revoked'),
      onError: (error) => toast.error('Error revoking access', { description: errorDescription(error) }),
    })

  const onResetPassword = (target: AdminUser) =>
    resetPassword.mutate(target.id, {
      onSuccess: (result) => {
        toast.success('Password reset link generated')
        setResetLink({ email: target.email, link: result.resetLink, expiresAt: result.expiresAt })
      },
      onError: (error) => toast.error('Error resetting password', { description: errorDescription(error) }),
    })

  const rows = orderForAttention(users.data ?? [])
  const actions: UserActions = {
    currentUserId,
    isBusy: approve.isPending || revoke.isPending || resetPassword.isPending,
    onApprove,
    onRevoke,
    onResetPassword,
  }

  return (
    <div>
      <PageHeader
        title="Admin Dashboard"
        description="Approve new operators, revoke access and reset passwords."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/mail">
              <Mail aria-hidden="true" />
              All Mail
            </Link>
          </Button>
        }
      />
      {users.isPending ? (
        <LoadingList label="Loading users..." rows={5} />
      ) : (
        <>
          <AttentionSummary users={rows} />
          {/* A table from the tablet up; on a phone each account is a card, its actions under it. */}
          <div className="hidden overflow-x-auto rounded-lg border md:block">
            <UsersTable users={rows} actions={actions} />
          </div>
          <ul className="grid gap-3 md:hidden" aria-label="Users">
            {rows.map((row) => (
              <li key={row.id}>
                <UserCard user={row} actions={actions} />
              </li>
            ))}
          </ul>
        </>
      )}
      {/* For trying the wizard out, not everyday work: kept on the page, out of the way. */}
      <section aria-labelledby="admin-tools-heading" className="mt-10 border-t pt-6">
        <h2 id="admin-tools-heading" className="text-sm font-medium text-muted-foreground">
          Tools
        </h2>
        <Button asChild variant="link" className="mt-1 h-auto px-0 has-[>svg]:px-0">
          <Link to="/setup">
            <Wand2 aria-hidden="true" />
            Test Setup Wizard
          </Link>
        </Button>
      </section>
      <ResetLinkDialog value={resetLink} onClose={() => setResetLink(null)} />
    </div>
  )
}

/**
 * Those waiting for the admin come first: pending accounts, then those that asked for a reset
 * link; newest first within each, as the API lists them (Array.sort keeps that order).
 */
function orderForAttention(users: AdminUser[]): AdminUser[] {
  const rank = (user: AdminUser) => (!user.approved ? 0 : user.resetRequestedAt ? 1 : 2)
  return [...users].sort((a, b) => rank(a) - rank(b))
}

function AttentionSummary({ users }: { users: AdminUser[] }) {
  const pending = users.filter((user) => !user.approved).length
  const resets = users.filter((user) => user.resetRequestedAt).length
  if (pending === 0 && resets === 0) return null
  const parts = [
    pending > 0 ? `${pending} ${pending === 1 ? 'account waits' : 'accounts wait'} for approval` : null,
    resets > 0 ? `${resets} password reset ${resets === 1 ? 'request' : 'requests'}` : null,
  ].filter(Boolean)
  return (
    <p role="status" className="mb-4 text-sm text-muted-foreground">
      {parts.join(' · ')}. They are listed first.
    </p>
  )
}

type UserActions = {
  currentUserId: string
  isBusy: boolean
  onApprove: (user: AdminUser) => void
  onRevoke: (user: AdminUser) => void
  onResetPassword: (user: AdminUser) => void
}

function StatusBadges({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant={user.approved ? 'default' : 'secondary'}>{user.approved ? 'Approved' : 'Pending'}</Badge>
      {user.role === 'admin' ? <Badge variant="outline">Admin</Badge> : null}
      {user.resetRequestedAt ? (
        <Badge variant="outline" title={`Asked ${formatDateTime(user.resetRequestedAt)}`}>
          <KeyRound aria-hidden="true" />
          Reset requested
        </Badge>
      ) : null}
    </div>
  )
}

// The actions on one account; the labels name it, since every row has the same buttons.
function UserActionButtons({ user, actions, isWide = false }: { user: AdminUser; actions: UserActions; isWide?: boolean }) {
  const size = isWide ? 'default' : 'sm'
  return (
    <div className={isWide ? 'grid grid-cols-2 gap-2' : 'flex flex-wrap gap-2'}>
      {user.approved ? (
        <Button
          size={size}
          variant="outline"
          disabled={user.id === actions.currentUserId || actions.isBusy}
          onClick={() => actions.onRevoke(user)}
          aria-label={`Revoke ${user.email}`}
        >
          <ShieldOff aria-hidden="true" />
          Revoke
        </Button>
      ) : (
        <Button size={size} disabled={actions.isBusy} onClick={() => actions.onApprove(user)} aria-label={`Approve ${user.email}`}>
          <ShieldCheck aria-hidden="true" />
          Approve
        </Button>
      )}
      <Button
        size={size}
        variant={user.resetRequestedAt ? 'default' : 'secondary'}
        disabled={actions.isBusy}
        onClick={() => actions.onResetPassword(user)}
        aria-label={`Reset password for ${user.email}`}
      >
        <KeyRound aria-hidden="true" />
        Reset password
      </Button>
    </div>
  )
}

function UsersTable({ users, actions }: { users: AdminUser[]; actions: UserActions }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Users</caption>
      <thead className="bg-muted/50 text-left">
        <tr>
          <th scope="col" className="px-4 py-3 font-medium">
            Email
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Full Name
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Status
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Created At
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((row) => (
          <tr key={row.id} className="border-t">
            <td className="px-4 py-3 break-all">{row.email}</td>
            <td className="px-4 py-3">{row.name}</td>
            <td className="px-4 py-3">
              <StatusBadges user={row} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.createdAt)}</td>
            <td className="px-4 py-3">
              <UserActionButtons user={row} actions={actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function UserCard({ user, actions }: { user: AdminUser; actions: UserActions }) {
  return (
    <article aria-label={user.email} className="rounded-lg border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{user.name}</p>
          <p className="break-all text-muted-foreground">{user.email}</p>
        </div>
        <StatusBadges user={user} />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">Created {formatDate(user.createdAt)}</p>
      <div className="mt-3">
        <UserActionButtons user={user} actions={actions} isWide />
      </div>
    </article>
  )
}

function ResetLinkDialog({ value, onClose }: { value: { email: string; link: string; expiresAt: string } | null; onClose: () => void }) {
  const copy = async () => {
    if (!value) return
    try {
      await navigator.clipboard.writeText(value.link)
      toast.success('Reset link copied to clipboard!')
    } catch {
      toast.error('Could not copy. Select the link and copy it by hand.')
    }
  }
  return (
    <Dialog open={value !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Password reset link</DialogTitle>
          <DialogDescription>
            Send this one-time link to {value?.email}. It works once and expires {value ? formatDateTime(value.expiresAt) : ''}.
          </DialogDescription>
        </DialogHeader>
        <Input readOnly value={value?.link ?? ''} aria-label="Reset link" onFocus={(event) => event.currentTarget.select()} />
        <DialogFooter>
          <Button onClick={copy}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
