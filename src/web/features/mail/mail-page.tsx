import { Lock } from 'lucide-react'
import { EmptyState } from '@web/components/empty-state'
import { PageHeader } from '@web/components/page-header'
import { usePermission } from '@web/features/auth'
import { MailList } from './components/mail-list'

const PAGE_DESCRIPTION = 'Every message Fieldhouse wrote for your organisation, and whether it went out'

// An organisation's outgoing mail is for Owners and Managers (docs/product.md#email).
export function MailPage() {
  const canReadMail = usePermission('readMail')
  return (
    <div>
      <PageHeader title="Mail" description={PAGE_DESCRIPTION} />
      {canReadMail ? (
        <MailList scope="organisation" />
      ) : (
        <EmptyState icon={Lock} title="Not available for your role" description="An owner or a manager reads the organisation's mail." />
      )}
    </div>
  )
}
