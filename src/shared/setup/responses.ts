import { z } from 'zod'
import { LIMITS, ROOM_TYPES } from '@shared/limits'
import { instant } from '@shared/response-fields'
import { hexColor } from '@shared/schema-fields'

/** As the server derives it from the rows each step created (ADR 0010). */
export const stepStatus = z.enum(['open', 'done', 'skipped', 'not-needed'])

/** A screen the wizard made, with the spaces it shows. */
const setupDisplay = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string().nullable(),
  size: z.string().nullable(),
  /** The board's public address is /display/{slug}. */
  slug: z.string(),
  rooms: z.array(z.object({ roomId: z.uuid(), name: z.string(), color: hexColor })),
})

/** What the operator's wizard has made so far, in the order each step made it. */
export const setupProgress = z.object({
  facility: z.object({
    id: z.uuid(),
    name: z.string(),
    address: z.string().nullable(),
    description: z.string().nullable(),
    timeZone: z.string(),
  }),
  spaces: z.array(z.object({ id: z.uuid(), name: z.string(), type: z.enum(ROOM_TYPES), capacity: z.int().nullable() })),
  changeRooms: z.array(z.object({ id: z.uuid(), name: z.string() })),
  displays: z.array(setupDisplay),
  client: z.object({ id: z.uuid(), name: z.string(), company: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** Steps 1 to 6, in order. */
  steps: z.array(stepStatus).length(LIMITS.wizard.steps),
  /** Where the wizard resumes: the first open step. */
  currentStep: z.int().min(1).max(LIMITS.wizard.steps),
  completedAt: instant.nullable(),
})

/** GET /api/setup/progress: null when there is no unfinished wizard to resume. */
export const setupProgressResponse = z.object({ progress: setupProgress.nullable() })

/** Every step's POST answers with the whole progress, which replaces the cached one. */
export const setupStepResponse = z.object({ progress: setupProgress })
