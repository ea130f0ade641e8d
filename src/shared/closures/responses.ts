import { z } from 'zod'
import { calendarDay, instant } from '@shared/response-fields'

/** A closure, with where it applies and the zone its times are shown in. */
export const closure = z.object({
  id: z.uuid(),
  facilityId: z.uuid(),
  facilityName: z.string(),
  timeZone: z.string(),
  /** Null: the whole facility. */
  spaceId: z.uuid().nullable(),
  spaceName: z.string().nullable(),
  reason: z.string(),
  startTime: instant,
  endTime: instant,
})
export type Closure = z.infer<typeof closure>

/** GET /api/closures (a range) and GET /api/facilities/:id/closures (those not yet over, soonest first). */
export const closureListResponse = z.object({ closures: z.array(closure) })

/** An event a closure covers: booked on a space it closes, at a time it closes. */
export const coveredEvent = z.object({
  id: z.uuid(),
  title: z.string(),
  startTime: instant,
  endTime: instant,
  roomName: z.string(),
})

/** POST /api/facilities/:id/closures/preview: the events the closure would cover, soonest first (the first 200), and how many in all. */
export const closurePreviewResponse = z.object({ events: z.array(coveredEvent), total: z.int().min(0) })

/**
 * POST /api/facilities/:id/closures: the closure, how many covered events were kept or cancelled,
 * and how many renters' pending requests it declined.
 */
export const createClosureResponse = z.object({
  closure,
  kept: z.int().min(0),
  cancelled: z.int().min(0),
  declinedRequests: z.int().min(0),
})

/** GET /api/holidays/countries: the countries whose public holidays can be added, by name, with their states or provinces. */
export const holidayCountriesResponse = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      regions: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
})

/** A public holiday in the chosen days, and whether a closure of the whole facility already covers its day. */
export const publicHoliday = z.object({ date: calendarDay, name: z.string(), isAlreadyClosed: z.boolean() })

/** POST /api/facilities/:id/closures/holidays/preview: the holidays, in date order, and the events the new closures would cover. */
export const holidayClosuresPreviewResponse = z.object({
  holidays: z.array(publicHoliday),
  events: z.array(coveredEvent),
  total: z.int().min(0),
})

/** POST /api/facilities/:id/closures/holidays: how many closures were added, the holidays skipped as already closed, and the covered events kept or cancelled. */
export const holidayClosuresResponse = z.object({
  added: z.int().min(0),
  skipped: z.array(publicHoliday),
  kept: z.int().min(0),
  cancelled: z.int().min(0),
  declinedRequests: z.int().min(0),
})
