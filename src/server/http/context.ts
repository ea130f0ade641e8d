import type { Role } from '@shared/team/roles'
import type { Auth } from '../auth/auth'
import type { Database } from '../db/client'
import type { Env } from '../env'

export type SessionUser = {
  id: string
  email: string
  name: string
  role: string | null
  approved: boolean
  /** The organisation the account works in now and its role there; null until it has one. */
  organisation: CurrentOrganisation | null
}

export type CurrentOrganisation = { id: string; name: string; role: Role }

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

// Routes of an organisation's data: the caller is a member, in the role given.
export type MemberEnv = {
  Variables: {
    user: SessionUser
    sessionId: string
    organisation: CurrentOrganisation
  }
}
