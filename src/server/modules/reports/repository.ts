import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'

// The Reports page's reads (docs/product.md#reports, ADR 0066). A year of a busy facility is tens
// of thousands of bookings: they are summed here, never sent to Node one by one. The organisation
// leads every filter: whole months are read from the roll-up, booking_month_shapes, and the rest
// of a period off schedules_report_idx alone (migration 0044).

// Both drivers answer db.execute with { rows }.
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`
const param = <T>(values: readonly T[]) => sql.param(values)

/* ---------- facilities and spaces ---------- */

export type FacilityRow = {
  id: string
  name: string
  time_zone: string
  prime_weekday_start: string
  prime_weekday_end: string
  prime_weekend_start: string
  prime_weekend_end: string
}

/** The organisation's facilities (one, when named), oldest first; another organisation's is none. */
export function listFacilities(db: Executor, organisationId: string, facilityId: string | null) {
  return rowsOf<FacilityRow>(
    db,
    sql`select id, name, time_zone, to_char(prime_weekday_start, 'HH24:MI') as prime_weekday_start,
        to_char(prime_weekday_end, 'HH24:MI') as prime_weekday_end, to_char(prime_weekend_start, 'HH24:MI') as prime_weekend_start,
        to_char(prime_weekend_end, 'HH24:MI') as prime_weekend_end
      from facilities where organisation_id = ${organisationId} ${facilityId ? sql`and id = ${facilityId}` : sql``}
      order by created_at, id`,
  )
}

export type SpaceRow = {
  id: string
  name: string
  type: string
  parent_id: string | null
  facility_id: string
  operating_start: string
  operating_end: string
}

/** Every space of these facilities, by name. */
export function listSpaces(db: Executor, organisationId: string, facilityIds: readonly string[]) {
  return rowsOf<SpaceRow>(
    db,
    sql`select id, name, type, parent_id, facility_id, to_char(operating_start_time, 'HH24:MI') as operating_start,
        to_char(operating_end_time, 'HH24:MI') as operating_end
      from rooms where organisation_id = ${organisationId} and facility_id = any(${uuidArray(facilityIds)})
      order by lower(name), created_at, id`,
  )
}

export type ClosureRow = { facility_id: string; room_id: string | null; start_time: Date | string; end_time: Date | string }

/** The closures of these facilities that overlap [from, to). */
export function listClosures(db: Executor, organisationId: string, facilityIds: readonly string[], from: Date, to: Date) {
  return rowsOf<ClosureRow>(
    db,
    sql`select facility_id, room_id, start_time, end_time from closures
      where organisation_id = ${organisationId} and facility_id = any(${uuidArray(facilityIds)})
        and end_time > ${from.toISOString()} and start_time < ${to.toISOString()}`,
  )
}

/* ---------- booked time ---------- */

/**
 * What the sums read of each space a booking can be in: its share of its sheet, its sheet's
 * operating hours and its facility's prime time, as minutes of the local day (an end of 00:00 is
 * 1440).
 */
export type SpaceFrame = {
  roomId: string
  weight: number
  operatingStart: number
  operatingEnd: number
  weekdayPrimeStart: number
  weekdayPrimeEnd: number
  weekendPrimeStart: number
  weekendPrimeEnd: number
}

/**
 * A period of local dates [from, until) as the roll-up reads it: the whole months in [monthFrom,
 * monthTo) from booking_month_shapes, and the ragged ends [from, monthFrom) and [monthTo, until)
 * from the bookings. Without a whole month, monthFrom and monthTo are both `until`.
 */
export type RollUpPeriod = { from: string; monthFrom: string; monthTo: string; until: string }

export type BookedSumRow = {
  /** 'room', 'cell' or 'client' */
  set: 'room' | 'cell' | 'client'
  room_id: string | null
  weekday: number | null
  hour: number | null
  client_id: string | null
  booked: number | string | null
  booked_weighted: number | string | null
  booked_prime: number | string | null
  changeover: number | string | null
  changeover_weighted: number | string | null
  changeover_prime: number | string | null
}

// 2000-01-03 was a Monday: days since then, modulo 7, are the weekday with Monday 0.
const MONDAY = sql.raw(`date '2000-01-03'`)

/**
 * One statement: the period's bookings in these spaces summed per space (minutes, prime
 * minutes), per cell of the week (weekday 0 = Monday × hour, weighted by each space's share of
 * its sheet) and per client, with the changeover after each booking that falls in its sheet's
 * operating hours. The whole months come counted by shape from the roll-up (migration 0044), the
 * ragged ends from schedules_report_idx alone, folded to the same shapes; only the shapes are
 * spread over the hours. The bookings without wall minutes are not here: the service measures
 * them (listClockChangeBookings).
 */
export function sumBookings(
  db: Executor,
  organisationId: string,
  { period, frames }: { period: RollUpPeriod; frames: readonly SpaceFrame[] },
) {
  const column = <T>(value: (frame: SpaceFrame) => T) => param(frames.map(value))
  const bookingsIn = (from: string, before: string) => sql`
        select s.room_id, s.client_id, s.changeover_minutes as co, (s.local_date - ${MONDAY}) % 7 as weekday,
          s.local_start_minute as sm, s.local_end_minute as em, 1 as n
        from schedules s join frame f on f.room_id = s.room_id
        where s.organisation_id = ${organisationId} and s.kind = 'booking' and s.local_start_minute is not null
          and s.local_date >= ${from}::date and s.local_date < ${before}::date`
  return rowsOf<BookedSumRow>(
    db,
    sql`with frame as (
        select * from unnest(${column((f) => f.roomId)}::uuid[], ${column((f) => f.weight)}::float8[],
          ${column((f) => f.operatingStart)}::int[], ${column((f) => f.operatingEnd)}::int[], ${column((f) => f.weekdayPrimeStart)}::int[],
          ${column((f) => f.weekdayPrimeEnd)}::int[], ${column((f) => f.weekendPrimeStart)}::int[], ${column((f) => f.weekendPrimeEnd)}::int[])
          as f(room_id, weight, op_start, op_end, wd_start, wd_end, we_start, we_end)
      ),
      booking as (
        ${bookingsIn(period.from, period.monthFrom)}
        union all
        ${bookingsIn(period.monthTo, period.until)}
        union all
        select m.room_id, m.client_id, m.changeover_minutes, m.weekday, m.start_minute, m.end_minute, m.bookings
        from booking_month_shapes m join frame f on f.room_id = m.room_id
        where m.organisation_id = ${organisationId} and m.month >= ${period.monthFrom}::date and m.month < ${period.monthTo}::date
          and m.bookings > 0
      ),
      folded as (
        select room_id, weekday, sm, em, co, client_id, grouping(client_id) as is_shape, sum(n)::int as n, sum(n * (em - sm)) as minutes
        from booking group by grouping sets ((room_id, weekday, sm, em, co), (client_id))
      ),
      shape as (
        select folded.room_id, f.weight, folded.weekday, folded.sm, folded.em, folded.co, folded.n, f.op_start, f.op_end,
          case when folded.weekday >= 5 then f.we_start else f.wd_start end as prime_start,
          case when folded.weekday >= 5 then f.we_end else f.wd_end end as prime_end
        from folded join frame f on f.room_id = folded.room_id
        where folded.is_shape = 1
      ),
      piece as (
        select shape.room_id, shape.weight, shape.weekday, shape.n, span.kind, h.hour,
          least(span.hi, h.hour * 60 + 60) - greatest(span.lo, h.hour * 60) as minutes,
          greatest(0, least(span.hi, h.hour * 60 + 60, shape.prime_end) - greatest(span.lo, h.hour * 60, shape.prime_start)) as prime
        from shape
        cross join lateral (values ('b', shape.sm, shape.em),
          ('c', greatest(shape.em, shape.op_start), least(shape.em + shape.co, shape.op_end))) as span(kind, lo, hi)
        cross join lateral generate_series(span.lo / 60, (span.hi - 1) / 60) as h(hour)
        where span.hi > span.lo
      )
      select case when grouping(room_id) = 0 then 'room' else 'cell' end as set, room_id, weekday, hour, null::uuid as client_id,
        sum(n * minutes) filter (where kind = 'b') as booked,
        sum(n * weight * minutes) filter (where kind = 'b') as booked_weighted,
        sum(n * prime) filter (where kind = 'b') as booked_prime,
        sum(n * minutes) filter (where kind = 'c') as changeover,
        sum(n * weight * minutes) filter (where kind = 'c') as changeover_weighted,
        sum(n * prime) filter (where kind = 'c') as changeover_prime
      from piece group by grouping sets ((room_id), (weekday, hour))
      union all
      select 'client', null, null, null, client_id, minutes, null, null, null, null, null
      from folded where is_shape = 0 and client_id is not null`,
  )
}

export type ClockChangeBookingRow = {
  room_id: string
  local_date: string
  client_id: string | null
  start_time: Date | string
  end_time: Date | string
  changeover_minutes: number
}

/**
 * The bookings in these spaces in [from, to] that have no wall minutes (schedules_wall_minutes:
 * the clocks change under them), which the service measures one by one on their day's real hours.
 */
export function listClockChangeBookings(db: Executor, organisationId: string, roomIds: readonly string[], from: string, to: string) {
  if (roomIds.length === 0) return Promise.resolve([])
  return rowsOf<ClockChangeBookingRow>(
    db,
    sql`select room_id, to_char(local_date, 'YYYY-MM-DD') as local_date, client_id, start_time, end_time, changeover_minutes
      from schedules
      where organisation_id = ${organisationId} and kind = 'booking' and local_start_minute is null
        and local_date >= ${from}::date and local_date <= ${to}::date and room_id = any(${uuidArray(roomIds)})`,
  )
}

/* ---------- clients and contracts ---------- */

export type ContractRow = {
  id: string
  client_id: string
  name: string
  status: string
  total_hours: string
  used_hours: string
  used_in_period_hours: string
  pace_window_hours: string
  end_date: string | null
}

/**
 * The contracts of the organisation that are active or overlap the period, with their hours used
 * (the adjustment and the ledger), used in the period, and used in [paceFrom, paceTo].
 */
export function listContracts(
  db: Executor,
  organisationId: string,
  { from, to, paceFrom, paceTo }: { from: string; to: string; paceFrom: string; paceTo: string },
) {
  return rowsOf<ContractRow>(
    db,
    sql`select c.id, c.client_id, c.name, c.status, c.total_hours::text as total_hours, to_char(c.end_date, 'YYYY-MM-DD') as end_date,
        (c.hours_adjustment + coalesce(sum(u.hours_logged), 0))::text as used_hours,
        coalesce(sum(u.hours_logged) filter (where u.usage_date between ${from}::date and ${to}::date), 0)::text as used_in_period_hours,
        coalesce(sum(u.hours_logged) filter (where u.usage_date between ${paceFrom}::date and ${paceTo}::date), 0)::text as pace_window_hours
      from contracts c
      left join contract_usage u on u.organisation_id = c.organisation_id and u.contract_id = c.id
      where c.organisation_id = ${organisationId}
        and (c.status = 'active' or (c.start_date <= ${to}::date and (c.end_date is null or c.end_date >= ${from}::date)))
      group by c.id
      order by c.start_date, c.id`,
  )
}

/** The names of these clients of the organisation. */
export function listClientNames(db: Executor, organisationId: string, clientIds: readonly string[]) {
  if (clientIds.length === 0) return Promise.resolve([])
  return rowsOf<{ id: string; name: string }>(
    db,
    sql`select id, name from clients where organisation_id = ${organisationId} and id = any(${uuidArray(clientIds)})`,
  )
}

/* ---------- released ice ---------- */

export type ReleaseRow = {
  id: string
  room_id: string
  start_time: Date | string
  end_time: Date | string
  resold_room_id: string | null
  resold_seconds: number | string | null
}

/**
 * The releases of these spaces that start in [from, to) with each booking made over them since
 * (in the released space, a whole of it or a part of it: the service weighs them), newest first.
 */
export function listReleases(db: Executor, organisationId: string, roomIds: readonly string[], from: Date, to: Date) {
  return rowsOf<ReleaseRow>(
    db,
    sql`select ri.id, ri.room_id, ri.start_time, ri.end_time, s.room_id as resold_room_id,
        extract(epoch from least(s.end_time, ri.end_time) - greatest(s.start_time, ri.start_time)) as resold_seconds
      from released_ice ri
      left join schedules s on s.organisation_id = ri.organisation_id and s.kind = 'booking'
        and s.room_id = any(${uuidArray(roomIds)}) and s.start_time < ri.end_time and s.end_time > ri.start_time
        and s.created_at > ri.released_at
      where ri.organisation_id = ${organisationId} and ri.room_id = any(${uuidArray(roomIds)})
        and ri.start_time >= ${from.toISOString()} and ri.start_time < ${to.toISOString()}
      order by ri.start_time desc, ri.id`,
  )
}
