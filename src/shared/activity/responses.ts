import { z } from 'zod'
import { instant } from '@shared/response-fields'
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES, activityChanges } from './schema'

export const activityEntry = z.object({
  id: z.string(),
  at: instant,
  /** Null once the account is gone; the name stays as it was. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  entity: z.enum(ACTIVITY_ENTITIES),
  entityId: z.string().nullable(),
  /** What the thing was called then: an event's title, a facility's name. */
  label: z.string(),
  /** The zone of the facility the thing belongs to, for its sentence; null outside any facility. */
  timeZone: z.string().nullable(),
  changes: activityChanges,
})
export type ActivityEntry = z.infer<typeof activityEntry>

/** GET /api/activity: `nextBefore` asks for the page after this one; null on the last page. */
export const activityPageResponse = z.object({ entries: z.array(activityEntry), nextBefore: z.string().nullable() })
