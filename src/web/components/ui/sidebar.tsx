import * as React from 'react'
import { Slot } from 'radix-ui'
import { cva, type VariantProps } from 'class-variance-authority'
import { PanelLeftIcon } from 'lucide-react'

import { cn } from '@web/lib/utils'
import { Button } from '@web/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@web/components/ui/sheet'
import { useIsMobile } from '@web/components/ui/use-mobile'
import { deferred } from '@web/lib/deferred'

const SIDEBAR_COOKIE_NAME = 'sidebar:state'
const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7
const SIDEBAR_WIDTH = '16rem'
const SIDEBAR_WIDTH_MOBILE = '18rem'
const SIDEBAR_WIDTH_ICON = '3rem'
const SIDEBAR_KEYBOARD_SHORTCUT = 'b'

function readOpenFromCookie(fallback: boolean) {
  // Guarded so the provider can still render where there is no document (server-side tests).
  if (typeof document === 'undefined') return fallback
  const prefix = `${SIDEBAR_COOKIE_NAME}=`
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix))
  const value = entry?.slice(prefix.length)
  if (value === 'true') return true
  if (value === 'false') return false
  return fallback
}

function writeOpenToCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`
}

type SidebarContextValue = {
  state: 'expanded' | 'collapsed'
  open: boolean
  setOpen: (open: boolean) => void
  openMobile: boolean
  setOpenMobile: (open: boolean) => void
  isMobile: boolean
  toggleSidebar: () => void
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null)

function useSidebar() {
  const context = React.use(SidebarContext)
  if (!context) {
    throw new Error('useSidebar must be used within a SidebarProvider.')
  }
  return context
}

/**
 * Owns the open state. Desktop state (expanded or collapsed) survives reloads in the
 * `sidebar:state` cookie; the mobile sheet always starts closed because it covers the page.
 * `defaultOpen` applies only until the cookie exists.
 */
function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
  ...props
}: React.ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile()
  const [openMobile, setOpenMobile] = React.useState(false)
  const [open, setOpenState] = React.useState(() => readOpenFromCookie(defaultOpen))

  const setOpen = React.useCallback((nextOpen: boolean) => {
    setOpenState(nextOpen)
    writeOpenToCookie(nextOpen)
  }, [])

  const toggleSidebar = React.useCallback(() => {
    if (isMobile) {
      setOpenMobile((current) => !current)
    } else {
      setOpen(!open)
    }
  }, [isMobile, open, setOpen])

  React.useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      // Compared without toLowerCase: Chrome's autofill fires keydown events with no key at all.
      const isShortcutKey = event.key === SIDEBAR_KEYBOARD_SHORTCUT || event.key === SIDEBAR_KEYBOARD_SHORTCUT.toUpperCase()
      if (isShortcutKey && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault()
        toggleSidebar()
      }
    }

    window.addEventListener('keydown', handleKeyDown)
    return () => window.removeEventListener('keydown', handleKeyDown)
  }, [toggleSidebar])

  const state = open ? 'expanded' : 'collapsed'

  const contextValue = React.useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [state, open, setOpen, isMobile, openMobile, toggleSidebar],
  )

  return (
    <SidebarContext value={contextValue}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            ...style,
          } as React.CSSProperties
        }
        className={cn('flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext>
  )
}

/**
 * Renders a <nav> named by `aria-label` (default "Navigation"). Below 768 px it becomes an
 * off-canvas Sheet; from 768 px up it is a fixed column that collapses either off screen
 * (`collapsible="offcanvas"`) or down to its icons (`collapsible="icon"`).
 */
function Sidebar({
  collapsible = 'offcanvas',
  className,
  children,
  'aria-label': ariaLabel = 'Navigation',
  ...props
}: React.ComponentProps<'nav'> & { collapsible?: 'offcanvas' | 'icon' }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar()

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          data-slot="sidebar"
          data-sidebar="sidebar"
          data-mobile="true"
          className="w-(--sidebar-width) gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-(--sidebar-width)"
          style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
        >
          <SheetHeader className="sr-only">
            <SheetTitle>{ariaLabel}</SheetTitle>
            <SheetDescription>Links to every section of the app.</SheetDescription>
          </SheetHeader>
          {/* The header stops short of the sheet's close button instead of running under it. */}
          <nav
            aria-label={ariaLabel}
            className={cn('flex h-full w-full flex-col *:data-[slot=sidebar-header]:pr-12', className)}
            {...props}
          >
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    )
  }

  return (
    <div
      data-slot="sidebar"
      data-state={state}
      data-collapsible={state === 'collapsed' ? collapsible : ''}
      className="group hidden text-sidebar-foreground md:block"
    >
      {/* The container is fixed, so this in-flow spacer is what pushes SidebarInset aside. */}
      <div
        data-slot="sidebar-gap"
        className={cn(
          'relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear',
          'group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[collapsible=offcanvas]:w-0',
        )}
      />
      <nav
        data-slot="sidebar-container"
        aria-label={ariaLabel}
        className={cn(
          'fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) border-r border-sidebar-border md:flex',
          // visibility flips at the end of the slide, taking the off-screen links out of the tab order.
          'transition-[left,width,visibility] duration-200 ease-linear',
          'group-data-[collapsible=offcanvas]:invisible group-data-[collapsible=offcanvas]:left-[calc(var(--sidebar-width)*-1)]',
          'group-data-[collapsible=icon]:w-(--sidebar-width-icon)',
          className,
        )}
        {...props}
      >
        <div data-slot="sidebar-inner" data-sidebar="sidebar" className="flex h-full w-full flex-col bg-sidebar">
          {children}
        </div>
      </nav>
    </div>
  )
}

function SidebarTrigger({ className, onClick, ...props }: React.ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar()

  return (
    <Button
      data-slot="sidebar-trigger"
      data-sidebar="trigger"
      variant="ghost"
      size="icon"
      aria-expanded={isMobile ? openMobile : open}
      className={cn('size-8', className)}
      onClick={(event) => {
        onClick?.(event)
        toggleSidebar()
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">Toggle Sidebar</span>
    </Button>
  )
}

// A pointer convenience along the sidebar's edge; keyboard users have the trigger and Ctrl/Cmd+B,
// so it stays out of the tab order.
function SidebarRail({ className, ...props }: React.ComponentProps<'button'>) {
  const { toggleSidebar } = useSidebar()

  return (
    <button
      type="button"
      data-slot="sidebar-rail"
      data-sidebar="rail"
      aria-label="Toggle Sidebar"
      title="Toggle Sidebar"
      tabIndex={-1}
      onClick={toggleSidebar}
      className={cn(
        'absolute inset-y-0 -right-2 z-20 hidden w-4 cursor-w-resize transition-all ease-linear group-data-[state=collapsed]:cursor-e-resize md:flex',
        'after:absolute after:inset-y-0 after:left-1/2 after:w-[2px] hover:after:bg-sidebar-border',
        className,
      )}
      {...props}
    />
  )
}

/**
 * The column beside the sidebar. A plain <div>, so the layout decides the landmarks inside it:
 * typically a <header> holding the SidebarTrigger, then the page's single <main>.
 */
function SidebarInset({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-inset" className={cn('relative flex w-full min-w-0 flex-1 flex-col bg-background', className)} {...props} />
  )
}

function SidebarHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" data-sidebar="header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />
}

function SidebarFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" data-sidebar="footer" className={cn('flex flex-col gap-2 p-2', className)} {...props} />
}

function SidebarContent({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      data-sidebar="content"
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden', className)}
      {...props}
    />
  )
}

function SidebarGroup({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-group" data-sidebar="group" className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />
  )
}

/** Pass `asChild` with an <h2> when the label should act as a heading. */
function SidebarGroupLabel({ className, asChild = false, ...props }: React.ComponentProps<'div'> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'div'

  return (
    <Component
      data-slot="sidebar-group-label"
      data-sidebar="group-label"
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-muted-foreground transition-[margin,opacity] duration-200 ease-linear',
        'outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring [&>svg]:size-4 [&>svg]:shrink-0',
        'group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
        className,
      )}
      {...props}
    />
  )
}

function SidebarGroupContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-group-content" data-sidebar="group-content" className={cn('w-full text-sm', className)} {...props} />
}

function SidebarMenu({ className, ...props }: React.ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" data-sidebar="menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />
}

function SidebarMenuItem({ className, ...props }: React.ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" data-sidebar="menu-item" className={cn('group/menu-item relative', className)} {...props} />
}

const sidebarMenuButtonVariants = cva(
  [
    'peer/menu-button flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm transition-[width,height,padding]',
    'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground active:bg-sidebar-accent active:text-sidebar-accent-foreground',
    'outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    'data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-sidebar-accent-foreground',
    // Collapsed to icons, the button shrinks to a square that shows only its leading icon.
    'group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2!',
    '[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
  ],
  {
    variants: {
      size: {
        default: 'h-8 text-sm',
        lg: 'h-12 text-sm',
      },
    },
    defaultVariants: {
      size: 'default',
    },
  },
)

// The tooltips and their positioning code (floating-ui) load the first time the sidebar is
// collapsed to icons, the only state that shows them: most people never collapse it, and the
// first signed-in page need not carry them (ADR 0052).
const sidebarTooltip = deferred(() => import('./sidebar-tooltip').then((module) => module.SidebarTooltip))

/**
 * A navigation entry: pass `asChild` around a router link and put an icon first and the text
 * in a <span>. `tooltip` repeats the text beside the icon while collapsed to icons. On phones a
 * click also closes the sheet, so following a link reveals the page underneath.
 */
function SidebarMenuButton({
  asChild = false,
  isActive = false,
  size,
  tooltip,
  className,
  onClick,
  ...props
}: React.ComponentProps<'button'> &
  VariantProps<typeof sidebarMenuButtonVariants> & {
    asChild?: boolean
    isActive?: boolean
    tooltip?: string
  }) {
  const { isMobile, state, setOpenMobile } = useSidebar()
  const [isTooltipOpen, setIsTooltipOpen] = React.useState(false)
  const isCollapsed = state === 'collapsed' && !isMobile
  const LoadedTooltip = React.useSyncExternalStore(sidebarTooltip.subscribe, sidebarTooltip.current, sidebarTooltip.current)
  React.useEffect(() => {
    // A failed load leaves the entries without their tooltip; the next collapse tries again.
    if (tooltip && isCollapsed) sidebarTooltip.load().catch(() => undefined)
  }, [tooltip, isCollapsed])
  const Component = asChild ? Slot.Root : 'button'

  const button = (
    <Component
      data-slot="sidebar-menu-button"
      data-sidebar="menu-button"
      data-size={size ?? 'default'}
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={cn(sidebarMenuButtonVariants({ size }), className)}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (isMobile) setOpenMobile(false)
      }}
      {...props}
    />
  )

  if (!tooltip || !LoadedTooltip) return button

  // Controlled rather than hidden, so an expanded sidebar never opens a tooltip at all.
  return (
    <LoadedTooltip text={tooltip} open={isTooltipOpen && isCollapsed} onOpenChange={setIsTooltipOpen}>
      {button}
    </LoadedTooltip>
  )
}

export {
  SidebarProvider,
  Sidebar,
  SidebarTrigger,
  SidebarRail,
  SidebarInset,
  SidebarHeader,
  SidebarFooter,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarGroupContent,
  SidebarMenu,
  SidebarMenuItem,
  SidebarMenuButton,
  useSidebar,
}
