import { randomUUID } from 'node:crypto'
import {
  EVENT_MESSAGES,
  normalizeEventKind,
  type ChangeRoomUseQuery,
  type CreateEventInput,
  type EventPreviewInput,
  type RecurrenceInput,
  type SeriesScope,
  type UpdateEventInput,
} from '@shared/events/schema'
import * as rules from '@shared/booking/rules'
import { REQUEST_MESSAGES } from '@shared/renting/requests'
import { rangesOverlap } from '@shared/scheduling/overlap'
import { firstReplanInDstGap, replanOccurrence } from '@shared/scheduling/series-edit'
import { dstGapMessage } from '@shared/scheduling/local-day'
import { isContinuationPart, startProblem } from '@shared/scheduling/operating-hours'
import { stripSplitSuffix } from '@shared/scheduling/split-at-midnight'
import type { Db, Executor } from '../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../errors'
import type { Actor } from '../modules/activity/service'
import { usageOfEvents } from '../modules/contracts/service'
import * as closures from './closures/repository'
import { formatChangeRoomMessage, formatClosureMessage, formatConflictMessage, type Conflict } from './conflict-message'
import { newEventId } from './event-id'
import { enqueueBookingMail } from './mail'
import { findOverlapWithin, planNewEvents, splitIntoParts, type PlannedEvent } from './plan-events'
import * as repository from './repository'
import * as statement from './statement'

// What create and edit share beyond the times and the title.
type EventDetails = Pick<
  UpdateEventInput,
  'clientId' | 'description' | 'color' | 'eventType' | 'team1Name' | 'team2Name' | 'changeRoom1Id' | 'changeRoom2Id'
>

function detailsOf(input: EventDetails): EventDetails {
  const { clientId, description, color, eventType, team1Name, team2Name, changeRoom1Id, changeRoom2Id } = input
  return { clientId, description, color, eventType, team1Name, team2Name, changeRoom1Id, changeRoom2Id }
}

const CHANGE_ROOM_MESSAGE = 'Please select a change room of this facility'

/**
 * The booking engine: every write to events (create, edit, move, delete) goes through here, and
 * every booking write is one statement, statement.writeBooking, under the exclusion constraint
 * (ADR 0015). Each rule is written once:
 * - the organisation, the room's zone and the change rooms' facility are checked by that statement, and
 *   explained here only when it wrote nothing;
 * - the midnight split and recurrence are planned by plan-events.ts in the facility's zone;
 * - the charge is computed by the contracts module (usageOfEvents) and written by the statement;
 * - a refusal is explained after the database refused it (insertOrExplainConflict), in the words of
 *   the shared booking rules (src/shared/booking/rules.ts).
 */

/**
 * Books one event or a series (docs/product.md#events), all or nothing: every occurrence is split
 * at the facility's midnight, then the rows and the client's contract charge land in one
 * statement, which the exclusion constraint holds to no conflicts.
 *
 * A room booked lately is planned in the zone it had then, without asking the database first;
 * the statement books only if that still holds, and otherwise the booking is planned again
 * from the room as it is now (ADR 0015). The zone is never the reason for a refusal, so a zone
 * changed on another instance only costs this one a second round trip.
 */
export async function book(db: Db, organisationId: string, actor: Actor, input: CreateEventInput) {
  const details = detailsOf(input)
  const knownZone = repository.knownRoomZone(db, organisationId, input.roomId)
  if (knownZone !== null) {
    const booked = await bookInZone(db, organisationId, actor, input, details, { timeZone: knownZone, isRemembered: true })
    if (booked) return booked
  }
  const room = await findRoomOrExplain(db, organisationId, input.roomId, details)
  const booked = await bookInZone(db, organisationId, actor, input, details, { timeZone: room.timeZone, isRemembered: false })
  // The room changed zone, or went, between the two statements.
  if (!booked) throw notFound('Space')
  return booked
}

/**
 * Null when the room is not (or no longer) the organisation's in that zone with those change rooms.
 * A remembered zone refuses nothing itself: a series too long or overlapping itself might only
 * be so in a zone the facility has left, so that answer comes from the room as it is now.
 */
async function bookInZone(
  db: Db,
  organisationId: string,
  actor: Actor,
  input: CreateEventInput,
  details: EventDetails,
  { timeZone, isRemembered }: { timeZone: string; isRemembered: boolean },
) {
  const plan = planNewEvents(input, timeZone)
  const selfOverlap = 'refusal' in plan ? null : findOverlapWithin(plan.events)
  if (isRemembered && ('refusal' in plan || selfOverlap)) return null
  if ('refusal' in plan) throw new AppError('VALIDATION', plan.refusal, { [plan.field]: plan.refusal })
  if (selfOverlap) throw conflictError([{ ...selfOverlap, id: 'new' }], timeZone)

  // 'Book {n} free dates': the taken occurrences are left out, read as the preview reads them;
  // what is booked is still all or nothing under the constraints.
  let occurrences = plan.occurrences
  if (input.skipTaken) {
    const statuses = await occurrenceStatuses(db, organisationId, input.roomId, plan.occurrences, chosenChangeRooms(details))
    occurrences = plan.occurrences.filter((_, index) => statuses[index]!.status === 'free')
    if (occurrences.length === 0) throw new AppError('CONFLICT', NO_FREE_DATES_MESSAGE)
  }
  // A series remembers its rule (docs/product.md#series); its events point at it.
  const series = input.recurrence ? newSeries(input, input.recurrence) : null
  const result = await writeBooking(db, {
    organisationId,
    actor,
    roomId: input.roomId,
    details,
    planned: occurrences.flat().map((event) => ({ ...event, seriesId: series?.id ?? null, followsRule: true })),
    timeZone,
    replaceIds: [],
    keepIds: [],
    keepId: null,
    basedOnVersion: null,
    replaceVersions: [],
    series,
  })
  if (!result.roomOk) {
    repository.rememberRoomZone(db, organisationId, input.roomId, null)
    return null
  }
  if (!result.clientOk) throw notFound('Client')
  return {
    events: result.events,
    isSplit: occurrences.some((parts) => parts.length > 1),
    isRecurring: input.recurrence !== null,
    skipped: plan.occurrences.length - occurrences.length,
  }
}

const NO_FREE_DATES_MESSAGE = 'None of these dates is free'

/**
 * Each occurrence a create would book (docs/product.md#events), with why it is taken: a clash
 * on its space or a linked one (its changeover counted), or a chosen change room another event
 * holds. Read only: the booking itself is still refused by the constraints if this goes stale.
 */
export async function preview(db: Db, organisationId: string, input: EventPreviewInput) {
  const details = { changeRoom1Id: input.changeRoom1Id, changeRoom2Id: input.changeRoom2Id }
  const room = await findRoomOrExplain(db, organisationId, input.roomId, details)
  // The title is never shown: only the dates are.
  const plan = planNewEvents({ ...input, title: '' }, room.timeZone)
  if ('refusal' in plan) throw new AppError('VALIDATION', plan.refusal, { [plan.field]: plan.refusal })
  return occurrenceStatuses(db, organisationId, input.roomId, plan.occurrences, chosenChangeRooms(details))
}

type OccurrenceStatus = { startTime: Date; endTime: Date; status: 'free' | 'clash' | 'closed' | 'changeRoom'; reason: string | null }

async function occurrenceStatuses(
  db: Executor,
  organisationId: string,
  roomId: string,
  occurrences: PlannedEvent[][],
  changeRoomIds: string[],
  // The events the booking would replace: they take nothing from it.
  excludeIds: string[] = [],
): Promise<OccurrenceStatus[]> {
  const all = occurrences.flat()
  const from = new Date(Math.min(...all.map((event) => event.start.getTime())))
  const to = new Date(Math.max(...all.map((event) => event.end.getTime())))
  const [clashes, closed, holds] = await Promise.all([
    repository.listClashesInSpan(db, organisationId, roomId, { from, to, excludeIds }),
    closures.listClosuresInRange(db, organisationId, { from, to, facilityId: null, roomId }),
    changeRoomIds.length > 0
      ? repository.listChangeRoomHolds(db, organisationId, roomId, { from, to, excludeIds, changeRoomIds })
      : { changeRooms: [], changeRoomMinutes: 0 },
  ])
  const there = { closures: closed.map(({ reason, startTime: start, endTime: end }) => ({ reason, start, end })), startRule: null }
  return occurrences.map((parts) => {
    const startTime = parts[0]!.start
    const endTime = parts.at(-1)!.end
    // The preview judges no start (its dates share the time of day the form offered), so none is 'hours'.
    const { status, reason } = rules.statusOf(occurrenceOf(parts, clashes, changeRoomIds), {
      ...there,
      events: clashes,
      changeRooms: holds.changeRooms,
      changeRoomMinutes: holds.changeRoomMinutes,
    })
    return { startTime, endTime, status: status as OccurrenceStatus['status'], reason }
  })
}

// One planned booking as the rules read it: the booked space's changeover is the clashes' (every
// clash row carries it), none when nothing is there to clash with.
function occurrenceOf(parts: readonly PlannedEvent[], clashes: { changeoverMinutes: number }[], changeRoomIds: string[]): rules.Occurrence {
  return { parts, changeoverMinutes: clashes[0]?.changeoverMinutes ?? 0, changeRoomIds }
}

// An edit whose event changed between its read and its write (another edit re-split it, or it
// was deleted) is planned again from the event as it is then.
const EDIT_ATTEMPTS = 3

/**
 * Rewrites a booking (docs/product.md#events): the event, with new times, details or space, replaces
 * itself and the other part of its group, split again if it crosses the facility's midnight.
 * It keeps its id; the contract charge follows the new times. A move to another space is the
 * same write with another room of the same facility.
 */
export async function rebook(db: Db, organisationId: string, actor: Actor, eventId: string, input: UpdateEventInput) {
  if (input.scope !== 'this') return updateSeriesEvents(db, organisationId, actor, eventId, input)
  const details = detailsOf(input)
  for (let attempt = 1; ; attempt++) {
    const found = await repository.findOwnedEvent(db, organisationId, eventId)
    if (!found) throw notFound('Event')
    if (found.kind !== 'booking') throw new AppError('CONFLICT', REQUEST_MESSAGES.pendingHold)
    const { timeZone } = found
    const roomId = input.roomId ?? found.event.roomId
    // A part keeps ' (Part N)' only while it is still a part.
    const title = found.event.eventGroupId ? stripSplitSuffix(input.title) : input.title
    const parts = splitIntoParts({ title, start: input.startTime, end: input.endTime }, timeZone)
    // The first part keeps the event's id, so whatever points at the event still does.
    // An occurrence changed by itself stays in its series, no longer following the rule.
    const { seriesId } = found.event
    const planned = parts.map((part, index) => ({
      ...part,
      id: index === 0 ? eventId : undefined,
      seriesId,
      followsRule: seriesId === null,
    }))
    const result = await writeBooking(db, {
      organisationId,
      actor,
      roomId,
      details,
      planned,
      timeZone,
      replaceIds: found.bookingIds,
      keepIds: [eventId],
      keepId: eventId,
      basedOnVersion: input.version,
      replaceVersions: [],
      series: null,
    })
    if (result.stale) throw new AppError('CONFLICT', STALE_EDIT_MESSAGE)
    if (result.roomOk && result.clientOk && result.replacedOk)
      return { events: result.events, isSplit: parts.length > 1, changed: 1, skipped: 0, leftAsChanged: 0 }
    await explainRefusedEdit(db, organisationId, { result, roomId, details, found, isLastAttempt: attempt === EDIT_ATTEMPTS })
  }
}

/**
 * Why an edit's booking statement wrote nothing, when that is the caller's to hear: the client or
 * the space is gone, or the space is of another facility. Otherwise the event changed between its
 * read and its write, and the edit is planned again, until the last attempt says it is stale.
 */
async function explainRefusedEdit(
  db: Db,
  organisationId: string,
  {
    result,
    roomId,
    details,
    found,
    isLastAttempt,
  }: {
    result: { roomOk: boolean; clientOk: boolean }
    roomId: string
    details: EventDetails
    found: { event: { roomId: string }; facilityId: string }
    isLastAttempt: boolean
  },
) {
  if (!result.clientOk) throw notFound('Client')
  // A room of another facility passes the room's checks but fails the replaced events' one.
  if (!result.roomOk || roomId !== found.event.roomId) {
    const room = await findRoomOrExplain(db, organisationId, roomId, details)
    if (room.facilityId !== found.facilityId) throw new AppError('VALIDATION', OTHER_FACILITY_MESSAGE, { roomId: OTHER_FACILITY_MESSAGE })
  }
  if (isLastAttempt) throw new AppError('CONFLICT', STALE_EDIT_MESSAGE)
}

/**
 * Deletes the event and, for a part of an event split at midnight, its partner: the two are one
 * booking. Their usage rows cascade, and with them their hours (ADR 0014).
 */
export async function cancel(db: Db, organisationId: string, actor: Actor, eventId: string, scope: SeriesScope = 'this') {
  // With the one message of the cancellation to each client that wants booking mail, however
  // many events went (docs/product.md#email).
  const deleted = await db.transaction(async (tx) => {
    const removed = await statement.deleteBooking(tx, organisationId, actor, eventId, scope)
    const keyEvent = removed.find((event) => event.id === eventId) ?? removed[0]
    if (keyEvent) await enqueueBookingMail(tx, organisationId, 'booking_cancelled', removed, { id: keyEvent.id, version: keyEvent.version })
    return removed
  })
  if (deleted.length === 0) {
    // A renter's pending request lets go of its hold through the request (declined or withdrawn).
    const found = await repository.findOwnedEvent(db, organisationId, eventId)
    if (found && found.kind !== 'booking') throw new AppError('CONFLICT', REQUEST_MESSAGES.pendingHold)
    throw notFound('Event')
  }
  // The events removed, for the waitlist to offer their time (modules/renting, ADR 0065).
  return { deleted: deleted.length, events: deleted }
}

/* ---------- series (docs/product.md#series, ADR 0031) ---------- */

const NOT_A_SERIES_MESSAGE = 'This event is not part of a series'

function newSeries(input: CreateEventInput, recurrence: RecurrenceInput) {
  return {
    kind: 'new' as const,
    id: randomUUID(),
    rule: {
      frequency: recurrence.frequency,
      weekdays: recurrence.frequency === 'weekly' ? recurrence.weekdays : [],
      startDate: input.date,
      endDate: recurrence.endDate,
    },
  }
}

export async function getSeries(db: Db, organisationId: string, seriesId: string) {
  const series = await repository.findSeries(db, organisationId, seriesId)
  if (!series) throw notFound('Series')
  return series
}

// What an occurrence is besides its times: its title (without a split's ' (Part N)'), space and details.
type OccurrenceValues = statement.SharedEventValues & { title: string }

type SeriesOccurrence = {
  ids: string[]
  versions: number[]
  start: Date
  end: Date
  firstId: string
  followsRule: boolean
  // An occurrence whose client was deleted has none (ADR 0006); an edit gives it the edit's.
  values: Omit<OccurrenceValues, 'clientId'> & { clientId: string | null }
}

const OCCURRENCE_FIELDS = [
  'title',
  'roomId',
  'clientId',
  'description',
  'color',
  'eventType',
  'team1Name',
  'team2Name',
  'changeRoom1Id',
  'changeRoom2Id',
] as const satisfies readonly (keyof OccurrenceValues)[]

/**
 * What a series edit changes (docs/product.md#series, ADR 0045): the fields whose new value differs
 * from the edited occurrence's stored one, and whether its start or its length changed. The web
 * sends the whole form; the server decides, so no client can undo another edit by sending back
 * what it read.
 */
function changesOfSeriesEdit(edited: SeriesOccurrence, wanted: OccurrenceValues, times: { start: Date; end: Date }) {
  return {
    fields: OCCURRENCE_FIELDS.filter((field) => wanted[field] !== edited.values[field]),
    startChanged: times.start.getTime() !== edited.start.getTime(),
    lengthChanged: times.end.getTime() - times.start.getTime() !== edited.end.getTime() - edited.start.getTime(),
  }
}

/**
 * What an edit of 'this and following' or 'all' would do, planned from the series as it is now:
 * the edited event's occurrence and each later (or every) occurrence that still follows the rule.
 * Each takes only what the operator changed: a new start moves it as the edited one moved
 * (replanOccurrence), a new length gives it that length, and each changed field its new value;
 * everything else stays as that occurrence has it. Each is split at the facility's midnight.
 */
async function planSeriesEdit(db: Db, organisationId: string, eventId: string, input: UpdateEventInput) {
  const found = await repository.findOwnedEvent(db, organisationId, eventId)
  if (!found) throw notFound('Event')
  const { seriesId } = found.event
  if (seriesId === null) throw new AppError('VALIDATION', NOT_A_SERIES_MESSAGE, { scope: NOT_A_SERIES_MESSAGE })
  const { timeZone } = found
  const occurrences = groupOccurrences(await repository.listSeriesEvents(db, organisationId, seriesId))
  const edited = occurrences.find((occurrence) => occurrence.ids.includes(eventId))
  if (!edited) throw notFound('Event')
  const inScope = occurrences.filter((occurrence) => input.scope === 'all' || occurrence.start >= edited.start)
  const chosen = inScope.filter((occurrence) => occurrence === edited || occurrence.followsRule)
  const wanted: OccurrenceValues = {
    ...detailsOf(input),
    title: stripSplitSuffix(input.title),
    roomId: input.roomId ?? edited.values.roomId,
  }
  const { fields, startChanged, lengthChanged } = changesOfSeriesEdit(edited, wanted, { start: input.startTime, end: input.endTime })
  const edit = { before: edited.start, start: input.startTime, end: input.endTime }
  // Only a changed start moves the others, so only then can one land in a spring-forward gap.
  if (startChanged) {
    const others = chosen.filter((occurrence) => occurrence !== edited).map((occurrence) => occurrence.start)
    const gap = firstReplanInDstGap(others, edit, timeZone)
    if (gap) throw new AppError('VALIDATION', dstGapMessage(gap.date, gap.time), { startTime: dstGapMessage(gap.date, gap.time) })
  }
  const planned = chosen.map((occurrence) => {
    const values: OccurrenceValues = { ...occurrence.values, clientId: occurrence.values.clientId ?? wanted.clientId }
    for (const field of fields) Object.assign(values, { [field]: wanted[field] })
    const start = startChanged ? replanOccurrence(occurrence.start, edit, timeZone).start : occurrence.start
    const length = lengthChanged
      ? input.endTime.getTime() - input.startTime.getTime()
      : occurrence.end.getTime() - occurrence.start.getTime()
    const times =
      occurrence === edited ? { start: input.startTime, end: input.endTime } : { start, end: new Date(start.getTime() + length) }
    // A practice has no teams and no away change room, whichever fields the edit changed.
    const { title, ...rest } = normalizeEventKind(values)
    const parts = splitIntoParts({ title, ...times }, timeZone)
    return {
      occurrence,
      values: rest,
      parts: parts.map((part, index) => ({ ...part, id: index === 0 ? occurrence.firstId : undefined, values: rest })),
    }
  })
  return { found, seriesId, timeZone, planned, wanted, leftAsChanged: inScope.length - chosen.length }
}

// The events of a series in time order, as occurrences: one event, or the two parts of a split one.
function groupOccurrences(events: Awaited<ReturnType<typeof repository.listSeriesEvents>>): SeriesOccurrence[] {
  const byKey = new Map<string, SeriesOccurrence>()
  for (const event of events) {
    const key = event.eventGroupId ?? event.id
    const occurrence = byKey.get(key)
    if (occurrence) {
      occurrence.ids.push(event.id)
      occurrence.versions.push(event.version)
      occurrence.end = event.endTime
      continue
    }
    const { title, roomId, clientId, description, color, eventType, team1Name, team2Name, changeRoom1Id, changeRoom2Id } = event
    byKey.set(key, {
      ids: [event.id],
      versions: [event.version],
      start: event.startTime,
      end: event.endTime,
      firstId: event.id,
      followsRule: event.followsRule,
      values: {
        title: stripSplitSuffix(title),
        roomId,
        clientId,
        description,
        color,
        eventType,
        team1Name,
        team2Name,
        changeRoom1Id,
        changeRoom2Id,
      },
    })
  }
  return [...byKey.values()]
}

/**
 * 'This and following' or 'all' of a series (docs/product.md#series): every occurrence in scope
 * that still follows the rule is re-planned and written in one booking statement, all or nothing,
 * under the same constraints as any booking; with skipTaken, those whose new times are taken stay
 * as they are. Based on a stale series version it is refused; an occurrence changed by itself
 * since it was read is planned again.
 */
async function updateSeriesEvents(db: Db, organisationId: string, actor: Actor, eventId: string, input: UpdateEventInput) {
  const details = detailsOf(input)
  for (let attempt = 1; ; attempt++) {
    const { found, seriesId, timeZone, planned, leftAsChanged } = await planSeriesEdit(db, organisationId, eventId, input)
    const roomId = input.roomId ?? found.event.roomId
    let chosen = planned
    if (input.skipTaken) {
      const statuses = await seriesOccurrenceStatuses(db, organisationId, planned)
      chosen = planned.filter((_, index) => statuses[index]!.status === 'free')
      if (chosen.length === 0) throw new AppError('CONFLICT', NO_FREE_DATES_MESSAGE)
    }
    const events = chosen.flatMap(({ parts }) => parts)
    const selfOverlap = findOverlapWithin(events)
    if (selfOverlap) throw conflictError([{ ...selfOverlap, id: 'new' }], timeZone)
    const result = await writeBooking(db, {
      organisationId,
      actor,
      roomId,
      details,
      planned: events.map((event) => ({ ...event, seriesId, followsRule: true })),
      timeZone,
      replaceIds: chosen.flatMap(({ occurrence }) => occurrence.ids),
      replaceVersions: chosen.flatMap(({ occurrence }) => occurrence.versions),
      keepIds: chosen.map(({ occurrence }) => occurrence.firstId),
      // The edited event itself must be as the operator saw it, unless its own date was skipped.
      keepId: chosen.some(({ occurrence }) => occurrence.ids.includes(eventId)) ? eventId : null,
      basedOnVersion: input.version,
      series: { kind: 'edit', id: seriesId, basedOnVersion: input.seriesVersion!, editedId: eventId },
    })
    if (result.stale) throw new AppError('CONFLICT', STALE_EDIT_MESSAGE)
    if (result.roomOk && result.clientOk && result.replacedOk) {
      return {
        events: result.events,
        isSplit: chosen.some(({ parts }) => parts.length > 1),
        changed: chosen.length,
        skipped: planned.length - chosen.length,
        leftAsChanged,
      }
    }
    await explainRefusedEdit(db, organisationId, { result, roomId, details, found, isLastAttempt: attempt === EDIT_ATTEMPTS })
  }
}

/** Each occurrence a series edit would re-plan, with why its new times are taken (as preview answers). */
export async function previewRebook(db: Db, organisationId: string, eventId: string, input: UpdateEventInput) {
  if (input.scope === 'this') throw new AppError('VALIDATION', SERIES_PREVIEW_MESSAGE, { scope: SERIES_PREVIEW_MESSAGE })
  const { found, planned } = await planSeriesEdit(db, organisationId, eventId, input)
  const roomId = input.roomId ?? found.event.roomId
  const details = detailsOf(input)
  const room = await findRoomOrExplain(db, organisationId, roomId, details)
  if (room.facilityId !== found.facilityId) throw new AppError('VALIDATION', OTHER_FACILITY_MESSAGE, { roomId: OTHER_FACILITY_MESSAGE })
  return seriesOccurrenceStatuses(db, organisationId, planned)
}

/**
 * Each re-planned occurrence's status, read in the space and with the change rooms it will have:
 * an edit that leaves the space alone keeps each occurrence in its own, which may differ.
 */
async function seriesOccurrenceStatuses(
  db: Db,
  organisationId: string,
  planned: { occurrence: SeriesOccurrence; values: statement.SharedEventValues; parts: PlannedEvent[] }[],
): Promise<OccurrenceStatus[]> {
  const excludeIds = planned.flatMap(({ occurrence }) => occurrence.ids)
  const statuses: OccurrenceStatus[] = new Array(planned.length)
  const byPlace = new Map<string, number[]>()
  planned.forEach(({ values }, index) => {
    const key = JSON.stringify([values.roomId, ...chosenChangeRooms(values)])
    byPlace.set(key, [...(byPlace.get(key) ?? []), index])
  })
  for (const indexes of byPlace.values()) {
    const { values } = planned[indexes[0]!]!
    const found = await occurrenceStatuses(
      db,
      organisationId,
      values.roomId,
      indexes.map((index) => planned[index]!.parts),
      chosenChangeRooms(values),
      excludeIds,
    )
    indexes.forEach((index, position) => (statuses[index] = found[position]!))
  }
  return statuses
}

const SERIES_PREVIEW_MESSAGE = 'Only an edit of following or all events of a series has dates to preview'

/**
 * The ids of the booking an event belongs to: itself, or both parts of an event split at
 * midnight, whichever part is asked about. Its history is kept under whichever id the booking had.
 */
export async function bookingIdsOf(db: Db, organisationId: string, eventId: string): Promise<string[]> {
  const found = await repository.findOwnedEvent(db, organisationId, eventId)
  return found?.bookingIds ?? [eventId]
}

/* ---------- rules shared by every write ---------- */

const OTHER_FACILITY_MESSAGE = 'An event can only move to a space of its own facility'
const STALE_EDIT_MESSAGE = EVENT_MESSAGES.stale

type BookingRequest = Omit<statement.BookingWrite, 'shared' | 'events' | 'charges' | 'mailHandled'> & {
  roomId: string
  details: EventDetails
  // `values`: an event's own space and details, when they are not the request's (a series edit's).
  planned: (PlannedEvent & {
    id?: string | undefined
    seriesId: string | null
    followsRule: boolean
    values?: statement.SharedEventValues
  })[]
}

/** The one write of every booking, with a clash explained after the constraint refused it. */
function writeBooking(db: Db, { roomId, details, planned, ...write }: BookingRequest) {
  const { organisationId, timeZone, replaceIds } = write
  const events = planned.map((event) => ({
    id: event.id ?? newEventId(),
    title: event.title,
    startTime: event.start,
    endTime: event.end,
    eventGroupId: event.eventGroupId,
    seriesId: event.seriesId,
    followsRule: event.followsRule,
    values: event.values ?? { roomId, ...details },
  }))
  const starts = events
    .filter((event) => !isContinuationPart({ start: event.startTime, eventGroupId: event.eventGroupId }, timeZone))
    .map((event) => ({ start: event.startTime, roomId: event.values.roomId }))
  const check = { organisationId, roomId, planned, excludeIds: replaceIds, timeZone, changeRoomIds: chosenChangeRooms(details), starts }
  const bookingWrite = { ...write, shared: { roomId, ...details }, events, charges: usageOfEvents(events, timeZone) }
  const clientIds = [...new Set(events.map((event) => event.values.clientId))]
  return insertOrExplainConflict(db, check, async () => {
    // A booking none of whose clients wants mail stays the one statement it always was; one whose
    // client does is written again, with its message, in one transaction (ADR 0057). Inside a
    // caller's transaction (a waitlist claim, ADR 0065) it always takes its own savepoint, so that a
    // refusal leaves the caller's transaction able to explain it.
    if (!isTransaction(db) && !repository.isKnownMailClient(db, clientIds)) {
      const result = await statement.writeBooking(db, { ...bookingWrite, mailHandled: false })
      if (!result.mailWanted) return result
      repository.rememberMailClients(db, clientIds, true)
    }
    return db.transaction(async (tx) => {
      const result = await statement.writeBooking(tx as unknown as Db, { ...bookingWrite, mailHandled: true })
      repository.rememberMailClients(db, clientIds, result.mailWanted)
      if (result.mailWanted && result.events.length > 0) await enqueueMailOfWrite(tx, organisationId, write, result.events)
      return result
    })
  })
}

// A drizzle transaction (or savepoint) can roll back; the database handle cannot.
const isTransaction = (db: Db) => 'rollback' in db

// A new booking is confirmed, under its first event's id; a replacement (an edit, a move, a series
// edit) is changed, under the edited event's id and its new version.
function enqueueMailOfWrite(
  tx: Executor,
  organisationId: string,
  write: Pick<statement.BookingWrite, 'replaceIds' | 'keepId' | 'keepIds' | 'series'>,
  events: Awaited<ReturnType<typeof statement.writeBooking>>['events'],
) {
  const isNew = write.replaceIds.length === 0 && write.series?.kind !== 'edit'
  if (isNew) return enqueueBookingMail(tx, organisationId, 'booking_confirmed', events, { id: events[0]!.id, version: null })
  const keyId = write.keepId ?? write.keepIds[0]
  const keyEvent = events.find((event) => event.id === keyId) ?? events[0]!
  return enqueueBookingMail(tx, organisationId, 'booking_changed', events, { id: keyEvent.id, version: keyEvent.version })
}

/**
 * The room as the database has it now, remembered for the next booking; a missing room or a
 * change room of another facility is refused here with its own message.
 */
async function findRoomOrExplain(
  db: Db,
  organisationId: string,
  roomId: string,
  details: Pick<EventDetails, 'changeRoom1Id' | 'changeRoom2Id'>,
) {
  const room = await repository.findRoomForBooking(db, organisationId, roomId, chosenChangeRooms(details))
  repository.rememberRoomZone(db, organisationId, roomId, room?.timeZone ?? null)
  if (!room) throw notFound('Space')
  requireChangeRooms(details, room.changeRoomIds)
  return room
}

type ConflictCheck = {
  organisationId: string
  roomId: string
  planned: PlannedEvent[]
  excludeIds: string[]
  timeZone: string
  changeRoomIds: string[]
  // Each new start and its space, for the start rule's refusal (a series edit's events name their own).
  starts: { start: Date; roomId: string }[]
}

async function findConflicts(db: Executor, { organisationId, roomId, planned, excludeIds }: ConflictCheck): Promise<Conflict[]> {
  const from = new Date(Math.min(...planned.map((event) => event.start.getTime())))
  const to = new Date(Math.max(...planned.map((event) => event.end.getTime())))
  const clashes = await repository.listClashesInSpan(db, organisationId, roomId, { from, to, excludeIds })
  // Each new booking holds its space to its end plus the space's changeover; each clash, its own.
  const changeoverMinutes = clashes[0]?.changeoverMinutes ?? 0
  return rules.groupIntoBookings(planned).flatMap((parts) =>
    rules
      .clashesOf({ parts, changeoverMinutes, changeRoomIds: [] }, clashes)
      .map(({ part: event, event: { id, title, pending, start, end, roomId: clashRoomId, roomName, blocked, bookedRoomName } }) => ({
        id,
        title,
        pending,
        start,
        end,
        spaceName: clashRoomId === roomId ? null : roomName,
        // Clear of the other event's own times: only a changeover keeps them apart (docs/product.md#linked-spaces).
        changeover: rangesOverlap(event, { start, end })
          ? null
          : end.getTime() <= event.start.getTime()
            ? { side: 'ends' as const, at: end, spaceName: roomName, minutes: Math.round((blocked.end.getTime() - end.getTime()) / 60_000) }
            : { side: 'starts' as const, at: start, spaceName: bookedRoomName, minutes: changeoverMinutes },
      })),
  )
}

const CHANGE_ROOM_CONSTRAINT = 'change_room_holds_no_overlap'
const CLOSURE_CONSTRAINT = 'closures_refuse_bookings'
const SAME_CHANGE_ROOMS_CONSTRAINT = 'schedules_change_rooms_differ'
const START_RULE_CONSTRAINT = 'schedules_start_on_booking_grid'

/**
 * The first new start the schedules_placed trigger refused: before its space's opening, at or after
 * its closing, or off its booking interval (docs/product.md#events, 'Where a booking may start').
 */
async function explainStart(db: Executor, { organisationId, starts, timeZone }: ConflictCheck) {
  const spaces = await repository.findStartRules(db, organisationId, [...new Set(starts.map((start) => start.roomId))])
  for (const { start, roomId } of starts) {
    const space = spaces.find((candidate) => candidate.id === roomId)
    const problem = space ? startProblem(start, space, timeZone) : null
    if (problem) return startRefusal(problem.message)
  }
  // The space's hours changed again between the refusal and this read.
  return startRefusal(EVENT_MESSAGES.startOutsideHours)
}

function startRefusal(message: string) {
  return new AppError('VALIDATION', message, { startTime: message })
}

/** The first closure that closes the booked space at one of the new times (ADR 0026). */
async function explainClosure(db: Executor, { organisationId, roomId, planned, timeZone }: ConflictCheck) {
  const from = new Date(Math.min(...planned.map((event) => event.start.getTime())))
  const to = new Date(Math.max(...planned.map((event) => event.end.getTime())))
  const closed = await closures.listClosuresInRange(db, organisationId, { from, to, facilityId: null, roomId })
  const there = closed.map(({ reason, startTime: start, endTime: end }) => ({ reason, start, end }))
  const [closure] = rules
    .groupIntoBookings(planned)
    .flatMap((parts) => rules.closuresOf({ parts, changeoverMinutes: 0, changeRoomIds: [] }, there))
  if (!closure) return new AppError('CONFLICT', 'The space is closed at that time')
  return new AppError('CONFLICT', formatClosureMessage(closure, timeZone))
}

/** The first change room asked for that another event holds at one of the new times (ADR 0025). */
async function explainChangeRoomClash(
  db: Executor,
  { organisationId, roomId, planned, excludeIds, timeZone, changeRoomIds }: ConflictCheck,
) {
  const from = new Date(Math.min(...planned.map((event) => event.start.getTime())))
  const to = new Date(Math.max(...planned.map((event) => event.end.getTime())))
  const { changeRooms, changeRoomMinutes } = await repository.listChangeRoomHolds(db, organisationId, roomId, {
    from,
    to,
    excludeIds,
    changeRoomIds,
  })
  // Each part holds its change rooms as schedules_hold_change_rooms does: not widened at the midnight that splits it.
  const [clash] = rules
    .groupIntoBookings(planned)
    .flatMap((parts) => rules.changeRoomClashesOf({ parts, changeoverMinutes: 0, changeRoomIds }, changeRooms, changeRoomMinutes))
  if (!clash) return new AppError('CONFLICT', 'A change room is in use at that time')
  const { changeRoom, holder } = clash
  return new AppError('CONFLICT', formatChangeRoomMessage(changeRoom.name, { ...holder, id: holder.eventId }, timeZone))
}

/**
 * The change rooms of the room's facility, each with the event holding it during [from, to)
 * (widened by the facility's change room time), for the event dialog's '(in use)'.
 */
export async function listChangeRoomUse(db: Db, organisationId: string, { roomId, from, to, excludeEventId }: ChangeRoomUseQuery) {
  const room = await repository.findRoomForBooking(db, organisationId, roomId, [])
  if (!room) throw notFound('Space')
  const excludeIds = excludeEventId ? await bookingIdsOf(db, organisationId, excludeEventId) : []
  const { changeRooms, changeRoomMinutes } = await repository.listChangeRoomHolds(db, organisationId, roomId, {
    from,
    to,
    excludeIds,
    changeRoomIds: null,
  })
  const pad = changeRoomMinutes * 60_000
  const wanted = { start: new Date(from.getTime() - pad), end: new Date(to.getTime() + pad) }
  return changeRooms.map(({ id, name, holds }) => {
    const holder = holds.find((hold) => rangesOverlap(wanted, hold.held))
    return {
      id,
      name,
      inUseBy: holder ? { eventId: holder.eventId, title: holder.title, startTime: holder.start, endTime: holder.end } : null,
    }
  })
}

function conflictError(conflicts: Conflict[], timeZone: string): AppError {
  return new AppError('CONFLICT', formatConflictMessage(conflicts, timeZone))
}

// Two bookings that clash can each find the other's uncommitted row and wait for it; PostgreSQL
// ends that deadlock by failing one, and its retry then meets the winner as a plain conflict.
const DEADLOCK_RETRIES = 3

/**
 * Runs the write. A booking that clashes meets the exclusion constraint (ADR 0024) and is answered
 * like any conflict, naming every event it clashes with.
 */
async function insertOrExplainConflict<T>(db: Db, check: ConflictCheck, write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      const code = findPostgresError(error)?.code
      // A contract's scope changed while the booking charged it (contract_usage_applies, ADR 0029):
      // tried again, the booking reads the new scope.
      if ((code === SQLSTATE.deadlockDetected || code === SQLSTATE.serializationFailure) && attempt < DEADLOCK_RETRIES) continue
      // A series edit can give one team the change room the other team of an occurrence already has.
      if (code === SQLSTATE.checkViolation && findPostgresError(error)?.constraint === START_RULE_CONSTRAINT) {
        throw await explainStart(db, check)
      }
      if (code === SQLSTATE.checkViolation && findPostgresError(error)?.constraint === SAME_CHANGE_ROOMS_CONSTRAINT) {
        throw new AppError('VALIDATION', EVENT_MESSAGES.sameChangeRooms, { changeRoom2Id: EVENT_MESSAGES.sameChangeRooms })
      }
      if (code === SQLSTATE.exclusionViolation && findPostgresError(error)?.constraint === CHANGE_ROOM_CONSTRAINT) {
        throw await explainChangeRoomClash(db, check)
      }
      if (code === SQLSTATE.exclusionViolation && findPostgresError(error)?.constraint === CLOSURE_CONSTRAINT) {
        throw await explainClosure(db, check)
      }
      if (code === SQLSTATE.exclusionViolation) {
        const conflicts = await findConflicts(db, check)
        throw conflicts.length > 0
          ? conflictError(conflicts, check.timeZone)
          : new AppError('CONFLICT', 'Time slot conflicts with an existing event')
      }
      // The room (or a change room) was deleted while the events were being written.
      if (code === SQLSTATE.foreignKeyViolation) throw notFound('Space')
      throw error
    }
  }
}

const CHANGE_ROOM_FIELDS = ['changeRoom1Id', 'changeRoom2Id'] as const

function chosenChangeRooms(details: Pick<EventDetails, 'changeRoom1Id' | 'changeRoom2Id'>): string[] {
  return CHANGE_ROOM_FIELDS.flatMap((field) => (details[field] === null ? [] : [details[field]]))
}

// `valid`: those of the chosen change rooms that are change rooms of the event's facility.
function requireChangeRooms(details: Pick<EventDetails, 'changeRoom1Id' | 'changeRoom2Id'>, valid: readonly string[]) {
  const invalid = CHANGE_ROOM_FIELDS.filter((field) => details[field] !== null && !valid.includes(details[field]))
  if (invalid.length > 0)
    throw new AppError('VALIDATION', CHANGE_ROOM_MESSAGE, Object.fromEntries(invalid.map((field) => [field, CHANGE_ROOM_MESSAGE])))
}
