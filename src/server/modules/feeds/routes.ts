import { Hono } from 'hono'
import { createFeedInput, feedQuery, updateFeedInput } from '@shared/feeds/schema'
import { allow } from '../../auth/middleware'
import type { Database } from '../../db/client'
import { clientAddress } from '../../http/client-address'
import type { AppDeps, AppEnv, MemberEnv } from '../../http/context'
import { createUnknownAddressLimiter } from '../../http/unknown-address-limiter'
import { jsonBody, queryParams, uuidParams } from '../../http/validate'
import { logError } from '../../log'
import { createFeedCache, FEED_CHANGES_CHANNEL, type FeedCache } from './feed-cache'
import * as service from './service'

// One cache of served feeds per app instance (ADR 0059), shared by the public route that fills it
// and the operators' routes that reset or change a feed. An instance is its database handle.
const caches = new WeakMap<Database, FeedCache>()
function feedCacheOf(database: Database): FeedCache {
  let cache = caches.get(database)
  if (!cache) {
    const created = createFeedCache()
    database.listen(FEED_CHANGES_CHANNEL, created.changed).then(
      () => created.startCaching(),
      (error: unknown) => logError('feed change notifications are off; every feed request reads its fingerprint', error),
    )
    caches.set(database, created)
    cache = created
  }
  return cache
}

// Who may do what (ADR 0058): those who read the business (owner, manager, scheduler) may read a
// feed's address to share it; only those who manage the venue create, reset or change one. A
// target or feed of another organisation is a 404, like a missing one.
export function feedRoutes({ database, env }: AppDeps) {
  const { db } = database
  const cache = feedCacheOf(database)
  const app = new Hono<MemberEnv>()
  const feedId = uuidParams('Feed')
  const contextOf = (requestUrl: string) => ({ secret: env.authSecret, origin: env.baseUrl ?? new URL(requestUrl).origin })

  app.get('/feeds', allow('readBusiness'), queryParams(feedQuery), async (c) => {
    const { scope, targetId } = c.req.valid('query')
    return c.json({ feed: await service.getFeed(db, c.get('organisation').id, scope, targetId, contextOf(c.req.url)) })
  })

  app.post('/feeds', allow('manageVenue'), jsonBody(createFeedInput), async (c) => {
    const { feed, created } = await service.createFeed(db, c.get('organisation').id, c.req.valid('json'), contextOf(c.req.url))
    return c.json({ feed }, created ? 201 : 200)
  })

  app.post('/feeds/:id/reset', allow('manageVenue'), feedId, async (c) =>
    c.json({ feed: await service.resetFeed(db, cache, c.get('organisation').id, c.req.param('id'), contextOf(c.req.url)) }),
  )

  app.put('/feeds/:id', allow('manageVenue'), feedId, jsonBody(updateFeedInput), async (c) =>
    c.json({
      feed: await service.updateFeed(
        db,
        cache,
        c.get('organisation').id,
        c.req.param('id'),
        c.req.valid('json').includeClientNames,
        contextOf(c.req.url),
      ),
    }),
  )

  return app
}

// One answer for every address that opens no feed: malformed, unknown or reset. It says nothing
// about which, and is the body of any other 404 of the app's API.
const NOT_FOUND_BODY = { error: { code: 'NOT_FOUND', message: 'Not found' } } as const
// A calendar still subscribed to a reset feed asks about once an hour; someone trying tokens asks
// far more. Past this many unknown addresses a minute, one client address is refused for the rest
// of the minute; a real feed is never refused.
const UNKNOWN_FEED_LIMITS = { perWindow: 30, windowMs: 60_000, maxAddresses: 10_000 }
const RATE_LIMITED_BODY = {
  error: {
    code: 'RATE_LIMITED',
    message: 'Too many requests for calendar feeds that do not exist from this address. Please try again in a minute.',
  },
} as const

/**
 * GET /feeds/{token}.ics: the public feed, no session (calendar apps subscribe with the address
 * alone). Mounted outside /api, before the web app's assets.
 */
export function publicFeedRoutes({ database, env }: AppDeps) {
  const { db } = database
  const cache = feedCacheOf(database)
  // Per app instance, in memory, like the boards' (modules/public-display/routes.ts).
  const unknownFeeds = createUnknownAddressLimiter(UNKNOWN_FEED_LIMITS)
  const app = new Hono<AppEnv>()
  app.get('/:file', async (c) => {
    const file = c.req.param('file')
    const feed = file.endsWith('.ics') ? await service.readFeedByToken(db, cache, file.slice(0, -'.ics'.length)) : null
    if (!feed) return unknownFeeds.allow(clientAddress(c, env.trustProxy)) ? c.json(NOT_FOUND_BODY, 404) : c.json(RATE_LIMITED_BODY, 429)
    const headers = {
      ETag: feed.etag,
      'Cache-Control': 'private, max-age=300',
    }
    if (matchesEtag(c.req.header('if-none-match'), feed.etag)) return c.body(null, 304, headers)
    return c.body(await feed.body(), 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' })
  })
  app.all('*', (c) => c.json(NOT_FOUND_BODY, 404))
  return app
}

/** If-None-Match holds the ETag, or '*' (weak comparison, RFC 9110). */
function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value.replace(/^W\//, '') === etag
  })
}
