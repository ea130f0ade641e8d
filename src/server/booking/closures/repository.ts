import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { closures, facilities, rooms } from '../../db/schema'

// Closures (docs/product.md#closures, ADR 0026). Every query names the organisation: another
// organisation's closure, facility or space comes back as nothing, and so as a 404.

const closureColumns = {
  id: closures.id,
  facilityId: closures.facilityId,
  facilityName: facilities.name,
  timeZone: facilities.timeZone,
  spaceId: closures.roomId,
  spaceName: rooms.name,
  reason: closures.reason,
  startTime: closures.startTime,
  endTime: closures.endTime,
}

function selectClosures(db: Executor) {
  return db
    .select(closureColumns)
    .from(closures)
    .innerJoin(facilities, and(eq(facilities.organisationId, closures.organisationId), eq(facilities.id, closures.facilityId)))
    .leftJoin(rooms, and(eq(rooms.organisationId, closures.organisationId), eq(rooms.id, closures.roomId)))
}

/** The facility's row, held until the transaction ends, as tree changes and closures take it. */
export async function lockFacility(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name, timeZone: facilities.timeZone })
    .from(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
    .for('no key update')
  return row ?? null
}

export async function findFacility(db: Executor, organisationId: string, facilityId: string) {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name, timeZone: facilities.timeZone })
    .from(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.id, facilityId)))
  return row ?? null
}

export async function findSpace(db: Executor, organisationId: string, roomId: string) {
  const [row] = await db
    .select({ id: rooms.id, name: rooms.name, facilityId: rooms.facilityId, type: rooms.type })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.id, roomId)))
  return row ?? null
}

export type NewClosure = {
  organisationId: string
  facilityId: string
  roomId: string | null
  reason: string
  startTime: Date
  endTime: Date
}

/** Inserts the closure; closures_take_spaces takes the rows of the spaces it closes first. */
export async function insertClosure(db: Executor, values: NewClosure) {
  const [row] = await db.insert(closures).values(values).returning({ id: closures.id })
  return row!.id
}

export async function findClosure(db: Executor, organisationId: string, closureId: string) {
  const [row] = await selectClosures(db).where(and(eq(closures.organisationId, organisationId), eq(closures.id, closureId)))
  return row ?? null
}

export async function deleteClosure(db: Executor, organisationId: string, closureId: string) {
  const [row] = await db
    .delete(closures)
    .where(and(eq(closures.organisationId, organisationId), eq(closures.id, closureId)))
    .returning({ id: closures.id })
  return row ?? null
}

/** The facility's closures that are not over at `now`, soonest first. */
export function listUpcomingClosures(
  db: Executor,
  organisationId: string,
  facilityId: string,
  { now, limit }: { now: Date; limit: number },
) {
  return selectClosures(db)
    .where(and(eq(closures.organisationId, organisationId), eq(closures.facilityId, facilityId), gt(closures.endTime, now)))
    .orderBy(asc(closures.startTime), asc(closures.id))
    .limit(limit)
}

/**
 * The spaces a booking of `roomId` uses, as closures see them: the space, the wholes it is part
 * of and its parts. A closure of any of them, or of their facility, closes the space.
 */
const linkedSpaces = (organisationId: string, roomId: string) => sql`
  with recursive wholes as (
    select ${rooms.id} as id, ${rooms.parentId} as parent_id from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = ${roomId}
    union all
    select whole.id, whole.parent_id from ${rooms} as whole inner join wholes on whole.organisation_id = ${organisationId} and whole.id = wholes.parent_id
  ), parts as (
    select ${rooms.id} as id from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = ${roomId}
    union all
    select part.id from ${rooms} as part inner join parts on part.organisation_id = ${organisationId} and part.parent_id = parts.id
  )
  select id from wholes union select id from parts`

/**
 * The closures that reach into [from, to): of every facility, of one facility, or those that
 * close one space (its facility's, its own, its wholes' and its parts'), by start.
 */
export function listClosuresInRange(
  db: Executor,
  organisationId: string,
  { from, to, facilityId, roomId }: { from: Date; to: Date; facilityId: string | null; roomId: string | null },
) {
  const conditions = [eq(closures.organisationId, organisationId), lt(closures.startTime, to), gt(closures.endTime, from)]
  if (facilityId) conditions.push(eq(closures.facilityId, facilityId))
  if (roomId) {
    conditions.push(
      sql`${closures.facilityId} = (select facility_id from ${rooms} as space where space.organisation_id = ${organisationId} and space.id = ${roomId})`,
      sql`(${closures.roomId} is null or ${closures.roomId} in (${linkedSpaces(organisationId, roomId)}))`,
    )
  }
  return selectClosures(db)
    .where(and(...conditions))
    .orderBy(asc(closures.startTime), asc(closures.id))
}

type CoveredRow = {
  id: string
  title: string
  start_time: Date | string
  end_time: Date | string
  room_name: string
  total: number | string
}

/**
 * The bookings a closure of the facility (roomId null) or of one space covers over [start, end):
 * each booked on a space it closes (the space, its wholes or its parts) at a time it closes, as
 * one item even when split at midnight, with the times of all its parts. Soonest first, at most
 * `limit` of them, each row carrying how many there are in all.
 */
export async function listCoveredBookings(
  db: Executor,
  organisationId: string,
  { facilityId, roomId, start, end, limit }: { facilityId: string; roomId: string | null; start: Date; end: Date; limit: number | null },
) {
  const closed = roomId
    ? linkedSpaces(organisationId, roomId)
    : sql`select ${rooms.id} as id from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.facilityId} = ${facilityId}`
  const result = await db.execute(sql`
    with recursive closed as (${closed}),
    covered as (
      select distinct coalesce(s.event_group_id, s.id) as booking_id from schedules s
      where s.organisation_id = ${organisationId} and s.room_id in (select id from closed)
        and s.start_time < ${end.toISOString()}::timestamptz and s.end_time > ${start.toISOString()}::timestamptz
        -- Bookings only: a renter's pending request is answered on Requests, where the closure
        -- now refuses its approval (schedules_occupy_confirmed).
        and s.kind = 'booking'
    ), booking_parts as (
      select s.id, s.title, s.start_time, s.end_time, s.room_id, s.id as booking_id from schedules s
      where s.organisation_id = ${organisationId} and s.id in (select booking_id from covered)
      union all
      select s.id, s.title, s.start_time, s.end_time, s.room_id, s.event_group_id from schedules s
      where s.organisation_id = ${organisationId} and s.event_group_id in (select booking_id from covered)
    ), bookings as (
      select (array_agg(p.id order by p.start_time))[1] as id,
        booking_title((array_agg(p.title order by p.start_time))[1]) as title,
        min(p.start_time) as start_time, max(p.end_time) as end_time, (array_agg(r.name order by p.start_time))[1] as room_name
      from booking_parts p inner join ${rooms} r on r.organisation_id = ${organisationId} and r.id = p.room_id
      group by p.booking_id
    )
    select id, title, start_time, end_time, room_name, count(*) over () as total from bookings
    order by start_time, id
    ${limit === null ? sql`` : sql`limit ${limit}`}`)
  // Both drivers answer with { rows }.
  const rows = (result as unknown as { rows: CoveredRow[] }).rows
  return {
    total: Number(rows[0]?.total ?? 0),
    events: rows.map((row) => ({
      id: row.id,
      title: row.title,
      startTime: new Date(row.start_time),
      endTime: new Date(row.end_time),
      roomName: row.room_name,
    })),
  }
}

/**
 * The holds (renters' pending requests, ADR 0055) a closure of the facility (roomId null) or of
 * one space covers over [start, end): each on a space it closes at a time it closes.
 */
export async function listCoveredHolds(
  db: Executor,
  organisationId: string,
  { facilityId, roomId, start, end }: { facilityId: string; roomId: string | null; start: Date; end: Date },
): Promise<string[]> {
  const closed = roomId
    ? linkedSpaces(organisationId, roomId)
    : sql`select ${rooms.id} as id from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.facilityId} = ${facilityId}`
  const result = await db.execute(sql`
    with recursive closed as (${closed})
    select s.id from schedules s
    where s.organisation_id = ${organisationId} and s.room_id in (select id from closed) and s.kind = 'hold'
      and s.start_time < ${end.toISOString()}::timestamptz and s.end_time > ${start.toISOString()}::timestamptz
    order by s.start_time, s.id`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
}
