import type { ClientInput } from '@shared/clients/schema'
import type { Db, Executor } from '../../db/client'
import { notFound } from '../../errors'
import * as repository from './repository'

export function listClients(db: Db, organisationId: string) {
  return repository.listClients(db, organisationId)
}

/** The client with what deleting it would touch, so the confirmation can say so (ADR 0006). */
export async function getClient(db: Db, organisationId: string, clientId: string) {
  const client = await repository.findOwnedClient(db, organisationId, clientId)
  if (!client) throw notFound('Client')
  return { client, dependents: await repository.countDependents(db, organisationId, clientId) }
}

// An Executor, so that the setup wizard creates the client inside its step's transaction.
export function createClient(db: Executor, organisationId: string, input: ClientInput) {
  return repository.insertClient(db, organisationId, input)
}

export async function updateClient(db: Db, organisationId: string, clientId: string, input: ClientInput) {
  const client = await repository.updateOwnedClient(db, organisationId, clientId, input)
  if (!client) throw notFound('Client')
  return client
}

/**
 * ADR 0006, in one transaction: the client's contracts go (their usage rows cascade, and the
 * hours with them), then the client; its events stay on the schedule with no client (FK set null).
 */
export async function deleteClient(db: Db, organisationId: string, clientId: string) {
  await db.transaction(async (tx) => {
    if (!(await repository.lockOwnedClientForDeletion(tx, organisationId, clientId))) throw notFound('Client')
    await repository.deleteContractsOfClient(tx, organisationId, clientId)
    await repository.deleteClient(tx, organisationId, clientId)
  })
}

/* ---------- for the modules whose rows belong to a client ---------- */

/** Not found unless the client is the organisation's. */
export async function requireOwnedClient(db: Executor, organisationId: string, clientId: string) {
  if (!(await repository.findOwnedClient(db, organisationId, clientId))) throw notFound('Client')
}

/**
 * Holds the organisation's client until the transaction ends, for a write that attaches rows to
 * it: a concurrent deletion waits, and then deletes those rows too. Not found unless it is theirs.
 */
export async function lockOwnedClient(tx: Executor, organisationId: string, clientId: string) {
  if (!(await repository.lockOwnedClient(tx, organisationId, clientId))) throw notFound('Client')
}
