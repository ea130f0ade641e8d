import type { ReactNode } from 'react'
import { PageHeader } from '@web/components/page-header'

/** A page of the portal: its heading and line, then its parts one under the other. */
export function PortalPage({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <div className="grid gap-6">{children}</div>
    </div>
  )
}
