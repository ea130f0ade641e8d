import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { authKeys, currentUserQueryOptions, signOut as signOutRequest, type CurrentUser } from './api'

type AuthContextValue = {
  user: CurrentUser | null
  // true until the first answer about the session arrives (docs/product.md#accounts).
  loading: boolean
  // A deliberate sign-out leads to the landing page; a lost session leads to /auth.
  hasSignedOut: boolean
  /** Asks the server again who is signed in, and answers it. */
  refresh: () => Promise<CurrentUser | null>
  signOut: () => Promise<void>
}

const AuthContext = createContext<AuthContextValue | null>(null)

/**
 * A visitor whose session is still being checked, for pages rendered at build time: what the
 * browser shows before the app's code has run (src/web/prerender.tsx).
 */
export function PendingAuthProvider({ children }: { children: ReactNode }) {
  const value: AuthContextValue = { user: null, loading: true, hasSignedOut: false, refresh: async () => null, signOut: async () => {} }
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(currentUserQueryOptions())
  const [hasSignedOut, setHasSignedOut] = useState(false)

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data ?? null,
      loading: isPending,
      hasSignedOut,
      refresh: async () => {
        setHasSignedOut(false)
        await queryClient.invalidateQueries({ queryKey: authKeys.me() })
        return queryClient.fetchQuery(currentUserQueryOptions())
      },
      signOut: async () => {
        await signOutRequest()
        setHasSignedOut(true)
        queryClient.setQueryData(authKeys.me(), null)
        // Nothing of the previous account may stay in memory for the next one. The auth query
        // itself stays: removing it would leave this provider observing a detached query.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
      },
    }),
    [data, isPending, hasSignedOut, queryClient],
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within AuthProvider')
  return context
}
