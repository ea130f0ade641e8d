import { z } from 'zod'
import { instant } from '@shared/response-fields'
import { FEED_SCOPES } from './schema'

export const feed = z.object({
  id: z.uuid(),
  scope: z.enum(FEED_SCOPES),
  targetId: z.uuid(),
  /** The secret address; null when it can no longer be read back (the app's secret changed): reset it. */
  url: z.string().nullable(),
  /** Space and facility feeds only: client names and descriptions are shown. */
  includeClientNames: z.boolean(),
  createdAt: instant,
  resetAt: instant.nullable(),
})
export type Feed = z.output<typeof feed>

/** GET /api/feeds: the target's feed, or null while it has none. */
export const feedLookupResponse = z.object({ feed: feed.nullable() })

/** POST /api/feeds, POST /api/feeds/:id/reset, PUT /api/feeds/:id. */
export const feedResponse = z.object({ feed })
