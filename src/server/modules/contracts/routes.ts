import { Hono } from 'hono'
import type { AppDeps, SignedInEnv } from '../../http/context'

// Filled in by its issue; mounted in app.ts under /api for signed-in, approved users.
export function contractRoutes(_deps: AppDeps) {
  return new Hono<SignedInEnv>()
}
