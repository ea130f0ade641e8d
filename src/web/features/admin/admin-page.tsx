import { useEffect, useState } from 'react'
import { Copy, KeyRound, ShieldCheck, ShieldOff, Wand2 } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { toast } from 'sonner'
import { PageHeader } from '@web/components/page-header'
import { LoadingScreen } from '@web/components/loading-screen'
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

  return (
    <div>
      <PageHeader
        title="Admin Dashboard"
        description="Approve new operators, revoke access and reset passwords."
        actions={
          <Button asChild variant="outline">
            <Link to="/setup">
              <Wand2 aria-hidden="true" />
              Test Setup Wizard
            </Link>
          </Button>
        }
      />
      {users.isPending ? (
        <LoadingScreen />
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[640px] text-sm">
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
              {(users.data ?? []).map((row) => (
                <tr key={row.id} className="border-t">
                  <td className="px-4 py-3 break-all">{row.email}</td>
                  <td className="px-4 py-3">{row.name}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={row.approved ? 'default' : 'secondary'}>{row.approved ? 'Approved' : 'Pending'}</Badge>
                      {row.role === 'admin' ? <Badge variant="outline">Admin</Badge> : null}
                    </div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
                      {row.approved ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={row.id === currentUserId || revoke.isPending}
                          onClick={() => onRevoke(row)}
                          aria-label={`Revoke ${row.email}`}
                        >
                          <ShieldOff aria-hidden="true" />
                          Revoke
                        </Button>
                      ) : (
                        <Button size="sm" disabled={approve.isPending} onClick={() => onApprove(row)} aria-label={`Approve ${row.email}`}>
                          <ShieldCheck aria-hidden="true" />
                          Approve
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={resetPassword.isPending}
                        onClick={() => onResetPassword(row)}
                        aria-label={`Reset password for ${row.email}`}
                      >
                        <KeyRound aria-hidden="true" />
                        Reset password
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ResetLinkDialog value={resetLink} onClose={() => setResetLink(null)} />
    </div>
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
