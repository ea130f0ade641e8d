import type { ContractInput, UsageInput } from '@shared/contracts/schema'
import { describeScope } from '@shared/contracts/scope'
import { hoursForDuration } from '@shared/scheduling/durations'
import { localDateOf } from '@shared/scheduling/local-day'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { changedFields, createdChanges, deletedChanges, recordActivity, type Actor } from '../activity/service'
import { lockOwnedClient, requireOwnedClient } from '../clients/service'
import * as repository from './repository'

export type Contract = Awaited<ReturnType<typeof repository.listContractsOfClient>>[number]

type ContractGroup = {
  client: { id: string; name: string }
  totals: { totalHours: string; hoursUsed: string; hoursRemaining: string }
  contracts: Contract[]
}

const HOURS_SCALE = 2

// The fields the trail keeps of a contract; the trail calls a contract by its client's name.
function contractValues(contract: Omit<Contract, 'id' | 'createdAt'>, clientName: string) {
  return {
    client: clientName,
    name: contract.name,
    startDate: contract.startDate,
    endDate: contract.endDate,
    totalHours: Number(contract.totalHours),
    hoursUsed: Number(contract.hoursUsed),
    status: contract.status,
    notes: contract.notes,
    // Left out while it applies everywhere, as it always did: only a limit is worth reading.
    appliesTo: contract.appliesTo === 'all' ? null : describeScope(contract),
    prepaidPriceMinor: contract.prepaidPriceMinor,
  }
}

function toContractValues(input: ContractInput): repository.ContractValues {
  return {
    clientId: input.clientId,
    name: input.name,
    startDate: input.startDate,
    endDate: input.endDate,
    // The schema allows at most two decimals, so this is the exact value for the numeric column.
    totalHours: input.totalHours.toFixed(HOURS_SCALE),
    hoursUsed: input.hoursUsed === undefined ? null : input.hoursUsed.toFixed(HOURS_SCALE),
    status: input.status,
    notes: input.notes,
    appliesTo: input.appliesTo,
    appliesToRoomTypes: input.roomTypes,
    prepaidPriceMinor: input.prepaidPriceMinor,
  }
}

function withoutClientName({ clientName: _, ...contract }: Contract & { clientName: string }): Contract {
  return contract
}

const SCOPE_SPACE_MESSAGE = 'A change room is never booked, so a contract cannot be limited to it'

/**
 * The chosen spaces must be the organisation's (another's is not found, like a missing one) and
 * bookable; the composite foreign key holds the first once written.
 */
async function requireScopeSpaces(tx: Executor, organisationId: string, spaceIds: string[]) {
  if (spaceIds.length === 0) return
  const found = await repository.findSpaces(tx, organisationId, spaceIds)
  if (found.length !== spaceIds.length) throw notFound('Space')
  if (found.some((space) => space.type === 'change_room')) {
    throw new AppError('VALIDATION', SCOPE_SPACE_MESSAGE, { spaceIds: SCOPE_SPACE_MESSAGE })
  }
}

function sameScope(contract: Contract, input: ContractInput) {
  const spaceIds = contract.spaces.map((space) => space.id)
  return (
    contract.appliesTo === input.appliesTo &&
    contract.roomTypes.join() === input.roomTypes.join() &&
    spaceIds.length === input.spaceIds.length &&
    input.spaceIds.every((id) => spaceIds.includes(id))
  )
}

/**
 * A narrowed scope or an earlier end date takes the contract off the bookings it no longer covers
 * (docs/product.md#clients-and-contracts): the charge of each event that has not ended yet in
 * such a space, or after the end date, moves to the contract that applies there now, by the
 * booking rule, or goes when none does. Past events keep their charge. The caller holds the
 * contract FOR UPDATE, so every charge made before is committed and seen here.
 */
async function rechargeNoLongerCovered(tx: Executor, organisationId: string, contractId: string) {
  const charges = await repository.listChargesNoLongerCovered(tx, organisationId, contractId)
  const byTarget = new Map<string, { clientId: string | null; roomId: string; usageDate: string; ids: string[] }>()
  for (const charge of charges) {
    const key = `${charge.clientId}/${charge.roomId}/${charge.usageDate}`
    const group = byTarget.get(key) ?? { clientId: charge.clientId, roomId: charge.roomId, usageDate: charge.usageDate, ids: [] }
    group.ids.push(charge.id)
    byTarget.set(key, group)
  }
  for (const { clientId, roomId, usageDate, ids } of byTarget.values()) {
    const [target] = clientId ? await repository.latestActiveContractQuery(tx, organisationId, clientId, roomId, usageDate) : []
    await repository.moveCharges(tx, organisationId, ids, target?.id ?? null)
  }
}

/** The organisation's contracts grouped per client (by client name), with each client's exact totals. */
export async function listContractGroups(db: Db, organisationId: string) {
  const [rows, totals] = await Promise.all([
    repository.listContractsWithClients(db, organisationId),
    repository.sumHoursPerClient(db, organisationId),
  ])
  const totalsByClient = new Map(totals.map(({ clientId, ...sums }) => [clientId, sums]))
  const groups = new Map<string, ContractGroup>()
  for (const { clientName, ...contract } of rows) {
    let group = groups.get(contract.clientId)
    if (!group) {
      group = { client: { id: contract.clientId, name: clientName }, totals: totalsByClient.get(contract.clientId)!, contracts: [] }
      groups.set(contract.clientId, group)
    }
    group.contracts.push(contract)
  }
  return [...groups.values()]
}

export async function listContractsOfClient(db: Db, organisationId: string, clientId: string) {
  await requireOwnedClient(db, organisationId, clientId)
  return repository.listContractsOfClient(db, organisationId, clientId)
}

// A chosen space deleted between the check and the write is not found, like one never there.
async function withScopeSpaces<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (findPostgresError(error)?.constraint === 'contract_spaces_room_fk') throw notFound('Space')
    throw error
  }
}

export async function createContract(db: Db, organisationId: string, actor: Actor, input: ContractInput) {
  return withScopeSpaces(() =>
    db.transaction(async (tx) => {
      // The lock makes a concurrent deletion of the client wait, so it cannot miss this contract.
      const client = await lockOwnedClient(tx, organisationId, input.clientId)
      await requireScopeSpaces(tx, organisationId, input.spaceIds)
      const { id } = await repository.insertContract(tx, organisationId, toContractValues(input))
      await repository.replaceScopeSpaces(tx, organisationId, id, input.spaceIds)
      // A new contract takes no charges made before it: bookings are charged when they are made.
      const contract = (await repository.findOwnedContract(tx, organisationId, id))!
      await recordActivity(tx, organisationId, actor, {
        action: 'created',
        entity: 'contract',
        entityId: contract.id,
        label: client.name,
        changes: createdChanges(contractValues(contract, client.name)),
      })
      return withoutClientName(contract)
    }),
  )
}

// Setting hours used by hand sets a new opening balance to which later usage adds (ADR 0014).
export async function updateContract(db: Db, organisationId: string, actor: Actor, contractId: string, input: ContractInput) {
  return withScopeSpaces(() =>
    db.transaction(async (tx) => {
      if (!(await repository.findOwnedContract(tx, organisationId, contractId))) throw notFound('Contract')
      const client = await lockOwnedClient(tx, organisationId, input.clientId)
      // Held from here to the write, so the trail's before is the one this edit replaced. Taken
      // after the client's lock, in the order a client's deletion takes them, so neither waits on the other.
      const before = await repository.findOwnedContract(tx, organisationId, contractId, { lock: true })
      if (!before) throw notFound('Contract')
      const isScopeChanged = !sameScope(before, input)
      // An earlier end date (or a first one) leaves bookings after it uncovered, as a narrower scope does.
      const isEndChanged = before.endDate !== input.endDate
      if (isScopeChanged) await requireScopeSpaces(tx, organisationId, input.spaceIds)
      if (isScopeChanged || isEndChanged) {
        // From here no booking charges this contract until the new scope and end are committed (ADRs 0029, 0049).
        await repository.lockContractAgainstCharges(tx, organisationId, contractId)
      }
      if (!(await repository.updateOwnedContract(tx, organisationId, contractId, toContractValues(input)))) throw notFound('Contract')
      if (isScopeChanged) await repository.replaceScopeSpaces(tx, organisationId, contractId, input.spaceIds)
      if (isScopeChanged || isEndChanged) await rechargeNoLongerCovered(tx, organisationId, contractId)
      const contract = (await repository.findOwnedContract(tx, organisationId, contractId))!
      const changes = changedFields(contractValues(before, before.clientName), contractValues(contract, client.name))
      // Saving the form unchanged writes nothing worth reading.
      if (Object.keys(changes).length > 0) {
        await recordActivity(tx, organisationId, actor, {
          action: 'updated',
          entity: 'contract',
          entityId: contractId,
          label: client.name,
          changes,
        })
      }
      return withoutClientName(contract)
    }),
  )
}

export async function deleteContract(db: Db, organisationId: string, actor: Actor, contractId: string) {
  await db.transaction(async (tx) => {
    const contract = await repository.deleteOwnedContract(tx, organisationId, contractId)
    if (!contract) throw notFound('Contract')
    await recordActivity(tx, organisationId, actor, {
      action: 'deleted',
      entity: 'contract',
      entityId: contract.id,
      label: contract.clientName,
      changes: deletedChanges(contractValues(contract, contract.clientName)),
    })
  })
}

/**
 * Logs hours by hand. The contract's hours used are its ledger (ADR 0014), so the new row is
 * counted the moment it commits; the answer carries the total as this transaction sees it.
 */
export async function logUsage(db: Db, organisationId: string, actor: Actor, input: UsageInput) {
  try {
    return await db.transaction(async (tx) => {
      const contract = await repository.findOwnedContract(tx, organisationId, input.contractId)
      if (!contract) throw notFound('Contract')
      const [usage] = await repository.insertUsage(tx, organisationId, [
        {
          contractId: input.contractId,
          usageDate: input.usageDate,
          hoursLogged: input.hours.toFixed(HOURS_SCALE),
          description: input.description,
        },
      ])
      await recordActivity(tx, organisationId, actor, {
        action: 'created',
        entity: 'usage',
        entityId: usage!.id,
        label: contract.clientName,
        changes: createdChanges({ hours: input.hours, usageDate: input.usageDate, description: input.description }),
      })
      const hoursUsed = await repository.readHoursUsed(tx, organisationId, input.contractId)
      return { usage: usage!, contract: { id: input.contractId, hoursUsed: hoursUsed! } }
    })
  } catch (error) {
    // The contract was deleted between the check and the insert.
    if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) throw notFound('Contract')
    throw error
  }
}

/** The client's usage rows newest first, with the linked event where there is one, and a total per contract. */
export async function listUsageOfClient(db: Db, organisationId: string, clientId: string) {
  await requireOwnedClient(db, organisationId, clientId)
  const [rows, totals] = await Promise.all([
    repository.listUsageOfClient(db, organisationId, clientId),
    repository.sumUsagePerContract(db, organisationId, clientId),
  ])
  const usage = rows.map(({ scheduleId, scheduleTitle, scheduleStartTime, scheduleTimeZone, ...row }) => ({
    ...row,
    schedule:
      scheduleId && scheduleTitle && scheduleStartTime && scheduleTimeZone
        ? { id: scheduleId, title: scheduleTitle, startTime: scheduleStartTime, timeZone: scheduleTimeZone }
        : null,
  }))
  return { usage, totals }
}

/* ---------- charging booked events ---------- */

/**
 * The contract a booking charges, the client's latest-started active contract that applies to the
 * booked space and has not ended by the charge's date, as a query the booking statement embeds (docs/product.md#clients-and-contracts):
 * the rule lives here, the booking module only uses it.
 */
export const activeContractForCharging = repository.latestActiveContractQuery

/**
 * The contract a booking of the client in the space on `date` would be charged to now, with the
 * client's name, or null: what the event dialog warns about before booking.
 */
export async function findChargingContract(db: Db, organisationId: string, clientId: string, roomId: string, date: string) {
  await requireOwnedClient(db, organisationId, clientId)
  if ((await repository.findSpaces(db, organisationId, [roomId])).length === 0) throw notFound('Space')
  const [charged] = await repository.latestActiveContractQuery(db, organisationId, clientId, roomId, date)
  return charged ? repository.findOwnedContract(db, organisationId, charged.id) : null
}
export type { EventUsage } from './repository'

export type ChargeableEvent = { id: string; startTime: Date; endTime: Date; title: string }

/** What each event costs: its own duration, dated on its local start day. */
export function usageOfEvents(events: ChargeableEvent[], timeZone: string): repository.EventUsage[] {
  return (
    events
      .map((event) => ({
        scheduleId: event.id,
        usageDate: localDateOf(event.startTime, timeZone),
        hoursLogged: hoursForDuration(event.startTime, event.endTime),
        description: event.title,
      }))
      // An event under 18 seconds rounds to 0.00 hours, which is no charge at all.
      .filter((row) => row.hoursLogged !== '0.00')
  )
}
