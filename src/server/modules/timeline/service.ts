import type { Db } from '../../db/client'
import { notFound } from '../../errors'
import * as repository from './repository'

// An open timeline renews its watch well before it lapses, so a slow renewal never opens a gap;
// a closed one stops announcing within WATCH_MINUTES.
export const WATCH_MINUTES = 2
export const WATCH_RENEW_MS = 45_000

/** Announces the facility's booking changes for the next few minutes (ADR 0030); another organisation's facility is a 404. */
export async function watchTimeline(db: Db, organisationId: string, facilityId: string, now = new Date()): Promise<void> {
  const until = new Date(now.getTime() + WATCH_MINUTES * 60_000)
  if (!(await repository.watchFacility(db, organisationId, facilityId, until))) throw notFound('Facility')
}

/**
 * Until when the facility's bookings are announced to every instance (ADR 0030), or null when no
 * timeline watches it: what a cached read of its events may rely on (ADR 0032). Reads only.
 */
export function announcedUntil(db: Db, organisationId: string, facilityId: string): Promise<Date | null> {
  return repository.findWatch(db, organisationId, facilityId)
}
