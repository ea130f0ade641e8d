import { z } from 'zod'

// Calendar feeds (docs/product.md#calendar-feeds, ADR 0058): a secret .ics address for a client's,
// a space's or a facility's bookings.
export const FEED_SCOPES = ['client', 'space', 'facility'] as const
export type FeedScope = (typeof FEED_SCOPES)[number]

export const FEED_MESSAGES = {
  scope: 'Please choose a client, space or facility feed',
  target: 'Please choose what the feed follows',
  includeClientNames: 'includeClientNames must be true or false',
  copied: 'Feed URL copied to clipboard!',
  reset: 'Feed URL reset. The old address no longer works.',
  googleRefresh: 'Google Calendar refreshes subscribed calendars only every 8 to 24 hours; other apps refresh about hourly.',
} as const

export const FEED_WINDOW = {
  /** How far back a feed reaches: a season's recent weeks, for looking back at what was played. */
  daysBack: 90,
  /** How far ahead: a season and the next one's start; further bookings appear as time passes. */
  daysAhead: 548,
} as const

/** What a subscribed calendar is told to wait between refreshes (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 3600

/** A token: 32 random bytes, base64url without padding. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

const scope = z.enum(FEED_SCOPES, { error: FEED_MESSAGES.scope })
const targetId = z.uuid({ error: FEED_MESSAGES.target })
const includeClientNames = z.boolean({ error: FEED_MESSAGES.includeClientNames })

/** GET /api/feeds?scope=&targetId=: the feed of one client, space or facility. */
export const feedQuery = z.object({ scope, targetId })
export type FeedQuery = z.output<typeof feedQuery>

/** POST /api/feeds: creates the target's feed, or answers the one it has. */
export const createFeedInput = z.object({ scope, targetId, includeClientNames: includeClientNames.default(false) })
export type CreateFeedInput = z.input<typeof createFeedInput>

/** PUT /api/feeds/:id: whether a space's or facility's feed shows client names and descriptions. */
export const updateFeedInput = z.object({ includeClientNames })
export type UpdateFeedInput = z.output<typeof updateFeedInput>
