import { and, eq, inArray, sql } from 'drizzle-orm'
import { REQUEST_MESSAGES } from '@shared/renting/requests'
import { startProblem } from '@shared/scheduling/operating-hours'
import type { Db, Executor } from '../db/client'
import { schedules } from '../db/schema'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../errors'
import type { Actor } from '../modules/activity/service'
import { activeContractForCharging, usageOfEvents } from '../modules/contracts/service'
import { newEventId } from './event-id'
import { enqueueBookingMail } from './mail'
import * as repository from './repository'

// A renter's request holds its slot with a row of schedules of kind 'hold' (ADR 0055,
// docs/product.md#renters): the same triggers place it and occupy its space, its wholes and its
// parts, under the same exclusion constraint as every booking, so a hold refuses a booking, a
// booking refuses a hold, and two holds never overlap. A hold is never charged to a contract;
// confirming it makes it a booking and charges it then, as a booking is charged when it is made.

export type HoldInput = { roomId: string; clientId: string; title: string; start: Date; end: Date }
export type Hold = { id: string; roomId: string; clientId: string; title: string; startTime: Date; endTime: Date }

const OCCUPANCY_CONSTRAINT = 'space_occupancy_no_overlap'
const CLOSURE_CONSTRAINT = 'closures_refuse_bookings'
const START_RULE_CONSTRAINT = 'schedules_start_on_booking_grid'
// A hold and a booking that could clash can each wait for the other's uncommitted row; PostgreSQL
// ends that deadlock by failing one, whose retry then meets the winner as a plain conflict.
const RETRIES = 3

/**
 * Holds the slot, then runs `withHold` in the same transaction (the request that owns the hold is
 * written there), all or nothing. A refusal is worded for a renter: it never names what is in the
 * way, which may be another client's booking or request.
 */
export async function holdIce<T>(
  db: Db,
  organisationId: string,
  input: HoldInput,
  withHold: (tx: Executor, hold: Hold) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [hold] = await tx
          .insert(schedules)
          .values({
            id: newEventId(),
            organisationId,
            roomId: input.roomId,
            clientId: input.clientId,
            title: input.title,
            startTime: input.start,
            endTime: input.end,
            kind: 'hold',
          })
          .returning({
            id: schedules.id,
            roomId: schedules.roomId,
            clientId: schedules.clientId,
            title: schedules.title,
            startTime: schedules.startTime,
            endTime: schedules.endTime,
          })
        return withHold(tx, { ...hold!, clientId: hold!.clientId! })
      })
    } catch (error) {
      const refusal = findPostgresError(error)
      if ((refusal?.code === SQLSTATE.deadlockDetected || refusal?.code === SQLSTATE.serializationFailure) && attempt < RETRIES) continue
      if (refusal?.code === SQLSTATE.exclusionViolation && refusal.constraint === CLOSURE_CONSTRAINT) {
        throw new AppError('CONFLICT', REQUEST_MESSAGES.closed)
      }
      if (refusal?.code === SQLSTATE.exclusionViolation && refusal.constraint === OCCUPANCY_CONSTRAINT) {
        throw new AppError('CONFLICT', REQUEST_MESSAGES.taken)
      }
      if (refusal?.code === SQLSTATE.checkViolation && refusal.constraint === START_RULE_CONSTRAINT) {
        throw await explainStart(db, organisationId, input)
      }
      // The space or the client went while the hold was being written.
      if (refusal?.code === SQLSTATE.foreignKeyViolation && /schedules_(room|client)/.test(refusal.constraint ?? '')) {
        throw notFound('Space')
      }
      throw error
    }
  }
}

async function explainStart(db: Executor, organisationId: string, input: HoldInput) {
  const [space] = await repository.findStartRules(db, organisationId, [input.roomId])
  const timeZone = await zoneOfRoom(db, organisationId, input.roomId)
  const problem = space && timeZone ? startProblem(input.start, space, timeZone) : null
  const message = problem?.message ?? REQUEST_MESSAGES.outsideHours
  return new AppError('VALIDATION', message, { startTime: message })
}

async function zoneOfRoom(db: Executor, organisationId: string, roomId: string): Promise<string | null> {
  const result = await db.execute(sql`
    select f.time_zone from rooms r
    inner join facilities f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    where r.organisation_id = ${organisationId} and r.id = ${roomId}`)
  return (result as unknown as { rows: { time_zone: string }[] }).rows[0]?.time_zone ?? null
}

type ConfirmedRow = {
  id: string
  room_id: string
  client_id: string | null
  title: string
  start_time: Date | string
  end_time: Date | string
  version: number
  event_group_id: string | null
  change_room1_id: string | null
  change_room2_id: string | null
  room_name: string
  facility_id: string
  time_zone: string
  client_name: string | null
}

/**
 * Turns the hold into a booking on the caller's transaction, which has already taken the request
 * that owns it: the same row, now of kind 'booking', charged to the client's active contract that
 * applies (as writeBooking charges a new booking, ADR 0014, 0029), with the booking's 'created'
 * entry in the trail by `actor` and the client's booking confirmation when it wants booking mail
 * (ADR 0057). Null when there is no such hold.
 */
export async function confirmHold(tx: Executor, organisationId: string, actor: Actor, holdId: string) {
  const result = await tx.execute(sql`
    with confirmed as (
      update ${schedules} set kind = 'booking', updated_at = now()
      where ${schedules.organisationId} = ${organisationId} and ${schedules.id} = ${holdId} and ${schedules.kind} = 'hold'
      returning id, room_id, client_id, title, start_time, end_time, version, event_group_id, change_room1_id, change_room2_id
    )
    select confirmed.*, r.name as room_name, f.id as facility_id, f.time_zone, c.name as client_name
    from confirmed
    inner join rooms r on r.organisation_id = ${organisationId} and r.id = confirmed.room_id
    inner join facilities f on f.organisation_id = r.organisation_id and f.id = r.facility_id
    left join clients c on c.organisation_id = ${organisationId} and c.id = confirmed.client_id`)
  const row = (result as unknown as { rows: ConfirmedRow[] }).rows[0]
  if (!row) return null
  const event = {
    id: row.id,
    roomId: row.room_id,
    clientId: row.client_id,
    title: row.title,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
    version: Number(row.version),
    eventGroupId: row.event_group_id,
    changeRoom1Id: row.change_room1_id,
    changeRoom2Id: row.change_room2_id,
  }
  if (event.clientId !== null) {
    for (const charge of usageOfEvents([event], row.time_zone)) {
      await tx.execute(sql`
        insert into contract_usage (organisation_id, contract_id, usage_date, hours_logged, description, schedule_id)
        select ${organisationId}, contract.id, ${charge.usageDate}::date, ${charge.hoursLogged}::numeric, ${charge.description}, ${charge.scheduleId}
        from (${activeContractForCharging(tx, organisationId, event.clientId, event.roomId, charge.usageDate)}) as contract`)
    }
  }
  // The entry a new booking's statement writes, in the same words (booking_created_changes).
  await tx.execute(sql`
    insert into activity_entries (organisation_id, actor_id, actor_name, action, entity, entity_id, label, facility_id, time_zone, changes)
    values (${organisationId}, ${actor.id}, ${actor.name}, 'created', 'event', ${event.id}, booking_title(${event.title}),
      ${row.facility_id}, ${row.time_zone},
      booking_created_changes(${event.startTime.toISOString()}::timestamptz, ${event.endTime.toISOString()}::timestamptz,
        ${row.room_name}, ${row.client_name}))`)
  await enqueueBookingMail(tx, organisationId, 'booking_confirmed', [event], { id: event.id, version: null })
  return { ...event, facilityId: row.facility_id, timeZone: row.time_zone, roomName: row.room_name }
}

/**
 * Deletes holds on the caller's transaction, which has already let go of the requests that owned
 * them (booking_requests.hold_id, whose foreign key refuses to lose a pending request's hold).
 * Only holds: a hold confirmed in the meantime is a booking and stays. The holds deleted, with
 * the time each freed.
 */
export async function dropHolds(tx: Executor, organisationId: string, holdIds: readonly string[]) {
  if (holdIds.length === 0) return []
  return tx
    .delete(schedules)
    .where(and(eq(schedules.organisationId, organisationId), inArray(schedules.id, [...holdIds]), eq(schedules.kind, 'hold')))
    .returning({ id: schedules.id, roomId: schedules.roomId, startTime: schedules.startTime, endTime: schedules.endTime })
}
