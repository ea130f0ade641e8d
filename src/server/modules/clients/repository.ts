import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { ClientInput } from '@shared/clients/schema'
import type { Executor } from '../../db/client'
import { clients, contractUsage, contracts, schedules } from '../../db/schema'

// Ownership is part of every query: another operator's client is simply not found.

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
  createdAt: clients.createdAt,
}

const owned = (userId: string, clientId: string) => and(eq(clients.id, clientId), eq(clients.userId, userId))

export function listClients(db: Executor, userId: string) {
  return db
    .select(clientColumns)
    .from(clients)
    .where(eq(clients.userId, userId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
}

export async function findOwnedClient(db: Executor, userId: string, clientId: string) {
  const [row] = await db.select(clientColumns).from(clients).where(owned(userId, clientId))
  return row ?? null
}

/**
 * Loads the client and holds it until the transaction ends, for writes that attach rows to it:
 * a concurrent deletion (which locks it for update) waits, and then deletes those rows too.
 */
export async function lockOwnedClient(db: Executor, userId: string, clientId: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(owned(userId, clientId)).for('key share')
  return row ?? null
}

/** Locks the client against new contracts while it is being deleted. */
export async function lockOwnedClientForDeletion(db: Executor, userId: string, clientId: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(owned(userId, clientId)).for('update')
  return row ?? null
}

export async function insertClient(db: Executor, userId: string, input: ClientInput) {
  const [row] = await db
    .insert(clients)
    .values({ ...input, userId })
    .returning(clientColumns)
  return row!
}

export async function updateOwnedClient(db: Executor, userId: string, clientId: string, input: ClientInput) {
  const [row] = await db.update(clients).set(input).where(owned(userId, clientId)).returning(clientColumns)
  return row ?? null
}

// A client's contracts go with it (ADR 0006); their usage rows cascade.
export async function deleteContractsOfClient(db: Executor, clientId: string) {
  await db.delete(contracts).where(eq(contracts.clientId, clientId))
}

export async function deleteClient(db: Executor, clientId: string) {
  await db.delete(clients).where(eq(clients.id, clientId))
}

/** What deleting the client would touch, for the confirmation dialog (ADR 0006). */
export async function countDependents(db: Executor, clientId: string) {
  const [[contractCount], [usageCount], [eventCount]] = await Promise.all([
    db.select({ value: count() }).from(contracts).where(eq(contracts.clientId, clientId)),
    db
      .select({ value: count() })
      .from(contractUsage)
      .innerJoin(contracts, eq(contracts.id, contractUsage.contractId))
      .where(eq(contracts.clientId, clientId)),
    db.select({ value: count() }).from(schedules).where(eq(schedules.clientId, clientId)),
  ])
  return { contracts: contractCount!.value, usageLogs: usageCount!.value, events: eventCount!.value }
}
