import type { FeedRow } from './repository'

/** The channel the triggers in sql/ notify on: 'feed:<feed id>' or 'organisation:<id>' (ADR 0059). */
export const FEED_CHANGES_CHANNEL = 'feed_changes'

// A checked feed is answered from memory for an hour at most: the net under a write that
// announced nothing (one made with triggers disabled, a restore), as for boards (ADR 0016).
const KEEP_MS = 60 * 60 * 1000
// Feeds kept at most, least recently served dropped first: a bound on memory (a season of
// bookings renders to some hundreds of kilobytes), not a policy.
const FEEDS_KEPT = 200

/** What a feed's token opened when last read from the database, and its rendering once made. */
export type CheckedFeed = {
  feed: FeedRow
  /** What the subscribed calendar is called (the target's name). */
  name: string | null
  clientDetails: boolean
  etag: string
  /** Until when the feed is answered from memory: its window's edges move past a booking then, or KEEP_MS is up. */
  validUntil: number
  /** The rendered body, made on the first request that wants it; null until then or after a failure. */
  body: Promise<string> | null
}

/**
 * Each app instance keeps the feeds it served, by token hash, so that a calendar asking again
 * about an unchanged feed costs no database work (ADR 0059). Correctness rests on the
 * announcements of sql/, which every instance hears:
 * - 'feed:<id>' (its bookings, its reset, its setting, its deletion) drops that feed, and
 *   'organisation:<id>' (a name, a zone or the spaces' tree) every feed of the organisation;
 * - a null (notifications may have been missed) drops everything, and while the instance is not
 *   listening nothing is kept;
 * - a read under way when an announcement arrived is answered but not kept, since it may have
 *   started before the change committed.
 */
export function createFeedCache(now: () => number = Date.now) {
  // By token hash; a Map keeps insertion order, so the first is the least recently served.
  const feeds = new Map<string, CheckedFeed>()
  let announcements = 0
  let hasStarted = false
  let isListening = true

  const drop = (concerns: (checked: CheckedFeed) => boolean) => {
    for (const [tokenHash, checked] of [...feeds]) if (concerns(checked)) feeds.delete(tokenHash)
  }

  return {
    /** The feed a token hash opened, while it may still be answered from memory. */
    get(tokenHash: string): CheckedFeed | null {
      const checked = feeds.get(tokenHash)
      if (!checked || now() >= checked.validUntil) return null
      feeds.delete(tokenHash)
      feeds.set(tokenHash, checked)
      return checked
    },

    /**
     * Call before reading a feed from the database; the function it returns keeps what was read,
     * unless an announcement arrived in between. An expired entry whose ETag is unchanged hands
     * its rendering on, so an unchanged feed is rendered once, however long it is kept.
     */
    beginRead() {
      const announcedBefore = announcements
      return (tokenHash: string, { changesAt, ...read }: Omit<CheckedFeed, 'body' | 'validUntil'> & { changesAt: number | null }) => {
        const previous = feeds.get(tokenHash)
        const checked: CheckedFeed = {
          ...read,
          validUntil: Math.min(now() + KEEP_MS, changesAt ?? Infinity),
          body: previous?.etag === read.etag ? previous.body : null,
        }
        if (hasStarted && isListening && announcements === announcedBefore) {
          feeds.delete(tokenHash)
          feeds.set(tokenHash, checked)
          if (feeds.size > FEEDS_KEPT) feeds.delete(feeds.keys().next().value!)
        }
        return checked
      }
    },

    /** The body of a checked feed, rendered by `render` once; a failed rendering is tried again next time. */
    bodyOf(checked: CheckedFeed, render: () => Promise<string>): Promise<string> {
      if (checked.body) return checked.body
      const rendering = render()
      checked.body = rendering
      rendering.catch(() => {
        if (checked.body === rendering) checked.body = null
      })
      return rendering
    },

    /** An announcement on FEED_CHANGES_CHANNEL; null when notifications may have been missed. */
    changed(payload: string | null, isListeningNow?: boolean) {
      announcements += 1
      if (payload === null) {
        if (isListeningNow !== undefined) isListening = isListeningNow
        feeds.clear()
        return
      }
      const [kind, id] = payload.split(':')
      if (kind === 'feed') drop((checked) => checked.feed.id === id)
      else if (kind === 'organisation') drop((checked) => checked.feed.organisationId === id)
      // An announcement of another kind is not understood: everything may have changed.
      else feeds.clear()
    },

    /**
     * This instance reset or changed the feed: its next request must see that at once, not only
     * once the announcement has come back from the database.
     */
    forget(feedId: string) {
      announcements += 1
      drop((checked) => checked.feed.id === feedId)
    },

    /** Called once the instance listens on FEED_CHANGES_CHANNEL: nothing is kept before. */
    startCaching() {
      hasStarted = true
    },
  }
}

export type FeedCache = ReturnType<typeof createFeedCache>
