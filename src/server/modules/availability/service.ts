import type { FreeSlotsQuery } from '@shared/availability/schema'
import { LIMITS } from '@shared/limits'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { findFreeSlots, type FreeSlotSearch } from '@shared/scheduling/free-slots'
import { localDayRange, todayInZone } from '@shared/scheduling/local-day'
import type { Db } from '../../db/client'
import { notFound } from '../../errors'
import { listClosuresInRange } from '../../booking'
import { getFacility } from '../facilities/service'
import * as repository from './repository'

const MS_PER_MINUTE = 60_000

/**
 * Find Ice (docs/product.md#find-ice, ADR 0048): the slots of today and the coming weeks in which
 * a booking of the duration would be accepted, in four queries whatever the number of spaces and
 * weeks: the facility, its spaces, what holds them (space_occupancy) and its closures. The rules
 * are the shared ones (findFreeSlots); the database's constraints still decide the booking.
 */
export async function findFreeIce(db: Db, organisationId: string, query: FreeSlotsQuery, now: Date) {
  const facility = await getFacility(db, organisationId, query.facilityId)
  const all = await repository.listFacilitySpaces(db, organisationId, facility.id)
  if (query.spaceId !== null && !all.some((space) => space.id === query.spaceId)) throw notFound('Space')
  const candidates = all.filter(
    (space) =>
      space.type !== 'change_room' &&
      (query.spaceId === null || space.id === query.spaceId) &&
      (query.spaceType === null || space.type === query.spaceType),
  )

  const firstDate = todayInZone(facility.timeZone, now)
  const lastDate = addCalendarDays(firstDate, query.weeks * 7 - 1)
  const { slots, isTruncated } = await searchSlots(db, organisationId, facility, all, candidates, {
    firstDate,
    lastDate,
    weekdays: query.weekdays,
    durationMinutes: query.durationMinutes,
    earliestStart: query.earliestStart,
    latestEnd: query.latestEnd,
    now,
    maxResults: LIMITS.findIce.maxResults,
  })
  return {
    facility: { id: facility.id, name: facility.name, timeZone: facility.timeZone },
    firstDate,
    lastDate,
    spaces: candidates.map(({ parentId: _parentId, ...space }) => space),
    slots,
    isTruncated,
  }
}

type Space = Awaited<ReturnType<typeof repository.listFacilitySpaces>>[number]

/** The shared search over `candidates`, reading what holds the facility's spaces and its closures over the days searched. */
async function searchSlots(
  db: Db,
  organisationId: string,
  facility: { id: string; timeZone: string },
  all: Space[],
  candidates: Space[],
  search: Omit<FreeSlotSearch, 'candidates' | 'tree' | 'held' | 'closures' | 'timeZone'>,
) {
  const from = localDayRange(search.firstDate, facility.timeZone).start
  const to = localDayRange(search.lastDate, facility.timeZone).end
  // A slot at the day's end still needs its changeover free after it.
  const longestChangeover = Math.max(0, ...candidates.map((space) => space.changeoverMinutes))
  const tree = all.filter((space) => space.type !== 'change_room')
  const [held, closures] = await Promise.all([
    repository.listHeldUnits(
      db,
      organisationId,
      tree.map(({ id }) => id),
      { start: from, end: new Date(to.getTime() + longestChangeover * MS_PER_MINUTE) },
    ),
    listClosuresInRange(db, organisationId, { from, to, facilityId: facility.id, roomId: null }),
  ])
  return findFreeSlots({
    ...search,
    candidates,
    tree,
    held,
    closures: closures.map(({ spaceId, startTime, endTime }) => ({ spaceId, start: startTime, end: endTime })),
    timeZone: facility.timeZone,
  })
}

/** A facility as the renters' search reads it: its spaces, every kind, each saying whether it accepts requests. */
export interface SearchFacility {
  id: string
  organisationId: string
  timeZone: string
  spaces: (Space & { acceptsRequests: boolean })[]
}

/**
 * A facility of one of the organisations with all its spaces, in one query; null when it is none
 * of theirs or has no space. The renters' free-slot search starts from it (findFreeSlotsOfSpaces).
 */
export async function readSearchFacility(db: Db, organisationIds: readonly string[], facilityId: string): Promise<SearchFacility | null> {
  const rows = await repository.listFacilitySpacesWithZone(db, organisationIds, facilityId)
  if (rows.length === 0) return null
  const { organisationId, timeZone } = rows[0]!
  return { id: facilityId, organisationId, timeZone, spaces: rows.map(({ organisationId: _o, timeZone: _t, ...space }) => space) }
}

/**
 * The free slots of some spaces of a facility on one of its days (the renters' 'Request Ice',
 * docs/product.md#renters): Find Ice's own search, whatever holds the ice (a booking or another
 * renter's request) counted alike and never named. A slot that has started is never offered. The
 * caller names the spaces it may offer; one that is not the facility's is a 404.
 */
export async function findFreeSlotsOfSpaces(
  db: Db,
  facility: SearchFacility,
  { spaceIds, date, durationMinutes }: { spaceIds: readonly string[]; date: string; durationMinutes: number },
  now: Date,
) {
  const all = facility.spaces
  const spaces = all.filter((candidate) => spaceIds.includes(candidate.id) && candidate.type !== 'change_room')
  if (spaces.length !== spaceIds.length) throw notFound('Space')
  const { slots } = await searchSlots(db, facility.organisationId, facility, all, spaces, {
    firstDate: date,
    lastDate: date,
    weekdays: [],
    durationMinutes,
    earliestStart: '00:00',
    latestEnd: '23:59',
    now,
    // A day of these spaces: every start each has.
    maxResults: 24 * 60 * spaces.length,
  })
  return { timeZone: facility.timeZone, spaces, slots }
}
