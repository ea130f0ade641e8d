import { Suspense, useEffect, useId } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { Link, NavLink, Outlet } from 'react-router'
import { toast } from 'sonner'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { RequireAuth, useAuth } from '@web/features/auth'
import { ApiError } from '@web/lib/api-client'
import { cn } from '@web/lib/utils'
import { portalKeys } from './api'
import { PortalClientProvider, usePortalClient } from './portal-client'

// The portal's own pages (docs/product.md#renters), each its own chunk (router.tsx).
const NAVIGATION = [
  { title: 'My Bookings', to: '/portal', end: true },
  { title: 'My Hours', to: '/portal/hours', end: false },
  { title: 'My Invoices', to: '/portal/invoices', end: false },
  { title: 'Request Ice', to: '/portal/requests', end: false },
  { title: 'Waitlist', to: '/portal/waitlist', end: false },
]

/**
 * The renters' small layout: who the portal is for, the few pages it has and Sign Out, on one
 * narrow column that a phone shows whole. Not the operators' sidebar: a renter is not staff.
 */
export function PortalLayout() {
  return (
    <RequireAuth isPortal>
      <RenterShell />
    </RequireAuth>
  )
}

function RenterShell() {
  const { user } = useAuth()
  useClientsKeptCurrent()
  const clients = user?.renterOf ?? []
  if (clients.length === 0) return <NoPortalAccess />
  return (
    <PortalClientProvider clients={clients}>
      <div className="min-h-svh bg-muted/40">
        <PortalHeader />
        <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6">
          <Suspense fallback={<LoadingScreen shape="card" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </PortalClientProvider>
  )
}

/**
 * The venue may remove the renter's access at any moment, and the server refuses the very next
 * request (403 without any client left, 404 for a client no longer theirs). The clients the
 * portal offers are then read again, so that it stops showing one that is gone.
 */
function useClientsKeptCurrent() {
  const queryClient = useQueryClient()
  const { refresh } = useAuth()
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error' || event.query.queryKey[0] !== portalKeys.all[0]) return
        const { error } = event.action
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) void refresh().catch(() => undefined)
      }),
    [queryClient, refresh],
  )
}

function useSignOut() {
  const { signOut } = useAuth()
  return async () => {
    try {
      // The route guard then leads to the landing page.
      await signOut()
      toast.success('Signed out successfully')
    } catch {
      toast.error('Failed to sign out')
    }
  }
}

function PortalHeader() {
  const { user } = useAuth()
  const { clients, client } = usePortalClient()
  const signOut = useSignOut()
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 pt-3">
        <div className="min-w-0">
          <p className="truncate text-sm text-muted-foreground">{client.organisationName}</p>
          {clients.length > 1 ? <ClientSelect /> : <p className="truncate text-lg font-semibold">{client.clientName}</p>}
        </div>
        <div className="flex items-center gap-1">
          {/* An operator who also rents ice goes back to the venue's own pages from here. */}
          {user?.approved ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/facilities">Back to Facilities</Link>
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </div>
      <nav aria-label="Portal" className="mx-auto w-full max-w-3xl px-2 pt-2">
        <ul className="flex flex-wrap">
          {NAVIGATION.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-10 items-center border-b-2 px-2 text-sm font-medium outline-hidden focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring sm:px-3',
                    isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {entry.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}

/**
 * A renter speaking for several clients picks the one every page shows and writes for; the venue
 * is named beside each client when they are of several venues.
 */
function ClientSelect() {
  const { clients, client, choose } = usePortalClient()
  const selectId = useId()
  const isOfSeveralVenues = new Set(clients.map((option) => option.organisationId)).size > 1
  return (
    <div className="mt-1 flex items-center gap-2">
      <label htmlFor={selectId} className="shrink-0 text-sm font-medium">
        Client
      </label>
      <NativeSelect id={selectId} value={client.clientId} onChange={(event) => choose(event.target.value)} className="font-semibold">
        {clients.map((option) => (
          <NativeSelectOption key={option.clientId} value={option.clientId}>
            {isOfSeveralVenues ? `${option.clientName} (${option.organisationName})` : option.clientName}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  )
}

function NoPortalAccess() {
  const { user } = useAuth()
  const signOut = useSignOut()
  return (
    <main id="main" className="flex min-h-svh items-center justify-center bg-muted/40 px-4">
      <div className="grid max-w-md gap-4 rounded-xl border bg-card p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold">{PORTAL_MESSAGES.noAccess}</h1>
        <p className="text-sm text-muted-foreground">A venue gives access to its portal by inviting a client&apos;s contact by email.</p>
        <div className="flex flex-wrap justify-center gap-2">
          {user?.approved ? (
            <Button asChild>
              <Link to="/facilities">Go to Facilities</Link>
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
      </div>
    </main>
  )
}
