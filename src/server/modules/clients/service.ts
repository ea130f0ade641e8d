import { IMPORT_MESSAGES, matchKey, type ImportRow } from '@shared/clients/import'
import type { ClientInput } from '@shared/clients/schema'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { changedFields, createdChanges, deletedChanges, recordActivity, type Actor } from '../activity/service'
import { ImportFileError, readImportFile } from './import-csv'
import * as repository from './repository'

type Client = NonNullable<Awaited<ReturnType<typeof repository.findOwnedClient>>>

// The fields the trail keeps of a client: all a person typed in.
function clientValues({ id: _id, createdAt: _createdAt, ...fields }: Client) {
  return fields
}

// A new client's entry names what the operator filled in: booking confirmations are on unless
// turned off (docs/product.md#email), so only 'off' is worth a line.
function createdValues(client: Client) {
  const { emailConfirmations, ...fields } = clientValues(client)
  return emailConfirmations ? fields : { ...fields, emailConfirmations }
}

export function listClients(db: Db, organisationId: string) {
  return repository.listClients(db, organisationId)
}

/** The client with what deleting it would touch, so the confirmation can say so (ADR 0006). */
export async function getClient(db: Db, organisationId: string, clientId: string) {
  const client = await repository.findOwnedClient(db, organisationId, clientId)
  if (!client) throw notFound('Client')
  return { client, dependents: await repository.countDependents(db, organisationId, clientId) }
}

// An Executor, so that the setup wizard creates the client inside its step's transaction (this
// one is then a savepoint within it).
export function createClient(db: Executor, organisationId: string, actor: Actor, input: ClientInput) {
  return db.transaction(async (tx) => {
    const client = await repository.insertClient(tx, organisationId, input)
    await recordActivity(tx, organisationId, actor, {
      action: 'created',
      entity: 'client',
      entityId: client.id,
      label: client.name,
      changes: createdChanges(createdValues(client)),
    })
    return client
  })
}

// The row is held from the read to the write, so the trail's before is the one this edit replaced.
export async function updateClient(db: Db, organisationId: string, actor: Actor, clientId: string, input: ClientInput) {
  return db.transaction(async (tx) => {
    const before = await repository.findOwnedClient(tx, organisationId, clientId, { lock: true })
    if (!before) throw notFound('Client')
    const client = await repository.updateOwnedClient(tx, organisationId, clientId, input)
    if (!client) throw notFound('Client')
    const changes = changedFields(clientValues(before), clientValues(client))
    // Saving the form unchanged writes nothing worth reading.
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, organisationId, actor, {
        action: 'updated',
        entity: 'client',
        entityId: client.id,
        label: client.name,
        changes,
      })
    }
    return client
  })
}

export const CLIENT_HAS_BILLING_MESSAGE = "This client has invoices or payments, so it can't be deleted."

// The foreign keys that keep a client with books (migration 0040: ON DELETE no action).
const BILLING_FOREIGN_KEYS = new Set(['invoices_client_fk', 'payments_client_fk'])

/**
 * ADR 0006, in one transaction: the client's contracts go (their usage rows cascade, and the
 * hours with them), then the client; its events stay on the schedule with no client (FK set null).
 * The trail records each contract, then the client.
 *
 * A client with invoices or payments is never deleted: the books would lose their owner
 * (docs/product.md#billing). The foreign keys refuse it; this says so first. The row is held
 * FOR UPDATE before the check, so an invoice or payment being written for the client (which
 * holds the client's row while it attaches to it) is committed and seen, or waits and then finds
 * the client gone.
 */
export async function deleteClient(db: Db, organisationId: string, actor: Actor, clientId: string) {
  try {
    await deleteClientWithContracts(db, organisationId, actor, clientId)
  } catch (error) {
    const postgres = findPostgresError(error)
    if (postgres?.code === SQLSTATE.foreignKeyViolation && BILLING_FOREIGN_KEYS.has(postgres.constraint ?? '')) {
      throw new AppError('CONFLICT', CLIENT_HAS_BILLING_MESSAGE)
    }
    throw error
  }
}

async function deleteClientWithContracts(db: Db, organisationId: string, actor: Actor, clientId: string) {
  await db.transaction(async (tx) => {
    const client = await repository.lockOwnedClientForDeletion(tx, organisationId, clientId)
    if (!client) throw notFound('Client')
    if (await repository.hasBillingRecords(tx, organisationId, clientId)) throw new AppError('CONFLICT', CLIENT_HAS_BILLING_MESSAGE)
    const contracts = await repository.deleteContractsOfClient(tx, organisationId, clientId)
    await repository.deleteClient(tx, organisationId, clientId)
    await recordActivity(tx, organisationId, actor, [
      ...contracts.map((contract) => ({
        action: 'deleted' as const,
        entity: 'contract' as const,
        entityId: contract.id,
        label: client.name,
        changes: deletedChanges({
          client: client.name,
          startDate: contract.startDate,
          totalHours: Number(contract.totalHours),
          status: contract.status,
          notes: contract.notes,
        }),
      })),
      { action: 'deleted', entity: 'client', entityId: client.id, label: client.name, changes: deletedChanges(clientValues(client)) },
    ])
  })
}

/* ---------- for the modules whose rows belong to a client ---------- */

/** Not found unless the client is the organisation's. */
export async function requireOwnedClient(db: Executor, organisationId: string, clientId: string) {
  if (!(await repository.findOwnedClient(db, organisationId, clientId))) throw notFound('Client')
}

/**
 * Holds the organisation's client until the transaction ends, for a write that attaches rows to
 * it: a concurrent deletion waits, and then deletes those rows too. Not found unless it is theirs;
 * its name is what the trail calls the rows attached to it.
 */
export async function lockOwnedClient(tx: Executor, organisationId: string, clientId: string) {
  const client = await repository.lockOwnedClient(tx, organisationId, clientId)
  if (!client) throw notFound('Client')
  return client
}

/* ---------- 'Import Clients' (docs/product.md#importing-clients, ADR 0068) ---------- */

type ImportMatch = { clientId: string; clientName: string; by: 'email' | 'name' }
type Existing = Awaited<ReturnType<typeof repository.listClientNamesAndEmails>>

// A batch's clients and their trail entries each stay far below PostgreSQL's 65,535 parameters.
const IMPORT_BATCH_ROWS = 1_000
// The refusal names every row's first error, up to this many; the preview lists them all.
const IMPORT_ERROR_FIELDS = 200

function readFileOrRefuse(csv: string) {
  try {
    return readImportFile(csv)
  } catch (error) {
    if (error instanceof ImportFileError) throw new AppError('VALIDATION', error.message, { csv: error.message })
    throw error
  }
}

/** The client each row already is: the same email first, else the same name (both without case). */
function matchRows(rows: ImportRow[], existing: Existing): (ImportMatch | null)[] {
  const byEmail = new Map<string, Existing[number]>()
  const byName = new Map<string, Existing[number]>()
  for (const client of existing) {
    if (client.email) byEmail.set(matchKey(client.email), client)
    byName.set(matchKey(client.name), client)
  }
  return rows.map(({ values: { email, name } }) => {
    const sameEmail = email ? byEmail.get(matchKey(email)) : undefined
    if (sameEmail) return { clientId: sameEmail.id, clientName: sameEmail.name, by: 'email' }
    const sameName = name ? byName.get(matchKey(name)) : undefined
    return sameName ? { clientId: sameName.id, clientName: sameName.name, by: 'name' } : null
  })
}

/** What importing the file would do, row by row; writes nothing. */
export async function previewImport(db: Db, organisationId: string, csv: string) {
  const { columns, rows } = readFileOrRefuse(csv)
  const matches = matchRows(rows, await repository.listClientNamesAndEmails(db, organisationId))
  const valid = rows.filter((row) => row.errors.length === 0).length
  return {
    rows: rows.map(({ line, values, errors }, index) => ({ line, values, errors, match: matches[index]! })),
    summary: {
      total: rows.length,
      valid,
      invalid: rows.length - valid,
      matched: rows.filter((row, index) => row.errors.length === 0 && matches[index]).length,
    },
    ignoredColumns: columns.ignoredColumns,
  }
}

/**
 * All or nothing: the file is read and checked again, and any row with an error refuses the whole
 * file. Rows that are already clients are skipped. One transaction, under the organisation's import
 * lock (repository.lockClientImports), so two imports of one file create each client once.
 */
export async function importClients(db: Db, organisationId: string, actor: Actor, csv: string) {
  const { rows } = readFileOrRefuse(csv)
  if (rows.length === 0) throw new AppError('VALIDATION', IMPORT_MESSAGES.noRows, { csv: IMPORT_MESSAGES.noRows })
  const refused = rows.filter((row) => row.errors.length > 0)
  if (refused.length > 0) {
    const fields = Object.fromEntries(refused.slice(0, IMPORT_ERROR_FIELDS).map((row) => [`rows.${row.line}`, row.errors[0]!]))
    throw new AppError('VALIDATION', `${IMPORT_MESSAGES.notImported}. ${refused[0]!.errors[0]!}`, fields)
  }
  return db.transaction(async (tx) => {
    await repository.lockClientImports(tx, organisationId)
    const matches = matchRows(rows, await repository.listClientNamesAndEmails(tx, organisationId))
    const inputs = rows.flatMap((row, index) => (matches[index] ? [] : [row.input!]))
    for (let start = 0; start < inputs.length; start += IMPORT_BATCH_ROWS) {
      const created = await repository.insertClients(tx, organisationId, inputs.slice(start, start + IMPORT_BATCH_ROWS))
      await recordActivity(
        tx,
        organisationId,
        actor,
        created.map((client) => ({
          action: 'created' as const,
          entity: 'client' as const,
          entityId: client.id,
          label: client.name,
          changes: createdChanges(createdValues(client)),
        })),
      )
    }
    return { imported: inputs.length, skipped: rows.length - inputs.length }
  })
}
