import { useEffect, useSyncExternalStore } from 'react'
import { useAuth } from '@web/features/auth'
import { deferred } from '@web/lib/deferred'
import { useOrganisations } from './api'
import { Summary } from './organisation-summary'

// The menu and its positioning code (a popover on floating-ui) load only for a member of several
// organisations: most people belong to one, and their first page need not carry it (ADR 0052).
const organisationMenu = deferred(() => import('./organisation-menu').then((module) => module.OrganisationMenu))

/**
 * The current organisation at the top of the sidebar; a member of several picks another from a
 * menu (organisation-menu.tsx).
 */
export function OrganisationSwitcher({ onSwitchingChange }: { onSwitchingChange?: (switching: boolean) => void }) {
  const { user } = useAuth()
  const current = user?.organisation ?? null
  const organisations = useOrganisations(current !== null)
  const list = organisations.data?.organisations ?? []
  const hasChoice = current !== null && list.length >= 2
  const OrganisationMenu = useSyncExternalStore(organisationMenu.subscribe, organisationMenu.current, organisationMenu.current)

  useEffect(() => {
    // A failed load leaves the name in place; the next page tries again.
    if (hasChoice) organisationMenu.load().catch(() => undefined)
  }, [hasChoice])

  if (!current) return null
  if (hasChoice && OrganisationMenu) return <OrganisationMenu current={current} list={list} onSwitchingChange={onSwitchingChange} />
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-md p-0 text-sm" aria-label="Current organisation" role="group">
      <Summary organisation={current} />
    </div>
  )
}
