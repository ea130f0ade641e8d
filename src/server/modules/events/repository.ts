import { and, asc, desc, eq, gt, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { OccupancyKind } from '@shared/events/schema'
import { LIMITS, type EventType } from '@shared/limits'
import type { Db, Executor } from '../../db/client'
import { isoText, perDatabase, placeholder, prepareRaw } from '../../db/prepared'
import { wallClock } from '../../db/wall-clock'
import { clients, facilities, rooms, schedules } from '../../db/schema'

import { eventColumns, facilityOfRoom, roomOfSchedule } from '../../booking'

// An event as every read of this module answers it: also what it is, since the operators' lists
// and calendars show a renter's pending request (a hold) beside the bookings, marked 'Pending'
// (docs/product.md#renters).
const listedColumns = { ...eventColumns, kind: schedules.kind }

// What a list across facilities needs to show an event and open its edit sheet.
const placedEventColumns = {
  ...listedColumns,
  roomName: rooms.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
  timeZone: facilities.timeZone,
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
  const event = { ...perRoom._.selectedFields } as unknown as typeof listedColumns
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
    .select({ ...listedColumns, eventType: sql<EventType>`${schedules.eventType}`.as('event_type') })
    .from(schedules)
    .where(and(eq(schedules.organisationId, rooms.organisationId), eq(schedules.roomId, rooms.id), where))
    .orderBy(direction(schedules.startTime))
    .limit(limit)
    .as('room_events')
}

type EventListQuery = { now: Date; roomId: string | null; clientId: string | null; kind: OccupancyKind | null; limit: number }

/** Where a page of a list starts: strictly after this event, in (start time, id) order. */
export type EventCursor = { startTime: Date; id: string }

type UpcomingPageQuery = {
  now: Date
  facilityId: string | null
  roomId: string | null
  clientId: string | null
  /** Only rows of this kind (the client page's bookings), or every kind. */
  kind: OccupancyKind | null
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

// Only rows of one kind, when asked: a filter on the rows the walk's index finds, holds being few.
const ofKind = (kind: OccupancyKind | null) => (kind ? eq(schedules.kind, kind) : undefined)

// LIKE's own wildcards in what the operator typed are matched as themselves.
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

// A placed event's columns as a page's subquery names them: the outer query refers to its
// computed columns unqualified, so their names must be unlike any of the tables it joins.
const pageColumns = {
  ...listedColumns,
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
 * - the whole organisation's, unfiltered, walk (organisation_id, start_time): the page, after the
 *   events of the last day that have already ended (at most a day's worth, as none lasts longer);
 * - a facility's, without a search, is each of its spaces reading only its own next events,
 *   merged, as the past list does: a walk of the whole organisation would pass over the other
 *   facilities' events;
 * - what no index holds (a search of the title, team names and client's name; a facility, or a
 *   space beside a client) is a filter on the walk, so the walk reads at most `scanLimit` events,
 *   matching or not. When it stops there, `scannedTo` is the last event it read, and the next
 *   page goes on from that one.
 * The names of the client and the change rooms are joined to the page's rows only.
 * Another organisation's facility, space or client simply finds nothing.
 */
export async function listUpcomingPage(db: Executor, organisationId: string, query: UpcomingPageQuery) {
  if (query.facilityId !== null && query.search === null && query.roomId === null && query.clientId === null) {
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

function upcomingPerRoom(db: Executor, organisationId: string, { now, facilityId, kind, after, limit }: UpcomingPageQuery) {
  const perRoom = nextEventsOfRoom(db, and(upcomingAfter(now, after), ofKind(kind)), 'asc', limit)
  const event = { ...perRoom._.selectedFields } as unknown as typeof listedColumns
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
  { now, facilityId, roomId, clientId, kind, search, after, limit, scanLimit }: UpcomingPageQuery,
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
        ofKind(kind),
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
export function listPastEvents(db: Executor, organisationId: string, { now, roomId, clientId, kind, limit }: EventListQuery) {
  const past = and(lt(schedules.endTime, now), ofKind(kind))
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
          change_room1_id, change_room2_id, client_id, event_group_id, changeover_minutes, version, series_id, follows_rule, kind
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
        'seriesId', previews.series_id, 'followsRule', previews.follows_rule, 'kind', previews.kind, 'roomName', room.name, 'facilityId', facility.id,
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
