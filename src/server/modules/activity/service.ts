import type { ActivityAction, ActivityChanges, ActivityEntity, ActivityQuery, ActivityValue } from '@shared/activity/schema'
import { ACTIVITY_PAGE_SIZE } from '@shared/activity/schema'
import type { ActivityEntry } from '@shared/activity/responses'
import type { Db, Executor } from '../../db/client'
import * as repository from './repository'

// The activity trail (docs/product.md#activity). Every write records what it did through
// recordActivity, on the executor of its own transaction, so a write that rolls back leaves no
// entry. Bookings record theirs inside the booking statement itself (src/server/booking/statement.ts).
// The database refuses to change or delete an entry (sql/activity_entries_immutable.sql).

/** Who did it: the signed-in person, by id and by the name they had then. */
export type Actor = { id: string; name: string }
/** The app itself, with no account: the outbox's worker (src/server/mail/worker.ts). */
export type SystemActor = { id: null; name: string }

export type ActivityRecord = {
  action: ActivityAction
  entity: ActivityEntity
  entityId: string | null
  /** What the thing is called: an event's title, a facility's name, a member's name. */
  label: string
  /** The facility the thing belongs to, whose zone its sentence is read in. */
  facility?: { id: string; timeZone: string } | null
  changes?: ActivityChanges
}

export async function recordActivity(
  executor: Executor,
  organisationId: string,
  actor: Actor | SystemActor,
  records: ActivityRecord | ActivityRecord[],
) {
  const list = Array.isArray(records) ? records : [records]
  await repository.insertEntries(
    executor,
    list.map((record) => ({
      organisationId,
      actorId: actor.id,
      actorName: actor.name,
      action: record.action,
      entity: record.entity,
      entityId: record.entityId,
      label: record.label,
      facilityId: record.facility?.id ?? null,
      timeZone: record.facility?.timeZone ?? null,
      changes: wellFormed(record.changes ?? {}),
    })),
  )
}

// A request's string may hold a lone surrogate, which jsonb refuses (its \u escape is invalid)
// though the text columns take it, as U+FFFD: the changes keep it as U+FFFD too.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function wellFormed(changes: ActivityChanges): ActivityChanges {
  const clean = (input: ActivityValue) => (typeof input === 'string' ? input.replace(LONE_SURROGATE, '\uFFFD') : input)
  return Object.fromEntries(
    Object.entries(changes).map(([field, { before, after }]) => [field, { before: clean(before), after: clean(after) }]),
  )
}

type Values = Record<string, ActivityValue | Date | undefined>

function value(input: ActivityValue | Date | undefined): ActivityValue {
  if (input instanceof Date) return input.toISOString()
  return input ?? null
}

/** A new thing's fields, each from nothing to its value; empty values are left out. */
export function createdChanges(after: Values): ActivityChanges {
  const changes: ActivityChanges = {}
  for (const [field, raw] of Object.entries(after)) {
    const next = value(raw)
    if (next !== null && next !== '') changes[field] = { before: null, after: next }
  }
  return changes
}

/** A deleted thing's fields, each from its value to nothing. */
export function deletedChanges(before: Values): ActivityChanges {
  const changes: ActivityChanges = {}
  for (const [field, raw] of Object.entries(before)) {
    const previous = value(raw)
    if (previous !== null && previous !== '') changes[field] = { before: previous, after: null }
  }
  return changes
}

/** The fields whose value differs, before → after; a field missing from `after` did not change. */
export function changedFields(before: Values, after: Values): ActivityChanges {
  const changes: ActivityChanges = {}
  for (const [field, raw] of Object.entries(after)) {
    if (raw === undefined) continue
    const previous = value(before[field])
    const next = value(raw)
    if (previous !== next) changes[field] = { before: previous, after: next }
  }
  return changes
}

const CURSOR_SEPARATOR = '_'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The ids one booking has had: an event, or both parts of an event split at midnight. The events
 * module knows them; app.ts hands its function in, so the trail, which every module writes to,
 * imports none of them (eslint.config.js: no-module-circle).
 */
export type BookingIdsOf = (db: Db, organisationId: string, eventId: string) => Promise<string[]>

export async function listActivity(db: Db, organisationId: string, query: ActivityQuery, bookingIdsOf: BookingIdsOf) {
  let before: { at: Date; id: number } | undefined
  if (query.before) {
    const [at, id] = query.before.split(CURSOR_SEPARATOR)
    before = { at: new Date(at!), id: Number(id) }
  }
  // An event's history covers both parts of a booking split at midnight.
  const entityIds =
    query.entityId === undefined
      ? undefined
      : query.kind === 'event' && UUID.test(query.entityId)
        ? await bookingIdsOf(db, organisationId, query.entityId)
        : [query.entityId]
  const rows = await repository.listEntries(
    db,
    organisationId,
    {
      actorId: query.person,
      entity: query.kind,
      entityIds,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before,
    },
    ACTIVITY_PAGE_SIZE + 1,
  )
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE)
  const last = page.at(-1)
  const entries: ActivityEntry[] = page.map((row) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action as ActivityAction,
    entity: row.entity as ActivityEntity,
    entityId: row.entityId,
    label: row.label,
    timeZone: row.timeZone,
    changes: row.changes as ActivityChanges,
  }))
  return {
    entries,
    nextBefore: rows.length > ACTIVITY_PAGE_SIZE && last ? `${last.at.toISOString()}${CURSOR_SEPARATOR}${last.id}` : null,
  }
}
