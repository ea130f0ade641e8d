import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Role } from '@shared/team/roles'
import type { Db } from '../db/client'
import { memberships, organisations, sessions, users } from '../db/schema'
import type { CurrentOrganisation, SessionUser } from '../http/context'
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from './auth'

export type ReadSession = { user: SessionUser; sessionId: string }

/**
 * Reads the signed-in user of a request. Every API request does this, so the common case, a
 * valid session that needs no refresh, is answered here: the cookie's HMAC checked with
 * node:crypto and one prepared query. Whatever better-auth would do more than read (refresh an
 * ageing session, clean up an expired one, a "don't remember me" sign-in) goes to better-auth
 * itself, so the two paths never disagree on who is signed in.
 */
export function createSessionReader(auth: Auth, db: Db) {
  const settings = auth.$context.then((context) => ({
    sessionCookie: context.authCookies.sessionToken.name,
    // Present on "don't remember me" sign-ins, which better-auth treats differently.
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    secret: context.secret,
  }))
  const sessionByToken = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      approved: users.approved,
      organisationId: memberships.organisationId,
      organisationName: organisations.name,
      memberRole: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // The membership comes with the session, so checking it costs no round trip (ADR 0021). A
    // removed member's row is simply gone: their next request no longer reaches the data.
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organisationId, users.activeOrganisationId)))
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token')
  const organisationOf = db
    .select({ organisationId: memberships.organisationId, organisationName: organisations.name, memberRole: memberships.role })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organisationId, users.activeOrganisationId)))
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('organisation_of_user')

  const fromBetterAuth = async (headers: Headers): Promise<ReadSession | null> => {
    const result = await auth.api.getSession({ headers })
    if (!result) return null
    const user = result.user as typeof result.user & { role?: string | null; approved?: boolean }
    const [membership] = await organisationOf.execute({ userId: user.id })
    return {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role ?? null,
        approved: Boolean(user.approved),
        organisation: currentOrganisation(membership),
      },
      sessionId: result.session.id,
    }
  }

  return async (cookieHeader: string | undefined, headers: () => Headers): Promise<ReadSession | null> => {
    if (!cookieHeader) return null
    const { sessionCookie, dontRememberCookie, secret } = await settings
    const cookies = parseCookieHeader(cookieHeader)
    const signed = cookies.get(sessionCookie)
    if (!signed) return null
    if (cookies.has(dontRememberCookie)) return fromBetterAuth(headers())
    const token = verifiedToken(signed, secret)
    if (!token) return null
    const [row] = await sessionByToken.execute({ token })
    if (!row) return null
    const now = Date.now()
    const expiresAt = row.expiresAt.getTime()
    const needsRefresh = expiresAt - SESSION_MAX_AGE_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now
    if (expiresAt < now || needsRefresh) return fromBetterAuth(headers())
    return {
      user: {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        approved: row.approved,
        organisation: currentOrganisation(row),
      },
      sessionId: row.sessionId,
    }
  }
}

type MembershipColumns = { organisationId: string | null; organisationName: string | null; memberRole: Role | null }

function currentOrganisation(row: MembershipColumns | undefined): CurrentOrganisation | null {
  if (!row?.organisationId || !row.organisationName || !row.memberRole) return null
  return { id: row.organisationId, name: row.organisationName, role: row.memberRole }
}

/** The cookies of a Cookie header by name, their values URI-decoded as browsers encode them. */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0) continue
    const name = pair.slice(0, separator).trim()
    if (!name || cookies.has(name)) continue
    let value = pair.slice(separator + 1).trim()
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      cookies.set(name, value.includes('%') ? decodeURIComponent(value) : value)
    } catch {
      // A malformed escape is not a cookie of ours.
    }
  }
  return cookies
}

/**
 * The session token of a signed cookie value ('<token>.<base64 HMAC-SHA256>', better-auth's
 * format), or null when the signature does not match.
 */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf('.')
  if (dot < 1) return null
  const token = signedValue.slice(0, dot)
  const signature = signedValue.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const expected = createHmac('sha256', secret).update(token).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}
