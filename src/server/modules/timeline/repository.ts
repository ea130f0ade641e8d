import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { facilities, timelineWatches } from '../../db/schema'

/**
 * Keeps the organisation's facility watched until at least `until` (ADR 0030), in one statement
 * that finds the facility in the organisation: false, and nothing written, when there is none.
 */
export async function watchFacility(db: Executor, organisationId: string, facilityId: string, until: Date): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${timelineWatches} (organisation_id, facility_id, expires_at)
    select ${facilities.organisationId}, ${facilities.id}, ${until.toISOString()}::timestamptz from ${facilities}
    where ${facilities.organisationId} = ${organisationId} and ${facilities.id} = ${facilityId}
    on conflict (organisation_id, facility_id)
    do update set expires_at = greatest(${timelineWatches.expiresAt}, excluded.expires_at)
    returning facility_id`)
  // Both drivers answer with { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length > 0
}

/** Until when the facility's bookings are announced: its watch's expiry, or null when none is live. */
export async function findWatch(db: Executor, organisationId: string, facilityId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: timelineWatches.expiresAt })
    .from(timelineWatches)
    .where(
      and(
        eq(timelineWatches.organisationId, organisationId),
        eq(timelineWatches.facilityId, facilityId),
        gt(timelineWatches.expiresAt, sql`now()`),
      ),
    )
  return row?.expiresAt ?? null
}
