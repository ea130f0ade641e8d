import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { AppLayout } from './components/app-layout'
import { NotFoundPage } from './components/not-found-page'
import { RequireAuth } from './features/auth/require-auth'
import { LandingPage } from './features/landing/landing-page'

// Each screen is its own chunk; only the landing page and the shell load up front.
const page = <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
})

const signedInRoutes: RouteObject[] = [
  { path: '/facilities', ...page(() => import('./features/facilities/facilities-page'), (m) => m.FacilitiesPage) },
  { path: '/facility/:id', ...page(() => import('./features/facilities/facility-page'), (m) => m.FacilityPage) },
  { path: '/facility/:facilityId/room/:roomId', ...page(() => import('./features/facilities/room-page'), (m) => m.RoomPage) },
  { path: '/events', ...page(() => import('./features/events/events-page'), (m) => m.EventsPage) },
  { path: '/displays', ...page(() => import('./features/displays/displays-page'), (m) => m.DisplaysPage) },
  { path: '/clients', ...page(() => import('./features/clients/clients-page'), (m) => m.ClientsPage) },
  { path: '/clients/:id', ...page(() => import('./features/clients/client-page'), (m) => m.ClientPage) },
  { path: '/contracts', ...page(() => import('./features/contracts/contracts-page'), (m) => m.ContractsPage) },
  { path: '/marketing', ...page(() => import('./features/marketing/marketing-page'), (m) => m.MarketingPage) },
  { path: '/admin', ...page(() => import('./features/admin/admin-page'), (m) => m.AdminPage) },
]

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/auth', ...page(() => import('./features/auth/auth-page'), (m) => m.AuthPage) },
  { path: '/reset-password/:token', ...page(() => import('./features/auth/reset-password-page'), (m) => m.ResetPasswordPage) },
  { path: '/setup', ...page(() => import('./features/setup/setup-page'), (m) => m.SetupPage) },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: signedInRoutes,
  },
  { path: '/dashboard', element: <Navigate to="/facilities" replace /> },
  { path: '/screens', element: <Navigate to="/displays" replace /> },
  { path: '*', element: <NotFoundPage /> },
]

export const createRouter = () => createBrowserRouter(routes)
