import { createHash } from 'node:crypto'
import { FEED_TOKEN_PATTERN, FEED_WINDOW, type CreateFeedInput, type FeedScope } from '@shared/feeds/schema'
import type { Feed } from '@shared/feeds/responses'
import type { Db } from '../../db/client'
import { notFound } from '../../errors'
import type { FeedCache } from './feed-cache'
import { joinSplitParts, renderFeed } from './ics'
import * as repository from './repository'
import type { FeedRow } from './repository'
import { hashToken, newToken, openToken, sealToken, tokenMatches } from './token'

const DAY_MS = 24 * 60 * 60 * 1000
const TARGET_NAMES: Record<FeedScope, string> = { client: 'Client', space: 'Space', facility: 'Facility' }

/** Where the feeds are served: /feeds/{token}.ics on the app's origin. */
export function feedPath(token: string) {
  return `/feeds/${token}.ics`
}

function toFeed(row: FeedRow, secret: string, origin: string): Feed {
  const token = openToken(row.tokenCiphertext, secret)
  return {
    id: row.id,
    scope: row.scope,
    targetId: repository.targetOf(row),
    url: token ? `${origin}${feedPath(token)}` : null,
    includeClientNames: row.includeClientNames,
    createdAt: row.createdAt.toISOString(),
    resetAt: row.resetAt?.toISOString() ?? null,
  }
}

type Context = { secret: string; origin: string }

export async function getFeed(db: Db, organisationId: string, scope: FeedScope, targetId: string, context: Context) {
  if (!(await repository.targetExists(db, organisationId, scope, targetId))) throw notFound(TARGET_NAMES[scope])
  const row = await repository.findFeedOfTarget(db, organisationId, scope, targetId)
  return row ? toFeed(row, context.secret, context.origin) : null
}

/** The target's feed, made now (created: true) or the one it already has. */
export async function createFeed(db: Db, organisationId: string, input: Required<CreateFeedInput>, context: Context) {
  if (!(await repository.targetExists(db, organisationId, input.scope, input.targetId))) throw notFound(TARGET_NAMES[input.scope])
  const token = newToken()
  const inserted = await repository.insertFeed(db, {
    organisationId,
    scope: input.scope,
    targetId: input.targetId,
    tokenHash: hashToken(token),
    tokenCiphertext: sealToken(token, context.secret),
    // A client's own feed always shows its details; the setting is for space and facility feeds.
    includeClientNames: input.scope === 'client' ? false : input.includeClientNames,
  })
  if (inserted) return { feed: toFeed(inserted, context.secret, context.origin), created: true }
  const existing = await repository.findFeedOfTarget(db, organisationId, input.scope, input.targetId)
  // The target was deleted between the two statements.
  if (!existing) throw notFound(TARGET_NAMES[input.scope])
  return { feed: toFeed(existing, context.secret, context.origin), created: false }
}

/** A new address; the old token's hash is replaced in the same statement, so it answers 404 at once. */
export async function resetFeed(db: Db, cache: FeedCache, organisationId: string, feedId: string, context: Context) {
  const token = newToken()
  const row = await repository.replaceToken(db, organisationId, feedId, hashToken(token), sealToken(token, context.secret))
  if (!row) throw notFound('Feed')
  // Other instances forget it when they hear of it (sql/announce_feed_change.sql).
  cache.forget(feedId)
  return toFeed(row, context.secret, context.origin)
}

export async function updateFeed(
  db: Db,
  cache: FeedCache,
  organisationId: string,
  feedId: string,
  includeClientNames: boolean,
  context: Context,
) {
  const feed = await repository.findOwnedFeed(db, organisationId, feedId)
  if (!feed) throw notFound('Feed')
  // A client's feed is that client's own: there is nothing to hide from it.
  const row = await repository.setIncludeClientNames(db, organisationId, feedId, feed.scope === 'client' ? false : includeClientNames)
  if (!row) throw notFound('Feed')
  cache.forget(feedId)
  return toFeed(row, context.secret, context.origin)
}

export type FeedAnswer = { etag: string; body: () => Promise<string> }

/**
 * Bump when renderFeed's output changes for the same bookings (a new field, another format), so
 * that calendars holding an ETag of the old output get the new one.
 */
const FEED_FORMAT = 1

const windowAt = (time: number) => ({
  from: new Date(time - FEED_WINDOW.daysBack * DAY_MS),
  to: new Date(time + FEED_WINDOW.daysAhead * DAY_MS),
})

/**
 * The feed a token opens, or null for a malformed, unknown or revoked token: the caller answers
 * all of these alike. The window is FEED_WINDOW around `now`. The ETag comes from the feed's
 * fingerprint (what its bookings show, its name and its setting), so an unchanged feed answers
 * 304 without being rendered, and its body is rendered once per change. Each instance keeps what
 * a token opened (feed-cache.ts): until a change of the feed is announced, or its window's edges
 * reach a booking, the answer comes from memory without the database (ADR 0059).
 */
export async function readFeedByToken(db: Db, cache: FeedCache, token: string, now = Date.now()): Promise<FeedAnswer | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null
  const tokenHash = hashToken(token)
  const kept = cache.get(tokenHash)
  const checked = kept ?? (await checkFeed(db, cache, token, tokenHash, now))
  if (!checked) return null
  const { feed, name, clientDetails } = checked
  const render = () =>
    repository
      .listFeedEvents(db, feed, windowAt(now))
      .then((rows) => renderFeed(name ?? 'Fieldhouse', joinSplitParts(rows), { clientDetails }))
  return { etag: checked.etag, body: () => cache.bodyOf(checked, render) }
}

/** Reads the feed a token opens and its fingerprint, and keeps them unless a change was announced meanwhile. */
async function checkFeed(db: Db, cache: FeedCache, token: string, tokenHash: string, now: number) {
  const keep = cache.beginRead()
  const feed = await repository.findFeedByTokenHash(db, tokenHash)
  if (!feed || !tokenMatches(token, feed.tokenHash)) return null
  const window = windowAt(now)
  const clientDetails = feed.scope === 'client' || feed.includeClientNames
  const [name, { fingerprint, firstEnd, nextStart }] = await Promise.all([
    repository.targetName(db, feed),
    repository.feedFingerprint(db, feed, window, clientDetails),
  ])
  const key = JSON.stringify([FEED_FORMAT, feed.id, clientDetails, name, fingerprint])
  const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`
  // The window moves with the clock: the first booking in it leaves FEED_WINDOW.daysBack after it
  // ends, and the next one after it comes in FEED_WINDOW.daysAhead before it starts.
  const changesAt = Math.min(
    firstEnd ? firstEnd.getTime() + FEED_WINDOW.daysBack * DAY_MS : Infinity,
    nextStart ? nextStart.getTime() - FEED_WINDOW.daysAhead * DAY_MS : Infinity,
  )
  return keep(tokenHash, { feed, name, clientDetails, etag, changesAt: Number.isFinite(changesAt) ? changesAt : null })
}
