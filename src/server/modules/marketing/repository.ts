import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { TimeRange } from '@shared/scheduling/overlap'
import type { Executor } from '../../db/client'
import { clients, organisations, rooms, spaceOccupancy } from '../../db/schema'
import { wallClock } from '../../db/wall-clock'

// Both queries name the organisation, which leads the indexes they read (docs/scaling.md).

/** The facility's rooms that can be sold: every type but change rooms, by name. */
export function listSellableRooms(db: Executor, organisationId: string, facilityId: string) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      type: rooms.type,
      operatingStartTime: wallClock(rooms.operatingStartTime),
      operatingEndTime: wallClock(rooms.operatingEndTime),
      bookingInterval: rooms.bookingInterval,
      changeoverMinutes: rooms.changeoverMinutes,
      parentId: rooms.parentId,
    })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), eq(rooms.facilityId, facilityId), ne(rooms.type, 'change_room')))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.createdAt))
}

/**
 * One query for all the rooms: what keeps each of them busy in the window (ADR 0024), as the
 * rows the bookings hold in space_occupancy: for a room, those of its own unit (its bookings and
 * its wholes') and of its parts' units (their bookings), each to its end plus its changeover.
 */
export async function listBusyOverlapping(db: Executor, organisationId: string, roomIds: readonly string[], window: TimeRange) {
  const result = await db.execute(sql`
    with recursive tree as (
      select ${rooms.id} as room_id, ${rooms.id} as unit_id from ${rooms}
      where ${rooms.organisationId} = ${organisationId} and ${rooms.id} = any(${`{${roomIds.join(',')}}`}::uuid[])
      union all
      select tree.room_id, part.id from ${rooms} as part inner join tree on part.organisation_id = ${organisationId} and part.parent_id = tree.unit_id
    )
    select distinct tree.room_id, lower(held.during) as start, upper(held.during) as end
    from tree
    inner join ${spaceOccupancy} as held on held.organisation_id = ${organisationId} and held.unit_id = tree.unit_id
      and held.during && tstzrange(${window.start.toISOString()}::timestamptz, ${window.end.toISOString()}::timestamptz, '[)')`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: { room_id: string; start: Date | string; end: Date | string }[] }).rows.map((row) => ({
    roomId: row.room_id,
    start: new Date(row.start),
    end: new Date(row.end),
  }))
}

/* ---------- the selloff email's recipients (docs/product.md#email) ---------- */

/** The organisation's clients with an email, by name, with whether they unsubscribed. */
export function listRecipients(db: Executor, organisationId: string) {
  return db
    .select({
      id: clients.id,
      name: clients.name,
      email: sql<string>`${clients.email}`,
      unsubscribed: sql<boolean>`${clients.marketingUnsubscribedAt} is not null`,
    })
    .from(clients)
    .where(and(eq(clients.organisationId, organisationId), isNotNull(clients.email)))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
}

/**
 * The chosen clients of the organisation, held against an unsubscribe or an edit until the send's
 * transaction ends, so a client who unsubscribes meanwhile is either sent before or skipped.
 */
export function lockChosenClients(tx: Executor, organisationId: string, clientIds: string[]) {
  return tx
    .select({ id: clients.id, name: clients.name, email: clients.email, unsubscribedAt: clients.marketingUnsubscribedAt })
    .from(clients)
    .where(and(eq(clients.organisationId, organisationId), inArray(clients.id, clientIds)))
    .orderBy(asc(clients.id))
    .for('no key update')
}

/** The client an unsubscribe link names, with its organisation's name; null when there is none. */
export async function findUnsubscribeClient(db: Executor, clientId: string, { lock = false } = {}) {
  const query = db
    .select({
      id: clients.id,
      name: clients.name,
      organisationId: clients.organisationId,
      organisationName: organisations.name,
      unsubscribedAt: clients.marketingUnsubscribedAt,
    })
    .from(clients)
    .innerJoin(organisations, eq(organisations.id, clients.organisationId))
    .where(eq(clients.id, clientId))
  const [row] = lock ? await query.for('no key update', { of: clients }) : await query
  return row ?? null
}

export async function markUnsubscribed(tx: Executor, clientId: string) {
  await tx
    .update(clients)
    .set({ marketingUnsubscribedAt: sql`now()` })
    .where(eq(clients.id, clientId))
}
