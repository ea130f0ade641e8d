import type { Auth } from '../auth/auth'
import type { Database } from '../db/client'
import type { Env } from '../env'

export type SessionUser = {
  id: string
  email: string
  name: string
  role: string | null
  approved: boolean
}

export type AppDeps = {
  database: Database
  auth: Auth
  env: Env
}

// Hono's per-request variables, set by the session middleware.
export type AppEnv = {
  Variables: {
    user: SessionUser | null
    sessionId: string | null
  }
}

export type SignedInEnv = {
  Variables: {
    user: SessionUser
    sessionId: string
  }
}
