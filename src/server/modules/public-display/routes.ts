import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../../http/context'

// Filled in by the displays issue; mounted in app.ts under /api/public with no sign-in.
export function publicDisplayRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>()
}
