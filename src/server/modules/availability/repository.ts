import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { TimeRange } from '@shared/scheduling/overlap'
import type { Executor } from '../../db/client'
import { facilities, rooms, spaceOccupancy } from '../../db/schema'
import { wallClock } from '../../db/wall-clock'

// Both queries name the organisation, which leads the indexes they read (docs/scaling.md): another
// organisation's facility has no spaces here, and so answers as a 404.

// What the search reads of a space: its place in the tree and the rules a slot must keep.
const spaceColumns = {
  id: rooms.id,
  name: rooms.name,
  type: rooms.type,
  parentId: rooms.parentId,
  operatingStartTime: wallClock(rooms.operatingStartTime),
  operatingEndTime: wallClock(rooms.operatingEndTime),
  bookingInterval: rooms.bookingInterval,
  changeoverMinutes: rooms.changeoverMinutes,
}

/** Every space of the facility, change rooms last (they are never searched but are part of no tree either). */
export function listFacilitySpaces(db: Executor, organisationId: string, facilityId: string) {
  return db
    .select(spaceColumns)
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId)))
    .orderBy(asc(sql`${rooms.type} = 'change_room'`), asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

/**
 * One query: every space of a facility of one of the organisations, each with its facility's
 * organisation and zone, in listFacilitySpaces' order. A facility of none of them has no rows.
 */
export function listFacilitySpacesWithZone(db: Executor, organisationIds: readonly string[], facilityId: string) {
  return db
    .select({
      ...spaceColumns,
      acceptsRequests: rooms.acceptsRequests,
      organisationId: facilities.organisationId,
      timeZone: facilities.timeZone,
    })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(inArray(rooms.organisationId, [...organisationIds]), eq(rooms.facilityId, facilityId)))
    .orderBy(asc(sql`${rooms.type} = 'change_room'`), asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

/** One query: the space_occupancy rows (ADR 0024) of the given units that meet the window. */
export async function listHeldUnits(db: Executor, organisationId: string, unitIds: readonly string[], window: TimeRange) {
  if (unitIds.length === 0) return []
  const result = await db.execute(sql`
    select ${spaceOccupancy.unitId} as unit_id, lower(${spaceOccupancy.during}) as start, upper(${spaceOccupancy.during}) as end
    from ${spaceOccupancy}
    where ${spaceOccupancy.organisationId} = ${organisationId}
      and ${spaceOccupancy.unitId} = any(${`{${unitIds.join(',')}}`}::uuid[])
      and ${spaceOccupancy.during} && tstzrange(${window.start.toISOString()}::timestamptz, ${window.end.toISOString()}::timestamptz, '[)')`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: { unit_id: string; start: Date | string; end: Date | string }[] }).rows.map((row) => ({
    unitId: row.unit_id,
    during: { start: new Date(row.start), end: new Date(row.end) },
  }))
}
