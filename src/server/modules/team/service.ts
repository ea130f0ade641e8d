import { createHash, randomBytes } from 'node:crypto'
import { LIMITS } from '@shared/limits'
import { TEAM_MESSAGES } from '@shared/team/messages'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import { grantableRoles, type Role } from '@shared/team/roles'
import type { Db, Tx } from '../../db/client'
import { AppError, findPostgresError, notFound } from '../../errors'
import type { CurrentOrganisation, SessionUser } from '../../http/context'
import { createdChanges, deletedChanges, recordActivity, type Actor } from '../activity/service'
import * as repository from './repository'
import { enqueueMail, teamInvitationMail } from '../../mail'

// Organisations, members, roles and invitations (docs/product.md#teams). Who may call what is
// decided by the routes (auth/middleware.ts allow); this service keeps the rules that hold
// whoever calls: an organisation keeps an Owner, a link works once, emails must match. Each change
// is recorded in the activity trail in its own transaction; deleting the organisation records
// nothing, for its trail goes with it.

/** "{Full Name}'s organisation", cut so that it fits the name column. */
export function defaultOrganisationName(fullName: string): string {
  const suffix = LIMITS.organisation.defaultNameSuffix
  return `${fullName.trim().slice(0, LIMITS.organisation.name - suffix.length)}${suffix}`
}

/**
 * The organisation an approved account works in when its session carried none: the oldest it
 * belongs to, or, for an account that belongs to none yet, a new one of its own with it as Owner.
 * The account's row is locked first, so parallel first requests create one organisation.
 */
export async function ensureMembership(db: Db, user: Pick<SessionUser, 'id' | 'name'>): Promise<CurrentOrganisation> {
  return db.transaction(async (tx) => {
    const account = await repository.lockUser(tx, user.id)
    if (!account) throw new AppError('UNAUTHENTICATED', 'You must be logged in')
    if (account.activeOrganisationId) {
      const active = await repository.findMembership(tx, user.id, account.activeOrganisationId)
      if (active) return active
    }
    const existing = await repository.firstMembership(tx, user.id)
    if (existing) {
      await repository.setActiveOrganisation(tx, user.id, existing.id)
      return existing
    }
    const organisation = await repository.insertOrganisation(tx, defaultOrganisationName(account.name))
    await repository.insertMembership(tx, organisation.id, user.id, 'owner')
    await repository.setActiveOrganisation(tx, user.id, organisation.id)
    await recordActivity(tx, organisation.id, account, {
      action: 'created',
      entity: 'organisation',
      entityId: organisation.id,
      label: organisation.name,
      changes: createdChanges({ name: organisation.name }),
    })
    return { ...organisation, role: 'owner' as const }
  })
}

export function listOrganisations(db: Db, userId: string) {
  return repository.listMemberships(db, userId)
}

/** Another organisation of the caller's becomes the current one, for this and later sign-ins. */
export async function switchOrganisation(db: Db, userId: string, organisationId: string) {
  const membership = await repository.findMembership(db, userId, organisationId)
  if (!membership) throw notFound('Organisation')
  await repository.setActiveOrganisation(db, userId, organisationId)
  return membership
}

export async function renameOrganisation(db: Db, organisation: CurrentOrganisation, actor: Actor, name: string) {
  await db.transaction(async (tx) => {
    // Held from here to the write, so the trail's before is the name this one replaced.
    const before = await repository.lockOrganisation(tx, organisation.id)
    if (!before || !(await repository.renameOrganisation(tx, organisation.id, name))) throw notFound('Organisation')
    if (before.name !== name) {
      await recordActivity(tx, organisation.id, actor, {
        action: 'updated',
        entity: 'organisation',
        entityId: organisation.id,
        label: name,
        changes: { name: { before: before.name, after: name } },
      })
    }
  })
  return { ...organisation, name }
}

/** Everything the organisation owns goes with it, in one statement (foreign keys cascade). */
export async function deleteOrganisation(db: Db, organisationId: string) {
  if (!(await repository.deleteOrganisation(db, organisationId))) throw notFound('Organisation')
}

export function listMembers(db: Db, organisationId: string) {
  return repository.listMembers(db, organisationId)
}

// A member is recorded under their account's id, by the name they have now.
export async function changeRole(db: Db, organisationId: string, actor: Actor, userId: string, role: Role) {
  await keepingAnOwner(db, organisationId, userId, async (tx) => {
    // A demotion withdraws the member's open invitations in the database, in the actor's name.
    await repository.nameActor(tx, actor)
    const before = await repository.findMember(tx, organisationId, userId, { lock: true })
    if (!before || !(await repository.updateMemberRole(tx, organisationId, userId, role))) throw notFound('Member')
    if (before.role !== role) {
      await recordActivity(tx, organisationId, actor, {
        action: 'updated',
        entity: 'member',
        entityId: userId,
        label: before.name,
        changes: { role: { before: before.role, after: role } },
      })
    }
  })
  const member = await repository.findMember(db, organisationId, userId)
  if (!member) throw notFound('Member')
  return member
}

/** Removing a member, or a member leaving (the actor is then the member): their sessions lose the organisation at once. */
export async function removeMember(db: Db, organisationId: string, actor: Actor, userId: string) {
  await keepingAnOwner(db, organisationId, userId, async (tx) => {
    // The removal withdraws the member's open invitations in the database, in the actor's name.
    await repository.nameActor(tx, actor)
    const member = await repository.findMember(tx, organisationId, userId, { lock: true })
    if (!member || !(await repository.deleteMember(tx, organisationId, userId))) throw notFound('Member')
    await recordActivity(tx, organisationId, actor, {
      action: 'deleted',
      entity: 'member',
      entityId: userId,
      label: member.name,
      changes: deletedChanges({ email: member.email, role: member.role }),
    })
  })
}

/**
 * Runs a change to one member under a lock on the organisation's Owners, and refuses it when
 * that member is the last Owner. The database refuses the same (memberships_keep_an_owner,
 * migration 0011) whoever writes; this only explains the refusal.
 */
async function keepingAnOwner(db: Db, organisationId: string, userId: string, change: (tx: Tx) => Promise<void>) {
  try {
    await db.transaction(async (tx) => {
      const owners = await repository.lockOwners(tx, organisationId)
      const isOwner = owners.some((owner) => owner.userId === userId)
      await change(tx)
      if (isOwner && owners.length === 1) {
        const stillOwner = await repository.findMember(tx, organisationId, userId)
        if (stillOwner?.role !== 'owner') throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner)
      }
    })
  } catch (error) {
    if (findPostgresError(error)?.constraint === 'memberships_keep_an_owner') throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner)
    throw error
  }
}

export function listInvitations(db: Db, organisationId: string) {
  return repository.listOpenInvitations(db, organisationId)
}

/** Withdraws an open invitation: its link is 410 from now on. A used, expired or another organisation's one is 404. */
export async function withdrawInvitation(db: Db, organisationId: string, actor: Actor, invitationId: string) {
  await db.transaction(async (tx) => {
    const withdrawn = await repository.withdrawInvitation(tx, organisationId, invitationId)
    if (!withdrawn) throw notFound('Invitation')
    await recordActivity(tx, organisationId, actor, {
      action: 'deleted',
      entity: 'invitation',
      entityId: withdrawn.id,
      label: withdrawn.email,
      changes: deletedChanges({ email: withdrawn.email, role: withdrawn.role }),
    })
  })
}

// The database refuses the same (sql/invitations_inviter_may_invite.sql); these explain it.
const INVITER_REFUSALS = new Set(['invitations_inviter_may_invite', 'invitations_role_within_inviter'])

// A link names its organisation (the id's 32 hex digits) and carries a secret of 24 random
// bytes; the database keeps only the hash of the whole token.
const TOKEN_PATTERN = /^[0-9a-f]{32}[A-Za-z0-9_-]{32}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function readToken(token: string): { organisationId: string; tokenHash: string } {
  if (!TOKEN_PATTERN.test(token)) throw new AppError('GONE', TEAM_MESSAGES.invitationGone)
  const hex = token.slice(0, 32)
  const organisationId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  return { organisationId, tokenHash: hashToken(token) }
}

// The trail keeps whom the link was for and in which role, never the link. The link is e-mailed to
// the invited address in the same transaction (docs/product.md#email), and still answered to copy.
export async function createInvitation(
  db: Db,
  {
    organisationId,
    organisationName,
    actor,
    actorRole,
    email,
    role,
    origin,
  }: { organisationId: string; organisationName: string; actor: Actor; actorRole: Role; email: string; role: Role; origin: string },
) {
  if (!grantableRoles(actorRole).includes(role))
    throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleAboveInviter, { role: TEAM_MESSAGES.roleAboveInviter })
  const existing = await repository.findUserByEmail(db, email)
  if (existing && (await repository.findMember(db, organisationId, existing.id))) {
    throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember, { email: TEAM_MESSAGES.alreadyMember })
  }
  const token = `${organisationId.replaceAll('-', '')}${randomBytes(24).toString('base64url')}`
  const expiresAt = new Date(Date.now() + LIMITS.organisation.invitationDays * 24 * 60 * 60 * 1000)
  const invitation = await inviting(() =>
    db.transaction(async (tx) => {
      const inserted = await repository.insertInvitation(tx, {
        organisationId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        expiresAt,
      })
      await recordActivity(tx, organisationId, actor, {
        action: 'created',
        entity: 'invitation',
        entityId: inserted.id,
        label: inserted.email,
        changes: createdChanges({ email: inserted.email, role: inserted.role }),
      })
      await enqueueMail(
        tx,
        teamInvitationMail({
          organisationId,
          invitationId: inserted.id,
          to: inserted.email,
          organisationName,
          inviterName: actor.name,
          role: inserted.role,
          link: `${origin}/invite/${token}`,
          expiresAt,
        }),
      )
      return inserted
    }),
  )
  return { invitation, link: `${origin}/invite/${token}` }
}

async function inviting<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const constraint = findPostgresError(error)?.constraint
    if (constraint && INVITER_REFUSALS.has(constraint)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleAboveInviter)
    throw error
  }
}

/** What the invitation page shows; a used, expired or unknown link is 410 with one message. */
export async function previewInvitation(db: Db, token: string) {
  const { organisationId, tokenHash } = readToken(token)
  const invitation = await repository.findOpenInvitation(db, organisationId, tokenHash)
  if (!invitation) throw new AppError('GONE', TEAM_MESSAGES.invitationGone)
  const account = await repository.findUserByEmail(db, invitation.email)
  return { organisationName: invitation.organisationName, email: invitation.email, role: invitation.role, accountExists: Boolean(account) }
}

/**
 * Uses the link up for the signed-in account whose email it was sent to: the account joins in
 * the invitation's role, is approved (the Owner vouches for it), and works in the organisation
 * from now on. The invitation's row is locked, so of two parallel acceptances one wins. The trail
 * records the new member as joining by themselves; one who already belonged joins nothing.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: Pick<SessionUser, 'id' | 'email' | 'name'>,
): Promise<CurrentOrganisation> {
  const { organisationId, tokenHash } = readToken(token)
  try {
    return await db.transaction(async (tx) => {
      const found = await repository.findOpenInvitation(tx, organisationId, tokenHash)
      if (!found) throw new AppError('GONE', TEAM_MESSAGES.invitationGone)
      // The inviter must still hold a role that may grant this one. Their membership is held until
      // this commits, so a removal or demotion waits for it or has withdrawn the link already; it
      // is taken before the invitation's row, in the order a removal takes them (membership, then
      // its invitations), so the two never wait for each other in a circle.
      const inviterRole = await repository.lockInviterRole(tx, organisationId, found.invitedBy)
      const invitation = await repository.findOpenInvitation(tx, organisationId, tokenHash, { lock: true })
      if (!invitation || !grantableRoles(inviterRole).includes(invitation.role)) throw new AppError('GONE', TEAM_MESSAGES.invitationGone)
      if (invitation.email !== user.email.toLowerCase()) throw new AppError('FORBIDDEN', TEAM_MESSAGES.wrongEmail)
      // A revoked account stays revoked (only the administrator approves it again): no joining either.
      if (!(await repository.approveUser(tx, user.id))) throw new AppError('NOT_APPROVED', AUTH_MESSAGES.pendingApproval)
      if (await repository.insertMembership(tx, organisationId, user.id, invitation.role)) {
        await recordActivity(tx, organisationId, user, {
          action: 'created',
          entity: 'member',
          entityId: user.id,
          label: user.name,
          changes: createdChanges({ email: user.email.toLowerCase(), role: invitation.role }),
        })
      }
      await repository.markInvitationAccepted(tx, invitation.id, user.id)
      await repository.setActiveOrganisation(tx, user.id, organisationId)
      const membership = await repository.findMembership(tx, user.id, organisationId)
      return membership!
    })
  } catch (error) {
    // The database's own refusal (sql/invitations_accept_while_inviter_may_invite.sql).
    if (findPostgresError(error)?.constraint === 'invitations_accept_while_open') throw new AppError('GONE', TEAM_MESSAGES.invitationGone)
    throw error
  }
}

/**
 * Approves the pending account an open invitation was sent to, when its password has just been
 * checked (auth/routes.ts sign-in): the Owner vouches for it, as when it accepts. False when the
 * link is not open or names another email; the account then stays pending.
 */
export async function approveForInvitation(db: Db, token: string, email: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false
  const { organisationId, tokenHash } = readToken(token)
  const invitation = await repository.findOpenInvitation(db, organisationId, tokenHash)
  if (!invitation || invitation.email !== email.toLowerCase()) return false
  const account = await repository.findUserByEmail(db, invitation.email)
  // A revoked account is not pending: no invitation approves it (ADR 0042).
  if (!account || account.revoked) return false
  return db.transaction(async (tx) => {
    const inviterRole = await repository.lockInviterRole(tx, organisationId, invitation.invitedBy)
    if (!grantableRoles(inviterRole).includes(invitation.role)) return false
    return repository.approveUser(tx, account.id)
  })
}

/** The invitation's email, for creating its account; a link no longer open is 410. */
export async function invitationEmail(db: Db, token: string): Promise<string> {
  const { organisationId, tokenHash } = readToken(token)
  const invitation = await repository.findOpenInvitation(db, organisationId, tokenHash)
  if (!invitation) throw new AppError('GONE', TEAM_MESSAGES.invitationGone)
  return invitation.email
}
