import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { ChevronsUpDown } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ROLE_LABELS } from '@shared/team/roles'
import { useSidebar } from '@web/components/ui/sidebar'
import { errorDescription } from '@web/lib/api-client'
import { cn } from '@web/lib/utils'
import { switchOrganisation, useOrganisationChanged, type Membership } from './api'
import { Summary } from './organisation-summary'

/**
 * The menu of a member of several organisations: picking another forgets everything cached of
 * the previous one and opens the facilities. The menu sits on a popover rather than the dropdown
 * menu, whose roving focus would otherwise split out of the pages' chunks and push the room page
 * over its budget (scripts/check-bundle-budgets.ts).
 */
export function OrganisationMenu({
  current,
  list,
  onSwitchingChange,
}: {
  current: Membership
  list: Membership[]
  onSwitchingChange?: (switching: boolean) => void
}) {
  const { isMobile, state, setOpenMobile } = useSidebar()
  const navigate = useNavigate()
  const organisationChanged = useOrganisationChanged()
  const [switching, setSwitching] = useState(false)
  const [open, setOpen] = useState(false)
  const menu = useRef<HTMLDivElement>(null)
  const nameId = useId()

  const onSwitch = async (organisationId: string) => {
    setOpen(false)
    if (organisationId === current.id || switching) return
    setSwitching(true)
    // The page of the previous organisation goes at once (the shell shows a loading screen): left
    // on screen until the facilities page has loaded, it would fetch again, in the new one.
    onSwitchingChange?.(true)
    try {
      const organisation = await switchOrganisation(organisationId)
      setOpenMobile(false)
      navigate('/facilities')
      await organisationChanged()
      toast.success(`Switched to ${organisation.name}`)
    } catch (error) {
      toast.error('Failed to switch organisation', { description: errorDescription(error) })
    } finally {
      setSwitching(false)
      onSwitchingChange?.(false)
    }
  }

  // The menu keys (WAI-ARIA menu pattern): arrows, Home and End move between the organisations;
  // Escape (the popover) and Tab close the menu, Enter and Space choose (the buttons do).
  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])]
    const index = items.indexOf(document.activeElement as HTMLElement)
    const next =
      event.key === 'ArrowDown'
        ? items[(index + 1) % items.length]
        : event.key === 'ArrowUp'
          ? items[(index - 1 + items.length) % items.length]
          : event.key === 'Home'
            ? items[0]
            : event.key === 'End'
              ? items.at(-1)
              : null
    if (event.key === 'Tab') {
      // Back to the button, rather than past the menu that sits at the end of the page.
      event.preventDefault()
      setOpen(false)
      return
    }
    if (!next) return
    event.preventDefault()
    next.focus()
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label="Switch organisation"
        aria-describedby={nameId}
        aria-busy={switching || undefined}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className={cn(
          'flex w-full min-w-0 items-center gap-2 rounded-md p-0 text-sm transition-colors',
          'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground data-[state=open]:bg-sidebar-accent',
          'outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring aria-busy:opacity-50',
          'group-data-[collapsible=icon]:size-8',
        )}
      >
        <Summary organisation={current} nameId={nameId} />
        <ChevronsUpDown className="mr-2 size-4 shrink-0 text-muted-foreground group-data-[collapsible=icon]:hidden" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        {/* A dialog around the menu: axe counts a dialog as a region of its own, not a bare menu
            at the end of the page. */}
        <Popover.Content
          aria-label="Switch organisation"
          align="start"
          side={!isMobile && state === 'collapsed' ? 'right' : 'bottom'}
          sideOffset={4}
          onOpenAutoFocus={(event) => {
            // Focus the current organisation, as a menu of choices does.
            event.preventDefault()
            menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus()
          }}
          className={cn(
            'z-50 max-h-(--radix-popover-content-available-height) w-(--radix-popover-trigger-width) min-w-56 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
            'data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in',
          )}
        >
          <div role="menu" aria-label="Organisations" ref={menu} onKeyDown={onMenuKeyDown}>
            {list.map((organisation) => {
              const isCurrent = organisation.id === current.id
              return (
                <button
                  key={organisation.id}
                  type="button"
                  role="menuitemradio"
                  aria-checked={isCurrent}
                  tabIndex={-1}
                  onClick={() => void onSwitch(organisation.id)}
                  className={cn(
                    'relative flex w-full cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-8 text-left text-sm outline-hidden select-none',
                    'hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground',
                  )}
                >
                  {/* A dot rather than a check icon: the icon would split out of the pages' chunks. */}
                  {isCurrent ? <span className="absolute left-3.5 size-2 rounded-full bg-current" aria-hidden="true" /> : null}
                  <span className="grid min-w-0">
                    <span className="truncate">{organisation.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{ROLE_LABELS[organisation.role]}</span>
                  </span>
                </button>
              )
            })}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
