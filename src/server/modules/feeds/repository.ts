import { and, eq, sql } from 'drizzle-orm'
import type { FeedScope } from '@shared/feeds/schema'
import type { Executor } from '../../db/client'
import { calendarFeeds, clients, facilities, rooms } from '../../db/schema'

// Every statement names the organisation, except the public lookup by token hash, which is how a
// feed's organisation is found in the first place (the unique index calendar_feeds_token_hash_idx).

const feedColumns = {
  id: calendarFeeds.id,
  organisationId: calendarFeeds.organisationId,
  scope: calendarFeeds.scope,
  clientId: calendarFeeds.clientId,
  roomId: calendarFeeds.roomId,
  facilityId: calendarFeeds.facilityId,
  tokenHash: calendarFeeds.tokenHash,
  tokenCiphertext: calendarFeeds.tokenCiphertext,
  includeClientNames: calendarFeeds.includeClientNames,
  createdAt: calendarFeeds.createdAt,
  resetAt: calendarFeeds.resetAt,
}
export type FeedRow = Awaited<ReturnType<typeof findFeedByTokenHash>> & {}

const targetColumn = { client: calendarFeeds.clientId, space: calendarFeeds.roomId, facility: calendarFeeds.facilityId } as const

export function targetOf(row: Pick<FeedRow, 'scope' | 'clientId' | 'roomId' | 'facilityId'>): string {
  return (row.scope === 'client' ? row.clientId : row.scope === 'space' ? row.roomId : row.facilityId)!
}

/** Whether the organisation has the client, space or facility: another's is as missing as none. */
export async function targetExists(db: Executor, organisationId: string, scope: FeedScope, targetId: string) {
  const table = scope === 'client' ? clients : scope === 'space' ? rooms : facilities
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organisationId, organisationId), eq(table.id, targetId)))
  return row !== undefined
}

/** What a subscribed calendar is called: the client's name, 'Space · Facility', or the facility's. */
export async function targetName(db: Executor, feed: Pick<FeedRow, 'organisationId' | 'scope' | 'clientId' | 'roomId' | 'facilityId'>) {
  if (feed.scope === 'client') {
    const [row] = await db
      .select({ name: clients.name })
      .from(clients)
      .where(and(eq(clients.organisationId, feed.organisationId), eq(clients.id, feed.clientId!)))
    return row?.name ?? null
  }
  if (feed.scope === 'facility') {
    const [row] = await db
      .select({ name: facilities.name })
      .from(facilities)
      .where(and(eq(facilities.organisationId, feed.organisationId), eq(facilities.id, feed.facilityId!)))
    return row?.name ?? null
  }
  const [row] = await db
    .select({ name: sql<string>`${rooms.name} || ' · ' || ${facilities.name}` })
    .from(rooms)
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(rooms.organisationId, feed.organisationId), eq(rooms.id, feed.roomId!)))
  return row?.name ?? null
}

export async function findFeedOfTarget(db: Executor, organisationId: string, scope: FeedScope, targetId: string) {
  const [row] = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.organisationId, organisationId), eq(targetColumn[scope], targetId)))
  return row ?? null
}

export async function findOwnedFeed(db: Executor, organisationId: string, feedId: string, { lock = false } = {}) {
  const query = db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.organisationId, organisationId), eq(calendarFeeds.id, feedId)))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function findFeedByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db.select(feedColumns).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash))
  return row ?? null
}

/** The new feed, or null when the target already has one (a racing create): the caller reads that one. */
export async function insertFeed(
  db: Executor,
  values: {
    organisationId: string
    scope: FeedScope
    targetId: string
    tokenHash: string
    tokenCiphertext: string
    includeClientNames: boolean
  },
) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({
      organisationId: values.organisationId,
      scope: values.scope,
      clientId: values.scope === 'client' ? values.targetId : null,
      roomId: values.scope === 'space' ? values.targetId : null,
      facilityId: values.scope === 'facility' ? values.targetId : null,
      tokenHash: values.tokenHash,
      tokenCiphertext: values.tokenCiphertext,
      includeClientNames: values.includeClientNames,
    })
    .onConflictDoNothing()
    .returning(feedColumns)
  return row ?? null
}

/** The old token's hash is overwritten in the same statement: it stops answering at once. */
export async function replaceToken(db: Executor, organisationId: string, feedId: string, tokenHash: string, tokenCiphertext: string) {
  const [row] = await db
    .update(calendarFeeds)
    .set({ tokenHash, tokenCiphertext, resetAt: sql`now()` })
    .where(and(eq(calendarFeeds.organisationId, organisationId), eq(calendarFeeds.id, feedId)))
    .returning(feedColumns)
  return row ?? null
}

export async function setIncludeClientNames(db: Executor, organisationId: string, feedId: string, includeClientNames: boolean) {
  const [row] = await db
    .update(calendarFeeds)
    .set({ includeClientNames })
    .where(and(eq(calendarFeeds.organisationId, organisationId), eq(calendarFeeds.id, feedId)))
    .returning(feedColumns)
  return row ?? null
}

export type FeedEventRow = {
  id: string
  title: string
  description: string | null
  startTime: Date
  endTime: Date
  eventType: 'practice' | 'game'
  team1Name: string | null
  team2Name: string | null
  eventGroupId: string | null
  version: number
  updatedAt: Date
  roomName: string
  facilityName: string
  timeZone: string
  clientName: string | null
  changeRoom1Name: string | null
  changeRoom2Name: string | null
}

type FeedSource = Pick<FeedRow, 'organisationId' | 'scope' | 'clientId' | 'roomId' | 'facilityId'>
type FeedWindow = { from: Date; to: Date }

/**
 * Which bookings a feed holds, as a WITH clause to lead the statement and a condition on
 * `schedules as s`, shared by the rows and their fingerprint so that the two never disagree.
 * Holds and claims (ADR 0055) are not bookings and stay out. A space's feed holds the space's own
 * bookings and those of its parts, at any depth (a half sheet booked occupies the whole sheet); a
 * whole's booking is not on its halves' feeds.
 */
function feedBookings(feed: FeedSource, { from, to }: FeedWindow) {
  const organisationId = feed.organisationId
  const scopeFilter =
    feed.scope === 'client'
      ? sql`s.client_id = ${feed.clientId}`
      : feed.scope === 'facility'
        ? sql`s.room_id in (select id from rooms where organisation_id = ${organisationId} and facility_id = ${feed.facilityId})`
        : sql`s.room_id in (select id from parts)`
  const withParts =
    feed.scope === 'space'
      ? sql`with recursive parts as (
          select id from rooms where organisation_id = ${organisationId} and id = ${feed.roomId}
          union all
          select part.id from rooms as part inner join parts on part.organisation_id = ${organisationId} and part.parent_id = parts.id
        ) `
      : sql``
  const ofFeed = sql`s.organisation_id = ${organisationId} and s.kind = 'booking' and ${scopeFilter}`
  const where = sql`${ofFeed} and s.start_time < ${to.toISOString()}::timestamptz and s.end_time > ${from.toISOString()}::timestamptz`
  // The first booking the window's far edge will reach: the next one to come into the feed.
  const nextToCome = sql`${ofFeed} and s.start_time >= ${to.toISOString()}::timestamptz`
  return { withParts, where, nextToCome }
}

export type FeedFingerprint = {
  fingerprint: string
  /** The soonest end among the bookings in the window: the first to leave it as time passes. */
  firstEnd: Date | null
  /** The soonest start after the window: the first booking to come into it as time passes. */
  nextStart: Date | null
}

/**
 * What the feed shows, summed up without reading it out, in one statement of three sums, with
 * when the moving window will next change what it holds (firstEnd, nextStart):
 * - its bookings: how many, and a sum of a 64-bit hash of each one's id and version (every change
 *   of a booking raises its version), from the schedules alone: a booking edited, added, deleted,
 *   or moved in or out of the window changes it;
 * - the names its events show: every space of the organisation with its facility's name and zone
 *   (the change rooms, which may be anywhere, among them), and the client names it may show.
 *   These are small tables; renaming any space or facility of the organisation renders its feeds
 *   again, which is rare and harmless.
 * The service renders a feed again only when this changes (service.ts), and reads it only when
 * its instance has no valid answer kept (feed-cache.ts, ADR 0059).
 */
export async function feedFingerprint(
  db: Executor,
  feed: FeedSource,
  window: FeedWindow,
  withClientNames: boolean,
): Promise<FeedFingerprint> {
  const organisationId = feed.organisationId
  const { withParts, where, nextToCome } = feedBookings(feed, window)
  const clientNames =
    feed.scope === 'client'
      ? sql`(select hashtextextended(name, 0) from clients where organisation_id = ${organisationId} and id = ${feed.clientId})`
      : withClientNames
        ? sql`(select sum(hashtextextended(id::text || name, 0)) from clients where organisation_id = ${organisationId})`
        : sql`0`
  const result = await db.execute(sql`${withParts}
    select concat_ws('.',
      in_window.bookings,
      (select coalesce(sum(hashtextextended(concat_ws(chr(31), r.id, r.name, f.name, f.time_zone), 0)), 0)::text
        from rooms as r inner join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
        where r.organisation_id = ${organisationId}),
      ${clientNames}::text) as fingerprint,
      in_window.first_end,
      (select min(s.start_time) from schedules as s where ${nextToCome}) as next_start
    from (select count(*)::text || '.' || coalesce(sum(hashtextextended(s.id::text || ':' || s.version, 0)), 0)::text as bookings,
        min(s.end_time) as first_end
      from schedules as s
      where ${where}) as in_window`)
  type Row = { fingerprint: string; first_end: Date | string | null; next_start: Date | string | null }
  // Both drivers answer with { rows }.
  const row = (result as unknown as { rows: Row[] }).rows[0]!
  return {
    fingerprint: row.fingerprint,
    firstEnd: row.first_end === null ? null : new Date(row.first_end),
    nextStart: row.next_start === null ? null : new Date(row.next_start),
  }
}

/**
 * The bookings a feed shows over [from, to), in one query: each with its space, facility and zone,
 * its client and its change rooms' names, in start order.
 */
export async function listFeedEvents(db: Executor, feed: FeedSource, window: FeedWindow): Promise<FeedEventRow[]> {
  const { withParts, where } = feedBookings(feed, window)
  const result = await db.execute(sql`${withParts}
    select s.id, s.title, s.description, s.start_time, s.end_time, s.event_type, s.team1_name, s.team2_name,
      s.event_group_id, s.version, s.updated_at, r.name as room_name, f.name as facility_name, f.time_zone,
      c.name as client_name, cr1.name as change_room1_name, cr2.name as change_room2_name
    from schedules as s
    inner join rooms as r on r.organisation_id = s.organisation_id and r.id = s.room_id
    inner join facilities as f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    left join clients as c on c.organisation_id = s.organisation_id and c.id = s.client_id
    left join rooms as cr1 on cr1.organisation_id = s.organisation_id and cr1.id = s.change_room1_id
    left join rooms as cr2 on cr2.organisation_id = s.organisation_id and cr2.id = s.change_room2_id
    where ${where}
    order by s.start_time, s.id`)
  type Row = {
    id: string
    title: string
    description: string | null
    start_time: Date | string
    end_time: Date | string
    event_type: 'practice' | 'game'
    team1_name: string | null
    team2_name: string | null
    event_group_id: string | null
    version: number
    updated_at: Date | string
    room_name: string
    facility_name: string
    time_zone: string
    client_name: string | null
    change_room1_name: string | null
    change_room2_name: string | null
  }
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
    eventType: row.event_type,
    team1Name: row.team1_name,
    team2Name: row.team2_name,
    eventGroupId: row.event_group_id,
    version: Number(row.version),
    updatedAt: new Date(row.updated_at),
    roomName: row.room_name,
    facilityName: row.facility_name,
    timeZone: row.time_zone,
    clientName: row.client_name,
    changeRoom1Name: row.change_room1_name,
    changeRoom2Name: row.change_room2_name,
  }))
}
