import { eventCursorOf, type EventListQuery, type EventRangeQuery, type UpcomingEventsQuery } from '@shared/events/schema'
import { LIMITS } from '@shared/limits'
import type { Db } from '../../db/client'
import * as repository from './repository'

// The events module reads bookings for lists, the month grid and the timeline. Every write of
// anything that occupies a space is the booking module's (src/server/booking).

// A search reads at most this many upcoming events for one page, matching or not, so a rare word
// costs one short walk per page however long the season is; the next page goes on from there.
const SEARCH_SCAN_LIMIT = 2000

/**
 * A page of upcoming events (docs/product.md#events), earliest first, with the cursor of the next
 * page, or null on the last. A search's page may hold fewer than a page's worth, or none, and
 * still have a next one: the walk stopped at SEARCH_SCAN_LIMIT before it filled the page.
 */
export async function listUpcomingEvents(db: Db, organisationId: string, query: UpcomingEventsQuery) {
  const pageSize = LIMITS.eventsList.limit
  const { events, scannedTo } = await repository.listUpcomingPage(db, organisationId, {
    now: new Date(),
    facilityId: query.facilityId,
    roomId: query.roomId,
    clientId: query.clientId,
    kind: query.kind,
    search: query.q,
    after: query.after,
    // One more than the page, to know whether another follows.
    limit: pageSize + 1,
    scanLimit: SEARCH_SCAN_LIMIT,
  })
  const page = events.slice(0, pageSize)
  const resumeAfter = events.length > pageSize ? page.at(-1)! : scannedTo
  return { events: page, nextAfter: resumeAfter ? eventCursorOf(resumeAfter) : null }
}

export function listPastEvents(db: Db, organisationId: string, filter: EventListQuery) {
  return repository.listPastEvents(db, organisationId, { now: new Date(), ...filter, limit: LIMITS.eventsList.limit })
}

export function listEventsInRange(db: Db, organisationId: string, query: EventRangeQuery) {
  return repository.listEventsInRange(db, organisationId, query)
}

/**
 * A month grid's days: each local day [from, to) reaches on a facility's calendar, with its first
 * events and how many it has in all. The web asks a day more either side of the grid, in the
 * viewer's zone, so that every facility's calendar covers every day the grid shows.
 */
export function listMonthDays(db: Db, organisationId: string, range: { from: Date; to: Date }) {
  return repository.listDayPreviews(db, organisationId, { ...range, perDay: LIMITS.calendar.monthCellEvents })
}

export function listBookableRooms(db: Db, organisationId: string) {
  return repository.listBookableRooms(db, organisationId)
}
