import { Lock } from 'lucide-react'
import { EmptyState } from '@web/components/empty-state'
import { PageHeader } from '@web/components/page-header'

// Billing is the business's (docs/product.md#teams): a role that may not see it is told so, and
// the page asks the server for nothing.
export function NotAllowed({ title, who }: { title: string; who: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <EmptyState icon={Lock} title="Not available for your role" description={who} />
    </div>
  )
}
