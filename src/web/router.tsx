import { lazy, Suspense, useState, type ComponentType } from 'react'
import { BrowserRouter, matchPath, Navigate, Route, Routes, useLocation } from 'react-router'
import { RouteFallback } from './components/loading-screen'
import { NotFoundPage } from './components/not-found-page'
import { LandingPage } from './features/landing/landing-page'

// Each screen is its own chunk; only the landing page loads up front. Declarative routes keep
// the data router's machinery out of the landing page's budget (docs/benchmarks.md).
// A screen loaded before it first renders (preload) renders at once, without suspending.
type Screen = ComponentType & { preload: () => Promise<void> }
const screen = <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): Screen => {
  let Loaded: ComponentType | null = null
  const preload = () => load().then((module) => void (Loaded = pick(module)))
  const Lazy = lazy(async () => {
    await preload()
    return { default: Loaded! }
  })
  return Object.assign(() => (Loaded ? <Loaded /> : <Lazy />), { preload })
}

const SignedInShell = screen(
  () => import('./components/signed-in-shell'),
  (m) => m.SignedInShell,
)
const AuthPage = screen(
  () => import('./features/auth/auth-page'),
  (m) => m.AuthPage,
)
const ResetPasswordPage = screen(
  () => import('./features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
)
const SetupPage = screen(
  () => import('./features/setup/setup-page'),
  (m) => m.SetupPage,
)
const FacilitiesPage = screen(
  () => import('./features/facilities/facilities-page'),
  (m) => m.FacilitiesPage,
)
const FacilityPage = screen(
  () => import('./features/facilities/facility-page'),
  (m) => m.FacilityPage,
)
const RoomPage = screen(
  () => import('./features/facilities/room-page'),
  (m) => m.RoomPage,
)
const EventsPage = screen(
  () => import('./features/events/events-page'),
  (m) => m.EventsPage,
)
const DisplaysPage = screen(
  () => import('./features/displays/displays-page'),
  (m) => m.DisplaysPage,
)
const ClientsPage = screen(
  () => import('./features/clients/clients-page'),
  (m) => m.ClientsPage,
)
const ClientPage = screen(
  () => import('./features/clients/client-page'),
  (m) => m.ClientPage,
)
const ContractsPage = screen(
  () => import('./features/contracts/contracts-page'),
  (m) => m.ContractsPage,
)
const MarketingPage = screen(
  () => import('./features/marketing/marketing-page'),
  (m) => m.MarketingPage,
)
const FindIcePage = screen(
  () => import('./features/find-ice/find-ice-page'),
  (m) => m.FindIcePage,
)
const TeamPage = screen(
  () => import('./features/team/team-page'),
  (m) => m.TeamPage,
)
const InvitePage = screen(
  () => import('./features/team/invite-page'),
  (m) => m.InvitePage,
)
const ActivityPage = screen(
  () => import('./features/activity/activity-page'),
  (m) => m.ActivityPage,
)
const MailPage = screen(
  () => import('./features/mail/mail-page'),
  (m) => m.MailPage,
)
const AdminMailPage = screen(
  () => import('./features/mail/admin-mail-page'),
  (m) => m.AdminMailPage,
)
const UnsubscribePage = screen(
  () => import('./features/mail/unsubscribe-page'),
  (m) => m.UnsubscribePage,
)
const InvoicesPage = screen(
  () => import('./features/billing/invoices-page'),
  (m) => m.InvoicesPage,
)
const InvoicePage = screen(
  () => import('./features/billing/invoice-page'),
  (m) => m.InvoicePage,
)
const InvoicePrintPage = screen(
  () => import('./features/billing/invoice-print-page'),
  (m) => m.InvoicePrintPage,
)
const ReceivablesPage = screen(
  () => import('./features/billing/receivables-page'),
  (m) => m.ReceivablesPage,
)
const BillingSettingsPage = screen(
  () => import('./features/billing/billing-settings-page'),
  (m) => m.BillingSettingsPage,
)
const ReportsPage = screen(
  () => import('./features/reports/reports-page'),
  (m) => m.ReportsPage,
)
const StatementPage = screen(
  () => import('./features/reports/statement-page'),
  (m) => m.StatementPage,
)
const PortalLayout = screen(
  () => import('./features/portal/portal-layout'),
  (m) => m.PortalLayout,
)
const PortalBookingsPage = screen(
  () => import('./features/portal/bookings-page'),
  (m) => m.PortalBookingsPage,
)
const PortalHoursPage = screen(
  () => import('./features/portal/hours-page'),
  (m) => m.PortalHoursPage,
)
const PortalInvoicesPage = screen(
  () => import('./features/portal/invoices-page'),
  (m) => m.PortalInvoicesPage,
)
const PortalInvoicePage = screen(
  () => import('./features/portal/invoice-page'),
  (m) => m.PortalInvoicePage,
)
const PortalRequestPage = screen(
  () => import('./features/portal/request-page'),
  (m) => m.PortalRequestPage,
)
const PortalWaitlistPage = screen(
  () => import('./features/portal/waitlist-page'),
  (m) => m.PortalWaitlistPage,
)
const PortalOfferPage = screen(
  () => import('./features/portal/offer-page'),
  (m) => m.PortalOfferPage,
)
const RequestsPage = screen(
  () => import('./features/requests/requests-page'),
  (m) => m.RequestsPage,
)
const AdminPage = screen(
  () => import('./features/admin/admin-page'),
  (m) => m.AdminPage,
)

// The screens a signed-out visitor may open first. The server's HTML already preloads the
// screen of the path (src/server/http/web-assets.ts); waiting for it before the first render
// paints the page once, instead of a loading screen and then the page (Lighthouse: docs/benchmarks.md).
const PUBLIC_SCREENS: Array<{ path: string; Screen: Screen }> = [
  { path: '/auth', Screen: AuthPage },
  { path: '/reset-password/:token', Screen: ResetPasswordPage },
  { path: '/setup', Screen: SetupPage },
  // Signed in or out: the page itself offers to sign in, sign up or accept.
  { path: '/invite/:token', Screen: InvitePage },
  // From a selloff email: no sign-in, the token is the key.
  { path: '/unsubscribe/:token', Screen: UnsubscribePage },
]

export function preloadFirstScreen(pathname: string): Promise<void> {
  const first = PUBLIC_SCREENS.find(({ path }) => matchPath(path, pathname))
  // A failed load is tried again, with the loading screen, when the route renders.
  return first ? first.Screen.preload().catch(() => undefined) : Promise.resolve()
}

// Toasts are raised only by the lazy screens, so the landing page does not load sonner: the
// toaster mounts on the first other page and then stays, so that a toast raised just before a
// return to the landing page still shows (ADR 0052).
const Toaster = lazy(() => import('./components/ui/sonner').then((module) => ({ default: module.Toaster })))

function ToasterOffTheLandingPage() {
  const { pathname } = useLocation()
  const [isNeeded, setIsNeeded] = useState(pathname !== '/')
  if (!isNeeded && pathname !== '/') setIsNeeded(true)
  return isNeeded ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          {PUBLIC_SCREENS.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route element={<SignedInShell />}>
            <Route path="/facilities" element={<FacilitiesPage />} />
            <Route path="/facility/:id" element={<FacilityPage />} />
            <Route path="/facility/:facilityId/room/:roomId" element={<RoomPage />} />
            <Route path="/events" element={<EventsPage />} />
            <Route path="/displays" element={<DisplaysPage />} />
            <Route path="/clients" element={<ClientsPage />} />
            <Route path="/clients/:id" element={<ClientPage />} />
            <Route path="/contracts" element={<ContractsPage />} />
            <Route path="/marketing" element={<MarketingPage />} />
            <Route path="/find-ice" element={<FindIcePage />} />
            <Route path="/requests" element={<RequestsPage />} />
            <Route path="/team" element={<TeamPage />} />
            <Route path="/activity" element={<ActivityPage />} />
            <Route path="/mail" element={<MailPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/admin/mail" element={<AdminMailPage />} />
            <Route path="/invoices" element={<InvoicesPage />} />
            <Route path="/invoices/:id" element={<InvoicePage />} />
            <Route path="/billing/receivables" element={<ReceivablesPage />} />
            <Route path="/billing/settings" element={<BillingSettingsPage />} />
            <Route path="/reports" element={<ReportsPage />} />
          </Route>
          {/* The renters' portal: its own small layout, not the operators' sidebar (docs/product.md#renters). */}
          <Route path="/portal" element={<PortalLayout />}>
            <Route index element={<PortalBookingsPage />} />
            <Route path="hours" element={<PortalHoursPage />} />
            <Route path="invoices" element={<PortalInvoicesPage />} />
            <Route path="requests" element={<PortalRequestPage />} />
            <Route path="waitlist" element={<PortalWaitlistPage />} />
            <Route path="offers/:id" element={<PortalOfferPage />} />
          </Route>
          {/* Signed in, but outside the app's layout: a sheet that prints alone (its own guard). */}
          <Route path="/invoices/:id/print" element={<InvoicePrintPage />} />
          <Route path="/clients/:id/statement" element={<StatementPage />} />
          <Route path="/portal/invoices/:id" element={<PortalInvoicePage />} />
          <Route path="/dashboard" element={<Navigate to="/facilities" replace />} />
          <Route path="/screens" element={<Navigate to="/displays" replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      <ToasterOffTheLandingPage />
    </BrowserRouter>
  )
}
