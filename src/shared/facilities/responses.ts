import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { instant, wallClockTime } from '@shared/response-fields'

export const facility = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  /** The IANA zone every day and midnight of the facility is computed in. */
  timeZone: z.string(),
  /** 'Change room time': minutes each event holds its change rooms before and after it. */
  changeRoomMinutes: z.int().min(0),
  /** 'Prime time' on the facility's clock, 'HH:MM'; an end of '00:00' is midnight. */
  primeTime: z.object({ weekdayStart: wallClockTime, weekdayEnd: wallClockTime, weekendStart: wallClockTime, weekendEnd: wallClockTime }),
  /** 'Hold requests for': hours a renter's request holds its slot before it expires unanswered. */
  holdRequestsHours: z.int().min(LIMITS.facility.holdRequestsHours.min).max(LIMITS.facility.holdRequestsHours.max),
  /** 'Release until': hours before its start that an upcoming booking can still be released. */
  releaseUntilHours: z.int().min(LIMITS.facility.releaseUntilHours.min).max(LIMITS.facility.releaseUntilHours.max),
  createdAt: instant,
})

/** GET /api/facilities, newest first. */
export const facilityListResponse = z.object({ facilities: z.array(facility) })

/** GET /api/facilities/count */
export const facilityCountResponse = z.object({ count: z.int().nonnegative() })

/** GET /api/facilities/:id, POST /api/facilities */
export const facilityResponse = z.object({ facility })

/**
 * An upcoming event that, after an edit, no longer fits its space's operating hours or booking
 * interval on the facility's clock. Listed for the operator; nothing is moved or deleted.
 */
export const eventOutsideHours = z.object({
  id: z.uuid(),
  title: z.string(),
  startTime: instant,
  endTime: instant,
  roomId: z.uuid(),
  roomName: z.string(),
})

/** PUT /api/facilities/:id: the facility, and its upcoming events now outside hours (earliest first, at most 100). */
export const facilityUpdatedResponse = z.object({ facility, eventsOutsideHours: z.array(eventOutsideHours) })

const clashingEvent = z.object({ id: z.uuid(), title: z.string(), startTime: instant, endTime: instant })

/**
 * GET /api/facilities/:id/change-room-clashes: change room assignments that already clashed when
 * change rooms became exclusive, while they still do (earliest first, at most 100).
 */
export const changeRoomClashListResponse = z.object({
  clashes: z.array(z.object({ changeRoomId: z.uuid(), changeRoomName: z.string(), event: clashingEvent, clashesWith: clashingEvent })),
})
