import type { HolidayClosuresInput, HolidayClosuresPreviewInput } from '@shared/closures/holidays'
import type { ClosureInput, ClosurePreviewInput, ClosureRangeQuery } from '@shared/closures/schema'
import { CLOSURE_MESSAGES } from '@shared/closures/schema'
import { LIMITS } from '@shared/limits'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { recordActivity, type Actor } from '../../modules/activity/service'
import * as closures from './repository'
import { publicHolidaysBetween, type PublicHoliday } from './public-holidays'
import { enqueueBookingMail, type MailedEvent } from '../mail'
import { deleteBooking } from '../statement'

// Closures (docs/product.md#closures, ADR 0026) belong to the booking engine: a closure refuses
// bookings (schedules_occupy, migration 0016), and adding one may cancel bookings, which goes
// through the engine's own delete so their hours go back to the contract.

/**
 * Cancels the covered events one by one through the engine's delete (each leaves its own entry in
 * the trail), then tells each client that wants booking mail once, for all of theirs: the
 * closure's id is the message's business key, since one closure cancels once.
 */
async function cancelCovered(tx: Executor, organisationId: string, actor: Actor, closureId: string, eventIds: readonly string[]) {
  const removed: MailedEvent[] = []
  for (const id of eventIds) removed.push(...(await deleteBooking(tx, organisationId, actor, id)))
  if (removed.length > 0) await enqueueBookingMail(tx, organisationId, 'booking_cancelled', removed, { id: closureId, version: null })
}

type Facility = { id: string; name: string; timeZone: string }

/**
 * What becomes of renters' pending requests whose held time a new closure covers: the renting
 * module declines them in the closure's transaction (the booking module knows holds, not
 * requests). Answers how many it declined.
 */
export type DeclineCoveredHolds = (tx: Executor, holdIds: readonly string[]) => Promise<number>

async function declineHoldsUnder(
  tx: Executor,
  organisationId: string,
  spans: readonly { facilityId: string; roomId: string | null; start: Date; end: Date }[],
  declineCoveredHolds: DeclineCoveredHolds,
) {
  const holdIds = new Set<string>()
  for (const span of spans) for (const id of await closures.listCoveredHolds(tx, organisationId, span)) holdIds.add(id)
  return holdIds.size === 0 ? 0 : declineCoveredHolds(tx, [...holdIds])
}

/** The closure's instants on the facility's wall clock; a span DST folds to nothing is refused. */
function spanOf(input: ClosurePreviewInput, timeZone: string) {
  const start = combineLocalDateTime(input.startDate, input.startTime, timeZone)
  const end = combineLocalDateTime(input.endDate, input.endTime, timeZone)
  if (end <= start) throw new AppError('VALIDATION', CLOSURE_MESSAGES.endBeforeStart, { endTime: CLOSURE_MESSAGES.endBeforeStart })
  return { start, end }
}

/** A space of the facility that a closure can close: not the organisation's is a 404; a change room or another facility's, a 422. */
async function requireSpace(db: Executor, organisationId: string, facility: Facility, spaceId: string | null) {
  if (spaceId === null) return null
  const space = await closures.findSpace(db, organisationId, spaceId)
  if (!space) throw notFound('Space')
  if (space.facilityId !== facility.id || space.type === 'change_room')
    throw new AppError('VALIDATION', CLOSURE_MESSAGES.space, { spaceId: CLOSURE_MESSAGES.space })
  return space
}

/** The events a closure would cover, soonest first (at most LIMITS.closure.listLimit), and how many in all. */
export async function previewClosure(db: Db, organisationId: string, facilityId: string, input: ClosurePreviewInput) {
  const facility = await closures.findFacility(db, organisationId, facilityId)
  if (!facility) throw notFound('Facility')
  await requireSpace(db, organisationId, facility, input.spaceId)
  const { start, end } = spanOf(input, facility.timeZone)
  return closures.listCoveredBookings(db, organisationId, {
    facilityId,
    roomId: input.spaceId,
    start,
    end,
    limit: LIMITS.closure.listLimit,
  })
}

export function coveredEventsMessage(total: number): string {
  return `This closure covers ${total} ${total === 1 ? 'event' : 'events'}. Choose to keep or cancel ${total === 1 ? 'it' : 'them'}.`
}

/**
 * Adds a closure (docs/product.md#closures), in one transaction. The closure is written first,
 * which takes the rows of the spaces it closes (closures_take_spaces), so the events it covers are
 * read once no booking can slip in beside it. Covered events are kept or cancelled as the operator
 * chose; without a choice, nothing is written and the operator is asked.
 */
export async function createClosure(
  db: Db,
  organisationId: string,
  actor: Actor,
  facilityId: string,
  input: ClosureInput,
  declineCoveredHolds: DeclineCoveredHolds,
) {
  try {
    return await db.transaction(async (tx) => {
      const facility = await closures.lockFacility(tx, organisationId, facilityId)
      if (!facility) throw notFound('Facility')
      const space = await requireSpace(tx, organisationId, facility, input.spaceId)
      const { start, end } = spanOf(input, facility.timeZone)
      const id = await closures.insertClosure(tx, {
        organisationId,
        facilityId,
        roomId: input.spaceId,
        reason: input.reason,
        startTime: start,
        endTime: end,
      })
      const covered = await closures.listCoveredBookings(tx, organisationId, { facilityId, roomId: input.spaceId, start, end, limit: null })
      if (covered.total > 0 && input.coveredEvents === null) throw new AppError('CONFLICT', coveredEventsMessage(covered.total))
      if (input.coveredEvents === 'cancel')
        await cancelCovered(
          tx,
          organisationId,
          actor,
          id,
          covered.events.map((event) => event.id),
        )
      const declinedRequests = await declineHoldsUnder(
        tx,
        organisationId,
        [{ facilityId, roomId: input.spaceId, start, end }],
        declineCoveredHolds,
      )
      await recordActivity(tx, organisationId, actor, {
        action: 'created',
        entity: 'closure',
        entityId: id,
        label: input.reason,
        facility,
        changes: {
          reason: { before: null, after: input.reason },
          space: { before: null, after: space?.name ?? facility.name },
          start: { before: null, after: start.toISOString() },
          end: { before: null, after: end.toISOString() },
        },
      })
      const closure = await closures.findClosure(tx, organisationId, id)
      return {
        closure: closure!,
        kept: input.coveredEvents === 'cancel' ? 0 : covered.total,
        cancelled: input.coveredEvents === 'cancel' ? covered.total : 0,
        declinedRequests,
      }
    })
  } catch (error) {
    // The space was deleted, or moved to another facility, while the closure was being added.
    const postgres = findPostgresError(error)
    if (postgres?.code === SQLSTATE.foreignKeyViolation) throw notFound('Space')
    if (postgres?.code === SQLSTATE.checkViolation && postgres.constraint === 'closures_space')
      throw new AppError('VALIDATION', CLOSURE_MESSAGES.space, { spaceId: CLOSURE_MESSAGES.space })
    throw error
  }
}

/** Removes a closure: the time it closed is bookable again. */
export async function deleteClosure(db: Db, organisationId: string, actor: Actor, closureId: string) {
  await db.transaction(async (tx) => {
    const closure = await closures.findClosure(tx, organisationId, closureId)
    if (!closure || !(await closures.deleteClosure(tx, organisationId, closureId))) throw notFound('Closure')
    await recordActivity(tx, organisationId, actor, {
      action: 'deleted',
      entity: 'closure',
      entityId: closureId,
      label: closure.reason,
      facility: { id: closure.facilityId, timeZone: closure.timeZone },
      changes: {
        reason: { before: closure.reason, after: null },
        space: { before: closure.spaceName ?? closure.facilityName, after: null },
        start: { before: closure.startTime.toISOString(), after: null },
        end: { before: closure.endTime.toISOString(), after: null },
      },
    })
  })
}

/** The facility's closures that are not over yet, soonest first: the facility page's 'Closures'. */
export async function listFacilityClosures(db: Db, organisationId: string, facilityId: string) {
  const facility = await closures.findFacility(db, organisationId, facilityId)
  if (!facility) throw notFound('Facility')
  return closures.listUpcomingClosures(db, organisationId, facilityId, { now: new Date(), limit: LIMITS.closure.listLimit })
}

/** The closures reaching into a range: every calendar, the room grid, marketing and the boards. */
export function listClosuresInRange(db: Executor, organisationId: string, query: ClosureRangeQuery) {
  return closures.listClosuresInRange(db, organisationId, query)
}

/* ---------- public holidays as closures (ADR 0050) ---------- */

/** Each holiday's day as an all-day closure of the whole facility, on the facility's calendar. */
function holidaySpans(holidays: readonly PublicHoliday[], timeZone: string) {
  return holidays.map((holiday) => ({
    ...holiday,
    start: combineLocalDateTime(holiday.date, '00:00', timeZone),
    end: combineLocalDateTime(addCalendarDays(holiday.date, 1), '00:00', timeZone),
  }))
}

/**
 * The region's public holidays on the chosen days, each marked when a closure of the whole
 * facility already covers its whole day (it is skipped, and said so), and the events the closures
 * of the others would cover.
 */
async function planHolidayClosures(db: Executor, organisationId: string, facility: Facility, input: HolidayClosuresPreviewInput) {
  const holidays = holidaySpans(publicHolidaysBetween(input.country, input.region, input.from, input.to), facility.timeZone)
  const existing =
    holidays.length === 0
      ? []
      : (
          await closures.listClosuresInRange(db, organisationId, {
            from: holidays[0]!.start,
            to: holidays.at(-1)!.end,
            facilityId: facility.id,
            roomId: null,
          })
        ).filter((closure) => closure.spaceId === null)
  const planned = holidays.map((holiday) => ({
    ...holiday,
    isAlreadyClosed: existing.some((closure) => closure.startTime <= holiday.start && closure.endTime >= holiday.end),
  }))
  const covered = { events: [] as Awaited<ReturnType<typeof closures.listCoveredBookings>>['events'], total: 0 }
  for (const holiday of planned.filter((entry) => !entry.isAlreadyClosed)) {
    const found = await closures.listCoveredBookings(db, organisationId, {
      facilityId: facility.id,
      roomId: null,
      start: holiday.start,
      end: holiday.end,
      limit: null,
    })
    covered.events.push(...found.events)
    covered.total += found.total
  }
  return { planned, covered }
}

const holidayOf = ({ date, name, isAlreadyClosed }: { date: string; name: string; isAlreadyClosed: boolean }) => ({
  date,
  name,
  isAlreadyClosed,
})

/** What 'Add public holidays' would do: the holidays, those already closed, and the events the new closures would cover. */
export async function previewHolidayClosures(db: Db, organisationId: string, facilityId: string, input: HolidayClosuresPreviewInput) {
  const facility = await closures.findFacility(db, organisationId, facilityId)
  if (!facility) throw notFound('Facility')
  const { planned, covered } = await planHolidayClosures(db, organisationId, facility, input)
  return { holidays: planned.map(holidayOf), events: covered.events.slice(0, LIMITS.closure.listLimit), total: covered.total }
}

/**
 * Adds each public holiday not closed yet as an all-day closure of the whole facility, in one
 * transaction with one activity entry: all of them or none. The facility's row is held first, as
 * for one closure, so two imports at once add each holiday once. Covered events are kept or
 * cancelled as the operator chose; without a choice nothing is written and the operator is asked.
 */
export async function addHolidayClosures(
  db: Db,
  organisationId: string,
  actor: Actor,
  facilityId: string,
  input: HolidayClosuresInput,
  declineCoveredHolds: DeclineCoveredHolds,
) {
  return db.transaction(async (tx) => {
    const facility = await closures.lockFacility(tx, organisationId, facilityId)
    if (!facility) throw notFound('Facility')
    const { planned, covered } = await planHolidayClosures(tx, organisationId, facility, input)
    const added = planned.filter((holiday) => !holiday.isAlreadyClosed)
    const skipped = planned.filter((holiday) => holiday.isAlreadyClosed).map(holidayOf)
    if (added.length === 0) return { added: 0, skipped, kept: 0, cancelled: 0, declinedRequests: 0 }
    if (covered.total > 0 && input.coveredEvents === null) throw new AppError('CONFLICT', coveredEventsMessage(covered.total))
    const ids: string[] = []
    for (const holiday of added) {
      ids.push(
        await closures.insertClosure(tx, {
          organisationId,
          facilityId,
          roomId: null,
          reason: holiday.name,
          startTime: holiday.start,
          endTime: holiday.end,
        }),
      )
    }
    if (input.coveredEvents === 'cancel')
      await cancelCovered(
        tx,
        organisationId,
        actor,
        ids[0]!,
        covered.events.map((event) => event.id),
      )
    const declinedRequests = await declineHoldsUnder(
      tx,
      organisationId,
      added.map((holiday) => ({ facilityId, roomId: null, start: holiday.start, end: holiday.end })),
      declineCoveredHolds,
    )
    await recordActivity(tx, organisationId, actor, {
      action: 'created',
      entity: 'closure',
      // The first of them stands for the import; its details name every holiday added.
      entityId: ids[0]!,
      label: `${added.length} public ${added.length === 1 ? 'holiday' : 'holidays'}`,
      facility,
      changes: {
        reason: { before: null, after: added.map((holiday) => `${holiday.name} (${holiday.date})`).join(', ') },
        space: { before: null, after: facility.name },
        start: { before: null, after: added[0]!.start.toISOString() },
        end: { before: null, after: added.at(-1)!.end.toISOString() },
      },
    })
    return {
      added: added.length,
      skipped,
      kept: input.coveredEvents === 'cancel' ? 0 : covered.total,
      cancelled: input.coveredEvents === 'cancel' ? covered.total : 0,
      declinedRequests,
    }
  })
}
