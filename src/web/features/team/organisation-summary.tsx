import { Building } from 'lucide-react'
import { ROLE_LABELS } from '@shared/team/roles'
import type { Membership } from './api'

// Collapsed to icons, the sidebar shows only the square; the texts stay for screen readers.
const textClassName = 'grid min-w-0 flex-1 text-left leading-tight group-data-[collapsible=icon]:sr-only'

export function Summary({ organisation, nameId }: { organisation: Membership; nameId?: string }) {
  return (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background" aria-hidden="true">
        <Building className="size-4" />
      </span>
      <span id={nameId} className={textClassName}>
        <span className="truncate font-medium">{organisation.name}</span>
        <span className="truncate text-xs text-muted-foreground">{ROLE_LABELS[organisation.role]}</span>
      </span>
    </>
  )
}
