import type { ClientInput } from '@shared/clients/schema'
import type { Db } from '../../db/client'
import { notFound } from '../../errors'
import { deleteContractsOfClient } from '../contracts/repository'
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

export function createClient(db: Db, userId: string, input: ClientInput) {
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
    await deleteContractsOfClient(tx, clientId)
    await repository.deleteClient(tx, clientId)
  })
}
