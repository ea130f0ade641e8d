import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Role } from '@shared/team/roles'
import type { Db, Executor } from '../../db/client'
import { invitations, memberships, organisations, users } from '../../db/schema'

// Team data: organisations, who belongs to them and in which role, and open invitations.
// Every query names its organisation; the caller's own membership comes from the session.

const membershipColumns = { id: organisations.id, name: organisations.name, role: memberships.role }

export function listMemberships(db: Executor, userId: string) {
  return db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(sql`lower(${organisations.name})`), asc(organisations.id))
}

export async function findMembership(db: Executor, userId: string, organisationId: string) {
  const [row] = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)))
  return row ?? null
}

/** The account's row taken in turn, so two first requests cannot both create an organisation. */
export async function lockUser(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, activeOrganisationId: users.activeOrganisationId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row ?? null
}

/** The membership an account works in when its chosen one is gone: the oldest it has. */
export async function firstMembership(tx: Executor, userId: string) {
  const [row] = await tx
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.organisationId))
    .limit(1)
  return row ?? null
}

export async function insertOrganisation(tx: Executor, name: string) {
  const [row] = await tx.insert(organisations).values({ name }).returning({ id: organisations.id, name: organisations.name })
  return row!
}

export async function insertMembership(tx: Executor, organisationId: string, userId: string, role: Role) {
  const inserted = await tx
    .insert(memberships)
    .values({ organisationId, userId, role })
    .onConflictDoNothing()
    .returning({ role: memberships.role })
  return inserted.length > 0
}

export function setActiveOrganisation(tx: Executor, userId: string, organisationId: string) {
  return tx.update(users).set({ activeOrganisationId: organisationId }).where(eq(users.id, userId))
}

/** The organisation's name, its row held against other edits until the transaction ends. */
export async function lockOrganisation(tx: Executor, organisationId: string) {
  const [row] = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('no key update')
  return row ?? null
}

export async function renameOrganisation(db: Executor, organisationId: string, name: string) {
  const [row] = await db.update(organisations).set({ name }).where(eq(organisations.id, organisationId)).returning({ id: organisations.id })
  return Boolean(row)
}

export async function deleteOrganisation(db: Executor, organisationId: string) {
  const deleted = await db.delete(organisations).where(eq(organisations.id, organisationId)).returning({ id: organisations.id })
  return deleted.length > 0
}

const memberColumns = {
  userId: memberships.userId,
  name: users.name,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
}

export function listMembers(db: Executor, organisationId: string) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId))
}

export async function updateMemberRole(tx: Executor, organisationId: string, userId: string, role: Role) {
  const [row] = await tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId })
  return Boolean(row)
}

/** `lock` holds the membership (not the account) against other changes until the transaction ends. */
export async function findMember(db: Executor, organisationId: string, userId: string, { lock = false } = {}) {
  const query = db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
  const [row] = lock ? await query.for('no key update', { of: memberships }) : await query
  return row ?? null
}

export async function deleteMember(tx: Executor, organisationId: string, userId: string) {
  const deleted = await tx
    .delete(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId })
  return deleted.length > 0
}

/** The organisation's Owners, locked: a change that could leave none waits for another such change. */
export function lockOwners(tx: Executor, organisationId: string) {
  return tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')))
    .for('update')
}

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  expiresAt: invitations.expiresAt,
  createdAt: invitations.createdAt,
}

// Neither used, withdrawn nor expired (migration 0032).
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt), gt(invitations.expiresAt, sql`now()`))

export function listOpenInvitations(db: Executor, organisationId: string) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .where(and(eq(invitations.organisationId, organisationId), isOpen))
    .orderBy(desc(invitations.createdAt))
}

export async function insertInvitation(
  db: Executor,
  values: { organisationId: string; email: string; role: Role; tokenHash: string; invitedBy: string; expiresAt: Date },
) {
  const [row] = await db.insert(invitations).values(values).returning(invitationColumns)
  return row!
}

/** An open invitation by its link; `lock` takes its row for the transaction that uses it up. */
export async function findOpenInvitation(db: Executor, organisationId: string, tokenHash: string, { lock = false } = {}) {
  const query = db
    .select({
      ...invitationColumns,
      organisationId: invitations.organisationId,
      organisationName: organisations.name,
      invitedBy: invitations.invitedBy,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.tokenHash, tokenHash), isOpen))
  const [row] = lock ? await query.for('update', { of: invitations }) : await query
  return row ?? null
}

export function markInvitationAccepted(tx: Executor, invitationId: string, userId: string) {
  return tx
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(invitations.id, invitationId))
}

/** Withdraws an open invitation of the organisation; null when there is none by that id. */
export async function withdrawInvitation(tx: Executor, organisationId: string, invitationId: string) {
  const [row] = await tx
    .update(invitations)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, invitationId), isOpen))
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role })
  return row ?? null
}

/** The inviter's role now, their membership held until the transaction ends (null: no longer a member). */
export async function lockInviterRole(tx: Executor, organisationId: string, userId: string | null) {
  if (!userId) return null
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .for('share')
  return row?.role ?? null
}

/**
 * Names the person whose request this transaction is, for the activity entries the database
 * writes itself (sql/withdraw_invitations_of.sql).
 */
export function nameActor(tx: Executor, actor: { id: string; name: string }) {
  return tx.execute(
    sql`select set_config('fieldhouse.actor_id', ${actor.id}, true), set_config('fieldhouse.actor_name', ${actor.name}, true)`,
  )
}

export async function findUserByEmail(db: Db | Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, approved: users.approved, revoked: users.revoked })
    .from(users)
    .where(eq(users.email, email))
  return row ?? null
}

/** Approves an account unless the administrator revoked it (which only they undo): false then. */
export async function approveUser(tx: Executor, userId: string) {
  const approved = await tx
    .update(users)
    .set({ approved: true })
    .where(and(eq(users.id, userId), eq(users.revoked, false)))
    .returning({ id: users.id })
  return approved.length > 0
}
