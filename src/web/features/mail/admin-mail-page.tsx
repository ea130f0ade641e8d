import { useEffect } from 'react'
import { ArrowLeft } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { toast } from 'sonner'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { useAuth } from '@web/features/auth'
import { MailList } from './components/mail-list'

/** /admin/mail: every message the outbox holds, of every organisation and account (docs/product.md#email). */
export function AdminMailPage() {
  const { user } = useAuth()
  const isAdmin = Boolean(user?.isAdmin)

  useEffect(() => {
    if (user && !isAdmin) toast.error('Access Denied', { description: "You don't have admin privileges" })
  }, [user, isAdmin])

  if (!isAdmin) return <Navigate to="/dashboard" replace />
  return (
    <div>
      <PageHeader
        title="Mail"
        description="Every message Fieldhouse wrote: recipient, subject, body, status and times."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin">
              <ArrowLeft aria-hidden="true" />
              Admin Dashboard
            </Link>
          </Button>
        }
      />
      <MailList scope="admin" />
    </div>
  )
}
