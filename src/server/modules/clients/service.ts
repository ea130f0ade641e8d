import type { ClientInput } from '@shared/clients/schema'
import type { Db, Executor } from '../../db/client'
import { notFound } from '../../errors'
import * as repository from './repository'

export function listClients(db: Db, userId: string) {
  return repository.listClients(db, userId)
}

/** The client with what deleting it would touch, so the confirmation can say so (ADR 0006). */
export async function getClient(db: Db, userId: string, clientId: string) {
  const client = await repository.findOwnedClient(db, userId, clientId)
  if (!client) throw notFound('Client')
  return { client, dependents: await repository.countDependents(db, clientId) }
}

// An Executor, so that the setup wizard creates the client inside its step's transaction.
export function createClient(db: Executor, userId: string, input: ClientInput) {
  return repository.insertClient(db, userId, input)
}

export async function updateClient(db: Db, userId: string, clientId: string, input: ClientInput) {
  const client = await repository.updateOwnedClient(db, userId, clientId, input)
  if (!client) throw notFound('Client')
  return client
}

/**
 * ADR 0006, in one transaction: the client's contracts go (their usage rows cascade, and the
 * hours with them), then the client; its events stay on the schedule with no client (FK set null).
 */
export async function deleteClient(db: Db, userId: string, clientId: string) {
  await db.transaction(async (tx) => {
    if (!(await repository.lockOwnedClientForDeletion(tx, userId, clientId))) throw notFound('Client')
    await repository.deleteContractsOfClient(tx, clientId)
    await repository.deleteClient(tx, clientId)
  })
}

/* ---------- for the modules whose rows belong to a client ---------- */

/** Not found unless the client is the operator's. */
export async function requireOwnedClient(db: Executor, userId: string, clientId: string) {
  if (!(await repository.findOwnedClient(db, userId, clientId))) throw notFound('Client')
}

/**
 * Holds the operator's client until the transaction ends, for a write that attaches rows to it:
 * a concurrent deletion waits, and then deletes those rows too. Not found unless it is theirs.
 */
export async function lockOwnedClient(tx: Executor, userId: string, clientId: string) {
  if (!(await repository.lockOwnedClient(tx, userId, clientId))) throw notFound('Client')
}
