import { z } from 'zod'
import { EVENT_TYPES, LIMITS } from '@shared/limits'
import { calendarDay, instant, wallClockTime } from '@shared/response-fields'
import { OCCUPANCY_KINDS } from './schema'

/** An event as stored: a split part carries ' (Part N)' and shares its eventGroupId with its partner. */
export const scheduledEvent = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  startTime: instant,
  endTime: instant,
  color: z.string(),
  eventType: z.enum(EVENT_TYPES),
  team1Name: z.string().nullable(),
  team2Name: z.string().nullable(),
  changeRoom1Id: z.uuid().nullable(),
  changeRoom2Id: z.uuid().nullable(),
  // Null once the client is deleted: the event stays as history.
  clientId: z.uuid().nullable(),
  eventGroupId: z.uuid().nullable(),
  /** Minutes the space stays blocked after the event: its space's changeover when it was booked. */
  changeoverMinutes: z.int().min(0),
  /** Raised by every change: an edit sends back the version it was based on. */
  version: z.int().min(1),
  /** The series the event was booked in (GET /api/series/:id), null for a single booking. */
  seriesId: z.uuid().nullable(),
  /** False once the event was changed by itself: series edits leave it as it is. */
  followsRule: z.boolean(),
})

/**
 * The one event every read answers: the event with where it happens and the zone its times are
 * shown in, and what it is: a booking, or a renter's request holding the ice while it is pending
 * (a hold, drawn hatched as 'Pending'; docs/product.md#renters).
 */
export const placedEvent = scheduledEvent.extend({
  kind: z.enum(OCCUPANCY_KINDS),
  roomName: z.string(),
  facilityId: z.uuid(),
  facilityName: z.string(),
  timeZone: z.string(),
})

/** GET /api/events (a range, optionally of one facility or space) and /api/events/past. */
export const eventListResponse = z.object({ events: z.array(placedEvent) })

/** An event in the upcoming list: also who booked it and the change rooms it holds, by name. */
export const listedEvent = placedEvent.extend({
  // Null once the client is deleted, as its id is.
  clientName: z.string().nullable(),
  /** The home change room, or a practice's only one. */
  changeRoom1Name: z.string().nullable(),
  changeRoom2Name: z.string().nullable(),
})

/** GET /api/events/upcoming: a page of events; `nextAfter` asks for the page after it, null on the last. */
export const upcomingEventsResponse = z.object({ events: z.array(listedEvent), nextAfter: z.string().nullable() })

/** GET /api/events/month: each local day's first events and how many it has in all. */
export const monthDaysResponse = z.object({
  days: z.array(z.object({ date: calendarDay, total: z.int().min(1), events: z.array(placedEvent) })),
})

/** POST /api/events; skipped: the occurrences left out as taken (with skipTaken), else 0. */
export const createEventsResponse = z.object({
  events: z.array(scheduledEvent).min(1),
  isSplit: z.boolean(),
  isRecurring: z.boolean(),
  skipped: z.int().min(0),
})

/**
 * POST /api/events/preview: each occurrence a create would book, in order, with why it is taken:
 * 'clash' ('Clashes with "{title}"'), 'closed' ('Closed: {reason}') or 'changeRoom' ('Change room "{name}" is in use by "{title}"').
 */
export const eventPreviewResponse = z.object({
  occurrences: z.array(
    z.object({
      startTime: instant,
      endTime: instant,
      status: z.enum(['free', 'clash', 'closed', 'changeRoom']),
      reason: z.string().nullable(),
    }),
  ),
})

/**
 * PUT /api/events/:id. A series edit ('following' or 'all') also says how many occurrences it
 * changed, how many taken dates it left as they were (skipTaken) and how many changed by
 * themselves it left alone; a single edit answers 1, 0, 0.
 */
export const updateEventResponse = z.object({
  events: z.array(scheduledEvent).min(1),
  isSplit: z.boolean(),
  changed: z.int().min(0),
  skipped: z.int().min(0),
  leftAsChanged: z.int().min(0),
})

/** GET /api/series/:id: the rule in parts, and how many occurrences it has (a split event once). */
export const seriesResponse = z.object({
  id: z.uuid(),
  frequency: z.enum(['daily', 'weekly', 'monthly']),
  weekdays: z.array(z.int().min(0).max(6)),
  startDate: calendarDay,
  endDate: calendarDay,
  version: z.int().min(1),
  eventCount: z.int().min(0),
  changedCount: z.int().min(0),
})

/** GET /api/events/rooms: every space an event can be booked in, with what the dialog needs of it. */
export const bookableRoomListResponse = z.object({
  rooms: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      operatingStartTime: wallClockTime,
      operatingEndTime: wallClockTime,
      bookingInterval: z.literal(LIMITS.room.bookingIntervalOptions),
      facilityId: z.uuid(),
      facilityName: z.string(),
      timeZone: z.string(),
    }),
  ),
})

/** GET /api/events/change-rooms: each change room of the facility, with the event holding it then, if any. */
export const changeRoomUseResponse = z.object({
  changeRooms: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      inUseBy: z.object({ eventId: z.uuid(), title: z.string(), startTime: instant, endTime: instant }).nullable(),
    }),
  ),
})
