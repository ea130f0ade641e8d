import { and, eq, gt, sql } from 'drizzle-orm'
import { can, type Permission } from '@shared/team/roles'
import type { Db } from '../db/client'
import { memberships, sessions, users } from '../db/schema'

/**
 * How often an open stream asks again whether its caller may still hear it (ADR 0043). A
 * removed member, a lost role, a switch of organisation and an ended session (sign-out, the
 * administrator's revoke, a password reset) all close it within this time, on every instance,
 * since the answer is read from the database.
 */
export const STREAM_ACCESS_RECHECK_MS = 2_000

/** Who opened a stream, and what it lets them hear. */
export type StreamCaller = { sessionId: string; organisationId: string; permission: Permission }

/**
 * Whether the caller would still be let in now, as a new request would: the session exists and
 * has not expired, the account is approved and still works in the organisation, in a role with
 * the permission. One indexed read by the session's id.
 */
export function createStreamAccessCheck(db: Db) {
  const accessOf = db
    .select({ approved: users.approved, role: memberships.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organisationId, users.activeOrganisationId)))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.activeOrganisationId, sql.placeholder('organisationId')),
      ),
    )
    .prepare('stream_access')

  return async ({ sessionId, organisationId, permission }: StreamCaller): Promise<boolean> => {
    const [row] = await accessOf.execute({ sessionId, organisationId })
    return row !== undefined && row.approved && can(row.role, permission)
  }
}
