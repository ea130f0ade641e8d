import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { authKeys } from './features/auth/api'
import { AuthProvider } from './features/auth/auth-provider'
import { ApiError } from './lib/api-client'
import { AppRoutes, preloadFirstScreen } from './router'
import './styles.css'

// A 401 or 403-not-approved anywhere means the session is gone (signed out elsewhere, or
// revoked by an admin): forget the user, and the route guard sends them to /auth.
const forgetUserWhenSignedOut = (error: unknown) => {
  if (error instanceof ApiError && (error.status === 401 || error.code === 'NOT_APPROVED')) {
    queryClient.setQueryData(authKeys.me(), null)
  }
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetUserWhenSignedOut }),
  mutationCache: new MutationCache({ onError: forgetUserWhenSignedOut }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
})

// Toasts are raised only by lazy screens, so sonner need not weigh on the landing page.
const Toaster = lazy(() => import('./components/ui/sonner').then((module) => ({ default: module.Toaster })))

// The first path's screen is in hand before the first render, so it paints once (router.tsx).
void preloadFirstScreen(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRoutes />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
)
