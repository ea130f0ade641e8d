import { randomUUID } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError } from 'better-auth/api'
import { admin } from 'better-auth/plugins'
import { eq, sql } from 'drizzle-orm'
import { LIMITS } from '@shared/limits'
import { AUTH_MESSAGES } from '@shared/auth/schema'
import type { Db } from '../db/client'
import { accounts, clientRenters, sessions, users, verifications } from '../db/schema'
import type { Env } from '../env'
import { logError } from '../log'

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7
// A session in use is extended once it is this old (better-auth's updateAge).
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24
export const RESET_LINK_MAX_AGE_SECONDS = 60 * 60 * 24

export type Auth = ReturnType<typeof createAuth>

export function createAuth({ db, env }: { db: Db; env: Env }) {
  return betterAuth({
    appName: 'Fieldhouse',
    secret: env.authSecret,
    basePath: '/api/auth',
    // Without BASE_URL the local address; requests from any host still pass the origin check below.
    baseURL: env.baseUrl ?? `http://localhost:${env.port}`,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.password.minLength,
      maxPasswordLength: LIMITS.password.maxLength,
      // A new account is pending, so signing up must not sign in (the approval gate would refuse it anyway).
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_LINK_MAX_AGE_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // argon2id with the library's defaults (19 MiB, t=2, p=1): OWASP's recommended minimum.
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
    },
    user: {
      additionalFields: {
        approved: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // No cookie cache: every request reads the session row, so a revoked account is out at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'fieldhouse',
      useSecureCookies: env.baseUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Generated here, not by the database: better-auth then sends the id with the insert.
      // joins: a request's session and user come in one query, not two (schema.ts relations).
      database: { generateId: () => randomUUID(), joins: true },
      ipAddress: { ipAddressHeaders: env.trustProxy ? ['x-forwarded-for'] : [] },
    },
    // The app's own origin, whatever host name it is reached by, plus any configured ones.
    trustedOrigins: (request) => [request ? new URL(request.url).origin : undefined, ...env.trustedOrigins],
    // Sign-in failures are limited by our own database-backed limiter (auth/sign-in-limiter.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Into our JSON log, errors only: its warnings (an unknown email at sign-in) are expected
    // traffic, and messages may name an address, so they never reach the log at all.
    logger: {
      level: 'error',
      log: (_level, message) => logError('auth', new Error(message)),
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    databaseHooks: {
      user: {
        create: {
          // Every account starts pending. The first account on an empty database is made an
          // approved administrator by the database itself (sql/users_bootstrap_first_admin.sql),
          // where parallel sign-ups cannot both see an empty table.
          before: async (user) => ({ data: { ...user, approved: false } }),
        },
      },
      session: {
        create: {
          // Runs only after the password was verified, so a wrong password never reveals that
          // an account exists, pending or not. A renter (portal_only, or speaking for a client)
          // signs in without approval: the venue vouched for it (ADR 0063); a revoked one does not.
          before: async (session) => {
            const [owner] = await db
              .select({
                approved: users.approved,
                isRenter: sql<boolean>`not ${users.revoked} and (${users.portalOnly} or exists (select 1 from ${clientRenters} where ${clientRenters.userId} = ${users.id}))`,
              })
              .from(users)
              .where(eq(users.id, session.userId))
            if (!owner?.approved && !owner?.isRenter) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_PENDING', message: AUTH_MESSAGES.pendingApproval })
            }
          },
        },
      },
    },
  })
}
