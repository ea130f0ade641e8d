import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { TaxRate } from '@shared/billing/totals'
import type { Executor } from '../../../db/client'
import { clients, facilities, organisations, organisationTaxes, rooms, spaceRates } from '../../../db/schema'

// The only SQL of billing's settings and rates. Every query names the organisation: another's
// room or client is simply not found.

// Both drivers answer a raw query with { rows }.
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

export async function readSettings(db: Executor, organisationId: string) {
  const [organisation] = await db
    .select({ name: organisations.name, currency: organisations.currency, paymentTermsDays: organisations.paymentTermsDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  const taxes = await db
    .select({ name: organisationTaxes.name, rateThousandths: organisationTaxes.rateThousandths })
    .from(organisationTaxes)
    .where(eq(organisationTaxes.organisationId, organisationId))
    .orderBy(asc(organisationTaxes.position))
  return { ...organisation!, taxes }
}

/** Holds the organisation's billing settings until the transaction ends, so two saves take turns. */
export async function lockSettings(db: Executor, organisationId: string) {
  await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('no key update')
}

export async function writeSettings(db: Executor, organisationId: string, currency: string, paymentTermsDays: number, taxes: TaxRate[]) {
  await db.update(organisations).set({ currency, paymentTermsDays }).where(eq(organisations.id, organisationId))
  await db.delete(organisationTaxes).where(eq(organisationTaxes.organisationId, organisationId))
  if (taxes.length > 0) {
    await db
      .insert(organisationTaxes)
      .values(taxes.map((tax, position) => ({ organisationId, position, name: tax.name, rateThousandths: tax.rateThousandths })))
  }
}

export async function findRoom(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select({ id: rooms.id, name: rooms.name, type: rooms.type })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
  return row ?? null
}

export async function findClient(db: Executor, organisationId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.organisationId, organisationId), eq(clients.id, clientId)))
  return row ?? null
}

const rateColumns = {
  primeRateMinor: spaceRates.primeRateMinor,
  nonPrimeRateMinor: spaceRates.nonPrimeRateMinor,
  effectiveFrom: spaceRates.effectiveFrom,
}

/** The space's own rate in force now (the latest row), or null when none was set or it was ended. */
export async function currentRoomRate(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select(rateColumns)
    .from(spaceRates)
    .where(
      and(
        eq(spaceRates.organisationId, organisationId),
        eq(spaceRates.roomId, roomId),
        isNull(spaceRates.clientId),
        sql`${spaceRates.effectiveFrom} <= now()`,
      ),
    )
    .orderBy(desc(spaceRates.effectiveFrom), desc(spaceRates.createdAt))
    .limit(1)
  return row && row.primeRateMinor !== null ? (row as RateRow) : null
}

type RateRow = { primeRateMinor: number; nonPrimeRateMinor: number; effectiveFrom: Date }

/** The clients' own rates in force now for a room, by client name. */
export async function currentClientRatesOfRoom(db: Executor, organisationId: string, roomId: string) {
  const rows = await rowsOf<{
    client_id: string
    client_name: string
    prime_rate_minor: string
    non_prime_rate_minor: string
    effective_from: string | Date
  }>(
    db,
    sql`select r.client_id, c.name as client_name, r.prime_rate_minor, r.non_prime_rate_minor, r.effective_from
    from (select distinct on (client_id) client_id, prime_rate_minor, non_prime_rate_minor, effective_from
          from space_rates
          where organisation_id = ${organisationId} and room_id = ${roomId} and client_id is not null and effective_from <= now()
          order by client_id, effective_from desc, created_at desc) r
    join clients c on c.organisation_id = ${organisationId} and c.id = r.client_id
    where r.prime_rate_minor is not null
    order by lower(c.name), c.id`,
  )
  return rows.map((row) => ({
    clientId: row.client_id,
    clientName: row.client_name,
    primeRateMinor: Number(row.prime_rate_minor),
    nonPrimeRateMinor: Number(row.non_prime_rate_minor),
    effectiveFrom: new Date(row.effective_from),
  }))
}

/** A client's own rates in force now, per space, by facility and space name. */
export async function currentRatesOfClient(db: Executor, organisationId: string, clientId: string) {
  const rows = await rowsOf<{
    room_id: string
    room_name: string
    facility_name: string
    prime_rate_minor: string
    non_prime_rate_minor: string
    effective_from: string | Date
  }>(
    db,
    sql`select r.room_id, rm.name as room_name, f.name as facility_name, r.prime_rate_minor, r.non_prime_rate_minor, r.effective_from
    from (select distinct on (room_id) room_id, prime_rate_minor, non_prime_rate_minor, effective_from
          from space_rates
          where organisation_id = ${organisationId} and client_id = ${clientId} and effective_from <= now()
          order by room_id, effective_from desc, created_at desc) r
    join ${rooms} rm on rm.organisation_id = ${organisationId} and rm.id = r.room_id
    join ${facilities} f on f.organisation_id = ${organisationId} and f.id = rm.facility_id
    where r.prime_rate_minor is not null
    order by lower(f.name), lower(rm.name), rm.id`,
  )
  return rows.map((row) => ({
    roomId: row.room_id,
    roomName: row.room_name,
    facilityName: row.facility_name,
    primeRateMinor: Number(row.prime_rate_minor),
    nonPrimeRateMinor: Number(row.non_prime_rate_minor),
    effectiveFrom: new Date(row.effective_from),
  }))
}

/** A rate from now on: the space's (no client) or a client's own; null rates end the one before. */
export async function insertRate(
  db: Executor,
  organisationId: string,
  values: { roomId: string; clientId: string | null; primeRateMinor: number | null; nonPrimeRateMinor: number | null },
) {
  const [row] = await db
    .insert(spaceRates)
    .values({ organisationId, ...values })
    .returning(rateColumns)
  return row!
}

/** The client's own rate for the space in force now, to know whether DELETE ends anything. */
export async function currentClientRate(db: Executor, organisationId: string, clientId: string, roomId: string) {
  const [row] = await db
    .select(rateColumns)
    .from(spaceRates)
    .where(
      and(
        eq(spaceRates.organisationId, organisationId),
        eq(spaceRates.roomId, roomId),
        eq(spaceRates.clientId, clientId),
        sql`${spaceRates.effectiveFrom} <= now()`,
      ),
    )
    .orderBy(desc(spaceRates.effectiveFrom), desc(spaceRates.createdAt))
    .limit(1)
  return row && row.primeRateMinor !== null ? (row as RateRow) : null
}
