import { z } from 'zod'
import { eventOutsideHours, facility } from '@shared/facilities/responses'
import { LIMITS, ROOM_TYPES } from '@shared/limits'
import { instant, wallClockTime } from '@shared/response-fields'

export const room = z.object({
  id: z.uuid(),
  facilityId: z.uuid(),
  name: z.string(),
  type: z.enum(ROOM_TYPES),
  capacity: z.int().nullable(),
  description: z.string().nullable(),
  operatingStartTime: wallClockTime,
  operatingEndTime: wallClockTime,
  /** Minutes */
  bookingInterval: z.literal(LIMITS.room.bookingIntervalOptions),
  /** The whole this space is a part of (linked spaces), or null. */
  parentId: z.uuid().nullable(),
  /** Minutes blocked after each booking made from now on. */
  changeoverMinutes: z.literal(LIMITS.room.changeoverOptions),
  /** 'Accept requests': renters may ask for its free time from the portal. */
  acceptsRequests: z.boolean(),
  createdAt: instant,
})

/** GET /api/facilities/:id/rooms, by name. */
export const roomListResponse = z.object({ rooms: z.array(room) })

/** POST /api/facilities/:id/rooms */
export const roomResponse = z.object({ room })

/** PUT /api/rooms/:id: the room, and its upcoming events now outside hours (earliest first, at most 100). */
export const roomUpdatedResponse = z.object({ room, eventsOutsideHours: z.array(eventOutsideHours) })

/** GET /api/rooms/:id: the room with what its page shows of its facility. */
export const roomDetailResponse = z.object({ room, facility: facility.pick({ id: true, name: true, timeZone: true }) })

/** GET /api/facilities/:id/change-rooms: what an event's change room choices offer. */
export const changeRoomListResponse = z.object({ changeRooms: z.array(z.object({ id: z.uuid(), name: z.string() })) })
