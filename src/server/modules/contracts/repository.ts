import { and, asc, desc, eq, gt, inArray, isNull, lt, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { ContractScope, ScopeRoomType } from '@shared/contracts/scope'
import type { Executor } from '../../db/client'
import { clients, contractSpaces, contractUsage, contracts, facilities, rooms, schedules } from '../../db/schema'

// The organisation is part of every query: another organisation's contract is simply not found.
// Each filter and join leads with organisation_id, as the indexes and composite keys do.

// Correlated on both key columns, so it reads contract_usage_contract_id_idx (organisation_id, contract_id, ...).
const usageTotal = sql`coalesce((select sum(${contractUsage.hoursLogged}) from ${contractUsage} where ${contractUsage.organisationId} = ${contracts.organisationId} and ${contractUsage.contractId} = ${contracts.id}), 0)`

/**
 * A contract's hours used are never stored (ADR 0014): what the contract editor set by hand
 * beyond the ledger, plus the contract's usage rows. Nothing a booking writes is shared with
 * another booking, so bookings for one client never wait for each other.
 */
export const contractHoursUsed = sql<string>`(${contracts.hoursAdjustment} + ${usageTotal})::numeric(12, 2)`

// Hours used set by hand: the adjustment that makes the ledger add up to them.
const adjustmentFor = (hoursUsed: string) => sql`${hoursUsed}::numeric - ${usageTotal}`

// The charges of events that have not ended yet: part of hours used, booked rather than used.
const bookedTotal = sql`coalesce((select sum(${contractUsage.hoursLogged}) from ${contractUsage}
  inner join ${schedules} on ${schedules.organisationId} = ${contractUsage.organisationId} and ${schedules.id} = ${contractUsage.scheduleId}
  where ${contractUsage.organisationId} = ${contracts.organisationId} and ${contractUsage.contractId} = ${contracts.id}
    and ${schedules.endTime} > now()), 0)`
const contractHoursBooked = sql<string>`(${bookedTotal})::numeric(12, 2)`

// The chosen spaces of a contract limited to spaces, by name. Nested, like usageTotal.
const scopeSpacesQuery = sql`select json_agg(json_build_object('id', ${rooms.id}, 'name', ${rooms.name}) order by lower(${rooms.name}), ${rooms.id})
  from ${contractSpaces} inner join ${rooms} on ${rooms.organisationId} = ${contractSpaces.organisationId} and ${rooms.id} = ${contractSpaces.roomId}
  where ${contractSpaces.organisationId} = ${contracts.organisationId} and ${contractSpaces.contractId} = ${contracts.id}`
const scopeSpaces = sql<{ id: string; name: string }[]>`coalesce((${scopeSpacesQuery}), '[]'::json)`

const contractColumns = {
  id: contracts.id,
  clientId: contracts.clientId,
  name: contracts.name,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  totalHours: contracts.totalHours,
  hoursUsed: contractHoursUsed,
  hoursBooked: contractHoursBooked,
  status: contracts.status,
  notes: contracts.notes,
  appliesTo: sql<ContractScope>`${contracts.appliesTo}`,
  roomTypes: sql<ScopeRoomType[]>`${contracts.appliesToRoomTypes}`,
  spaces: scopeSpaces,
  prepaidPriceMinor: contracts.prepaidPriceMinor,
  createdAt: contracts.createdAt,
}

export type ContractValues = {
  clientId: string
  name: string
  startDate: string
  endDate: string | null
  totalHours: string
  // Null: a new contract starts at 0, an edit leaves the hours used as they are.
  hoursUsed: string | null
  status: string
  notes: string | null
  appliesTo: ContractScope
  appliesToRoomTypes: ScopeRoomType[]
  // Undefined: a new contract has none, an edit keeps the one it has.
  prepaidPriceMinor: number | null | undefined
}

const ownedContract = (organisationId: string, contractId: string) =>
  and(eq(contracts.organisationId, organisationId), eq(contracts.id, contractId))

const contractsOfClient = (organisationId: string, clientId: string) =>
  and(eq(contracts.organisationId, organisationId), eq(contracts.clientId, clientId))

export function listContractsWithClients(db: Executor, organisationId: string) {
  return db
    .select({ ...contractColumns, clientName: clients.name })
    .from(contracts)
    .innerJoin(clients, and(eq(clients.organisationId, contracts.organisationId), eq(clients.id, contracts.clientId)))
    .where(eq(contracts.organisationId, organisationId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id), desc(contracts.startDate), desc(contracts.createdAt))
}

// Summed in the database so that the totals stay exact decimals.
export function sumHoursPerClient(db: Executor, organisationId: string) {
  return db
    .select({
      clientId: contracts.clientId,
      totalHours: sql<string>`sum(${contracts.totalHours})`,
      hoursUsed: sql<string>`sum(${contractHoursUsed})`,
      hoursRemaining: sql<string>`sum(${contracts.totalHours} - ${contractHoursUsed})`,
    })
    .from(contracts)
    .where(eq(contracts.organisationId, organisationId))
    .groupBy(contracts.clientId)
}

export function listContractsOfClient(db: Executor, organisationId: string, clientId: string) {
  return db
    .select(contractColumns)
    .from(contracts)
    .where(contractsOfClient(organisationId, clientId))
    .orderBy(desc(contracts.startDate), desc(contracts.createdAt))
}

// The client's name, for a contract read on its own: what the trail calls the contract. Nested,
// like usageTotal, so that its columns keep their table names inside a RETURNING list too.
const clientNameQuery = sql`select ${clients.name} from ${clients} where ${clients.organisationId} = ${contracts.organisationId} and ${clients.id} = ${contracts.clientId}`
const clientName = sql<string>`(${clientNameQuery})`

/** With its client's name; `lock` holds the row against other edits (not against new usage) until the transaction ends. */
export async function findOwnedContract(db: Executor, organisationId: string, contractId: string, { lock = false } = {}) {
  const query = db
    .select({ ...contractColumns, clientName })
    .from(contracts)
    .where(ownedContract(organisationId, contractId))
  const [row] = lock ? await query.for('no key update') : await query
  return row ?? null
}

/**
 * Holds the contract against new charges until the transaction ends (FOR UPDATE conflicts with the
 * KEY SHARE that charging it takes): a booking that charges it meanwhile waits, and then finds the
 * scope this transaction writes (sql/contract_usage_applies.sql). True when it exists.
 */
export async function lockContractAgainstCharges(db: Executor, organisationId: string, contractId: string) {
  const rows = await db.select({ id: contracts.id }).from(contracts).where(ownedContract(organisationId, contractId)).for('update')
  return rows.length > 0
}

export async function insertContract(db: Executor, organisationId: string, { hoursUsed, ...values }: ContractValues) {
  const [row] = await db
    .insert(contracts)
    .values({ ...values, hoursAdjustment: hoursUsed ?? '0', organisationId })
    .returning(contractColumns)
  return row!
}

export async function updateOwnedContract(
  db: Executor,
  organisationId: string,
  contractId: string,
  { hoursUsed, ...values }: ContractValues,
) {
  const [row] = await db
    .update(contracts)
    .set(hoursUsed === null ? values : { ...values, hoursAdjustment: adjustmentFor(hoursUsed) })
    .where(ownedContract(organisationId, contractId))
    .returning(contractColumns)
  return row ?? null
}

/** The contract as it was, with its client's name and its hours used before its usage rows cascade. */
export async function deleteOwnedContract(db: Executor, organisationId: string, contractId: string) {
  const [row] = await db
    .delete(contracts)
    .where(ownedContract(organisationId, contractId))
    .returning({ ...contractColumns, clientName })
  return row ?? null
}

type IdValue = string | Placeholder | SQL | typeof schedules.roomId
type DateValue = string | SQL | typeof contractUsage.usageDate

/** Whether the contract of the enclosing query still runs on `date` (ADR 0049): no end date, or not yet past it. */
function contractRunsOn(date: DateValue) {
  return or(isNull(contracts.endDate), sql`${contracts.endDate} >= ${date}::date`)!
}

/**
 * Whether the contract of the enclosing query applies to the space `roomId` (ADR 0029): it applies
 * everywhere, to the space's type, or names the space. The trigger contract_usage_applies
 * (sql/contract_usage_applies.sql) checks every charge against the same rule.
 */
function contractAppliesTo(roomId: IdValue) {
  return or(
    eq(contracts.appliesTo, 'all'),
    and(
      eq(contracts.appliesTo, 'types'),
      sql`(select ${rooms.type} from ${rooms} where ${rooms.organisationId} = ${contracts.organisationId} and ${rooms.id} = ${roomId}) = any(${contracts.appliesToRoomTypes})`,
    ),
    and(
      eq(contracts.appliesTo, 'spaces'),
      sql`exists (select from ${contractSpaces} where ${contractSpaces.organisationId} = ${contracts.organisationId}
        and ${contractSpaces.contractId} = ${contracts.id} and ${contractSpaces.roomId} = ${roomId})`,
    ),
  )!
}

/**
 * The client's latest-started active contract that applies to the space (the spec's rule: newest
 * start date first, then the newest created; ADR 0029 adds the space) and has not ended by the
 * charge's date (ADR 0049), as a query a larger statement can embed; it reads
 * contracts_client_id_status_idx.
 */
// The ids and the date may be placeholders or columns of a statement that embeds the query.
export function latestActiveContractQuery(db: Executor, organisationId: IdValue, clientId: IdValue, roomId: IdValue, date: DateValue) {
  return db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.organisationId, organisationId),
        eq(contracts.clientId, clientId),
        eq(contracts.status, 'active'),
        contractAppliesTo(roomId),
        contractRunsOn(date),
      ),
    )
    .orderBy(desc(contracts.startDate), desc(contracts.createdAt))
    .limit(1)
}

/* ---------- scopes ---------- */

/** Those of `roomIds` that are the organisation's spaces, with their types. */
export function findSpaces(db: Executor, organisationId: string, roomIds: string[]) {
  return db
    .select({ id: rooms.id, type: rooms.type })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), inArray(rooms.id, roomIds)))
}

/** Sets the contract's chosen spaces to exactly `roomIds`. */
export async function replaceScopeSpaces(db: Executor, organisationId: string, contractId: string, roomIds: string[]) {
  await db.delete(contractSpaces).where(and(eq(contractSpaces.organisationId, organisationId), eq(contractSpaces.contractId, contractId)))
  if (roomIds.length > 0) {
    await db.insert(contractSpaces).values(roomIds.map((roomId) => ({ organisationId, contractId, roomId })))
  }
}

/**
 * The contract's charges for events that have not ended yet in spaces it no longer applies to, or
 * dated after its end date, with each event's client, space and date: what a narrowed scope or
 * an earlier end moves elsewhere.
 */
export function listChargesNoLongerCovered(db: Executor, organisationId: string, contractId: string) {
  return db
    .select({ id: contractUsage.id, clientId: schedules.clientId, roomId: schedules.roomId, usageDate: contractUsage.usageDate })
    .from(contractUsage)
    .innerJoin(contracts, and(eq(contracts.organisationId, contractUsage.organisationId), eq(contracts.id, contractUsage.contractId)))
    .innerJoin(schedules, and(eq(schedules.organisationId, contractUsage.organisationId), eq(schedules.id, contractUsage.scheduleId)))
    .where(
      and(
        eq(contractUsage.organisationId, organisationId),
        eq(contractUsage.contractId, contractId),
        gt(schedules.endTime, sql`now()`),
        or(not(contractAppliesTo(schedules.roomId)), lt(contracts.endDate, contractUsage.usageDate)),
      ),
    )
}

/** Moves usage rows to another contract of the organisation, or deletes them when there is none. */
export async function moveCharges(db: Executor, organisationId: string, usageIds: string[], contractId: string | null) {
  const rows = and(eq(contractUsage.organisationId, organisationId), inArray(contractUsage.id, usageIds))
  if (contractId) await db.update(contractUsage).set({ contractId }).where(rows)
  else await db.delete(contractUsage).where(rows)
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

// Each row's hours count in its contract's hours used from the moment it is committed. The rows
// belong to the contract's organisation: the composite foreign key refuses any other.
export function insertUsage(db: Executor, organisationId: string, rows: UsageValues[]) {
  return db
    .insert(contractUsage)
    .values(rows.map((row) => ({ ...row, organisationId })))
    .returning({
      id: contractUsage.id,
      contractId: contractUsage.contractId,
      usageDate: contractUsage.usageDate,
      hoursLogged: contractUsage.hoursLogged,
      description: contractUsage.description,
      scheduleId: contractUsage.scheduleId,
    })
}

export async function readHoursUsed(db: Executor, organisationId: string, contractId: string) {
  const [row] = await db.select({ hoursUsed: contractHoursUsed }).from(contracts).where(ownedContract(organisationId, contractId))
  return row?.hoursUsed ?? null
}

// A usage row's contract, through the composite key (organisation_id, contract_id).
const usageOfContract = and(eq(contracts.organisationId, contractUsage.organisationId), eq(contracts.id, contractUsage.contractId))

export function listUsageOfClient(db: Executor, organisationId: string, clientId: string) {
  return db
    .select({
      id: contractUsage.id,
      contractId: contractUsage.contractId,
      contractName: contracts.name,
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
    .innerJoin(contracts, usageOfContract)
    .leftJoin(schedules, and(eq(schedules.organisationId, contractUsage.organisationId), eq(schedules.id, contractUsage.scheduleId)))
    .leftJoin(rooms, and(eq(rooms.organisationId, schedules.organisationId), eq(rooms.id, schedules.roomId)))
    .leftJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(contractUsage.organisationId, organisationId), contractsOfClient(organisationId, clientId)))
    .orderBy(desc(contractUsage.usageDate), desc(contractUsage.createdAt))
}

export function sumUsagePerContract(db: Executor, organisationId: string, clientId: string) {
  return db
    .select({
      contractId: contractUsage.contractId,
      contractName: contracts.name,
      hoursLogged: sql<string>`sum(${contractUsage.hoursLogged})`,
    })
    .from(contractUsage)
    .innerJoin(contracts, usageOfContract)
    .where(and(eq(contractUsage.organisationId, organisationId), contractsOfClient(organisationId, clientId)))
    .groupBy(contractUsage.contractId, contracts.name)
}
