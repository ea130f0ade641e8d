import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { LIMITS } from '@shared/limits'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import type { PortalBooking, PortalContract, RenterClient } from '@shared/portal/responses'
import { portalBookingCursor, type PortalBookingsQuery } from '@shared/portal/schema'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import type { Auth } from '../../auth/auth'
import type { RenterClient as RenterAccess } from '../../auth/renter'
import { speaksFor } from '../../auth/renter'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { enqueueMail, portalInvitationMail } from '../../mail'
import { createdChanges, deletedChanges, recordActivity, type Actor } from '../activity/service'
import { getClientBilling, getInvoice } from '../billing/service'
import { lockOwnedClient, requireOwnedClient } from '../clients/service'
import { listContractsOfClient, listUsageOfClient } from '../contracts/service'
import { createFeed } from '../feeds/service'
import * as repository from './repository'

// The renters' portal (docs/product.md#renters, ADR 0063). A renter is an account that speaks for
// clients, not a member: operators grant it with an invitation and take it away at once; the
// portal's reads are narrowed to the clients it speaks for, read fresh on every request
// (auth/renter.ts), and another client's row is a 404 exactly like a missing one. Every write is
// in the client's organisation's trail, with the renter as actor where the renter acts.

/* ---------- who the account speaks for ---------- */

/** GET /api/me's renterOf: empty for an account that speaks for no client. */
export function listRenterClients(db: Executor, userId: string): Promise<RenterClient[]> {
  return repository.listClientsOfRenter(db, userId)
}

/** The renter's access to the client, or a 404 as for a client that does not exist. */
function accessTo(renterOf: readonly RenterAccess[], clientId: string): RenterAccess {
  const access = speaksFor(renterOf, clientId)
  if (!access) throw notFound('Client')
  return access
}

/* ---------- 'Portal Access' on the client page (operators) ---------- */

export async function getPortalAccess(db: Db, organisationId: string, clientId: string) {
  await requireOwnedClient(db, organisationId, clientId)
  const [renters, invitations] = await Promise.all([
    repository.listRentersOfClient(db, organisationId, clientId),
    repository.listOpenInvitations(db, organisationId, clientId),
  ])
  return { renters, invitations }
}

// A link is 32 random bytes; the database keeps only its hash (portal_invitations_token_hash_idx).
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const invitationGone = () => new AppError('GONE', PORTAL_MESSAGES.invitationGone)

/** Where the link leads: /auth, which signs the renter up or in with it and lands on /portal. */
export function portalInvitationUrl(origin: string, token: string) {
  return `${origin}/auth?portalInvitation=${token}`
}

/**
 * 'Invite Contact': a one-time link for the email to speak for the client, e-mailed to it in the
 * same transaction and answered for the operator to copy. The trail keeps whom it was for, never
 * the link. An account already speaking for the client is not invited again.
 */
export async function inviteContact(
  db: Db,
  {
    organisationId,
    organisationName,
    clientId,
    actor,
    email,
    origin,
  }: { organisationId: string; organisationName: string; clientId: string; actor: Actor; email: string; origin: string },
) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + LIMITS.organisation.invitationDays * 24 * 60 * 60 * 1000)
  const url = portalInvitationUrl(origin, token)
  const invitation = await db.transaction(async (tx) => {
    // Held until this commits, so the client cannot be deleted under its new invitation.
    const client = await lockOwnedClient(tx, organisationId, clientId)
    if (await repository.isRenterOf(tx, organisationId, clientId, email)) {
      throw new AppError('CONFLICT', PORTAL_MESSAGES.alreadyRenter, { email: PORTAL_MESSAGES.alreadyRenter })
    }
    const inserted = await repository.insertInvitation(tx, {
      organisationId,
      clientId,
      email,
      tokenHash: hashToken(token),
      invitedBy: actor.id,
      expiresAt,
    })
    await recordActivity(tx, organisationId, actor, {
      action: 'created',
      entity: 'renter',
      entityId: inserted.id,
      label: inserted.email,
      changes: createdChanges({ email: inserted.email, client: client.name }),
    })
    await enqueueMail(
      tx,
      portalInvitationMail({
        organisationId,
        invitationId: inserted.id,
        to: inserted.email,
        organisationName,
        clientName: client.name,
        inviterName: actor.name,
        link: url,
        expiresAt,
      }),
    )
    return inserted
  })
  return { invitation, url }
}

/** Withdraws an open invitation of the client: its link is 410 from now on. A used or expired one is 404. */
export async function withdrawInvitation(db: Db, organisationId: string, clientId: string, actor: Actor, invitationId: string) {
  await db.transaction(async (tx) => {
    const client = await lockOwnedClient(tx, organisationId, clientId)
    const withdrawn = await repository.withdrawInvitation(tx, organisationId, clientId, invitationId)
    if (!withdrawn) throw notFound('Invitation')
    await recordActivity(tx, organisationId, actor, {
      action: 'withdrawn',
      entity: 'renter',
      entityId: withdrawn.id,
      label: withdrawn.email,
      changes: deletedChanges({ email: withdrawn.email, client: client.name }),
    })
  })
}

/** 'Remove Access': the renter's very next request no longer reaches the client (auth/renter.ts reads access fresh). */
export async function removeRenter(db: Db, organisationId: string, clientId: string, actor: Actor, userId: string) {
  await db.transaction(async (tx) => {
    const client = await lockOwnedClient(tx, organisationId, clientId)
    const removed = await repository.deleteRenter(tx, organisationId, clientId, userId)
    if (!removed) throw notFound('Renter')
    await recordActivity(tx, organisationId, actor, {
      action: 'deleted',
      entity: 'renter',
      entityId: userId,
      label: removed.name,
      changes: deletedChanges({ email: removed.email, client: client.name }),
    })
  })
}

/* ---------- the invitation link ---------- */

function readToken(token: string) {
  if (!TOKEN_PATTERN.test(token)) throw invitationGone()
  return hashToken(token)
}

/** What /auth shows for the link; a used, withdrawn, expired or unknown one is 410 with one message. */
export async function previewInvitation(db: Db, token: string) {
  const invitation = await repository.findOpenInvitation(db, readToken(token))
  if (!invitation) throw invitationGone()
  const account = await repository.findUserByEmail(db, invitation.email)
  return {
    organisationName: invitation.organisationName,
    clientName: invitation.clientName,
    email: invitation.email,
    accountExists: Boolean(account),
  }
}

type Renter = { id: string; name: string; email: string }

/**
 * Uses the link up for the account: it speaks for the client from now on. The invitation's row is
 * locked, so of parallel uses one wins and the others find it used (410). The renter is the actor.
 */
async function grantAccess(tx: Executor, tokenHash: string, renter: Renter) {
  const invitation = await repository.findOpenInvitation(tx, tokenHash, { lock: true })
  if (!invitation) throw invitationGone()
  if (invitation.email !== renter.email.toLowerCase()) throw new AppError('FORBIDDEN', PORTAL_MESSAGES.wrongEmail)
  const { organisationId, clientId } = invitation
  if (await repository.insertRenter(tx, { organisationId, clientId, userId: renter.id, invitedBy: invitation.invitedBy })) {
    await recordActivity(tx, organisationId, renter, {
      action: 'created',
      entity: 'renter',
      entityId: renter.id,
      label: renter.name,
      changes: createdChanges({ email: renter.email.toLowerCase(), client: invitation.clientName }),
    })
  }
  await repository.markInvitationAccepted(tx, invitation.id, renter.id)
  return { clientId }
}

/**
 * POST /api/portal-invitations/:token/accept: the signed-in account whose email the link was sent
 * to. An account still waiting for approval takes a link by signing in with it instead.
 */
export async function acceptInvitation(db: Db, token: string, user: Renter & { approved: boolean }) {
  if (!user.approved && (await repository.listClientsOfRenter(db, user.id)).length === 0) {
    throw new AppError('NOT_APPROVED', AUTH_MESSAGES.pendingApproval)
  }
  const tokenHash = readToken(token)
  return db.transaction((tx) => grantAccess(tx, tokenHash, user))
}

/**
 * A sign-in at /auth carrying the link, of an account the approval gate refused after its password
 * was checked (auth/routes.ts): the link gives it its access, and the sign-in goes on as a
 * renter's. False when the link is not open, names another email, or the account was revoked.
 */
export async function acceptForSignIn(db: Db, token: string, email: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false
  const account = await repository.findUserByEmail(db, email.toLowerCase())
  // A revoked account is not pending: no invitation lets it in (ADR 0042).
  if (!account || account.revoked) return false
  try {
    await db.transaction((tx) => grantAccess(tx, hashToken(token), account))
    return true
  } catch (error) {
    if (error instanceof AppError) return false
    throw error
  }
}

const emailTaken = () => new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken })

/**
 * A sign-up at /auth carrying the link: a portal_only account, its access to the client, and the
 * link used up, in one transaction, with no administrator's approval (the venue vouched for the
 * email). The email must be the invitation's. Of parallel sign-ups one makes the account; the
 * others find the link used (410) or the email taken (409).
 */
export async function signUpRenter(db: Db, auth: Auth, token: string, input: { name: string; email: string; password: string }) {
  const tokenHash = readToken(token)
  const email = input.email.toLowerCase()
  const open = await repository.findOpenInvitation(db, tokenHash)
  if (!open) throw invitationGone()
  if (open.email !== email) throw new AppError('FORBIDDEN', PORTAL_MESSAGES.wrongEmail, { email: PORTAL_MESSAGES.wrongEmail })
  if (await repository.findUserByEmail(db, email)) throw emailTaken()
  // Hashed before the transaction: no row waits on argon2's work.
  const passwordHash = await (await auth.$context).password.hash(input.password)
  try {
    return await db.transaction(async (tx) => {
      // Taken first, so parallel sign-ups with the link queue on it and the later ones find it used.
      const invitation = await repository.findOpenInvitation(tx, tokenHash, { lock: true })
      if (!invitation) throw invitationGone()
      const user = await repository.insertPortalAccount(tx, { id: randomUUID(), name: input.name, email, passwordHash })
      await grantAccess(tx, tokenHash, user)
      return user
    })
  } catch (error) {
    if (findPostgresError(error)?.code === SQLSTATE.uniqueViolation) throw emailTaken()
    throw error
  }
}

/* ---------- the portal's reads ---------- */

/** GET /api/portal/clients */
export async function listClients(db: Db, userId: string) {
  const rows = await repository.listClientsOfRenter(db, userId)
  return rows.map((row) => ({
    id: row.clientId,
    name: row.clientName,
    organisationId: row.organisationId,
    organisationName: row.organisationName,
  }))
}

const BOOKINGS_PER_PAGE = 50
const HOUR_MS = 60 * 60 * 1000

/** 'My Bookings': a page of one client's bookings, with until when each may still be released. */
export async function listBookings(db: Db, renterOf: readonly RenterAccess[], query: PortalBookingsQuery, now = new Date()) {
  const { organisationId, clientId } = accessTo(renterOf, query.clientId)
  const rows = await repository.listBookingsOfClient(db, {
    organisationId,
    clientId,
    when: query.when,
    cursor: query.cursor,
    now,
    limit: BOOKINGS_PER_PAGE + 1,
  })
  const bookings = rows.slice(0, BOOKINGS_PER_PAGE).map((row): PortalBooking => {
    const releasableUntil = new Date(row.startTime.getTime() - row.releaseUntilHours * HOUR_MS)
    return {
      id: row.id,
      clientId,
      title: row.title,
      facilityName: row.facilityName,
      spaceName: row.spaceName,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
      timeZone: row.timeZone,
      changeRooms: [row.changeRoom1, row.changeRoom2].filter((name): name is string => name !== null),
      releasableUntil: releasableUntil > now ? releasableUntil.toISOString() : null,
    }
  })
  const last = bookings.at(-1)
  return { bookings, nextCursor: rows.length > BOOKINGS_PER_PAGE && last ? portalBookingCursor(last) : null }
}

// Hours as the ledger keeps them: exact to the hundredth, so sums are done in hundredths.
const hundredths = (hours: string) => Math.round(Number(hours) * 100)
const asHours = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`

/** 'My Hours': each active contract of the client, used of total, with its usage ledger (newest first). */
export async function listContracts(db: Db, renterOf: readonly RenterAccess[], clientId: string, now = new Date()) {
  const { organisationId } = accessTo(renterOf, clientId)
  const [contracts, { usage }] = await Promise.all([
    listContractsOfClient(db, organisationId, clientId),
    listUsageOfClient(db, organisationId, clientId),
  ])
  return contracts
    .filter((contract) => contract.status === 'active')
    .map((contract): PortalContract => ({
      id: contract.id,
      clientId: contract.clientId,
      name: contract.name,
      startDate: contract.startDate,
      endDate: contract.endDate,
      totalHours: contract.totalHours,
      hoursUsed: contract.hoursUsed,
      hoursBooked: contract.hoursBooked,
      hoursRemaining: asHours(hundredths(contract.totalHours) - hundredths(contract.hoursUsed)),
      ledger: usage
        .filter((line) => line.contractId === contract.id)
        .map((line) => ({
          id: line.id,
          usageDate: line.usageDate,
          hours: line.hoursLogged,
          kind: !line.schedule ? 'manual' : new Date(line.schedule.startTime) > now ? 'booked' : 'logged',
          description: line.description,
          title: line.schedule?.title ?? null,
          startTime: line.schedule ? new Date(line.schedule.startTime).toISOString() : null,
          timeZone: line.schedule?.timeZone ?? null,
        })),
    }))
}

/** 'My Invoices': the client's issued invoices and credit notes (a draft is the venue's own), its balance and payments. */
export async function listInvoices(db: Db, renterOf: readonly RenterAccess[], clientId: string) {
  const { organisationId } = accessTo(renterOf, clientId)
  const billing = await getClientBilling(db, organisationId, clientId)
  return { ...billing, invoices: billing.invoices.filter((invoice) => invoice.status !== 'draft') }
}

/** An invoice of one of the renter's clients, once issued; anything else is 404, as a missing one. */
export async function getPortalInvoice(db: Db, renterOf: readonly RenterAccess[], invoiceId: string) {
  const owner = await repository.findInvoiceOwner(db, invoiceId)
  const access = owner ? speaksFor(renterOf, owner.clientId) : undefined
  if (!owner || !access || access.organisationId !== owner.organisationId || owner.status === 'draft') throw notFound('Invoice')
  return getInvoice(db, owner.organisationId, invoiceId)
}

/** The client's calendar feed address ('Copy Feed URL'), its feed made on first asking. */
export async function clientFeedUrl(
  db: Db,
  renterOf: readonly RenterAccess[],
  clientId: string,
  context: { secret: string; origin: string },
) {
  const { organisationId } = accessTo(renterOf, clientId)
  const { feed } = await createFeed(db, organisationId, { scope: 'client', targetId: clientId, includeClientNames: false }, context)
  return { url: feed.url }
}
