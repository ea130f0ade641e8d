import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'

// The exports' reads (docs/product.md#exports-and-statements, ADR 0067). Each export is read in
// keyset pages: a page continues after the last row of the one before, on the columns of an
// index, so the ten-thousandth page costs what the first did and nothing holds a cursor (or a
// pool connection) while the client downloads. Times are formatted here, in each facility's zone,
// so that Node only copies text into the CSV. The organisation leads every filter and join.

// Both drivers answer db.execute with { rows }.
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

const LOCAL_DATE = 'YYYY-MM-DD'
const LOCAL_TIME = 'HH24:MI'
const LOCAL_DATE_TIME = 'YYYY-MM-DD HH24:MI'

/* ---------- events ---------- */

export type EventCursor = { localDate: string; startTime: string; roomId: string }

export type EventExportRow = {
  cursor_date: string
  cursor_start: string
  room_id: string
  date: string
  start: string
  end_date: string
  end: string
  time_zone: string
  facility_name: string
  space_name: string
  title: string
  event_type: 'practice' | 'game'
  client_name: string | null
  team1_name: string | null
  team2_name: string | null
  change_room1_name: string | null
  change_room2_name: string | null
  hours: string
  id: string
  event_group_id: string | null
}

/**
 * A page of bookings (kind 'booking'; holds and claims are not bookings) whose local date is in
 * [from, to], in (local_date, start_time, room_id) order, which schedules_local_date_idx holds and
 * which is unique among bookings (a space has one booking at a time). An event split at local
 * midnight is one row: its first part, ending when its last part ends; the later part is left
 * out (its group's first start is not its own).
 */
export function readEventPage(
  db: Executor,
  organisationId: string,
  query: { facilityId: string | 'all'; from: string; to: string },
  after: EventCursor | null,
  limit: number,
) {
  const facilityFilter =
    query.facilityId === 'all'
      ? sql``
      : sql`and s.room_id in (select id from rooms where organisation_id = ${organisationId} and facility_id = ${query.facilityId})`
  const afterCursor = after
    ? sql`and (s.local_date, s.start_time, s.room_id) > (${after.localDate}::date, ${after.startTime}::timestamptz, ${after.roomId}::uuid)`
    : sql``
  // The page is chosen from schedules alone, so that it is a walk along the index that stops after
  // `limit` rows; the names and the split booking's end are looked up for its rows only.
  return rowsOf<EventExportRow>(
    db,
    sql`with page as materialized (
      select s.* from schedules as s
      where s.organisation_id = ${organisationId} and s.kind = 'booking'
        and s.local_date >= ${query.from}::date and s.local_date <= ${query.to}::date
        and (s.event_group_id is null or not exists (
          select 1 from schedules as p
          where p.organisation_id = s.organisation_id and p.event_group_id = s.event_group_id and p.kind = 'booking'
            and p.start_time < s.start_time))
        ${facilityFilter} ${afterCursor}
      order by s.local_date, s.start_time, s.room_id
      limit ${limit}
    )
    select to_char(s.local_date, ${LOCAL_DATE}) as cursor_date,
      to_char(s.start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as cursor_start, s.room_id,
      to_char(s.start_time at time zone f.time_zone, ${LOCAL_DATE}) as date,
      to_char(s.start_time at time zone f.time_zone, ${LOCAL_TIME}) as start,
      to_char(coalesce(g.last_end, s.end_time) at time zone f.time_zone, ${LOCAL_DATE}) as end_date,
      to_char(coalesce(g.last_end, s.end_time) at time zone f.time_zone, ${LOCAL_TIME}) as "end",
      f.time_zone, f.name as facility_name, r.name as space_name, s.title, s.event_type, c.name as client_name,
      s.team1_name, s.team2_name, cr1.name as change_room1_name, cr2.name as change_room2_name,
      round(extract(epoch from (coalesce(g.last_end, s.end_time) - s.start_time)) / 3600, 2)::text as hours,
      s.id, s.event_group_id
    from page as s
    inner join rooms as r on r.organisation_id = s.organisation_id and r.id = s.room_id
    inner join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    left join lateral (
      select max(p.end_time) as last_end from schedules as p
      where s.event_group_id is not null and p.organisation_id = s.organisation_id and p.event_group_id = s.event_group_id
        and p.kind = 'booking'
    ) as g on true
    left join clients as c on c.organisation_id = s.organisation_id and c.id = s.client_id
    left join rooms as cr1 on cr1.organisation_id = s.organisation_id and cr1.id = s.change_room1_id
    left join rooms as cr2 on cr2.organisation_id = s.organisation_id and cr2.id = s.change_room2_id
    order by s.local_date, s.start_time, s.room_id`,
  )
}

/* ---------- clients ---------- */

export type ClientCursor = { name: string; id: string }

export type ClientExportRow = {
  id: string
  name: string
  email: string | null
  phone: string | null
  secondary_phone: string | null
  company: string | null
  address: string | null
  city: string | null
  province_state: string | null
  postal_code: string | null
  country: string | null
  website: string | null
  notes: string | null
  email_confirmations: boolean
  created: string
}

/** A page of clients by name (clients_organisation_id_name_idx), then id; created on the UTC calendar. */
export function readClientPage(db: Executor, organisationId: string, after: ClientCursor | null, limit: number) {
  const afterCursor = after ? sql`and (name, id) > (${after.name}, ${after.id}::uuid)` : sql``
  return rowsOf<ClientExportRow>(
    db,
    sql`select id, name, email, phone, secondary_phone, company, address, city, province_state, postal_code, country,
      website, notes, email_confirmations, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created
    from clients
    where organisation_id = ${organisationId} ${afterCursor}
    order by name, id
    limit ${limit}`,
  )
}

/* ---------- the usage ledger ---------- */

export type UsageCursor = { usageDate: string; id: string }

export type UsageExportRow = {
  id: string
  date: string
  client_name: string
  contract_name: string
  hours: string
  description: string | null
  event_title: string | null
  space_name: string | null
  facility_name: string | null
  time_zone: string | null
  contract_id: string
  schedule_id: string | null
}

/** A page of the ledger's lines dated in [from, to], by date then id, with the event each charges. */
export function readUsagePage(
  db: Executor,
  organisationId: string,
  period: { from: string; to: string },
  after: UsageCursor | null,
  limit: number,
) {
  const afterCursor = after ? sql`and (u.usage_date, u.id) > (${after.usageDate}::date, ${after.id}::uuid)` : sql``
  return rowsOf<UsageExportRow>(
    db,
    sql`select u.id, to_char(u.usage_date, ${LOCAL_DATE}) as date, c.name as client_name, k.name as contract_name,
      u.hours_logged::text as hours, u.description, s.title as event_title, r.name as space_name,
      f.name as facility_name, f.time_zone, u.contract_id, u.schedule_id
    from contract_usage as u
    inner join contracts as k on k.organisation_id = u.organisation_id and k.id = u.contract_id
    inner join clients as c on c.organisation_id = k.organisation_id and c.id = k.client_id
    left join schedules as s on s.organisation_id = u.organisation_id and s.id = u.schedule_id
    left join rooms as r on r.organisation_id = s.organisation_id and r.id = s.room_id
    left join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    where u.organisation_id = ${organisationId}
      and u.usage_date >= ${period.from}::date and u.usage_date <= ${period.to}::date ${afterCursor}
    order by u.usage_date, u.id
    limit ${limit}`,
  )
}

export async function readCurrency(db: Executor, organisationId: string): Promise<string> {
  const [row] = await rowsOf<{ currency: string }>(db, sql`select currency from organisations where id = ${organisationId}`)
  return row?.currency ?? 'CAD'
}

/* ---------- a client's statement ---------- */

// A statement's lines need each charged event's space, end and zone, which the contracts module's
// reads of usage do not carry; its contracts (and their hours used, ADR 0014) come from the
// contracts service, and only these lines are read here.

export type StatementLineRow = {
  contract_id: string
  date: string
  hours: string
  description: string | null
  schedule_id: string | null
  title: string | null
  space_name: string | null
  start_time: Date | string | null
  end_time: Date | string | null
  time_zone: string | null
  local_start: string | null
  local_end: string | null
}

/** The client's ledger lines dated in [from, to], in date order, then in the order they were charged. */
export function readStatementLines(db: Executor, organisationId: string, clientId: string, period: { from: string; to: string }) {
  return rowsOf<StatementLineRow>(
    db,
    sql`select u.contract_id, to_char(u.usage_date, ${LOCAL_DATE}) as date, u.hours_logged::text as hours, u.description,
      u.schedule_id, s.title, r.name as space_name, s.start_time, s.end_time, f.time_zone,
      to_char(s.start_time at time zone f.time_zone, ${LOCAL_DATE_TIME}) as local_start,
      to_char(s.end_time at time zone f.time_zone, ${LOCAL_DATE_TIME}) as local_end
    from contract_usage as u
    inner join contracts as k on k.organisation_id = u.organisation_id and k.id = u.contract_id
    left join schedules as s on s.organisation_id = u.organisation_id and s.id = u.schedule_id
    left join rooms as r on r.organisation_id = s.organisation_id and r.id = s.room_id
    left join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    where u.organisation_id = ${organisationId} and k.client_id = ${clientId}
      and u.usage_date >= ${period.from}::date and u.usage_date <= ${period.to}::date
    order by u.usage_date, s.start_time nulls last, u.created_at, u.id`,
  )
}

/** Per contract of the client, the hours of its lines dated after `to`: what the balance at `to` leaves out. */
export function sumUsageAfter(db: Executor, organisationId: string, clientId: string, to: string) {
  return rowsOf<{ contract_id: string; hours: string }>(
    db,
    sql`select u.contract_id, sum(u.hours_logged)::text as hours
    from contract_usage as u
    inner join contracts as k on k.organisation_id = u.organisation_id and k.id = u.contract_id
    where u.organisation_id = ${organisationId} and k.client_id = ${clientId} and u.usage_date > ${to}::date
    group by u.contract_id`,
  )
}

export type UnchargedRow = {
  date: string
  title: string
  space_name: string
  start_time: Date | string
  end_time: Date | string
  time_zone: string
  local_start: string
  local_end: string
}

/**
 * The client's bookings dated in [from, to] that charge no contract (no usage line): each part of
 * an event split at midnight is its own row here, as each part is its own charge.
 */
export function readUnchargedBookings(db: Executor, organisationId: string, clientId: string, period: { from: string; to: string }) {
  return rowsOf<UnchargedRow>(
    db,
    sql`select to_char(s.local_date, ${LOCAL_DATE}) as date, s.title, r.name as space_name, s.start_time, s.end_time,
      f.time_zone,
      to_char(s.start_time at time zone f.time_zone, ${LOCAL_DATE_TIME}) as local_start,
      to_char(s.end_time at time zone f.time_zone, ${LOCAL_DATE_TIME}) as local_end
    from schedules as s
    inner join rooms as r on r.organisation_id = s.organisation_id and r.id = s.room_id
    inner join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    where s.organisation_id = ${organisationId} and s.client_id = ${clientId} and s.kind = 'booking'
      and s.local_date >= ${period.from}::date and s.local_date <= ${period.to}::date
      and not exists (select 1 from contract_usage as u where u.organisation_id = s.organisation_id and u.schedule_id = s.id)
    order by s.start_time, s.id`,
  )
}
