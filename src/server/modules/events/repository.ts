import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { LIMITS, type EventType } from '@shared/limits'
import type { Db, Executor } from '../../db/client'
import { perDatabase, prepareRaw } from '../../db/prepared'
import { wallClock } from '../../db/wall-clock'
import { changeRoomHolds, clients, eventSeries, facilities, rooms, schedules, spaceOccupancy } from '../../db/schema'
import type { Actor } from '../activity/service'
import { activeContractForCharging, type EventUsage } from '../contracts/service'

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

// What a list across facilities needs to show an event and open its edit sheet.
const placedEventColumns = {
  ...eventColumns,
  roomName: rooms.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
  timeZone: facilities.timeZone,
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
const roomOfSchedule = and(eq(rooms.organisationId, schedules.organisationId), eq(rooms.id, schedules.roomId))
const facilityOfRoom = and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId))

/**
 * The event with its room's facility and the ids of its whole booking: itself, or both parts of
 * an event split at midnight. What an edit plans from, in one read.
 */
export async function findOwnedEvent(db: Executor, organisationId: string, eventId: string) {
  const [row] = await db
    .select({
      event: eventColumns,
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
      other.room_id, other_room.name as room_name, lower(held.during) as blocked_from, upper(held.during) as blocked_to,
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
      lower(held.during) as held_from, upper(held.during) as held_to, (select minutes from facility) as change_room_minutes
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
      held: { start: new Date(row.held_from!), end: new Date(row.held_to!) },
    })
  }
  const minutes = rows.length > 0 ? Number(rows[0]!.change_room_minutes) : 0
  return { changeRooms: [...byRoom.values()], changeRoomMinutes: minutes }
}

export type ChangeRoomHold = { eventId: string; title: string; start: Date; end: Date; held: { start: Date; end: Date } }

export type SharedEventValues = Omit<EventValues, 'title' | 'startTime' | 'endTime' | 'eventGroupId'>
export type NewEvent = Pick<EventValues, 'title' | 'startTime' | 'endTime' | 'eventGroupId'> & {
  id: string
  seriesId: string | null
  followsRule: boolean
  // Each event's own space, client and details. A new booking writes `shared` for all of its
  // events; a replacement writes each event's own, so that a series edit changes only what the
  // operator changed and leaves every other field of each occurrence as it was (ADR 0045).
  values: SharedEventValues
}

const placeholder = (name: string) => sql.placeholder(name)

// The trail keeps what an operator reads (as record_booking_activity does for the other writes):
// the title without a split's ' (Part N)' (booking_title, migration 0026), instants as JSON writes them.
const untitledPart = (title: SQL) => sql`booking_title(${title})`
// An instant as JSON.stringify writes a Date, in text.
const isoText = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const isoInstant = (instant: SQL) => sql`to_jsonb(${isoText(instant)})`

// Whether one of the chosen change rooms is a change room of the booked room's facility.
const isChangeRoomOfFacility = (name: string) =>
  sql`(${placeholder(name)}::uuid is null or exists (select from ${rooms} as change_room where change_room.organisation_id = ${rooms.organisationId}
    and change_room.id = ${placeholder(name)}::uuid and change_room.facility_id = ${rooms.facilityId} and change_room.type = 'change_room'))`

/**
 * The one statement every booking write goes through: create, edit and move (docs/product.md#events).
 * It replaces the booking `replaceIds` (empty for a new booking) by the planned `events`, and
 * charges them, or writes nothing:
 * - the client must be the organisation's, and is held against deletion (FOR KEY SHARE);
 * - the room must be as the caller planned: the organisation's, in `timeZone`, with the chosen change
 *   rooms in its facility. Its row is held FOR SHARE, so that a change to the space's tree, hours
 *   or closures waits for the booking, and not another booking (migration 0031);
 * - the replaced events must all still exist, in the room's facility, and are locked;
 * - every row written, event or charge, carries the organisation, so the composite foreign keys
 *   (migration 0011) refuse anything that points at another organisation's row;
 * - the old rows go first, then `keepId` (the edited event, which keeps its id) is updated, then
 *   the rest is inserted: each step waits for the one before it through its WHERE clause, so the
 *   exclusion constraint sees the new rows only once the old ones are gone;
 * - every new row is charged to the client's latest-started active contract that applies to the room (ADR 0014, 0029): the kept
 *   event's old charge is dropped first, and the removed ones' cascade with them.
 * roomOk, clientOk and replacedOk say which check failed when nothing was written.
 */
// Built four times from the same steps: a new booking replaces nothing, so its variants leave
// the replacing steps out; only a new series' variant writes a series' rule; and only a new
// booking with an event split at midnight, or a new series, groups the split's parts for the
// trail. PostgreSQL then neither starts the plans of the steps a booking does not need nor locks
// their tables on every booking (docs/benchmarks.md, 2026-11-27 evening and 2026-11-28). Which
// rows are written and refused is the same.
type BookingVariant = 'replace' | 'new' | 'new split' | 'new series'
const bookingStatement = (db: Db, variant: BookingVariant) => {
  const replacing = variant === 'replace'
  const when = (fragment: SQL) => (replacing ? fragment : sql``)
  const whenNewSeries = (fragment: SQL) => (variant === 'new series' ? fragment : sql``)
  // The activity trail (docs/product.md#activity), in this same statement: a booking that is
  // refused writes no entry. Given the names this statement has read, so they are not read again.
  // An edit's entry says what changed, which record_booking_activity works out (migrations 0013, 0026).
  // A series edit is one entry, with each occurrence's own before and after (ADR 0046).
  const bookedDetails = sql`(select jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'start_time', b.start_time, 'end_time', b.end_time,
          'event_group_id', b.event_group_id, 'room_id', b.room_id, 'client_id', b.client_id, 'description', b.description, 'color', b.color,
          'event_type', b.event_type, 'team1_name', b.team1_name, 'team2_name', b.team2_name, 'change_room1_id', b.change_room1_id,
          'change_room2_id', b.change_room2_id)) from booked as b)`
  const editLogged = sql`logged as (
      select case when ${placeholder('basedOnSeriesVersion')}::int is not null then record_series_activity(${placeholder('organisationId')}::uuid,
        ${placeholder('actorId')}::text, ${placeholder('actorName')}::text, ${placeholder('timeZone')}::text, (select facility_id from booked_room limit 1),
        ${placeholder('editedId')}::uuid, ${bookedDetails}, coalesce((select jsonb_agg(to_jsonb(r)) from replaced as r), '[]'::jsonb))
      else record_booking_activity(${placeholder('organisationId')}::uuid, ${placeholder('actorId')}::text, ${placeholder('actorName')}::text,
        cardinality(${placeholder('keepIds')}::uuid[]) > 0, ${placeholder('timeZone')}::text, (select facility_id from booked_room limit 1),
        (select jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'start_time', b.start_time, 'end_time', b.end_time,
          'event_group_id', b.event_group_id)) from booked as b),
        coalesce((select jsonb_agg(to_jsonb(r)) from replaced as r), '[]'::jsonb),
        jsonb_build_object('room_id', (select id from booked_room limit 1), 'client_id', (select id from owned_client limit 1),
          'room_name', (select name from booked_room limit 1), 'client_name', (select name from owned_client limit 1),
          'description', ${placeholder('description')}::text, 'color', ${placeholder('color')}::text, 'event_type', ${placeholder('eventType')}::text,
          'team1_name', ${placeholder('team1Name')}::text, 'team2_name', ${placeholder('team2Name')}::text,
          'change_room1_id', ${placeholder('changeRoom1Id')}::uuid, 'change_room2_id', ${placeholder('changeRoom2Id')}::uuid)) end
      where exists (select from booked)`
  // A new booking's entries are written here, one per occurrence, in the words of the functions
  // record_booking_activity uses for them (booking_title, booking_occurrences and
  // booking_created_changes, migration 0026), which PostgreSQL plans inline: the call of a
  // PL/pgSQL function and the JSON it was handed cost more than the entry (docs/benchmarks.md,
  // 2026-11-28). Only the parts of an event split at midnight are grouped into one occurrence.
  const newBookingLogged = sql`logged as (
      insert into activity_entries (organisation_id, actor_id, actor_name, action, entity, entity_id, label, facility_id, time_zone, changes)
      select ${placeholder('organisationId')}::uuid, ${placeholder('actorId')}::text, ${placeholder('actorName')}::text, 'created', 'event',
        occurrence.id::text, occurrence.title, booked_room.facility_id, ${placeholder('timeZone')}::text,
        booking_created_changes(occurrence.start_time, occurrence.end_time, booked_room.name, owned_client.name)
      from (
        select b.id, booking_title(b.title) as title, b.start_time, b.end_time from inserted as b${
          variant === 'new'
            ? sql``
            : sql` where b.event_group_id is null
        union all
        -- Through a lateral join, not a subquery in the call, which PostgreSQL would not inline.
        select split.id, split.title, split.start_time, split.end_time
        from (select jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'start_time', b.start_time, 'end_time', b.end_time,
            'event_group_id', b.event_group_id)) as parts from inserted as b where b.event_group_id is not null) as grouped
        cross join lateral booking_occurrences(grouped.parts) as split`
        }
      ) as occurrence
      cross join booked_room
      cross join owned_client`
  return prepareRaw<BookedEventRow>(
    db,
    {
      replace: 'write_booking',
      new: 'write_new_booking',
      'new split': 'write_new_split_booking',
      'new series': 'write_new_series_booking',
    }[variant],
    sql`
    with owned_client as (
      select ${clients.id} as id, ${clients.name} as name from ${clients}
      where ${clients.organisationId} = ${placeholder('organisationId')}::uuid and ${
        replacing ? sql`${clients.id} = any(${placeholder('clientIds')}::uuid[])` : sql`${clients.id} = ${placeholder('clientId')}::uuid`
      }
      for key share
    ), booked_room as (
      select ${rooms.id} as id, ${rooms.facilityId} as facility_id, ${rooms.name} as name from ${rooms}
      where ${rooms.organisationId} = ${placeholder('organisationId')}::uuid and ${
        replacing ? sql`${rooms.id} = any(${placeholder('roomIds')}::uuid[])` : sql`${rooms.id} = ${placeholder('roomId')}::uuid`
      }
        -- The facility by its key for the one room, not by a join, whose plan would hash the
        -- organisation's facilities on every booking (ADR 0037).
        and (select facility.time_zone from ${facilities} as facility where facility.organisation_id = ${rooms.organisationId}
          and facility.id = ${rooms.facilityId}) = ${placeholder('timeZone')}
        and ${
          replacing
            ? // A replacement's events each name their own change rooms (a series edit keeps each occurrence's).
              sql`not exists (select from unnest(${placeholder('changeRoomIds')}::uuid[]) as chosen(id) where not exists (
                select from ${rooms} as change_room where change_room.organisation_id = ${rooms.organisationId}
                  and change_room.id = chosen.id and change_room.facility_id = ${rooms.facilityId} and change_room.type = 'change_room'))`
            : sql`${isChangeRoomOfFacility('changeRoom1Id')} and ${isChangeRoomOfFacility('changeRoom2Id')}`
        }
      for share of ${rooms}
    ), ${when(sql`replaced as (
      -- Found by id, whatever the number of events in the facility: the room's facility is a
      -- subquery, which the planner cannot turn into a scan of the facility's rooms first.
      select ${schedules.id} as id, ${schedules.title} as title, ${schedules.startTime} as start_time, ${schedules.endTime} as end_time,
        ${schedules.roomId} as room_id, ${schedules.clientId} as client_id, ${schedules.description} as description,
        ${schedules.color} as color, ${schedules.eventType} as event_type, ${schedules.team1Name} as team1_name,
        ${schedules.team2Name} as team2_name, ${schedules.changeRoom1Id} as change_room1_id, ${schedules.changeRoom2Id} as change_room2_id,
        ${schedules.version} as version, ${schedules.eventGroupId} as event_group_id
      from ${schedules}
      where ${schedules.organisationId} = ${placeholder('organisationId')}::uuid and ${schedules.id} = any(${placeholder('replaceIds')}::uuid[])
        -- A series edit names the version of each event it re-plans (ADR 0031): one changed by
        -- itself since the plan was read makes the count fall short, and it is planned again.
        and (cardinality(${placeholder('replaceVersions')}::int[]) = 0
          or ${schedules.version} = (${placeholder('replaceVersions')}::int[])[array_position(${placeholder('replaceIds')}::uuid[], ${schedules.id})])
        and (select facility_id from ${rooms} as replaced_room where replaced_room.organisation_id = ${schedules.organisationId}
          and replaced_room.id = ${schedules.roomId}) = (select facility_id from booked_room limit 1)
      for update of ${schedules}
    ), edited_series as (
      -- An edit of 'this and following' or 'all' takes its series' row first, so that of two such
      -- edits the second waits, then reads the version the first raised (ADR 0031).
      select ${eventSeries.id} as id, ${eventSeries.version} as version from ${eventSeries}
      where ${placeholder('basedOnSeriesVersion')}::int is not null and ${eventSeries.organisationId} = ${placeholder('organisationId')}::uuid
        and ${eventSeries.id} = ${placeholder('seriesId')}::uuid
      for update
    ), stale as (
      -- The edited event has moved on since the version the edit was based on (ADR 0028). Read
      -- from the locked row, so of two edits based on one version the second sees the first's.
      select from replaced where id = ${placeholder('keepId')}::uuid and version <> ${placeholder('basedOnVersion')}::int
      union all
      select where ${placeholder('basedOnSeriesVersion')}::int is not null
        and not exists (select from edited_series where version = ${placeholder('basedOnSeriesVersion')}::int)
    ), `)}ready as (
      select where ${
        replacing
          ? // Every space and client the events name, all of one facility.
            sql`(select count(*) from owned_client) = cardinality(${placeholder('clientIds')}::uuid[])
        and (select count(*) from booked_room) = cardinality(${placeholder('roomIds')}::uuid[])
        and (select count(distinct facility_id) from booked_room) = 1
        and (select count(*) from replaced) = cardinality(${placeholder('replaceIds')}::uuid[])
        and not exists (select from stale)`
          : sql`exists (select from owned_client) and exists (select from booked_room)`
      }
    ), planned as (
      select * from json_to_recordset(${placeholder('events')}::json)
        as e(id uuid, title text, start_time timestamptz, end_time timestamptz, event_group_id uuid, series_id uuid, follows_rule boolean${when(
          sql`,
          room_id uuid, client_id uuid, description text, color text, event_type text, team1_name text, team2_name text,
          change_room1_id uuid, change_room2_id uuid`,
        )})
    ), ${whenNewSeries(sql`new_series as (
      -- A new series' rule, written with its events (docs/product.md#series).
      insert into ${eventSeries} (id, organisation_id, frequency, weekdays, start_date, end_date)
      select ${placeholder('seriesId')}::uuid, ${placeholder('organisationId')}::uuid, rule.frequency, rule.weekdays, rule.start_date, rule.end_date
      from json_to_record(${placeholder('seriesRule')}::json) as rule(frequency text, weekdays int[], start_date date, end_date date)
      where ${placeholder('seriesRule')}::json is not null and exists (select from ready)
      returning id
    ), `)}${when(sql`series_raised as (
      update ${eventSeries} set version = ${eventSeries.version} + 1
      where ${eventSeries.organisationId} = ${placeholder('organisationId')}::uuid and ${eventSeries.id} = (select id from edited_series)
        and exists (select from ready)
      returning id
    ), removed as (
      delete from ${schedules} where organisation_id = ${placeholder('organisationId')}::uuid and id in (select id from replaced)
        and not (id = any(${placeholder('keepIds')}::uuid[])) and exists (select from ready)
      returning id
    ), kept as (
      update ${schedules} set room_id = planned.room_id, title = planned.title, description = planned.description,
        start_time = planned.start_time, end_time = planned.end_time, color = planned.color, event_type = planned.event_type,
        team1_name = planned.team1_name, team2_name = planned.team2_name, change_room1_id = planned.change_room1_id,
        change_room2_id = planned.change_room2_id, client_id = planned.client_id, event_group_id = planned.event_group_id,
        series_id = planned.series_id, follows_rule = planned.follows_rule, updated_at = now()
      from planned
      where ${schedules.organisationId} = ${placeholder('organisationId')}::uuid and ${schedules.id} = any(${placeholder('keepIds')}::uuid[])
        and planned.id = ${schedules.id} and ${schedules.id} in (select id from replaced)
        and exists (select from ready) and (select count(*) from removed) >= 0
      returning ${schedules}.*
    ), `)}inserted as (
      insert into ${schedules} (id, organisation_id, room_id, title, description, start_time, end_time, color, event_type, team1_name, team2_name,
        change_room1_id, change_room2_id, client_id, event_group_id, series_id, follows_rule)
      ${
        replacing
          ? sql`select planned.id, ${placeholder('organisationId')}::uuid, planned.room_id, planned.title, planned.description, planned.start_time,
        planned.end_time, planned.color, planned.event_type, planned.team1_name, planned.team2_name, planned.change_room1_id,
        planned.change_room2_id, planned.client_id, planned.event_group_id, planned.series_id, planned.follows_rule
      from planned`
          : sql`select planned.id, ${placeholder('organisationId')}::uuid, booked_room.id, planned.title, ${placeholder('description')}, planned.start_time, planned.end_time, ${placeholder('color')}, ${placeholder('eventType')},
        ${placeholder('team1Name')}, ${placeholder('team2Name')}, ${placeholder('changeRoom1Id')}, ${placeholder('changeRoom2Id')}, owned_client.id, planned.event_group_id,
        planned.series_id, planned.follows_rule
      from planned
      cross join booked_room
      cross join owned_client`
      }
      where exists (select from ready)${whenNewSeries(sql` and (select count(*) from new_series) >= 0`)}${when(sql`
        and not (planned.id = any(${placeholder('keepIds')}::uuid[])) and (select count(*) from kept) >= 0
        and (select count(*) from series_raised) >= 0`)}
      returning *
    ), ${when(sql`uncharged as (
      -- By the kept id itself, on the (organisation_id, schedule_id) key: a join to \`kept\` lets the
      -- generic plan walk every usage row of the organisation when nothing is kept.
      delete from contract_usage where organisation_id = ${placeholder('organisationId')}::uuid
        and schedule_id = any(${placeholder('keepIds')}::uuid[]) and exists (select from kept)
      returning id
    ), `)}charged as (
      insert into contract_usage (organisation_id, contract_id, usage_date, hours_logged, description, schedule_id)
      select ${placeholder('organisationId')}::uuid, contract.id, u.usage_date, u.hours_logged, u.description, u.schedule_id
      ${
        replacing
          ? // Each event is charged to its own client's contract for its own space.
            sql`from json_to_recordset(${placeholder('charges')}::json)
        as u(schedule_id uuid, usage_date date, hours_logged numeric, description text, client_id uuid, room_id uuid)
      cross join lateral (${activeContractForCharging(db, placeholder('organisationId'), sql`u.client_id`, sql`u.room_id`, sql`u.usage_date`)}) as contract`
          : // Each by its own date: a series may run past a contract's end date (ADR 0049).
            sql`from json_to_recordset(${placeholder('charges')}::json) as u(schedule_id uuid, usage_date date, hours_logged numeric, description text)
      cross join lateral (${activeContractForCharging(db, placeholder('organisationId'), placeholder('clientId'), placeholder('roomId'), sql`u.usage_date`)}) as contract`
      }
      -- After the kept event's old charge is gone: a booked event has one usage row at most.
      where exists (select from ready)${when(sql` and (select count(*) from uncharged) >= 0`)}
    ), booked as (
      select * from ${replacing ? sql`kept union all select * from inserted` : sql`inserted`}
    ), ${replacing ? editLogged : newBookingLogged}
    )
    select booked.id, booked.room_id, booked.title, booked.description, booked.start_time, booked.end_time, booked.color, booked.event_type,
      booked.team1_name, booked.team2_name, booked.change_room1_id, booked.change_room2_id, booked.client_id, booked.event_group_id,
      booked.changeover_minutes, booked.version, booked.series_id, booked.follows_rule,
      ${
        replacing
          ? sql`(select count(*) from booked_room) = cardinality(${placeholder('roomIds')}::uuid[])
        and (select count(distinct facility_id) from booked_room) = 1 as room_ok, exists (select from stale) as stale,
      (select count(*) from owned_client) = cardinality(${placeholder('clientIds')}::uuid[]) as client_ok,`
          : sql`exists (select from booked_room) as room_ok, false as stale, exists (select from owned_client) as client_ok,`
      }
      ${replacing ? sql`(select count(*) from replaced) = cardinality(${placeholder('replaceIds')}::uuid[])` : sql`true`} as replaced_ok
    from (select) as answer
    left join booked on true
    -- Unordered: writeBooking sorts the few rows, which costs the database a sort less a booking.
    ${
      replacing
        ? // A select in WITH runs only when read: this reads the entry's, once, so that it is written.
          sql`where (select count(*) from logged) >= 0`
        : // An insert in WITH runs whether read or not.
          sql``
    }`,
  )
}
const writeBookingStatement = perDatabase((db: Db) => bookingStatement(db, 'replace'))
const writeNewBookingStatement = perDatabase((db: Db) => bookingStatement(db, 'new'))
const writeNewSplitBookingStatement = perDatabase((db: Db) => bookingStatement(db, 'new split'))
const writeNewSeriesStatement = perDatabase((db: Db) => bookingStatement(db, 'new series'))

export type BookingWrite = {
  organisationId: string
  actor: Actor
  timeZone: string
  shared: SharedEventValues
  events: NewEvent[]
  charges: EventUsage[]
  // The booking being replaced (an edit, a move or a series re-planned), and the ids of it that
  // new rows keep: each edited event's first part keeps its id.
  replaceIds: string[]
  keepIds: string[]
  // The edited event whose version the edit was based on; null for a new booking and a series edit.
  keepId: string | null
  basedOnVersion: number | null
  // A series edit: the version of each replaced event as planned, in replaceIds' order; empty otherwise.
  replaceVersions: number[]
  // A new series: its id (also on its events) and rule. A series edit: the series and the version it was based on.
  // A series edit names the event the operator edited, under which its one activity entry is kept.
  series: { kind: 'new'; id: string; rule: SeriesRule } | { kind: 'edit'; id: string; basedOnVersion: number; editedId: string } | null
}

export type SeriesRule = { frequency: string; weekdays: number[]; startDate: string; endDate: string }

export async function writeBooking(
  db: Db,
  {
    organisationId,
    actor,
    timeZone,
    shared,
    events,
    charges,
    replaceIds,
    keepIds,
    keepId,
    basedOnVersion,
    replaceVersions,
    series,
  }: BookingWrite,
) {
  // A new series is only ever a new booking (createEvents); an edit of one is a replacement.
  if (series?.kind === 'new' && replaceIds.length > 0) throw new Error('a new series replaces no booking')
  const statement =
    series?.kind === 'new'
      ? writeNewSeriesStatement
      : replaceIds.length === 0 && series?.kind !== 'edit'
        ? events.some((event) => event.eventGroupId !== null)
          ? writeNewSplitBookingStatement
          : writeNewBookingStatement
        : writeBookingStatement
  const replacing = statement === writeBookingStatement
  const valuesById = new Map(events.map((event) => [event.id, event.values]))
  const rows = await statement(db)({
    organisationId,
    actorId: actor.id,
    actorName: actor.name,
    timeZone,
    clientId: shared.clientId,
    roomId: shared.roomId,
    description: shared.description,
    color: shared.color,
    eventType: shared.eventType,
    team1Name: shared.team1Name,
    team2Name: shared.team2Name,
    changeRoom1Id: shared.changeRoom1Id,
    changeRoom2Id: shared.changeRoom2Id,
    roomIds: idArray(events.map((event) => event.values.roomId)),
    clientIds: idArray(events.map((event) => event.values.clientId)),
    changeRoomIds: idArray(events.flatMap((event) => [event.values.changeRoom1Id, event.values.changeRoom2Id])),
    replaceIds: `{${replaceIds.join(',')}}`,
    keepIds: `{${keepIds.join(',')}}`,
    keepId,
    basedOnVersion,
    replaceVersions: `{${replaceVersions.join(',')}}`,
    seriesId: series?.id ?? null,
    seriesRule:
      series?.kind === 'new'
        ? JSON.stringify({
            frequency: series.rule.frequency,
            weekdays: series.rule.weekdays,
            start_date: series.rule.startDate,
            end_date: series.rule.endDate,
          })
        : null,
    basedOnSeriesVersion: series?.kind === 'edit' ? series.basedOnVersion : null,
    editedId: series?.kind === 'edit' ? series.editedId : null,
    events: JSON.stringify(
      events.map((event) => ({
        id: event.id,
        title: event.title,
        start_time: event.startTime,
        end_time: event.endTime,
        event_group_id: event.eventGroupId,
        series_id: event.seriesId,
        follows_rule: event.followsRule,
        // Read by a replacement only (bookingStatement): a new booking writes `shared`, and its
        // JSON stays as short as it was (docs/benchmarks.md counts a new booking's instructions).
        ...(replacing && {
          room_id: event.values.roomId,
          client_id: event.values.clientId,
          description: event.values.description,
          color: event.values.color,
          event_type: event.values.eventType,
          team1_name: event.values.team1Name,
          team2_name: event.values.team2Name,
          change_room1_id: event.values.changeRoom1Id,
          change_room2_id: event.values.changeRoom2Id,
        }),
      })),
    ),
    charges: JSON.stringify(
      charges.map((charge) => {
        const values = valuesById.get(charge.scheduleId)
        return {
          schedule_id: charge.scheduleId,
          usage_date: charge.usageDate,
          hours_logged: charge.hoursLogged,
          description: charge.description,
          ...(replacing && { client_id: values?.clientId ?? shared.clientId, room_id: values?.roomId ?? shared.roomId }),
        }
      }),
    ),
  })
  const answer = rows[0]
  return {
    events: rows
      .filter((row) => row.id !== null)
      .map(toEvent)
      .sort((a, b) => a.startTime.getTime() - b.startTime.getTime()),
    roomOk: answer?.room_ok === true,
    clientOk: answer?.client_ok === true,
    replacedOk: answer?.replaced_ok === true,
    stale: answer?.stale === true,
  }
}

// The distinct ids as a PostgreSQL array's text, nulls left out.
function idArray(ids: (string | null)[]): string {
  return `{${[...new Set(ids.filter((id) => id !== null))].join(',')}}`
}

export type DeleteScope = 'this' | 'following' | 'all'

/**
 * Deletes an event and, for a part of an event split at midnight, its partner: the two are one
 * booking. With 'following' or 'all', every event of its series from this one on, or all of them
 * (docs/product.md#series), and the series' rule then ends the day before. Their usage rows
 * cascade, and with them their hours (ADR 0014). The trail's entry is written by the same
 * statement. The ids deleted, none when the event is not the organisation's.
 */
export async function deleteBooking(db: Executor, organisationId: string, actor: Actor, eventId: string, scope: DeleteScope = 'this') {
  const result = await db.execute(sql`
    with edited as (
      select ${schedules.id} as id, ${schedules.eventGroupId} as event_group_id, ${schedules.seriesId} as series_id,
        -- The occurrence's first part: 'following' starts there, whichever part was asked about.
        (select min(part.start_time) from ${schedules} as part where part.organisation_id = ${organisationId}
          and (part.id = ${schedules.id} or part.event_group_id = ${schedules.eventGroupId})) as occurrence_start,
        (select min(part.local_date) from ${schedules} as part where part.organisation_id = ${organisationId}
          and (part.id = ${schedules.id} or part.event_group_id = ${schedules.eventGroupId})) as occurrence_date
      from ${schedules}
      where ${schedules.organisationId} = ${organisationId} and ${schedules.id} = ${eventId}
    ), removed as (
      delete from ${schedules}
      where ${schedules.organisationId} = ${organisationId}
        and (${schedules.id} = ${eventId} or ${schedules.eventGroupId} = (select event_group_id from edited)
          or (${scope} <> 'this' and ${schedules.seriesId} = (select series_id from edited)
            and (${scope} = 'all' or ${schedules.startTime} >= (select occurrence_start from edited))))
      returning ${schedules.id} as id, ${schedules.title} as title, ${schedules.startTime} as start_time,
        ${schedules.endTime} as end_time, ${schedules.roomId} as room_id
    ), series_ended as (
      update ${eventSeries} set version = ${eventSeries.version} + 1,
        end_date = case when ${scope} = 'following'
          then greatest(${eventSeries.startDate}, (select occurrence_date from edited) - 1) else ${eventSeries.endDate} end
      where ${eventSeries.organisationId} = ${organisationId} and ${eventSeries.id} = (select series_id from edited)
        and exists (select from removed)
      returning ${eventSeries.id}
    ), logged as (
      insert into activity_entries (organisation_id, actor_id, actor_name, action, entity, entity_id, label, facility_id, time_zone, changes)
      select ${organisationId}, ${actor.id}, ${actor.name}, 'deleted', 'event', ${eventId}, ${untitledPart(sql`(array_agg(r.title order by r.start_time))[1]`)},
        min(${facilities.id}::text)::uuid, min(${facilities.timeZone}),
        jsonb_build_object(
          'start', jsonb_build_object('before', ${isoInstant(sql`min(r.start_time)`)}, 'after', null),
          'end', jsonb_build_object('before', ${isoInstant(sql`max(r.end_time)`)}, 'after', null),
          'space', jsonb_build_object('before', to_jsonb(min(${rooms.name})), 'after', null))
      from removed as r
      inner join ${rooms} on ${rooms.organisationId} = ${organisationId} and ${rooms.id} = r.room_id
      inner join ${facilities} on ${facilities.organisationId} = ${rooms.organisationId} and ${facilities.id} = ${rooms.facilityId}
      having count(*) > 0
    )
    select id from removed where (select count(*) from series_ended) >= 0`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
}

/** A series' rule, with how many occurrences (a split event counted once) it has now. */
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

// An event's row as a raw statement returns it: snake_case, instants as Date or text by driver.
type EventRow = {
  id: string
  room_id: string
  title: string
  description: string | null
  start_time: Date | string
  end_time: Date | string
  color: string
  event_type: EventType
  team1_name: string | null
  team2_name: string | null
  change_room1_id: string | null
  change_room2_id: string | null
  client_id: string | null
  event_group_id: string | null
  changeover_minutes: number
  version: number
  series_id: string | null
  follows_rule: boolean
}

type BookedEventRow = Omit<EventRow, 'id'> & {
  // The answer's one row has no event when nothing was booked.
  id: string | null
  room_ok: boolean
  client_ok: boolean
  replaced_ok: boolean
  stale: boolean
}

function toEvent(row: Omit<EventRow, 'id'> & { id: string | null }) {
  return {
    id: row.id!,
    roomId: row.room_id,
    title: row.title,
    description: row.description,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
    color: row.color,
    eventType: row.event_type,
    team1Name: row.team1_name,
    team2Name: row.team2_name,
    changeRoom1Id: row.change_room1_id,
    changeRoom2Id: row.change_room2_id,
    clientId: row.client_id,
    eventGroupId: row.event_group_id,
    changeoverMinutes: Number(row.changeover_minutes),
    version: Number(row.version),
    seriesId: row.series_id,
    followsRule: row.follows_rule,
  }
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

function placedEvents(db: Executor) {
  return db.select(placedEventColumns).from(schedules).innerJoin(rooms, roomOfSchedule).innerJoin(facilities, facilityOfRoom)
}

// No event lasts more than a day (the schedules_at_most_a_day check), so an event that overlaps
// an instant started at most this long before it: a lower bound that keeps scans on the index.
const MAX_EVENT_MS = LIMITS.event.maxDurationMinutes * 60_000

/**
 * The first events of each of the organisation's rooms, merged: each room reads only its own next
 * `limit` events off the (organisation_id, room_id, start_time) index, however long its history is.
 */
function eventsPerRoom(
  db: Executor,
  {
    organisationId,
    roomId,
    perRoom,
    order,
    limit,
  }: { organisationId: string; roomId: string | null; perRoom: ReturnType<typeof nextEventsOfRoom>; order: 'asc' | 'desc'; limit: number },
) {
  const direction = order === 'asc' ? asc : desc
  const event = { ...perRoom._.selectedFields } as unknown as typeof eventColumns
  return db
    .select({ ...event, roomName: rooms.name, facilityId: facilities.id, facilityName: facilities.name, timeZone: facilities.timeZone })
    .from(rooms)
    .innerJoin(facilities, facilityOfRoom)
    .innerJoinLateral(perRoom, sql`true`)
    .where(and(eq(rooms.organisationId, organisationId), roomId ? eq(rooms.id, roomId) : undefined))
    .orderBy(direction(perRoom.startTime), direction(perRoom.id))
    .limit(limit)
}

function nextEventsOfRoom(db: Executor, where: ReturnType<typeof and>, order: 'asc' | 'desc', limit: number) {
  const direction = order === 'asc' ? asc : desc
  return db
    .select({ ...eventColumns, eventType: sql<EventType>`${schedules.eventType}`.as('event_type') })
    .from(schedules)
    .where(and(eq(schedules.organisationId, rooms.organisationId), eq(schedules.roomId, rooms.id), where))
    .orderBy(direction(schedules.startTime))
    .limit(limit)
    .as('room_events')
}

type EventListQuery = { now: Date; roomId: string | null; clientId: string | null; limit: number }

/** Where a page of a list starts: strictly after this event, in (start time, id) order. */
export type EventCursor = { startTime: Date; id: string }

type UpcomingPageQuery = {
  now: Date
  facilityId: string | null
  roomId: string | null
  clientId: string | null
  search: string | null
  after: EventCursor | null
  /** Matching events to return at most. */
  limit: number
  /** How many upcoming events a search reads at most, matching or not. */
  scanLimit: number
}

// An upcoming event has not ended (docs/product.md#events); after the cursor, it comes later in
// (start, id) order. Both bounds are on start_time, so each walk starts where it should on its index.
function upcomingAfter(now: Date, after: EventCursor | null) {
  return and(
    gte(schedules.startTime, new Date(now.getTime() - MAX_EVENT_MS)),
    gte(schedules.endTime, now),
    after
      ? and(gte(schedules.startTime, after.startTime), or(gt(schedules.startTime, after.startTime), gt(schedules.id, after.id)))
      : undefined,
  )
}

// LIKE's own wildcards in what the operator typed are matched as themselves.
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

// A placed event's columns as a page's subquery names them: the outer query refers to its
// computed columns unqualified, so their names must be unlike any of the tables it joins.
const pageColumns = {
  ...eventColumns,
  eventType: sql<EventType>`${schedules.eventType}`.as('page_event_type'),
  roomName: sql<string>`${rooms.name}`.as('page_room_name'),
  facilityId: sql<string>`${facilities.id}`.as('page_facility_id'),
  facilityName: sql<string>`${facilities.name}`.as('page_facility_name'),
  timeZone: sql<string>`${facilities.timeZone}`.as('page_time_zone'),
}

/**
 * A page of upcoming events, earliest first, with the names a list row shows; the service makes
 * the cursor of the next page from it. Every read walks an index that leads with the
 * organisation, in start order, and stops once it has the page:
 * - a client's or a space's events walk (organisation_id, client_id, start_time) or
 *   (organisation_id, room_id, start_time);
 * - otherwise, without a search, each space (of the facility, if one is asked) reads only its own
 *   next events, and those are merged, as the past list does;
 * - what no index holds (a search of the title, team names and client's name; a facility, or a
 *   space beside a client) is a filter on the walk, so the walk reads at most `scanLimit` events,
 *   matching or not. When it stops there, `scannedTo` is the last event it read, and the next
 *   page goes on from that one.
 * The names of the client and the change rooms are joined to the page's rows only.
 * Another organisation's facility, space or client simply finds nothing.
 */
export async function listUpcomingPage(db: Executor, organisationId: string, query: UpcomingPageQuery) {
  if (query.search === null && query.roomId === null && query.clientId === null) {
    const rows = await withNames(db, organisationId, upcomingPerRoom(db, organisationId, query), undefined, query.limit)
    return { events: rows.map(({ isMatch: _isMatch, position: _position, ...event }) => event), scannedTo: null }
  }
  const { page, walkLimit, isFiltered } = upcomingWalk(db, organisationId, query)
  // The matches, and the last event read when the walk stopped at its limit; the outer limit
  // leaves room for both, and stops pulling rows from the walk once the page is full.
  const rows = await withNames(db, organisationId, page, or(page.isMatch, eq(page.position, walkLimit)), query.limit + 1)
  const last = rows.at(-1)
  return {
    events: rows
      .filter((row) => row.isMatch)
      .slice(0, query.limit)
      .map(({ isMatch: _isMatch, position: _position, ...event }) => event),
    scannedTo: isFiltered && last?.position === walkLimit ? { startTime: last.startTime, id: last.id } : null,
  }
}

function upcomingPerRoom(db: Executor, organisationId: string, { now, facilityId, after, limit }: UpcomingPageQuery) {
  const perRoom = nextEventsOfRoom(db, upcomingAfter(now, after), 'asc', limit)
  const event = { ...perRoom._.selectedFields } as unknown as typeof eventColumns
  const page = db
    .select({
      ...event,
      roomName: pageColumns.roomName,
      facilityId: pageColumns.facilityId,
      facilityName: pageColumns.facilityName,
      timeZone: pageColumns.timeZone,
      // Every event read is listed, so none is a mere position of the walk.
      isMatch: sql<boolean>`true`.as('page_is_match'),
      position: sql<number>`0`.mapWith(Number).as('page_position'),
    })
    .from(rooms)
    .innerJoin(facilities, facilityOfRoom)
    .innerJoinLateral(perRoom, sql`true`)
    .where(and(eq(rooms.organisationId, organisationId), facilityId ? eq(rooms.facilityId, facilityId) : undefined))
    .orderBy(asc(event.startTime), asc(event.id))
    .limit(limit)
    .as('page')
  // The lateral's columns stand for the walk's, name for name.
  return page as unknown as Page
}

function upcomingWalk(
  db: Executor,
  organisationId: string,
  { now, facilityId, roomId, clientId, search, after, limit, scanLimit }: UpcomingPageQuery,
) {
  const pattern = search === null ? null : containsPattern(search)
  const clientsNamed = (text: string) =>
    sql`${schedules.clientId} in (select ${clients.id} from ${clients} where ${clients.organisationId} = ${organisationId} and ${ilike(clients.name, text)})`
  const filters = [
    facilityId ? eq(rooms.facilityId, facilityId) : undefined,
    // The client's index leads the walk; the space is then a filter.
    clientId && roomId ? eq(schedules.roomId, roomId) : undefined,
    pattern
      ? or(ilike(schedules.title, pattern), ilike(schedules.team1Name, pattern), ilike(schedules.team2Name, pattern), clientsNamed(pattern))
      : undefined,
  ].filter((filter) => filter !== undefined)
  const isFiltered = filters.length > 0
  // Unfiltered, every event read is listed, so the walk stops at the page.
  const walkLimit = isFiltered ? scanLimit : limit
  const page = db
    .select({
      ...pageColumns,
      isMatch: sql<boolean>`${isFiltered ? and(...filters) : sql`true`}`.as('page_is_match'),
      position: sql<number>`row_number() over (order by ${schedules.startTime}, ${schedules.id})`.mapWith(Number).as('page_position'),
    })
    .from(schedules)
    .innerJoin(rooms, roomOfSchedule)
    .innerJoin(facilities, facilityOfRoom)
    .where(
      and(
        eq(schedules.organisationId, organisationId),
        clientId ? eq(schedules.clientId, clientId) : roomId ? eq(schedules.roomId, roomId) : undefined,
        upcomingAfter(now, after),
      ),
    )
    .orderBy(asc(schedules.startTime), asc(schedules.id))
    .limit(walkLimit)
    .as('page')
  return { page, walkLimit, isFiltered }
}

const changeRoom1 = alias(rooms, 'change_room1')
const changeRoom2 = alias(rooms, 'change_room2')

type Page = ReturnType<typeof upcomingWalk>['page']

/** A page's rows, in (start, id) order, with who booked each event and the change rooms it holds, by name. */
function withNames(db: Executor, organisationId: string, page: Page, where: SQL | undefined, limit: number) {
  const named = (table: typeof clients | typeof changeRoom1 | typeof changeRoom2, id: AnyPgColumn) =>
    and(eq(table.organisationId, organisationId), eq(table.id, id))
  return db
    .select({
      ...page._.selectedFields,
      clientName: clients.name,
      changeRoom1Name: changeRoom1.name,
      changeRoom2Name: changeRoom2.name,
    })
    .from(page)
    .leftJoin(clients, named(clients, page.clientId))
    .leftJoin(changeRoom1, named(changeRoom1, page.changeRoom1Id))
    .leftJoin(changeRoom2, named(changeRoom2, page.changeRoom2Id))
    .where(where)
    .orderBy(asc(page.startTime), asc(page.id))
    .limit(limit)
}

/** Past events, the most recent first. */
export function listPastEvents(db: Executor, organisationId: string, { now, roomId, clientId, limit }: EventListQuery) {
  const past = lt(schedules.endTime, now)
  if (clientId) return eventsOfClient(db, { organisationId, clientId, roomId, where: past, order: 'desc', limit })
  return eventsPerRoom(db, {
    organisationId,
    roomId,
    perRoom: nextEventsOfRoom(db, past, 'desc', limit),
    order: 'desc',
    limit,
  })
}

/**
 * One client's events in time order, read off the (organisation_id, client_id, start_time) index:
 * a client books a few spaces among many, so walking every room's events would read mostly others'.
 * The organisation's filter makes another organisation's client id find nothing.
 */
function eventsOfClient(
  db: Executor,
  {
    organisationId,
    clientId,
    roomId,
    where,
    order,
    limit,
  }: { organisationId: string; clientId: string; roomId: string | null; where: SQL | undefined; order: 'asc' | 'desc'; limit: number },
) {
  const direction = order === 'asc' ? asc : desc
  return placedEvents(db)
    .where(
      and(
        eq(schedules.organisationId, organisationId),
        eq(schedules.clientId, clientId),
        roomId ? eq(schedules.roomId, roomId) : undefined,
        where,
      ),
    )
    .orderBy(direction(schedules.startTime), direction(schedules.id))
    .limit(limit)
}

/**
 * Every event of the organisation's rooms that overlaps [from, to), earliest first, optionally of
 * one facility or one space: the one query behind every view of events in a time range (the
 * room's day grid, the facility page, All Events' day view). The lower bound on start_time keeps
 * it on the (organisation_id, start_time) index, or (organisation_id, room_id, start_time) for a space.
 */
export function listEventsInRange(
  db: Executor,
  organisationId: string,
  { from, to, facilityId, roomId }: { from: Date; to: Date; facilityId: string | null; roomId: string | null },
) {
  return placedEvents(db)
    .where(
      and(
        eq(schedules.organisationId, organisationId),
        facilityId ? eq(rooms.facilityId, facilityId) : undefined,
        roomId ? eq(schedules.roomId, roomId) : undefined,
        gte(schedules.startTime, new Date(from.getTime() - MAX_EVENT_MS)),
        // Half-open ranges, like the exclusion constraint: an event ending at `from` is not in it.
        lt(schedules.startTime, to),
        gt(schedules.endTime, from),
      ),
    )
    .orderBy(asc(schedules.startTime), asc(rooms.name))
}

/** The rooms an event can be booked in from All Events: every space but change rooms, by name. */
export function listBookableRooms(db: Executor, organisationId: string) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
      facilityId: facilities.id,
      facilityName: facilities.name,
      timeZone: facilities.timeZone,
    })
    .from(rooms)
    .innerJoin(facilities, facilityOfRoom)
    .where(and(eq(rooms.organisationId, organisationId), ne(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(sql`lower(${facilities.name})`), asc(rooms.id))
}

// The days as the month route answers them (monthDaysResponse), written by PostgreSQL: the JSON
// of about 130 events costs less to build there than to parse into rows and write out again here.
type DayPreviewRow = { days: string }

/**
 * One statement, on schedules_local_date_idx (organisation_id, local_date, start_time, room_id)
 * and the local_date the database keeps for each event (migration 0012), so no zone arithmetic
 * touches an event:
 * - days: the range of local dates [from, to) reaches on the calendars of the organisation's
 *   facilities, from its earliest to its latest. `to` is exclusive, hence its last microsecond.
 * - totals: each day's count, from the index alone where the visibility map allows.
 * - previews: each day with events reads its first `perDay` from the index in order, stopping
 *   there; only those few rows are read in full.
 * previews is materialized so that the rooms and facilities are joined once, to the few rows
 * shown; inlined, the planner joins them inside each day's lookup and scans the rooms every day.
 *
 * `perDay` is written into the text rather than bound: with a bound LIMIT the generic plan
 * guesses a tenth of each day's rows and costs far more than a custom one, so PostgreSQL would
 * plan the statement afresh on every call, which costs as much as running it.
 */
function dayPreviewsStatement(db: Db, perDay: number) {
  return prepareRaw<DayPreviewRow>(
    db,
    `month_day_previews_${perDay}`,
    sql`
    with days as (
      select min((${placeholder('from')}::timestamptz at time zone time_zone)::date) as first_day,
        max(((${placeholder('to')}::timestamptz - interval '1 microsecond') at time zone time_zone)::date) as last_day
      from ${facilities} where organisation_id = ${placeholder('organisationId')}::uuid
    ), totals as (
      select counted.local_date, count(*)::int as total
      from ${schedules} as counted
      where counted.organisation_id = ${placeholder('organisationId')}::uuid
        and counted.local_date >= (select first_day from days) and counted.local_date <= (select last_day from days)
      group by counted.local_date
    ), previews as materialized (
      select totals.local_date, totals.total, shown.*
      from totals
      cross join lateral (
        select id, organisation_id, room_id, title, description, start_time, end_time, color, event_type, team1_name, team2_name,
          change_room1_id, change_room2_id, client_id, event_group_id, changeover_minutes, version, series_id, follows_rule
        from ${schedules} as day_event
        where day_event.organisation_id = ${placeholder('organisationId')}::uuid and day_event.local_date = totals.local_date
        order by day_event.start_time, day_event.room_id
        limit ${sql.raw(String(perDay))}
      ) as shown
    )
    select coalesce(json_agg(json_build_object('date', day.local_date::text, 'total', day.total, 'events', day.events) order by day.local_date), '[]'::json)::text as days
    from (
      select previews.local_date, previews.total, json_agg(json_build_object(
        'id', previews.id, 'roomId', previews.room_id, 'title', previews.title, 'description', previews.description,
        'startTime', ${isoText(sql`previews.start_time`)}, 'endTime', ${isoText(sql`previews.end_time`)},
        'color', previews.color, 'eventType', previews.event_type, 'team1Name', previews.team1_name, 'team2Name', previews.team2_name,
        'changeRoom1Id', previews.change_room1_id, 'changeRoom2Id', previews.change_room2_id, 'clientId', previews.client_id,
        'eventGroupId', previews.event_group_id, 'changeoverMinutes', previews.changeover_minutes, 'version', previews.version,
        'seriesId', previews.series_id, 'followsRule', previews.follows_rule, 'roomName', room.name, 'facilityId', facility.id,
        'facilityName', facility.name, 'timeZone', facility.time_zone) order by previews.start_time, previews.room_id) as events
      from previews
      inner join ${rooms} as room on room.organisation_id = previews.organisation_id and room.id = previews.room_id
      inner join ${facilities} as facility on facility.organisation_id = room.organisation_id and facility.id = room.facility_id
      group by previews.local_date, previews.total
    ) as day`,
  )
}

// One prepared statement per database and number of events a day.
const dayPreviewsStatements = perDatabase((db: Db) => {
  const byPerDay = new Map<number, ReturnType<typeof dayPreviewsStatement>>()
  return (perDay: number) => {
    let statement = byPerDay.get(perDay)
    if (!statement) {
      statement = dayPreviewsStatement(db, perDay)
      byPerDay.set(perDay, statement)
    }
    return statement
  }
})

/**
 * A month grid's days: every local date that [from, to) reaches on some facility's calendar and
 * that has events, earliest first, each with its first `perDay` events (by start, then room) and
 * its total. A day is always whole: its total counts every event of that date on its
 * facility's calendar, whether or not the event itself falls inside [from, to).
 */
export async function listDayPreviews(db: Db, organisationId: string, { from, to, perDay }: { from: Date; to: Date; perDay: number }) {
  if (!Number.isSafeInteger(perDay) || perDay < 1) throw new Error(`perDay must be a positive integer, not ${perDay}`)
  const [row] = await dayPreviewsStatements(db)(perDay)({ organisationId, from: from.toISOString(), to: to.toISOString() })
  return row!.days
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
