import { sql, type SQL } from 'drizzle-orm'
import type { TaxAmount } from '@shared/billing/totals'
import type { InvoiceStatus } from '@shared/billing/ageing'
import type { Executor } from '../../../db/client'

// The only SQL of invoices and credit notes (ADR 0061). Every query names the organisation, and
// leads with organisation_id as the keys do: another organisation's invoice is simply not found.
// 'Create Invoices' reads what to bill with a few set-based queries (for a client or for all),
// never one per booking.

// Both drivers answer a raw query with { rows }.
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

// A list of ids as one uuid[] parameter, the same on both drivers.
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))
const toNumber = (value: number | string) => Number(value)

/** An invoice (not a credit note) that no credit note voids: what a booking stays billed on. */
const notVoided = (alias: string) =>
  sql.raw(
    `not exists (select from invoices as cn where cn.organisation_id = ${alias}.organisation_id and cn.voids_invoice_id = ${alias}.id)`,
  )

/* ---------- the organisation and the client ---------- */

/** What a draft is made with and issued by: currency, terms, taxes, and the zone of the first facility. */
export async function readBillingContext(db: Executor, organisationId: string) {
  const [row] = await rowsOf<{
    name: string
    currency: string
    payment_terms_days: number
    time_zone: string | null
    taxes: { name: string; rateThousandths: number }[] | null
  }>(
    db,
    sql`select o.name, o.currency, o.payment_terms_days,
      (select f.time_zone from facilities as f where f.organisation_id = o.id order by f.created_at, f.id limit 1) as time_zone,
      (select json_agg(json_build_object('name', t.name, 'rateThousandths', t.rate_thousandths) order by t.position)
        from organisation_taxes as t where t.organisation_id = o.id) as taxes
    from organisations as o where o.id = ${organisationId}`,
  )
  return {
    organisationName: row!.name,
    currency: row!.currency,
    paymentTermsDays: Number(row!.payment_terms_days),
    timeZone: row!.time_zone ?? 'UTC',
    taxes: row!.taxes ?? [],
  }
}

export type ClientDetails = {
  id: string
  name: string
  email: string | null
  company: string | null
  address: string | null
  city: string | null
  provinceState: string | null
  postalCode: string | null
  country: string | null
}

const clientDetailColumns = sql.raw(`c.id, c.name, c.email, c.company, c.address, c.city, c.province_state as "provinceState",
  c.postal_code as "postalCode", c.country`)

/**
 * Holds the client, or every client of the organisation, until the transaction ends (FOR UPDATE),
 * in one order: two 'Create Invoices' take turns and never wait on each other in a circle, and the
 * second sees the first's lines. How many rows it holds.
 */
export async function lockClients(db: Executor, organisationId: string, clientId: string | null) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select c.id from clients as c where c.organisation_id = ${organisationId}
      and ${clientId === null ? sql`true` : sql`c.id = ${clientId}`} order by c.id for update`,
  )
  return rows.length
}

export async function findClient(db: Executor, organisationId: string, clientId: string) {
  const [row] = await rowsOf<ClientDetails>(
    db,
    sql`select ${clientDetailColumns} from clients as c where c.organisation_id = ${organisationId} and c.id = ${clientId}`,
  )
  return row ?? null
}

/* ---------- what to bill ---------- */

/**
 * The columns of a booking row `s` as a line prices it: its space and facility (zone, prime
 * time), the rate in force when it was booked (ADR 0061: the client's own rate for the space if
 * one was in force, else the space's; a booking made before the space had any rate takes its
 * first), and the prepaid contract it was charged to, if any.
 */
const pricedBookingColumns = sql.raw(`s.id as schedule_id, s.client_id, s.room_id, r.name as room_name, s.start_time, s.end_time,
  f.time_zone, to_char(f.prime_weekday_start, 'HH24:MI') as prime_weekday_start, to_char(f.prime_weekday_end, 'HH24:MI') as prime_weekday_end,
  to_char(f.prime_weekend_start, 'HH24:MI') as prime_weekend_start, to_char(f.prime_weekend_end, 'HH24:MI') as prime_weekend_end,
  case when client_rate.prime_rate_minor is not null then client_rate.prime_rate_minor
       when space_before.found then space_before.prime_rate_minor
       else space_first.prime_rate_minor end as prime_rate_minor,
  case when client_rate.prime_rate_minor is not null then client_rate.non_prime_rate_minor
       when space_before.found then space_before.non_prime_rate_minor
       else space_first.non_prime_rate_minor end as non_prime_rate_minor,
  prepaid.id as contract_id, prepaid.name as contract_name`)

const pricedBookingJoins = sql.raw(`
  join rooms as r on r.organisation_id = s.organisation_id and r.id = s.room_id
  join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
  left join lateral (select x.prime_rate_minor, x.non_prime_rate_minor from space_rates as x
    where x.organisation_id = s.organisation_id and x.room_id = s.room_id and x.client_id = s.client_id and x.effective_from <= s.created_at
    order by x.effective_from desc, x.created_at desc limit 1) as client_rate on true
  left join lateral (select true as found, x.prime_rate_minor, x.non_prime_rate_minor from space_rates as x
    where x.organisation_id = s.organisation_id and x.room_id = s.room_id and x.client_id is null and x.effective_from <= s.created_at
    order by x.effective_from desc, x.created_at desc limit 1) as space_before on true
  left join lateral (select x.prime_rate_minor, x.non_prime_rate_minor from space_rates as x
    where x.organisation_id = s.organisation_id and x.room_id = s.room_id and x.client_id is null
    order by x.effective_from, x.created_at limit 1) as space_first on true
  left join lateral (select k.id, k.name from contract_usage as u
    join contracts as k on k.organisation_id = u.organisation_id and k.id = u.contract_id
    where u.organisation_id = s.organisation_id and u.schedule_id = s.id and k.prepaid_price_minor is not null) as prepaid on true`)

type PricedBookingRow = {
  schedule_id: string
  client_id: string
  room_id: string
  room_name: string
  start_time: Date | string
  end_time: Date | string
  time_zone: string
  prime_weekday_start: string
  prime_weekday_end: string
  prime_weekend_start: string
  prime_weekend_end: string
  prime_rate_minor: string | number | null
  non_prime_rate_minor: string | number | null
  contract_id: string | null
  contract_name: string | null
}

export type PricedBooking = {
  scheduleId: string
  clientId: string
  roomId: string
  roomName: string
  startTime: Date
  endTime: Date
  timeZone: string
  primeTime: { weekdayStart: string; weekdayEnd: string; weekendStart: string; weekendEnd: string }
  /** null: no rate was set for the space. */
  rate: { primeRateMinor: number; nonPrimeRateMinor: number } | null
  prepaidContract: { id: string; name: string } | null
}

function toPricedBooking(row: PricedBookingRow): PricedBooking {
  return {
    scheduleId: row.schedule_id,
    clientId: row.client_id,
    roomId: row.room_id,
    roomName: row.room_name,
    startTime: toDate(row.start_time),
    endTime: toDate(row.end_time),
    timeZone: row.time_zone,
    primeTime: {
      weekdayStart: row.prime_weekday_start,
      weekdayEnd: row.prime_weekday_end,
      weekendStart: row.prime_weekend_start,
      weekendEnd: row.prime_weekend_end,
    },
    rate:
      row.prime_rate_minor === null || row.non_prime_rate_minor === null
        ? null
        : { primeRateMinor: toNumber(row.prime_rate_minor), nonPrimeRateMinor: toNumber(row.non_prime_rate_minor) },
    prepaidContract: row.contract_id ? { id: row.contract_id, name: row.contract_name! } : null,
  }
}

const clientFilter = (alias: string, clientId: string | null) =>
  clientId === null ? sql`true` : sql`${sql.raw(alias)}.client_id = ${clientId}`

/**
 * The client's bookings (or every client's) on a day of the period that no invoice of theirs
 * bills yet: a booking line on a void invoice, or on none, leaves it billable. Holds and claims
 * are not billed.
 */
export async function listBillableBookings(
  db: Executor,
  organisationId: string,
  clientId: string | null,
  periodStart: string,
  periodEnd: string,
) {
  const rows = await rowsOf<PricedBookingRow>(
    db,
    sql`select ${pricedBookingColumns}
    from schedules as s ${pricedBookingJoins}
    where s.organisation_id = ${organisationId} and ${clientFilter('s', clientId)} and s.client_id is not null
      and s.kind = 'booking' and s.local_date between ${periodStart} and ${periodEnd}
      and not exists (select from invoice_lines as l
        join invoices as i on i.organisation_id = l.organisation_id and i.id = l.invoice_id
        where l.organisation_id = s.organisation_id and l.schedule_id = s.id and l.kind = 'booking'
          and i.kind = 'invoice' and i.client_id = s.client_id and ${notVoided('i')})
    order by s.client_id, s.start_time, s.id`,
  )
  return rows.map(toPricedBooking)
}

export type AdjustmentCandidate = {
  scheduleId: string
  clientId: string
  /** The issued invoice that billed it. */
  invoiceNumber: string
  /** What was billed last: the booking line, or the latest adjustment. */
  billed: { roomName: string | null; startTime: Date | null; endTime: Date | null; timeZone: string | null; minutes: number }
  billedTotalMinor: number
  /** The booking as it is now for this client; null when it was cancelled or moved to another client. */
  now: PricedBooking | null
  /** Gone, or no longer a booking; false when it was moved to another client. */
  isCancelled: boolean
}

/**
 * Bookings billed on an issued invoice that is not void whose space or times changed since, or
 * that were cancelled or moved to another client, and not yet adjusted to what they are now. A
 * booking whose line was removed with a reason is never adjusted. Lines on the client's draft
 * count, so running 'Create Invoices' again adds nothing twice.
 */
export async function listAdjustmentCandidates(db: Executor, organisationId: string, clientId: string | null) {
  const rows = await rowsOf<
    {
      billed_schedule_id: string
      billed_client_id: string
      invoice_number: string
      billed_room_name: string | null
      billed_start: Date | string | null
      billed_end: Date | string | null
      billed_time_zone: string | null
      billed_minutes: string | number
      billed_total: string | number
      billed_room_id: string | null
      still_booked: boolean
    } & Partial<PricedBookingRow>
  >(
    db,
    sql`with billed as (
      select l.schedule_id, i.client_id, l.kind, l.room_id, l.room_name, l.start_time, l.end_time, l.time_zone,
        coalesce(l.prime_minutes, 0) + coalesce(l.non_prime_minutes, 0) as minutes, l.amount_minor, l.removed_reason,
        i.status, i.number, i.issued_at, l.created_at, l.position
      from invoice_lines as l
      join invoices as i on i.organisation_id = l.organisation_id and i.id = l.invoice_id
      where l.organisation_id = ${organisationId} and ${clientFilter('i', clientId)} and i.kind = 'invoice'
        and l.kind in ('booking', 'adjustment') and ${notVoided('i')}
    ),
    issued as (
      select schedule_id, client_id, (array_agg(number order by issued_at desc) filter (where kind = 'booking' and status = 'issued'))[1] as number
      from billed group by schedule_id, client_id
      having bool_or(kind = 'booking' and status = 'issued') and bool_and(removed_reason is null)
    ),
    latest as (
      select distinct on (b.schedule_id, b.client_id) b.schedule_id, b.client_id, b.room_id, b.room_name, b.start_time, b.end_time, b.time_zone, b.minutes,
        sum(b.amount_minor) over (partition by b.schedule_id, b.client_id) as total
      from billed as b join issued using (schedule_id, client_id)
      order by b.schedule_id, b.client_id, b.created_at desc, b.position desc
    ),
    now_state as (
      select ${pricedBookingColumns}
      from schedules as s ${pricedBookingJoins}
      where s.organisation_id = ${organisationId} and s.kind = 'booking'
        and s.id in (select schedule_id from latest)
    )
    select latest.schedule_id as billed_schedule_id, latest.client_id as billed_client_id, issued.number as invoice_number,
      latest.room_id as billed_room_id, latest.room_name as billed_room_name, latest.start_time as billed_start, latest.end_time as billed_end,
      latest.time_zone as billed_time_zone,
      latest.minutes as billed_minutes, latest.total as billed_total,
      exists (select from schedules as s where s.organisation_id = ${organisationId} and s.id = latest.schedule_id and s.kind = 'booking') as still_booked,
      now_state.*
    from latest
    join issued using (schedule_id, client_id)
    left join now_state on now_state.schedule_id = latest.schedule_id and now_state.client_id = latest.client_id
    where (latest.room_id, latest.start_time, latest.end_time) is distinct from (now_state.room_id, now_state.start_time, now_state.end_time)
    order by latest.client_id, coalesce(now_state.start_time, latest.start_time), latest.schedule_id`,
  )
  return rows.map((row): AdjustmentCandidate => ({
    scheduleId: row.billed_schedule_id,
    clientId: row.billed_client_id,
    invoiceNumber: row.invoice_number,
    billed: {
      roomName: row.billed_room_name,
      startTime: row.billed_start === null ? null : toDate(row.billed_start),
      endTime: row.billed_end === null ? null : toDate(row.billed_end),
      timeZone: row.billed_time_zone,
      minutes: toNumber(row.billed_minutes),
    },
    billedTotalMinor: toNumber(row.billed_total),
    now: row.schedule_id ? toPricedBooking(row as PricedBookingRow) : null,
    isCancelled: !row.still_booked,
  }))
}

export type PrepaidCandidate = { contractId: string; clientId: string; name: string; priceMinor: number }

/** Prepaid contracts started by the period's end whose price no invoice that is not void carries yet. */
export async function listPrepaidCandidates(db: Executor, organisationId: string, clientId: string | null, periodEnd: string) {
  const rows = await rowsOf<{ id: string; client_id: string; name: string; prepaid_price_minor: string | number }>(
    db,
    sql`select k.id, k.client_id, k.name, k.prepaid_price_minor from contracts as k
    where k.organisation_id = ${organisationId} and ${clientFilter('k', clientId)}
      and k.prepaid_price_minor is not null and k.start_date <= ${periodEnd}
      and not exists (select from invoice_lines as l
        join invoices as i on i.organisation_id = l.organisation_id and i.id = l.invoice_id
        where l.organisation_id = k.organisation_id and l.kind = 'prepaid' and l.contract_id = k.id
          and i.kind = 'invoice' and ${notVoided('i')})
    order by k.client_id, k.start_date, k.id`,
  )
  return rows.map((row) => ({ contractId: row.id, clientId: row.client_id, name: row.name, priceMinor: toNumber(row.prepaid_price_minor) }))
}

/* ---------- drafts ---------- */

/** The drafts of these clients, held until the transaction ends, with the position their next line takes. */
export async function lockDraftsOfClients(db: Executor, organisationId: string, clientIds: string[]) {
  const drafts = new Map<string, { id: string; nextPosition: number }>()
  if (clientIds.length === 0) return drafts
  const rows = await rowsOf<{ id: string; client_id: string; next_position: number | string }>(
    db,
    sql`select i.id, i.client_id,
      (select coalesce(max(l.position), -1) + 1 from invoice_lines as l where l.organisation_id = i.organisation_id and l.invoice_id = i.id) as next_position
    from invoices as i
    where i.organisation_id = ${organisationId} and i.client_id = any(${uuidArray(clientIds)}) and i.kind = 'invoice' and i.status = 'draft'
    order by i.id
    for update of i`,
  )
  for (const row of rows) drafts.set(row.client_id, { id: row.id, nextPosition: Number(row.next_position) })
  return drafts
}

/** A draft for each of these clients, in one statement; by client. */
export async function insertDrafts(
  db: Executor,
  organisationId: string,
  clientIds: string[],
  values: { periodStart: string; periodEnd: string; timeZone: string; currency: string },
) {
  const made = new Map<string, string>()
  if (clientIds.length === 0) return made
  const rows = await rowsOf<{ id: string; client_id: string }>(
    db,
    sql`insert into invoices (organisation_id, client_id, period_start, period_end, time_zone, currency)
    select ${organisationId}, client_id, ${values.periodStart}, ${values.periodEnd}, ${values.timeZone}, ${values.currency}
    from unnest(${uuidArray(clientIds)}) as client_id
    returning id, client_id`,
  )
  for (const row of rows) made.set(row.client_id, row.id)
  return made
}

/** Each draft covers every period 'Create Invoices' added to it. */
export async function widenDraftPeriods(
  db: Executor,
  organisationId: string,
  invoiceIds: string[],
  periodStart: string,
  periodEnd: string,
) {
  if (invoiceIds.length === 0) return
  await db.execute(sql`update invoices set period_start = least(period_start, ${periodStart}::date),
    period_end = greatest(period_end, ${periodEnd}::date), updated_at = now()
    where organisation_id = ${organisationId} and id = any(${uuidArray(invoiceIds)})`)
}

export type NewLine = {
  kind: 'booking' | 'adjustment' | 'prepaid' | 'custom' | 'discount'
  description: string
  scheduleId?: string | null
  roomId?: string | null
  roomName?: string | null
  timeZone?: string | null
  startTime?: Date | null
  endTime?: Date | null
  primeMinutes?: number | null
  nonPrimeMinutes?: number | null
  primeRateMinor?: number | null
  nonPrimeRateMinor?: number | null
  minutesDelta?: number | null
  contractId?: string | null
  contractName?: string | null
  amountMinor: number
}

/** Appends lines to a draft from `firstPosition` on, in their order. */
export function insertLines(db: Executor, organisationId: string, invoiceId: string, firstPosition: number, lines: NewLine[]) {
  return insertLinesOfMany(db, organisationId, [{ invoiceId, firstPosition, lines }])
}

/** Appends each draft's lines from its `firstPosition` on, in their order, in one statement. */
export async function insertLinesOfMany(
  db: Executor,
  organisationId: string,
  drafts: { invoiceId: string; firstPosition: number; lines: NewLine[] }[],
) {
  // One statement, a column an array: a month of lines binds 18 parameters, not 18 a line.
  const rows = drafts.flatMap((draft) =>
    draft.lines.map((line, index) => ({ invoiceId: draft.invoiceId, position: draft.firstPosition + index, line })),
  )
  if (rows.length === 0) return
  const column = <T>(value: (row: (typeof rows)[number]) => T) => sql.param(rows.map(value))
  await db.execute(sql`insert into invoice_lines (organisation_id, invoice_id, position, kind, description, schedule_id, room_id, room_name,
      time_zone, start_time, end_time, prime_minutes, non_prime_minutes, prime_rate_minor, non_prime_rate_minor, minutes_delta,
      contract_id, contract_name, amount_minor)
    select ${organisationId}, line.* from unnest(
      ${column((row) => row.invoiceId)}::uuid[], ${column((row) => row.position)}::int[], ${column((row) => row.line.kind)}::text[],
      ${column((row) => row.line.description)}::text[], ${column((row) => row.line.scheduleId ?? null)}::uuid[],
      ${column((row) => row.line.roomId ?? null)}::uuid[], ${column((row) => row.line.roomName ?? null)}::text[],
      ${column((row) => row.line.timeZone ?? null)}::text[], ${column((row) => row.line.startTime?.toISOString() ?? null)}::timestamptz[],
      ${column((row) => row.line.endTime?.toISOString() ?? null)}::timestamptz[], ${column((row) => row.line.primeMinutes ?? null)}::int[],
      ${column((row) => row.line.nonPrimeMinutes ?? null)}::int[], ${column((row) => row.line.primeRateMinor ?? null)}::bigint[],
      ${column((row) => row.line.nonPrimeRateMinor ?? null)}::bigint[], ${column((row) => row.line.minutesDelta ?? null)}::int[],
      ${column((row) => row.line.contractId ?? null)}::uuid[], ${column((row) => row.line.contractName ?? null)}::text[],
      ${column((row) => row.line.amountMinor)}::bigint[]) as line`)
}

/** The sum of each document's lines. */
export async function lineSubtotals(db: Executor, organisationId: string, invoiceIds: string[]) {
  const rows = await rowsOf<{ invoice_id: string; subtotal: string | number }>(
    db,
    sql`select invoice_id, sum(amount_minor) as subtotal from invoice_lines
    where organisation_id = ${organisationId} and invoice_id = any(${uuidArray(invoiceIds)}) group by invoice_id`,
  )
  return new Map(rows.map((row) => [row.invoice_id, toNumber(row.subtotal)]))
}

/** Writes drafts' totals and taxes, replacing the ones before: three statements for any number of drafts. */
export async function writeTotalsOfMany(
  db: Executor,
  organisationId: string,
  drafts: { invoiceId: string; subtotalMinor: number; taxes: TaxAmount[]; totalMinor: number }[],
) {
  if (drafts.length === 0) return
  const ids = uuidArray(drafts.map((draft) => draft.invoiceId))
  await db.execute(sql`delete from invoice_taxes where organisation_id = ${organisationId} and invoice_id = any(${ids})`)
  const taxes = drafts.flatMap((draft) =>
    draft.taxes.map(
      (tax, position) =>
        sql`(${organisationId}, ${draft.invoiceId}::uuid, ${position}, ${tax.name}, ${tax.rateThousandths}, ${tax.amountMinor}::bigint)`,
    ),
  )
  if (taxes.length > 0)
    await db.execute(sql`insert into invoice_taxes (organisation_id, invoice_id, position, name, rate_thousandths, amount_minor)
      values ${sql.join(taxes, sql`, `)}`)
  const totals = drafts.map(
    (draft) =>
      sql`(${draft.invoiceId}::uuid, ${draft.subtotalMinor}::bigint, ${draft.totalMinor - draft.subtotalMinor}::bigint, ${draft.totalMinor}::bigint)`,
  )
  await db.execute(sql`update invoices as i set subtotal_minor = t.subtotal, tax_minor = t.tax, total_minor = t.total, updated_at = now()
    from (values ${sql.join(totals, sql`, `)}) as t (id, subtotal, tax, total)
    where i.organisation_id = ${organisationId} and i.id = t.id`)
}

/** The amounts of a document's lines, for its totals. */
export async function nextPosition(db: Executor, organisationId: string, invoiceId: string) {
  const [row] = await rowsOf<{ next: number }>(
    db,
    sql`select coalesce(max(position), -1) + 1 as next from invoice_lines where organisation_id = ${organisationId} and invoice_id = ${invoiceId}`,
  )
  return Number(row!.next)
}

export async function lineAmounts(db: Executor, organisationId: string, invoiceId: string) {
  const rows = await rowsOf<{ kind: string; amount_minor: string | number }>(
    db,
    sql`select kind, amount_minor from invoice_lines where organisation_id = ${organisationId} and invoice_id = ${invoiceId} order by position`,
  )
  return rows.map((row) => ({ kind: row.kind, amountMinor: toNumber(row.amount_minor) }))
}

/** Writes a draft's totals and its taxes, replacing the ones before. */
export function writeTotals(
  db: Executor,
  organisationId: string,
  invoiceId: string,
  totals: { subtotalMinor: number; taxes: TaxAmount[]; totalMinor: number },
) {
  return writeTotalsOfMany(db, organisationId, [{ invoiceId, ...totals }])
}

export type LockedInvoice = {
  id: string
  clientId: string
  kind: 'invoice' | 'credit_note'
  status: 'draft' | 'issued'
  number: string | null
  timeZone: string
  currency: string
  subtotalMinor: number
  taxMinor: number
  totalMinor: number
  voided: boolean
}

/** The invoice held until the transaction ends, so edits, issuing and voiding take turns. */
export async function lockInvoice(db: Executor, organisationId: string, invoiceId: string) {
  const [row] = await rowsOf<{
    id: string
    client_id: string
    kind: 'invoice' | 'credit_note'
    status: 'draft' | 'issued'
    number: string | null
    time_zone: string
    currency: string
    subtotal_minor: string | number
    tax_minor: string | number
    total_minor: string | number
  }>(
    db,
    sql`select id, client_id, kind, status, number, time_zone, currency, subtotal_minor, tax_minor, total_minor
    from invoices where organisation_id = ${organisationId} and id = ${invoiceId} for update`,
  )
  if (!row) return null
  const [voided] = await rowsOf<{ id: string }>(
    db,
    sql`select id from invoices where organisation_id = ${organisationId} and voids_invoice_id = ${invoiceId}`,
  )
  return {
    id: row.id,
    clientId: row.client_id,
    kind: row.kind,
    status: row.status,
    number: row.number,
    timeZone: row.time_zone,
    currency: row.currency,
    subtotalMinor: toNumber(row.subtotal_minor),
    taxMinor: toNumber(row.tax_minor),
    totalMinor: toNumber(row.total_minor),
    voided: voided !== undefined,
  } satisfies LockedInvoice
}

export async function findLine(db: Executor, organisationId: string, invoiceId: string, lineId: string) {
  const [row] = await rowsOf<{ id: string; kind: NewLine['kind']; removed_reason: string | null }>(
    db,
    sql`select id, kind, removed_reason from invoice_lines where organisation_id = ${organisationId} and invoice_id = ${invoiceId} and id = ${lineId}`,
  )
  return row ? { id: row.id, kind: row.kind, removedReason: row.removed_reason } : null
}

/** A booking taken off a draft: it bills 0, with the reason, and is never billed or adjusted again. */
export async function removeBookingLine(db: Executor, organisationId: string, lineId: string, reason: string) {
  await db.execute(sql`update invoice_lines set amount_minor = 0, removed_reason = ${reason}
    where organisation_id = ${organisationId} and id = ${lineId}`)
}

export async function deleteLine(db: Executor, organisationId: string, lineId: string) {
  await db.execute(sql`delete from invoice_lines where organisation_id = ${organisationId} and id = ${lineId}`)
}

export async function deleteDraft(db: Executor, organisationId: string, invoiceId: string) {
  await db.execute(sql`delete from invoices where organisation_id = ${organisationId} and id = ${invoiceId} and status = 'draft'`)
}

/* ---------- issuing and voiding ---------- */

/** Today and its year on the calendar of a zone, by the database's clock. */
export async function todayIn(db: Executor, timeZone: string) {
  const [row] = await rowsOf<{ today: string; year: number }>(
    db,
    sql`select (now() at time zone ${timeZone})::date::text as today, extract(year from (now() at time zone ${timeZone}))::int as year`,
  )
  return { today: row!.today, year: Number(row!.year) }
}

/**
 * The next number of a kind of document in a year. The upsert holds the counter's row until the
 * transaction ends, so issues take turns; a rolled-back issue gives its number back (ADR 0061).
 */
export async function takeNextNumber(db: Executor, organisationId: string, kind: 'invoice' | 'credit_note', year: number) {
  const [row] = await rowsOf<{ last_number: number }>(
    db,
    sql`insert into invoice_numbers (organisation_id, kind, year, last_number) values (${organisationId}, ${kind}, ${year}, 1)
    on conflict (organisation_id, kind, year) do update set last_number = invoice_numbers.last_number + 1
    returning last_number`,
  )
  return Number(row!.last_number)
}

export async function markIssued(
  db: Executor,
  organisationId: string,
  invoiceId: string,
  values: { number: string; issuedOn: string; paymentTermsDays: number; billTo: Record<string, string | null> },
) {
  await db.execute(sql`update invoices set status = 'issued', number = ${values.number}, issued_on = ${values.issuedOn}::date,
    due_on = ${values.issuedOn}::date + ${values.paymentTermsDays}::int, issued_at = now(), bill_to = ${JSON.stringify(values.billTo)}::jsonb,
    updated_at = now()
    where organisation_id = ${organisationId} and id = ${invoiceId}`)
}

/**
 * The client's captured payments with what is left of each (what allocations to invoices that are
 * not void have not taken), oldest first, held so that the amounts read stay true until commit.
 */
export async function lockAvailableCredit(db: Executor, organisationId: string, clientId: string) {
  const payments = await rowsOf<{ id: string }>(
    db,
    sql`select id from payments where organisation_id = ${organisationId} and client_id = ${clientId} and status = 'captured'
    order by received_on, created_at, id for update`,
  )
  if (payments.length === 0) return []
  const rows = await rowsOf<{ id: string; available: string | number }>(
    db,
    sql`select p.id, p.amount_minor - coalesce((select sum(a.amount_minor) from payment_allocations as a
        join invoices as i on i.organisation_id = a.organisation_id and i.id = a.invoice_id
        where a.organisation_id = p.organisation_id and a.payment_id = p.id and ${notVoided('i')}), 0) as available
    from payments as p
    where p.organisation_id = ${organisationId} and p.client_id = ${clientId} and p.status = 'captured'
    order by p.received_on, p.created_at, p.id`,
  )
  return rows.map((row) => ({ paymentId: row.id, availableMinor: toNumber(row.available) })).filter((row) => row.availableMinor > 0)
}

export async function insertAllocations(
  db: Executor,
  organisationId: string,
  invoiceId: string,
  allocations: { paymentId: string; amountMinor: number }[],
) {
  if (allocations.length === 0) return
  const values = allocations.map((allocation) => sql`(${organisationId}, ${allocation.paymentId}, ${invoiceId}, ${allocation.amountMinor})`)
  await db.execute(
    sql`insert into payment_allocations (organisation_id, payment_id, invoice_id, amount_minor) values ${sql.join(values, sql`, `)}`,
  )
}

/**
 * A credit note for an issued invoice, as a draft: its lines and taxes are the invoice's negated,
 * each line's description naming the invoice. The caller issues it in the same transaction.
 */
export async function insertCreditNoteDraft(
  db: Executor,
  organisationId: string,
  invoiceId: string,
  values: { reason: string; totals: { subtotalMinor: number; taxMinor: number; totalMinor: number } },
) {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into invoices (organisation_id, client_id, kind, status, period_start, period_end, time_zone, currency,
      subtotal_minor, tax_minor, total_minor, voids_invoice_id, reason)
    select organisation_id, client_id, 'credit_note', 'draft', period_start, period_end, time_zone, currency,
      ${values.totals.subtotalMinor}, ${values.totals.taxMinor}, ${values.totals.totalMinor}, id, ${values.reason}
    from invoices where organisation_id = ${organisationId} and id = ${invoiceId}
    returning id`,
  )
  const creditNoteId = row!.id
  await db.execute(sql`insert into invoice_lines (organisation_id, invoice_id, position, kind, description, schedule_id, room_id, room_name,
      time_zone, start_time, end_time, prime_minutes, non_prime_minutes, prime_rate_minor, non_prime_rate_minor, minutes_delta,
      contract_id, contract_name, amount_minor, removed_reason)
    select l.organisation_id, ${creditNoteId}, l.position, l.kind,
      left('Credit for invoice ' || i.number || ': ' || l.description, 300), l.schedule_id, l.room_id, l.room_name,
      l.time_zone, l.start_time, l.end_time, l.prime_minutes, l.non_prime_minutes, l.prime_rate_minor, l.non_prime_rate_minor,
      -l.minutes_delta, l.contract_id, l.contract_name, -l.amount_minor, l.removed_reason
    from invoice_lines as l join invoices as i on i.organisation_id = l.organisation_id and i.id = l.invoice_id
    where l.organisation_id = ${organisationId} and l.invoice_id = ${invoiceId}`)
  await db.execute(sql`insert into invoice_taxes (organisation_id, invoice_id, position, name, rate_thousandths, amount_minor)
    select organisation_id, ${creditNoteId}, position, name, rate_thousandths, -amount_minor
    from invoice_taxes where organisation_id = ${organisationId} and invoice_id = ${invoiceId}`)
  return creditNoteId
}

/* ---------- reading ---------- */

/** The derived status in SQL, the same rule as invoiceStatus (src/shared/billing/ageing.ts), to filter by. */
const summarySelect = sql.raw(`select i.id, i.kind, i.number, i.client_id as "clientId", c.name as "clientName", i.status,
    i.period_start::text as "periodStart", i.period_end::text as "periodEnd", i.issued_on::text as "issuedOn", i.due_on::text as "dueOn",
    i.currency, i.total_minor as "totalMinor", i.created_at as "createdAt", i.time_zone as "timeZone",
    paid.amount as "paidMinor", voided.id is not null as voided, (now() at time zone i.time_zone)::date::text as today
  from invoices as i
  join clients as c on c.organisation_id = i.organisation_id and c.id = i.client_id
  left join lateral (select coalesce(sum(a.amount_minor), 0) as amount from payment_allocations as a
    where a.organisation_id = i.organisation_id and a.invoice_id = i.id) as paid on true
  left join lateral (select cn.id from invoices as cn where cn.organisation_id = i.organisation_id and cn.voids_invoice_id = i.id) as voided on true`)

const derivedStatus = sql.raw(`case when i.status = 'draft' then 'draft' when voided.id is not null then 'void'
  when i.kind = 'credit_note' then 'issued' when paid.amount >= i.total_minor then 'paid'
  when i.due_on < (now() at time zone i.time_zone)::date then 'overdue' when paid.amount > 0 then 'partly_paid' else 'issued' end`)

export type SummaryRow = {
  id: string
  kind: 'invoice' | 'credit_note'
  number: string | null
  clientId: string
  clientName: string
  status: 'draft' | 'issued'
  periodStart: string
  periodEnd: string
  issuedOn: string | null
  dueOn: string | null
  currency: string
  totalMinor: number
  paidMinor: number
  voided: boolean
  today: string
  timeZone: string
  createdAt: Date
}

function toSummaryRow(row: Record<string, unknown>): SummaryRow {
  return {
    ...(row as SummaryRow),
    totalMinor: toNumber(row.totalMinor as string),
    paidMinor: toNumber(row.paidMinor as string),
    createdAt: toDate(row.createdAt as string),
  }
}

export async function listSummaries(
  db: Executor,
  organisationId: string,
  filter: { status?: InvoiceStatus; clientId?: string; before?: { at: string; id: string }; ids?: string[] },
  limit: number,
) {
  const conditions: SQL[] = [sql`i.organisation_id = ${organisationId}`]
  if (filter.clientId) conditions.push(sql`i.client_id = ${filter.clientId}`)
  if (filter.status) conditions.push(sql`(${derivedStatus}) = ${filter.status}`)
  if (filter.before) conditions.push(sql`(i.created_at, i.id) < (${filter.before.at}::timestamptz, ${filter.before.id}::uuid)`)
  if (filter.ids) conditions.push(sql`i.id = any(${sql.param(filter.ids)}::uuid[])`)
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`${summarySelect} where ${sql.join(conditions, sql` and `)} order by i.created_at desc, i.id desc limit ${limit}`,
  )
  return rows.map(toSummaryRow)
}

export async function findDetail(db: Executor, organisationId: string, invoiceId: string) {
  const [summary] = await listSummaries(db, organisationId, { ids: [invoiceId] }, 1)
  if (!summary) return null
  const [invoice] = await rowsOf<{
    subtotal_minor: string | number
    tax_minor: string | number
    bill_to: Record<string, string | null> | null
    reason: string | null
    notes: string | null
    voids_id: string | null
    voids_number: string | null
    voided_by_id: string | null
    voided_by_number: string | null
    organisation_name: string
  }>(
    db,
    sql`select i.subtotal_minor, i.tax_minor, i.bill_to, i.reason, i.notes, v.id as voids_id, v.number as voids_number,
      cn.id as voided_by_id, cn.number as voided_by_number, o.name as organisation_name
    from invoices as i
    join organisations as o on o.id = i.organisation_id
    left join invoices as v on v.organisation_id = i.organisation_id and v.id = i.voids_invoice_id
    left join invoices as cn on cn.organisation_id = i.organisation_id and cn.voids_invoice_id = i.id
    where i.organisation_id = ${organisationId} and i.id = ${invoiceId}`,
  )
  const lines = await rowsOf<Record<string, unknown>>(
    db,
    sql`select id, position, kind, description, schedule_id as "scheduleId", room_name as "roomName", start_time as "startTime",
      end_time as "endTime", time_zone as "timeZone", prime_minutes as "primeMinutes", non_prime_minutes as "nonPrimeMinutes",
      prime_rate_minor as "primeRateMinor", non_prime_rate_minor as "nonPrimeRateMinor", minutes_delta as "minutesDelta",
      contract_name as "contractName", amount_minor as "amountMinor", removed_reason as "removedReason"
    from invoice_lines where organisation_id = ${organisationId} and invoice_id = ${invoiceId} order by position`,
  )
  const taxes = await rowsOf<{ name: string; rate_thousandths: number; amount_minor: string | number }>(
    db,
    sql`select name, rate_thousandths, amount_minor from invoice_taxes
    where organisation_id = ${organisationId} and invoice_id = ${invoiceId} order by position`,
  )
  const payments = await rowsOf<{
    payment_id: string
    received_on: string
    method: string
    reference: string | null
    amount: string | number
  }>(
    db,
    sql`select a.payment_id, p.received_on::text as received_on, p.method, p.reference, a.amount_minor as amount
    from payment_allocations as a join payments as p on p.organisation_id = a.organisation_id and p.id = a.payment_id
    where a.organisation_id = ${organisationId} and a.invoice_id = ${invoiceId}
    order by p.received_on, a.created_at, a.id`,
  )
  const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : toNumber(value as string))
  const nullableInstant = (value: unknown) => (value === null || value === undefined ? null : toDate(value as string))
  return {
    summary,
    subtotalMinor: toNumber(invoice!.subtotal_minor),
    taxMinor: toNumber(invoice!.tax_minor),
    billTo: invoice!.bill_to,
    reason: invoice!.reason,
    notes: invoice!.notes,
    voidsInvoice: invoice!.voids_id ? { id: invoice!.voids_id, number: invoice!.voids_number } : null,
    voidedBy: invoice!.voided_by_id ? { id: invoice!.voided_by_id, number: invoice!.voided_by_number } : null,
    organisationName: invoice!.organisation_name,
    lines: lines.map((line) => ({
      id: line.id as string,
      position: Number(line.position),
      kind: line.kind as NewLine['kind'],
      description: line.description as string,
      scheduleId: (line.scheduleId as string | null) ?? null,
      roomName: (line.roomName as string | null) ?? null,
      startTime: nullableInstant(line.startTime),
      endTime: nullableInstant(line.endTime),
      timeZone: (line.timeZone as string | null) ?? null,
      primeMinutes: nullableNumber(line.primeMinutes),
      nonPrimeMinutes: nullableNumber(line.nonPrimeMinutes),
      primeRateMinor: nullableNumber(line.primeRateMinor),
      nonPrimeRateMinor: nullableNumber(line.nonPrimeRateMinor),
      minutesDelta: nullableNumber(line.minutesDelta),
      contractName: (line.contractName as string | null) ?? null,
      amountMinor: toNumber(line.amountMinor as string),
      removedReason: (line.removedReason as string | null) ?? null,
    })),
    taxes: taxes.map((tax) => ({ name: tax.name, rateThousandths: Number(tax.rate_thousandths), amountMinor: toNumber(tax.amount_minor) })),
    payments: payments.map((payment) => ({
      paymentId: payment.payment_id,
      receivedOn: payment.received_on,
      method: payment.method,
      reference: payment.reference,
      amountMinor: toNumber(payment.amount),
    })),
  }
}
