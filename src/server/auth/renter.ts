import { createMiddleware } from 'hono/factory'
import { and, eq, sql } from 'drizzle-orm'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { AppError } from '../errors'
import type { Db } from '../db/client'
import { clientRenters, users } from '../db/schema'
import type { SessionUser } from '../http/context'

/** A client the renter speaks for, and the organisation it is a client of. */
export type RenterClient = { organisationId: string; clientId: string }

// The portal's routes: the caller is a renter, speaking for these clients (ADR 0063).
export type RenterEnv = {
  Variables: {
    user: SessionUser
    sessionId: string
    renterOf: RenterClient[]
  }
}

/**
 * The portal's guard: a signed-in account that speaks for at least one client. It is not a member
 * of anything and needs no approval as an operator (the venue vouched for it with its invitation),
 * but an account the administrator revoked gets nothing. Every portal query is then narrowed to
 * `renterOf`, read fresh on each request, so removing a contact's access takes effect at once.
 */
export function requireRenter(db: Db) {
  const clientsOf = db
    .select({ organisationId: clientRenters.organisationId, clientId: clientRenters.clientId })
    .from(clientRenters)
    .innerJoin(users, and(eq(users.id, clientRenters.userId), eq(users.revoked, false)))
    .where(eq(clientRenters.userId, sql.placeholder('userId')))
    .prepare('renter_clients_of_user')
  return createMiddleware<RenterEnv>(async (c, next) => {
    const user = (c as unknown as { get(key: 'user'): SessionUser | null }).get('user')
    if (!user) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
    const renterOf = await clientsOf.execute({ userId: user.id })
    if (renterOf.length === 0) throw new AppError('FORBIDDEN', PORTAL_MESSAGES.noAccess)
    c.set('renterOf', renterOf)
    await next()
  })
}

/** Whether the renter speaks for the client; a client of anyone else is, to them, a missing one (404). */
export function speaksFor(renterOf: readonly RenterClient[], clientId: string): RenterClient | undefined {
  return renterOf.find((client) => client.clientId === clientId)
}
