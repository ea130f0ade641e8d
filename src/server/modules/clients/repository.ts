import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { ClientInput } from '@shared/clients/schema'
import type { Executor } from '../../db/client'
import { clients, contractUsage, contracts, invoices, payments, schedules } from '../../db/schema'

// The organisation is part of every query: another organisation's client is simply not found.
// Each filter leads with organisation_id, as the indexes do.

const clientColumns = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  secondaryPhone: clients.secondaryPhone,
  company: clients.company,
  address: clients.address,
  city: clients.city,
  provinceState: clients.provinceState,
  postalCode: clients.postalCode,
  country: clients.country,
  website: clients.website,
  notes: clients.notes,
  emailConfirmations: clients.emailConfirmations,
  marketingUnsubscribedAt: clients.marketingUnsubscribedAt,
  createdAt: clients.createdAt,
}

const owned = (organisationId: string, clientId: string) => and(eq(clients.organisationId, organisationId), eq(clients.id, clientId))

export function listClients(db: Executor, organisationId: string) {
  return db
    .select(clientColumns)
    .from(clients)
    .where(eq(clients.organisationId, organisationId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
}

/** `lock` holds the row against other edits (not against new contracts) until the transaction ends. */
export async function findOwnedClient(db: Executor, organisationId: string, clientId: string, { lock = false } = {}) {
  const query = db.select(clientColumns).from(clients).where(owned(organisationId, clientId))
  const [row] = lock ? await query.for('no key update') : await query
  return row ?? null
}

/**
 * Loads the client and holds it until the transaction ends, for writes that attach rows to it:
 * a concurrent deletion (which locks it for update) waits, and then deletes those rows too.
 */
export async function lockOwnedClient(db: Executor, organisationId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(owned(organisationId, clientId))
    .for('key share')
  return row ?? null
}

/** Locks the client against new contracts while it is being deleted. */
export async function lockOwnedClientForDeletion(db: Executor, organisationId: string, clientId: string) {
  const [row] = await db.select(clientColumns).from(clients).where(owned(organisationId, clientId)).for('update')
  return row ?? null
}

export async function insertClient(db: Executor, organisationId: string, input: ClientInput) {
  const [row] = await db
    .insert(clients)
    .values({ ...input, organisationId })
    .returning(clientColumns)
  return row!
}

export async function updateOwnedClient(db: Executor, organisationId: string, clientId: string, input: ClientInput) {
  const [row] = await db.update(clients).set(input).where(owned(organisationId, clientId)).returning(clientColumns)
  return row ?? null
}

const contractsOfClient = (organisationId: string, clientId: string) =>
  and(eq(contracts.organisationId, organisationId), eq(contracts.clientId, clientId))

// A client's contracts go with it (ADR 0006); their usage rows cascade.
export function deleteContractsOfClient(db: Executor, organisationId: string, clientId: string) {
  return db.delete(contracts).where(contractsOfClient(organisationId, clientId)).returning({
    id: contracts.id,
    startDate: contracts.startDate,
    totalHours: contracts.totalHours,
    status: contracts.status,
    notes: contracts.notes,
  })
}

/** Whether the client has invoices (drafts included) or payments: its books, which keep it. */
export async function hasBillingRecords(db: Executor, organisationId: string, clientId: string) {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (select from ${invoices} where ${invoices.organisationId} = ${clients.organisationId} and ${invoices.clientId} = ${clients.id})
        or exists (select from ${payments} where ${payments.organisationId} = ${clients.organisationId} and ${payments.clientId} = ${clients.id})`,
    })
    .from(clients)
    .where(owned(organisationId, clientId))
  return row?.found ?? false
}

export async function deleteClient(db: Executor, organisationId: string, clientId: string) {
  await db.delete(clients).where(owned(organisationId, clientId))
}

/** What deleting the client would touch, for the confirmation dialog (ADR 0006). */
export async function countDependents(db: Executor, organisationId: string, clientId: string) {
  const [[contractCount], [usageCount], [eventCount]] = await Promise.all([
    db.select({ value: count() }).from(contracts).where(contractsOfClient(organisationId, clientId)),
    db
      .select({ value: count() })
      .from(contractUsage)
      .innerJoin(contracts, and(eq(contracts.organisationId, contractUsage.organisationId), eq(contracts.id, contractUsage.contractId)))
      .where(and(eq(contractUsage.organisationId, organisationId), contractsOfClient(organisationId, clientId))),
    db
      .select({ value: count() })
      .from(schedules)
      .where(and(eq(schedules.organisationId, organisationId), eq(schedules.clientId, clientId))),
  ])
  return { contracts: contractCount!.value, usageLogs: usageCount!.value, events: eventCount!.value }
}

/* ---------- 'Import Clients' (ADR 0068) ---------- */

/**
 * Imports of the organisation's clients wait for one another until the transaction ends, so two
 * imports of the same file cannot both find a client missing and both create it.
 */
export async function lockClientImports(tx: Executor, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`clients-import:${organisationId}`}, 0))`)
}

/** What an import matches rows against: every client's name and email (one index range of the organisation's). */
export function listClientNamesAndEmails(db: Executor, organisationId: string) {
  return db
    .select({ id: clients.id, name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.organisationId, organisationId))
}

/** One multi-row INSERT; the caller keeps each batch under PostgreSQL's 65,535 parameters. */
export function insertClients(db: Executor, organisationId: string, inputs: ClientInput[]) {
  return db
    .insert(clients)
    .values(inputs.map((input) => ({ ...input, organisationId })))
    .returning(clientColumns)
}
