import { sql, type SQL } from 'drizzle-orm'
import type { EventType } from '@shared/limits'
import type { Db, Executor } from '../db/client'
import { isoText, perDatabase, placeholder, prepareRaw } from '../db/prepared'
import { clients, eventSeries, facilities, rooms, schedules } from '../db/schema'
import type { Actor } from '../modules/activity/service'
import { activeContractForCharging, type EventUsage } from '../modules/contracts/service'
import type { EventValues } from './repository'

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

// The trail keeps what an operator reads (as record_booking_activity does for the other writes):
// the title without a split's ' (Part N)' (booking_title, migration 0026), instants as JSON writes them.
const untitledPart = (title: SQL) => sql`booking_title(${title})`
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
      -- wants_mail: the client is e-mailed its bookings (docs/product.md#email, ADR 0057).
      select ${clients.id} as id, ${clients.name} as name,
        ${clients.email} is not null and ${clients.emailConfirmations} as wants_mail from ${clients}
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
        -- A booking written outside a transaction has nowhere to put its message: it books only
        -- while none of its clients wants mail, and is written again with it (ADR 0057).
        and (${placeholder('mailHandled')}::boolean or not exists (select from owned_client where wants_mail))
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
      ${replacing ? sql`(select count(*) from replaced) = cardinality(${placeholder('replaceIds')}::uuid[])` : sql`true`} as replaced_ok,
      exists (select from owned_client where wants_mail) as mail_wanted
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
  // Whether the caller writes the booking's message in the same transaction. When not, a booking
  // whose client wants mail writes nothing and answers mailWanted (ADR 0057).
  mailHandled: boolean
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
    mailHandled,
  }: BookingWrite,
) {
  // A new series is only ever a new booking (book); an edit of one is a replacement.
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
    mailHandled,
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
    mailWanted: answer?.mail_wanted === true,
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
 * statement. The events deleted, none when the event is not the organisation's or is a hold.
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
      where ${schedules.organisationId} = ${organisationId} and ${schedules.id} = ${eventId} and ${schedules.kind} = 'booking'
    ), removed as (
      -- Bookings only: a renter's pending request lets go of its hold through the request (ADR 0055).
      delete from ${schedules}
      where ${schedules.organisationId} = ${organisationId} and ${schedules.kind} = 'booking'
        and (${schedules.id} = ${eventId} or ${schedules.eventGroupId} = (select event_group_id from edited)
          or (${scope} <> 'this' and ${schedules.seriesId} = (select series_id from edited)
            and (${scope} = 'all' or ${schedules.startTime} >= (select occurrence_start from edited))))
      returning ${schedules.id} as id, ${schedules.title} as title, ${schedules.startTime} as start_time,
        ${schedules.endTime} as end_time, ${schedules.roomId} as room_id, ${schedules.clientId} as client_id,
        ${schedules.version} as version, ${schedules.eventGroupId} as event_group_id,
        ${schedules.changeRoom1Id} as change_room1_id, ${schedules.changeRoom2Id} as change_room2_id
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
    select id, title, start_time, end_time, room_id, client_id, version, event_group_id, change_room1_id, change_room2_id
    from removed where (select count(*) from series_ended) >= 0`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: DeletedEventRow[] }).rows.map((row) => ({
    id: row.id,
    title: row.title,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
    roomId: row.room_id,
    clientId: row.client_id,
    version: Number(row.version),
    eventGroupId: row.event_group_id,
    changeRoom1Id: row.change_room1_id,
    changeRoom2Id: row.change_room2_id,
  }))
}

type DeletedEventRow = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'start_time'
  | 'end_time'
  | 'room_id'
  | 'client_id'
  | 'version'
  | 'event_group_id'
  | 'change_room1_id'
  | 'change_room2_id'
>

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
  mail_wanted: boolean
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
