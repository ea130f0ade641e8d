import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'

export type CachedRange = { json: string; etag: string; gzip: () => Buffer }

type Entry = {
  facilityId: string
  /** The spaces whose names the answer shows: renaming one changes it. */
  roomIds: Set<string>
  cached: CachedRange | null
  validUntil: number
  loading: Promise<CachedRange> | null
}

type Loaded = { events: { roomId: string }[] }

// A cached answer is kept this long at most, so that a change announced before the facility's
// watch was seen (the one gap notifications leave, see below) shows within this time anyway.
const KEEP_MS = 30_000
// Entries are dropped once there are this many, oldest first: a bound on memory, not a policy.
const MAX_ENTRIES = 500

const etagOf = (json: string) => `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`

/**
 * A facility's events in a range, as the timeline and the facility page read them, kept per app
 * instance so that ten operators watching one week cost one database read (ADR 0032). It follows
 * the board cache (public-display/board-cache.ts), with the timeline's notifications:
 * - bookings of a facility are announced as 'timeline:<facility>' only while an open timeline
 *   watches it (ADR 0030), so an answer is kept only when the watch was live before the read
 *   began, and never past the watch's expiry: a booking whose statement ran before the watch
 *   existed has committed by then, and is in the answer;
 * - 'facility:<id>' (its zone or name, its closures) and 'room:<id>' (a space renamed) drop the
 *   answers that show them; a null (notifications may have been missed) drops everything;
 * - a read under way when a notification arrived is answered but not kept;
 * - nothing is kept until the instance listens, and nothing for longer than KEEP_MS.
 * Concurrent requests for one range share one read.
 */
export function createRangeCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>()
  let isListening = false

  const drop = (key: string, entry: Entry) => {
    entry.cached = null
    entry.loading = null
    if (entries.get(key) === entry) entries.delete(key)
  }

  return {
    /**
     * The answer for `key` (which names the organisation, the facility and the range):
     * `announcedUntil` says until when the facility's bookings are announced (null: not now);
     * `load` reads the events.
     */
    get(key: string, facilityId: string, announcedUntil: () => Promise<Date | null>, load: () => Promise<Loaded>): Promise<CachedRange> {
      const existing = entries.get(key)
      if (existing?.cached && now() < existing.validUntil) return Promise.resolve(existing.cached)
      if (existing?.loading) return existing.loading
      const entry: Entry = existing ?? { facilityId, roomIds: new Set(), cached: null, validUntil: 0, loading: null }
      if (!existing) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
        entries.set(key, entry)
      }
      const loading: Promise<CachedRange> = Promise.resolve()
        .then(async () => {
          const until = await announcedUntil()
          const loaded = await load()
          const json = JSON.stringify(loaded)
          let zipped: Buffer | null = null
          const answer: CachedRange = { json, etag: etagOf(json), gzip: () => (zipped ??= gzipSync(json, { level: 4 })) }
          // Still current: no notification dropped it while it was read.
          if (entry.loading === loading && entries.get(key) === entry && isListening && until !== null) {
            entry.roomIds = new Set(loaded.events.map((event) => event.roomId))
            entry.cached = answer
            entry.validUntil = Math.min(now() + KEEP_MS, until.getTime())
          }
          return answer
        })
        .finally(() => {
          if (entry.loading === loading) entry.loading = null
          if (!entry.cached && !entry.loading && entries.get(key) === entry) entries.delete(key)
        })
      entry.loading = loading
      return loading
    },

    /** A change notification's payload; null when notifications may have been missed. */
    changed(key: string | null) {
      const [kind, id] = key?.split(':') ?? []
      for (const [cacheKey, entry] of [...entries]) {
        const concerns =
          key === null ||
          ((kind === 'timeline' || kind === 'facility') && entry.facilityId === id) ||
          (kind === 'room' && id !== undefined && entry.roomIds.has(id))
        if (concerns) drop(cacheKey, entry)
      }
    },

    /**
     * This instance wrote the organisation's bookings: its next read must see them at once, not
     * only once the notification has come back from the database.
     */
    wrote(organisationId: string) {
      for (const [cacheKey, entry] of [...entries]) if (cacheKey.startsWith(`${organisationId}|`)) drop(cacheKey, entry)
    },

    startCaching() {
      isListening = true
    },
  }
}
