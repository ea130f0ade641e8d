import { Suspense, useState } from 'react'
import {
  Building2,
  CalendarDays,
  CalendarSearch,
  ChartColumn,
  FileText,
  History,
  Inbox,
  LogOut,
  Mail,
  Megaphone,
  Monitor,
  Receipt,
  Shield,
  Ticket,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { toast } from 'sonner'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarRail,
  SidebarTrigger,
} from '@web/components/ui/sidebar'
import { useAccountsAwaitingAdmin } from '@web/features/admin'
import { useAuth } from '@web/features/auth'
import { usePendingRequestCount } from '@web/features/requests'
import { OrganisationSwitcher } from '@web/features/team'
import { LoadingScreen } from './loading-screen'
import { PRODUCT_NAME } from '@shared/product'
import { can, type Permission } from '@shared/team/roles'

type NavigationEntry = { title: string; to: string; icon: LucideIcon; matches: string[]; permission?: Permission }

const NAVIGATION: NavigationEntry[] = [
  { title: 'Facility Setup', to: '/facilities', icon: Building2, matches: ['/facilities', '/facility/'] },
  { title: 'Events', to: '/events', icon: CalendarDays, matches: ['/events'] },
  { title: 'Find Ice', to: '/find-ice', icon: CalendarSearch, matches: ['/find-ice'], permission: 'book' },
  // Renters' requests for ice, for who may book (docs/product.md#renters).
  { title: 'Requests', to: '/requests', icon: Inbox, matches: ['/requests'], permission: 'book' },
  { title: 'Display Management', to: '/displays', icon: Monitor, matches: ['/displays'] },
  { title: 'Clients', to: '/clients', icon: Users, matches: ['/clients'] },
  // The business side: not for the Front Desk (src/shared/team/roles.ts).
  { title: 'Contracts', to: '/contracts', icon: FileText, matches: ['/contracts'], permission: 'readBusiness' },
  { title: 'Marketing', to: '/marketing', icon: Megaphone, matches: ['/marketing'], permission: 'readBusiness' },
  { title: 'Team', to: '/team', icon: UsersRound, matches: ['/team'] },
  // The trail: Owners and Managers only.
  { title: 'Activity', to: '/activity', icon: History, matches: ['/activity'], permission: 'readActivity' },
  // What Fieldhouse wrote to people: Owners and Managers only.
  { title: 'Mail', to: '/mail', icon: Mail, matches: ['/mail'], permission: 'readMail' },
  // Invoices, payments and receivables: Owners and Managers only.
  { title: 'Invoices', to: '/invoices', icon: Receipt, matches: ['/invoices', '/billing'], permission: 'bill' },
  // Utilisation, clients' hours, unsold ice and the CSV exports: Owners and Managers only.
  { title: 'Reports', to: '/reports', icon: ChartColumn, matches: ['/reports'], permission: 'readReports' },
]

const ADMIN_ENTRY: NavigationEntry = { title: 'Admin', to: '/admin', icon: Shield, matches: ['/admin'] }
// An operator who also speaks for a client of some venue reaches their renter's portal from here.
const PORTAL_ENTRY: NavigationEntry = { title: 'My Portal', to: '/portal', icon: Ticket, matches: ['/portal'] }

export function AppLayout() {
  const { user, signOut } = useAuth()
  const { pathname } = useLocation()
  const [isSwitchingOrganisation, setIsSwitchingOrganisation] = useState(false)
  const role = user?.organisation?.role
  const allowed = NAVIGATION.filter((entry) => !entry.permission || can(role, entry.permission))
  const entries = [...allowed, ...((user?.renterOf.length ?? 0) > 0 ? [PORTAL_ENTRY] : []), ...(user?.isAdmin ? [ADMIN_ENTRY] : [])]
  const awaitingAdmin = useAccountsAwaitingAdmin(Boolean(user?.isAdmin))
  const pendingRequests = usePendingRequestCount(can(role, 'book'))

  const handleSignOut = async () => {
    try {
      // The route guard then leads to the landing page.
      await signOut()
      toast.success('Signed out successfully')
    } catch {
      toast.error('Failed to sign out')
    }
  }

  return (
    <SidebarProvider>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <div className="flex h-8 items-center gap-2 px-1 font-bold">
            <span
              className="flex size-6 shrink-0 items-center justify-center rounded bg-primary text-xs text-primary-foreground"
              aria-hidden="true"
            >
              F
            </span>
            <span className="truncate group-data-[collapsible=icon]:hidden">{PRODUCT_NAME}</span>
          </div>
          <OrganisationSwitcher onSwitchingChange={setIsSwitchingOrganisation} />
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Navigation</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {entries.map((entry) => {
                  // The Admin entry counts the accounts waiting for the admin (approval or a reset link),
                  // Requests the renters' requests waiting for an answer.
                  const count = entry === ADMIN_ENTRY ? awaitingAdmin : entry.to === '/requests' ? pendingRequests : 0
                  const waiting = entry === ADMIN_ENTRY ? 'waiting' : 'pending'
                  return (
                    <SidebarMenuItem key={entry.to}>
                      <SidebarMenuButton
                        asChild
                        isActive={entry.matches.some((prefix) => pathname.startsWith(prefix))}
                        tooltip={count > 0 ? `${entry.title} (${count} ${waiting})` : entry.title}
                      >
                        <NavLink to={entry.to}>
                          <entry.icon aria-hidden="true" />
                          <span>{entry.title}</span>
                          {count > 0 ? (
                            <>
                              <span
                                aria-hidden="true"
                                className="ml-auto rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground tabular-nums group-data-[collapsible=icon]:hidden"
                              >
                                {count}
                              </span>
                              <span className="sr-only">
                                , {count} {waiting}
                              </span>
                            </>
                          ) : null}
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  )
                })}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton onClick={handleSignOut} tooltip="Sign Out">
                <LogOut aria-hidden="true" />
                <span>Sign Out</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        {/* Above everything the page lifts (sticky timeline columns, card footers): scrolled content passes under the bar. */}
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger />
          <span className="truncate text-sm text-muted-foreground">{user?.name}</span>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {/* The shell stays on screen while a page's chunk loads. A page starts afresh in another
              organisation: nothing it held of the previous one stays on screen. */}
          <Suspense fallback={<LoadingScreen />}>
            {isSwitchingOrganisation ? (
              <LoadingScreen label="Switching organisation..." />
            ) : (
              <Outlet key={user?.organisation?.id ?? 'none'} />
            )}
          </Suspense>
        </main>
      </SidebarInset>
    </SidebarProvider>
  )
}
