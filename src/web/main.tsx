import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProvider, authKeys } from './features/auth'
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

const root = document.getElementById('root')!

// A page the server sent already rendered (the sign-in form) stays until the browser has shown
// it: replaced sooner, its paint would not count as the page's largest one. Browsers without
// paint timing, and tabs opened in the background, wait half a second at most.
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 500)
    try {
      const observer = new PerformanceObserver(() => {
        observer.disconnect()
        clearTimeout(timer)
        resolve()
      })
      observer.observe({ type: 'largest-contentful-paint', buffered: true })
    } catch {
      // No paint timing here: the timer decides.
    }
  })

// The first path's screen is in hand before the first render, so it paints once (router.tsx).
void Promise.all([preloadFirstScreen(window.location.pathname), root.hasChildNodes() ? afterFirstPaint() : null]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
)
