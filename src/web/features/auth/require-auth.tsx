import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { RouteFallback } from '@web/components/loading-screen'
import { useAuth } from './auth-provider'
import { homePathOf } from './home-path'

// The page guard. The server enforces the same rule on every API call; this only spares
// a signed-out visitor a screen full of errors. An account that only rents ice (not approved, but
// speaking for a client) has the portal and none of the venue's pages (docs/product.md#renters).
export function RequireAuth({ children, isPortal = false }: { children: ReactNode; isPortal?: boolean }) {
  const { user, loading, hasSignedOut } = useAuth()
  const location = useLocation()
  // The shell's outline until the session is known, where the shell will appear.
  if (loading) return <RouteFallback />
  if (!user && hasSignedOut) return <Navigate to="/" replace />
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />
  if (!isPortal && homePathOf(user) === '/portal') return <Navigate to="/portal" replace />
  return children
}
