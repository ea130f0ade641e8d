import type { ContractInput, UsageInput } from '@shared/contracts/schema'
import { hoursForDuration } from '@shared/scheduling/durations'
import { localDateOf } from '@shared/scheduling/local-day'
import type { Db, Executor } from '../../db/client'
import { findPostgresError, notFound, SQLSTATE } from '../../errors'
import { findOwnedClient, lockOwnedClient } from '../clients/repository'
import * as repository from './repository'

export type Contract = Awaited<ReturnType<typeof repository.listContractsOfClient>>[number]

type ContractGroup = {
  client: { id: string; name: string }
  totals: { totalHours: string; hoursUsed: string; hoursRemaining: string }
  contracts: Contract[]
}

const HOURS_SCALE = 2

function toContractValues(input: ContractInput): repository.ContractValues {
  return {
    clientId: input.clientId,
    startDate: input.startDate,
    // The schema allows at most two decimals, so this is the exact value for the numeric column.
    totalHours: input.totalHours.toFixed(HOURS_SCALE),
    hoursUsed: input.hoursUsed.toFixed(HOURS_SCALE),
    status: input.status,
    notes: input.notes,
  }
}

/** The operator's contracts grouped per client (by client name), with each client's exact totals. */
export async function listContractGroups(db: Db, userId: string) {
  const [rows, totals] = await Promise.all([
    repository.listContractsWithClients(db, userId),
    repository.sumHoursPerClient(db, userId),
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

export async function listContractsOfClient(db: Db, userId: string, clientId: string) {
  if (!(await findOwnedClient(db, userId, clientId))) throw notFound('Client')
  return repository.listContractsOfClient(db, userId, clientId)
}

export async function createContract(db: Db, userId: string, input: ContractInput) {
  return db.transaction(async (tx) => {
    // The lock makes a concurrent deletion of the client wait, so it cannot miss this contract.
    if (!(await lockOwnedClient(tx, userId, input.clientId))) throw notFound('Client')
    return repository.insertContract(tx, userId, toContractValues(input))
  })
}

// Setting hours used by hand sets a new opening balance to which later usage adds (ADR 0007).
export async function updateContract(db: Db, userId: string, contractId: string, input: ContractInput) {
  return db.transaction(async (tx) => {
    if (!(await repository.findOwnedContract(tx, userId, contractId))) throw notFound('Contract')
    if (!(await lockOwnedClient(tx, userId, input.clientId))) throw notFound('Client')
    const contract = await repository.updateOwnedContract(tx, userId, contractId, toContractValues(input))
    if (!contract) throw notFound('Contract')
    return contract
  })
}

export async function deleteContract(db: Db, userId: string, contractId: string) {
  if (!(await repository.deleteOwnedContract(db, userId, contractId))) throw notFound('Contract')
}

/**
 * Logs hours by hand. The contract's hours used are its ledger (ADR 0007), so the new row is
 * counted the moment it commits; the answer carries the total as this transaction sees it.
 */
export async function logUsage(db: Db, userId: string, input: UsageInput) {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repository.findOwnedContract(tx, userId, input.contractId))) throw notFound('Contract')
      const [usage] = await repository.insertUsage(tx, [
        {
          contractId: input.contractId,
          usageDate: input.usageDate,
          hoursLogged: input.hours.toFixed(HOURS_SCALE),
          description: input.description,
        },
      ])
      const hoursUsed = await repository.readHoursUsed(tx, input.contractId)
      return { usage: usage!, contract: { id: input.contractId, hoursUsed: hoursUsed! } }
    })
  } catch (error) {
    // The contract was deleted between the check and the insert.
    if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) throw notFound('Contract')
    throw error
  }
}

/** The client's usage rows newest first, with the linked event where there is one, and a total per contract. */
export async function listUsageOfClient(db: Db, userId: string, clientId: string) {
  if (!(await findOwnedClient(db, userId, clientId))) throw notFound('Client')
  const [rows, totals] = await Promise.all([
    repository.listUsageOfClient(db, userId, clientId),
    repository.sumUsagePerContract(db, userId, clientId),
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

/* ---------- charging booked events (called by the scheduling module inside its transaction) ---------- */

export type ChargeableEvent = { id: string; startTime: Date; endTime: Date; title: string }

export type ChargeEventsOptions = {
  userId: string
  clientId: string
  /** The facility's IANA zone: each usage row is dated on the event's local start day. */
  timeZone: string
  events: ChargeableEvent[]
}

/**
 * Charges each event to the client's latest-started active contract (spec §7), one usage row per
 * event linked by schedule_id, so the Usage Report explains every hour and deleting an event
 * (or its room or facility) gives its hours back through the cascade.
 *
 * Call it with the transaction that inserts the events, after inserting them. Each event costs
 * its own duration, so the halves of a split event cost their parts (ADR 0007). A client without
 * an active contract is booked without a charge: the answer is null and nothing fails.
 */
export async function chargeEventsToActiveContract(tx: Executor, { userId, clientId, timeZone, events }: ChargeEventsOptions) {
  const rows = usageOfEvents(events, timeZone)
  if (rows.length === 0) return null
  const contract = await repository.findLatestActiveContract(tx, userId, clientId)
  if (!contract) return null
  await repository.insertUsage(tx, rows.map((row) => ({ ...row, contractId: contract.id })))
  return { contractId: contract.id, hoursCharged: sumHours(rows.map((row) => row.hoursLogged)) }
}

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

/**
 * For an edited event (new times, title or client): drops the events' current charges, which
 * gives their hours back, then charges them again as chargeEventsToActiveContract does. Call it
 * inside the transaction that updates the events, after updating them. Deleted events need no
 * call: their usage rows cascade, and the hours with them.
 */
export async function rechargeEvents(tx: Executor, options: ChargeEventsOptions) {
  await repository.deleteUsageOfSchedules(tx, options.events.map((event) => event.id))
  return chargeEventsToActiveContract(tx, options)
}

// Sums 'h.hh' strings in whole hundredths, so no binary fraction leaks into the total.
function sumHours(hours: string[]): string {
  const hundredths = hours.reduce((total, value) => total + Math.round(Number(value) * 100), 0)
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
}
