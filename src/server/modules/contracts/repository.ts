import { and, asc, desc, eq, sql, type Placeholder } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, contractUsage, contracts, facilities, rooms, schedules } from '../../db/schema'

// Ownership is part of every query: another operator's contract is simply not found.

const usageTotal = sql`coalesce((select sum(${contractUsage.hoursLogged}) from ${contractUsage} where ${contractUsage.contractId} = ${contracts.id}), 0)`

/**
 * A contract's hours used are never stored (ADR 0007): what the contract editor set by hand
 * beyond the ledger, plus the contract's usage rows. Nothing a booking writes is shared with
 * another booking, so bookings for one client never wait for each other.
 */
export const contractHoursUsed = sql<string>`(${contracts.hoursAdjustment} + ${usageTotal})::numeric(12, 2)`

// Hours used set by hand: the adjustment that makes the ledger add up to them.
const adjustmentFor = (hoursUsed: string) => sql`${hoursUsed}::numeric - ${usageTotal}`

const contractColumns = {
  id: contracts.id,
  clientId: contracts.clientId,
  startDate: contracts.startDate,
  totalHours: contracts.totalHours,
  hoursUsed: contractHoursUsed,
  status: contracts.status,
  notes: contracts.notes,
  createdAt: contracts.createdAt,
}

export type ContractValues = {
  clientId: string
  startDate: string
  totalHours: string
  hoursUsed: string
  status: string
  notes: string | null
}

export function listContractsWithClients(db: Executor, userId: string) {
  return db
    .select({ ...contractColumns, clientName: clients.name })
    .from(contracts)
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .where(eq(contracts.userId, userId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id), desc(contracts.startDate), desc(contracts.createdAt))
}

// Summed in the database so that the totals stay exact decimals.
export function sumHoursPerClient(db: Executor, userId: string) {
  return db
    .select({
      clientId: contracts.clientId,
      totalHours: sql<string>`sum(${contracts.totalHours})`,
      hoursUsed: sql<string>`sum(${contractHoursUsed})`,
      hoursRemaining: sql<string>`sum(${contracts.totalHours} - ${contractHoursUsed})`,
    })
    .from(contracts)
    .where(eq(contracts.userId, userId))
    .groupBy(contracts.clientId)
}

export function listContractsOfClient(db: Executor, userId: string, clientId: string) {
  return db
    .select(contractColumns)
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.clientId, clientId)))
    .orderBy(desc(contracts.startDate), desc(contracts.createdAt))
}

export async function findOwnedContract(db: Executor, userId: string, contractId: string) {
  const [row] = await db
    .select(contractColumns)
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.userId, userId)))
  return row ?? null
}

export async function insertContract(db: Executor, userId: string, { hoursUsed, ...values }: ContractValues) {
  const [row] = await db
    .insert(contracts)
    .values({ ...values, hoursAdjustment: hoursUsed, userId })
    .returning(contractColumns)
  return row!
}

export async function updateOwnedContract(db: Executor, userId: string, contractId: string, { hoursUsed, ...values }: ContractValues) {
  const [row] = await db
    .update(contracts)
    .set({ ...values, hoursAdjustment: adjustmentFor(hoursUsed) })
    .where(and(eq(contracts.id, contractId), eq(contracts.userId, userId)))
    .returning(contractColumns)
  return row ?? null
}

export async function deleteOwnedContract(db: Executor, userId: string, contractId: string) {
  const [row] = await db
    .delete(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.userId, userId)))
    .returning({ id: contracts.id })
  return row ?? null
}

/** The spec's "latest-started active contract": newest start date first, then the newest created. */
/** The client's latest-started active contract, as a query a larger statement can embed. */
// The ids may be placeholders of a prepared statement that embeds the query.
export function latestActiveContractQuery(db: Executor, userId: string | Placeholder, clientId: string | Placeholder) {
  return db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.clientId, clientId), eq(contracts.status, 'active')))
    .orderBy(desc(contracts.startDate), desc(contracts.createdAt))
    .limit(1)
}

export type UsageValues = {
  contractId: string
  usageDate: string
  hoursLogged: string
  description: string | null
  scheduleId?: string
}

/** A booked event's charge: its own usage row, dated on its local start day. */
export type EventUsage = Omit<UsageValues, 'contractId' | 'scheduleId' | 'description'> & { scheduleId: string; description: string }

// Each row's hours count in its contract's hours used from the moment it is committed.
export function insertUsage(db: Executor, rows: UsageValues[]) {
  return db.insert(contractUsage).values(rows).returning({
    id: contractUsage.id,
    contractId: contractUsage.contractId,
    usageDate: contractUsage.usageDate,
    hoursLogged: contractUsage.hoursLogged,
    description: contractUsage.description,
    scheduleId: contractUsage.scheduleId,
  })
}

export async function readHoursUsed(db: Executor, contractId: string) {
  const [row] = await db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(eq(contracts.id, contractId))
  return row?.hoursUsed ?? null
}

export function listUsageOfClient(db: Executor, userId: string, clientId: string) {
  return db
    .select({
      id: contractUsage.id,
      contractId: contractUsage.contractId,
      usageDate: contractUsage.usageDate,
      hoursLogged: contractUsage.hoursLogged,
      description: contractUsage.description,
      scheduleId: schedules.id,
      scheduleTitle: schedules.title,
      scheduleStartTime: schedules.startTime,
      // The event's start is shown in its facility's zone, not the viewer's.
      scheduleTimeZone: facilities.timeZone,
    })
    .from(contractUsage)
    .innerJoin(contracts, eq(contracts.id, contractUsage.contractId))
    .leftJoin(schedules, eq(schedules.id, contractUsage.scheduleId))
    .leftJoin(rooms, eq(rooms.id, schedules.roomId))
    .leftJoin(facilities, eq(facilities.id, rooms.facilityId))
    .where(and(eq(contracts.userId, userId), eq(contracts.clientId, clientId)))
    .orderBy(desc(contractUsage.usageDate), desc(contractUsage.createdAt))
}

export function sumUsagePerContract(db: Executor, userId: string, clientId: string) {
  return db
    .select({ contractId: contractUsage.contractId, hoursLogged: sql<string>`sum(${contractUsage.hoursLogged})` })
    .from(contractUsage)
    .innerJoin(contracts, eq(contracts.id, contractUsage.contractId))
    .where(and(eq(contracts.userId, userId), eq(contracts.clientId, clientId)))
    .groupBy(contractUsage.contractId)
}
