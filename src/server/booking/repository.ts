import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { EventType } from '@shared/limits'
import type { Db, Executor } from '../db/client'
import { perDatabase, placeholder } from '../db/prepared'
import { wallClock } from '../db/wall-clock'
import { changeRoomHolds, clients, eventSeries, facilities, rooms, schedules, spaceOccupancy } from '../db/schema'

// Every row carries its organisation, and every query names it: another organisation's event is
// simply not found. The joins go through (organisation_id, id), the keys the foreign keys use, so
// the organisation's filter reaches every table and each lookup stays on an index that leads with it.

export const eventColumns = {
  id: schedules.id,
  roomId: schedules.roomId,
  title: schedules.title,
  description: schedules.description,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  color: schedules.color,
  eventType: sql<EventType>`${schedules.eventType}`,
  team1Name: schedules.team1Name,
  team2Name: schedules.team2Name,
  changeRoom1Id: schedules.changeRoom1Id,
  changeRoom2Id: schedules.changeRoom2Id,
  clientId: schedules.clientId,
  eventGroupId: schedules.eventGroupId,
  changeoverMinutes: schedules.changeoverMinutes,
  version: schedules.version,
  seriesId: schedules.seriesId,
  followsRule: schedules.followsRule,
}

export type EventValues = {
  roomId: string
  title: string
  description: string | null
  startTime: Date
  endTime: Date
  color: string
  eventType: EventType
  team1Name: string | null
  team2Name: string | null
  changeRoom1Id: string | null
  changeRoom2Id: string | null
  clientId: string
  eventGroupId: string | null
}

// A schedule's room, and a room's facility, through the composite keys (migration 0011).
export const roomOfSchedule = and(eq(rooms.organisationId, schedules.organisationId), eq(rooms.id, schedules.roomId))
export const facilityOfRoom = and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId))

/**
 * The event with its room's facility and the ids of its whole booking: itself, or both parts of
 * an event split at midnight. What an edit plans from, in one read.
 */
export async function findOwnedEvent(db: Executor, organisationId: string, eventId: string) {
  const [row] = await db
    .select({
      event: eventColumns,
      // A hold (a renter's pending request) is answered through its request, never edited as an event.
      kind: schedules.kind,
      facilityId: facilities.id,
      timeZone: facilities.timeZone,
      bookingIds: sql<string[]>`case when ${schedules.eventGroupId} is null then array[${schedules.id}]
        else array(select partner.id from ${schedules} as partner where partner.organisation_id = ${schedules.organisationId}
          and partner.event_group_id = ${schedules.eventGroupId} order by partner.id) end`,
    })
    .from(schedules)
    .innerJoin(rooms, roomOfSchedule)
    .innerJoin(facilities, facilityOfRoom)
    .where(and(eq(schedules.organisationId, organisationId), eq(schedules.id, eventId)))
  return row ?? null
}

/**
 * What a booking of the room over [from, to) would meet (ADR 0024): every other booking holding
 * the room or one of its parts somewhere in that span plus the room's changeover, leaving out
 * `excludeIds`. Each comes with the span it blocks (its own times plus its changeover) and the
 * space it was booked in. Also the room's changeover, which the new booking would hold after it.
 * Read only to explain a refusal: space_occupancy_no_overlap is the guarantee.
 */
export async function listClashesInSpan(
  db: Executor,
  organisationId: string,
  roomId: string,
  { from, to, excludeIds }: { from: Date; to: Date; excludeIds: string[] },
) {
  const result = await db.execute(sql`
    with recursive parts as (
      select ${rooms.id} as id from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = ${roomId}
      union all
      select part.id from ${rooms} as part inner join parts on part.organisation_id = ${organisationId} and part.parent_id = parts.id
    ), booked_room as (
      select changeover_minutes, name from ${rooms} where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = ${roomId}
    )
    select distinct on (held.schedule_id) held.schedule_id as id, other.title, other.start_time, other.end_time,
      other.kind <> 'booking' as pending, other.room_id, other_room.name as room_name, lower(held.during) as blocked_from, upper(held.during) as blocked_to,
      (select changeover_minutes from booked_room) as changeover_minutes, (select name from booked_room) as booked_room_name
    from ${spaceOccupancy} as held
    inner join ${schedules} as other on other.organisation_id = held.organisation_id and other.id = held.schedule_id
    inner join ${rooms} as other_room on other_room.organisation_id = other.organisation_id and other_room.id = other.room_id
    where held.organisation_id = ${organisationId} and held.unit_id in (select id from parts)
      and held.during && tstzrange(${from.toISOString()}::timestamptz,
        ${to.toISOString()}::timestamptz + make_interval(mins => (select changeover_minutes from booked_room)), '[)')
      and not (held.schedule_id = any(${`{${excludeIds.join(',')}}`}::uuid[]))
    order by held.schedule_id`)
  type Row = {
    id: string
    title: string
    start_time: Date | string
    end_time: Date | string
    pending: boolean
    room_id: string
    room_name: string
    blocked_from: Date | string
    blocked_to: Date | string
    changeover_minutes: number
    booked_room_name: string
  }
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    title: row.title,
    start: new Date(row.start_time),
    end: new Date(row.end_time),
    // A renter's request holding the ice, not a booking: its refusal says so (docs/product.md#renters).
    pending: row.pending,
    roomId: row.room_id,
    roomName: row.room_name,
    blocked: { start: new Date(row.blocked_from), end: new Date(row.blocked_to) },
    changeoverMinutes: Number(row.changeover_minutes),
    bookedRoomName: row.booked_room_name,
  }))
}

type HoldRow = {
  change_room_id: string
  change_room_name: string
  id: string | null
  title: string | null
  start_time: Date | string | null
  end_time: Date | string | null
  pending: boolean | null
  held_from: Date | string | null
  held_to: Date | string | null
  change_room_minutes: number
}

/**
 * The change rooms `changeRoomIds` (all of the room's facility when null), each with every other
 * event that holds it somewhere in [from, to) widened by the facility's change room time, leaving
 * out `excludeIds` (ADR 0025). Empty when the room is not the organisation's. Read to explain a
 * refusal and to mark choices in use: change_room_holds_no_overlap is the guarantee.
 */
export async function listChangeRoomHolds(
  db: Executor,
  organisationId: string,
  roomId: string,
  { from, to, excludeIds, changeRoomIds }: { from: Date; to: Date; excludeIds: string[]; changeRoomIds: string[] | null },
) {
  const result = await db.execute(sql`
    with facility as (
      select ${facilities.id} as id, ${facilities.changeRoomMinutes} as minutes from ${rooms}
      inner join ${facilities} on ${facilities.organisationId} = ${rooms.organisationId} and ${facilities.id} = ${rooms.facilityId}
      where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = ${roomId}
    ), change_room as (
      select change_room.id, change_room.name, change_room.created_at from ${rooms} as change_room
      where change_room.organisation_id = ${organisationId} and change_room.facility_id = (select id from facility)
        and change_room.type = 'change_room'
        and (${changeRoomIds === null} or change_room.id = any(${`{${(changeRoomIds ?? []).join(',')}}`}::uuid[]))
    )
    select change_room.id as change_room_id, change_room.name as change_room_name, other.id, other.title, other.start_time, other.end_time,
      other.kind <> 'booking' as pending, lower(held.during) as held_from, upper(held.during) as held_to, (select minutes from facility) as change_room_minutes
    from change_room
    left join ${changeRoomHolds} as held on held.organisation_id = ${organisationId} and held.change_room_id = change_room.id
      and held.during && tstzrange(${from.toISOString()}::timestamptz - make_interval(mins => (select minutes from facility)),
        ${to.toISOString()}::timestamptz + make_interval(mins => (select minutes from facility)), '[)')
      and not (held.schedule_id = any(${`{${excludeIds.join(',')}}`}::uuid[]))
    left join ${schedules} as other on other.organisation_id = held.organisation_id and other.id = held.schedule_id
    order by lower(change_room.name), change_room.created_at, change_room.id, other.start_time`)
  // Both drivers answer with { rows }.
  const rows = (result as unknown as { rows: HoldRow[] }).rows
  const byRoom = new Map<string, { id: string; name: string; holds: ChangeRoomHold[] }>()
  for (const row of rows) {
    const entry = byRoom.get(row.change_room_id) ?? { id: row.change_room_id, name: row.change_room_name, holds: [] }
    byRoom.set(row.change_room_id, entry)
    if (row.id === null) continue
    entry.holds.push({
      eventId: row.id,
      title: row.title!,
      start: new Date(row.start_time!),
      end: new Date(row.end_time!),
      pending: row.pending === true,
      held: { start: new Date(row.held_from!), end: new Date(row.held_to!) },
    })
  }
  const minutes = rows.length > 0 ? Number(rows[0]!.change_room_minutes) : 0
  return { changeRooms: [...byRoom.values()], changeRoomMinutes: minutes }
}

export type ChangeRoomHold = { eventId: string; title: string; start: Date; end: Date; pending: boolean; held: { start: Date; end: Date } }

export async function findSeries(db: Executor, organisationId: string, seriesId: string) {
  const [row] = await db
    .select({
      id: eventSeries.id,
      frequency: eventSeries.frequency,
      weekdays: eventSeries.weekdays,
      startDate: eventSeries.startDate,
      endDate: eventSeries.endDate,
      version: eventSeries.version,
      eventCount: sql<number>`(select count(distinct coalesce(member.event_group_id, member.id))::int from ${schedules} as member
        where member.organisation_id = ${organisationId} and member.series_id = ${seriesId})`,
      changedCount: sql<number>`(select count(distinct coalesce(member.event_group_id, member.id))::int from ${schedules} as member
        where member.organisation_id = ${organisationId} and member.series_id = ${seriesId} and not member.follows_rule)`,
    })
    .from(eventSeries)
    .where(and(eq(eventSeries.organisationId, organisationId), eq(eventSeries.id, seriesId)))
  return row ? { ...row, eventCount: Number(row.eventCount), changedCount: Number(row.changedCount) } : null
}

/** Every event of a series in time order, with what a series edit plans from (ADR 0031). */
export function listSeriesEvents(db: Executor, organisationId: string, seriesId: string) {
  return db
    .select({
      id: schedules.id,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      eventGroupId: schedules.eventGroupId,
      followsRule: schedules.followsRule,
      version: schedules.version,
      // What a series edit keeps of each occurrence when the operator did not change it (ADR 0045).
      title: schedules.title,
      roomId: schedules.roomId,
      clientId: schedules.clientId,
      description: schedules.description,
      color: schedules.color,
      eventType: sql<EventType>`${schedules.eventType}`,
      team1Name: schedules.team1Name,
      team2Name: schedules.team2Name,
      changeRoom1Id: schedules.changeRoom1Id,
      changeRoom2Id: schedules.changeRoom2Id,
    })
    .from(schedules)
    .where(and(eq(schedules.organisationId, organisationId), eq(schedules.seriesId, seriesId)))
    .orderBy(asc(schedules.startTime), asc(schedules.id))
}

/**
 * The zone of each room booked lately, so a booking can be planned without asking the database
 * first. Never trusted: the booking statement books only if the room is still the organisation's
 * and in that zone (room_ok), and a booking it refuses is planned again from the database.
 */
const knownRooms = perDatabase((_db: Db) => new Map<string, { organisationId: string; timeZone: string }>())
const KNOWN_ROOMS_LIMIT = 10_000

export function knownRoomZone(db: Db, organisationId: string, roomId: string): string | null {
  const known = knownRooms(db).get(roomId)
  return known?.organisationId === organisationId ? known.timeZone : null
}

export function rememberRoomZone(db: Db, organisationId: string, roomId: string, timeZone: string | null) {
  const known = knownRooms(db)
  known.delete(roomId)
  if (timeZone === null) return
  if (known.size >= KNOWN_ROOMS_LIMIT) known.delete(known.keys().next().value!)
  known.set(roomId, { organisationId, timeZone })
}

/**
 * The room with its facility's zone, for a booking: null unless it is the organisation's. Of the
 * change rooms asked for, only those that are change rooms of the same facility come back.
 */
const roomForBooking = perDatabase((db: Db) => {
  const changeRoom = alias(rooms, 'change_room')
  const validChangeRooms = db
    .select({ id: changeRoom.id })
    .from(changeRoom)
    .where(
      and(
        eq(changeRoom.organisationId, rooms.organisationId),
        sql`${changeRoom.id} = any(${placeholder('changeRoomIds')}::uuid[])`,
        eq(changeRoom.facilityId, rooms.facilityId),
        eq(changeRoom.type, 'change_room'),
      ),
    )
  return db
    .select({
      roomId: rooms.id,
      facilityId: facilities.id,
      timeZone: facilities.timeZone,
      changeRoomIds: sql<string[]>`array(${validChangeRooms})`,
    })
    .from(rooms)
    .innerJoin(facilities, facilityOfRoom)
    .where(and(eq(rooms.organisationId, placeholder('organisationId')), eq(rooms.id, placeholder('roomId'))))
    .prepare('room_for_booking')
})

export async function findRoomForBooking(db: Db, organisationId: string, roomId: string, changeRoomIds: string[]) {
  const [row] = await roomForBooking(db).execute({ organisationId, roomId, changeRoomIds })
  return row ?? null
}

/** The spaces' names, hours and intervals, as the start rule reads them to word a refusal. */
export function findStartRules(db: Executor, organisationId: string, roomIds: readonly string[]) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
    })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), inArray(rooms.id, [...roomIds])))
}

/**
 * The clients lately seen to want booking mail (an email and 'Email booking confirmations' on),
 * so that their bookings go straight into a transaction with their message. Never trusted: a
 * booking outside a transaction books only while none of its clients wants mail, and is written
 * again in a transaction when one does (ADR 0057).
 */
const knownMailClients = perDatabase((_db: Db) => new Set<string>())

export function isKnownMailClient(db: Db, clientIds: readonly string[]): boolean {
  const known = knownMailClients(db)
  return clientIds.some((clientId) => known.has(clientId))
}

export function rememberMailClients(db: Db, clientIds: readonly string[], wantsMail: boolean) {
  const known = knownMailClients(db)
  for (const clientId of clientIds) {
    if (!wantsMail) known.delete(clientId)
    else {
      if (known.size >= KNOWN_ROOMS_LIMIT) known.delete(known.values().next().value!)
      known.add(clientId)
    }
  }
}

/**
 * What a booking's message names: the clients that want booking mail (with their email), and the
 * names of the spaces and change rooms, with the facility's name. Read in the booking's transaction.
 */
export async function findBookingMailContext(db: Executor, organisationId: string, clientIds: string[], roomIds: string[]) {
  const [wanting, named] = await Promise.all([
    clientIds.length === 0
      ? []
      : db
          .select({ id: clients.id, name: clients.name, email: clients.email })
          .from(clients)
          .where(
            and(
              eq(clients.organisationId, organisationId),
              inArray(clients.id, clientIds),
              isNotNull(clients.email),
              eq(clients.emailConfirmations, true),
            ),
          ),
    roomIds.length === 0
      ? []
      : db
          .select({ id: rooms.id, name: rooms.name, facilityName: facilities.name, timeZone: facilities.timeZone })
          .from(rooms)
          .innerJoin(facilities, facilityOfRoom)
          .where(and(eq(rooms.organisationId, organisationId), inArray(rooms.id, roomIds))),
  ])
  return {
    clients: wanting.map((client) => ({ ...client, email: client.email! })),
    rooms: new Map(named.map((room) => [room.id, room])),
  }
}
