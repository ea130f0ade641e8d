import { z } from 'zod'
import { SCREEN_THEMES } from '@shared/limits'
import { instant } from '@shared/response-fields'
import { hexColor } from '@shared/schema-fields'

/** A room on a screen, in board order. */
const screenRoom = z.object({ roomId: z.uuid(), color: hexColor, name: z.string(), facilityName: z.string() })

export const screen = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string().nullable(),
  size: z.string().nullable(),
  /** The board's public address is /display/{slug}; it never changes. */
  slug: z.string(),
  theme: z.enum(SCREEN_THEMES),
  /** Where the public board loads the logo from; the address changes with the image. */
  logoUrl: z.string().nullable(),
  showTicker: z.boolean(),
  tickerText: z.string(),
  createdAt: instant,
  rooms: z.array(screenRoom),
})

/** GET /api/screens, newest first. */
export const screenListResponse = z.object({ screens: z.array(screen) })

/** GET, POST and PUT of one screen, and of its logo. */
export const screenResponse = z.object({ screen })
