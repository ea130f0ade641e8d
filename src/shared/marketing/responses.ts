import { z } from 'zod'
import { ROOM_TYPES } from '@shared/limits'
import { instant } from '@shared/response-fields'

/** [start, end) */
export const availabilitySlot = z.object({ start: instant, end: instant, isAvailable: z.boolean() })

/** A room that can be sold (any type but change rooms) with its slots in the window. */
export const roomAvailability = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ROOM_TYPES),
  /** The whole this space is part of (docs/product.md#linked-spaces), sold with it as one inventory. */
  parentId: z.uuid().nullable(),
  slots: z.array(availabilitySlot),
})

/** GET /api/marketing/availability */
export const availabilityResponse = z.object({
  facility: z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() }),
  /** From the server's now to now + hours ahead. */
  window: z.object({ start: instant, end: instant }),
  rooms: z.array(roomAvailability),
})
