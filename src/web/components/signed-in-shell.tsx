import { RequireAuth } from '@web/features/auth'
import { AppLayout } from './app-layout'

export function SignedInShell() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  )
}
