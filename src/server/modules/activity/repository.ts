import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { ActivityAction, ActivityChanges, ActivityEntity } from '@shared/activity/schema'
import type { Executor } from '../../db/client'
import { activityEntries } from '../../db/schema'

export type NewActivityEntry = {
  organisationId: string
  actorId: string | null
  actorName: string
  action: ActivityAction
  entity: ActivityEntity
  entityId: string | null
  label: string
  facilityId: string | null
  timeZone: string | null
  changes: ActivityChanges
}

export async function insertEntries(executor: Executor, entries: NewActivityEntry[]) {
  if (entries.length === 0) return
  await executor.insert(activityEntries).values(entries)
}

export type EntryFilter = {
  actorId?: string
  entity?: ActivityEntity
  entityIds?: string[]
  from?: Date
  to?: Date
  // The last entry of the page before: the next page starts strictly after it.
  before?: { at: Date; id: number }
}

/**
 * The organisation's entries newest first, `limit` at a time. Every filter has an index that
 * leads with the organisation and ends with (at, id), so a page is one short index walk however
 * long the trail is.
 */
export function listEntries(executor: Executor, organisationId: string, filter: EntryFilter, limit: number) {
  const { before } = filter
  return (
    executor
      .select({
        id: activityEntries.id,
        at: activityEntries.at,
        actorId: activityEntries.actorId,
        actorName: activityEntries.actorName,
        action: activityEntries.action,
        entity: activityEntries.entity,
        entityId: activityEntries.entityId,
        label: activityEntries.label,
        timeZone: activityEntries.timeZone,
        changes: activityEntries.changes,
      })
      .from(activityEntries)
      .where(
        and(
          eq(activityEntries.organisationId, organisationId),
          filter.actorId !== undefined ? eq(activityEntries.actorId, filter.actorId) : undefined,
          filter.entity !== undefined ? eq(activityEntries.entity, filter.entity) : undefined,
          filter.entityIds !== undefined ? inArray(activityEntries.entityId, filter.entityIds) : undefined,
          filter.from ? gte(activityEntries.at, filter.from) : undefined,
          filter.to ? lt(activityEntries.at, filter.to) : undefined,
          before
            ? sql`(${activityEntries.at}, ${activityEntries.id}) < (${before.at.toISOString()}::timestamptz, ${before.id})`
            : undefined,
        ),
      )
      // As the indexes are ordered (DESC NULLS LAST, Drizzle's descending): a plain DESC would mean
      // NULLS FIRST, and PostgreSQL would sort every matching entry instead of walking the index.
      .orderBy(sql`${activityEntries.at} desc nulls last`, sql`${activityEntries.id} desc nulls last`)
      .limit(limit)
  )
}
