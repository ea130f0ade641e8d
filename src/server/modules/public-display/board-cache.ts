import { createHash } from 'node:crypto'
import { changeKeys } from '../../realtime/schedule-changes'
import type { LoadedBoard } from './load-board'

export type CachedBoard = { json: string; etag: string; validUntil: number }

type Entry = {
  /** The change keys this board depends on; null until it has been read, when any change may concern it. */
  dependsOn: Set<string> | null
  cached: CachedBoard | null
  loading: Promise<CachedBoard | null> | null
  /** Open live streams of boards showing this slug. */
  subscribers: Set<() => void>
}

const etagOf = (json: string) => `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`

/**
 * Each app instance keeps the boards it served in memory, so an unchanged board costs no
 * database work. Correctness rests on the change notifications, which every instance receives:
 * - a notification drops every board that depends on its key, and tells its open streams;
 * - a read that was under way when a notification arrived is answered but not kept, because
 *   it may have started before the change committed;
 * - "today" ends at midnight in the rooms' zones, and so does a cached board;
 * - until the instance listens, nothing is kept.
 * Concurrent requests for one board share one read.
 */
export function createBoardCache(load: (slug: string) => Promise<LoadedBoard | null>, now: () => number = Date.now) {
  const entries = new Map<string, Entry>()
  let isListening = false

  const entryOf = (slug: string) => {
    let entry = entries.get(slug)
    if (!entry) {
      entry = { dependsOn: null, cached: null, loading: null, subscribers: new Set() }
      entries.set(slug, entry)
    }
    return entry
  }

  // Only boards that are cached, loading or watched are remembered, so unknown slugs cost nothing.
  const forgetIfUnused = (slug: string, entry: Entry) => {
    if (entry.subscribers.size === 0 && !entry.cached && !entry.loading && entries.get(slug) === entry) entries.delete(slug)
  }

  const invalidate = (slug: string, entry: Entry) => {
    entry.cached = null
    entry.loading = null
    for (const notify of entry.subscribers) notify()
    forgetIfUnused(slug, entry)
  }

  return {
    get(slug: string): Promise<CachedBoard | null> {
      const existing = entries.get(slug)
      if (existing?.cached && now() < existing.cached.validUntil) return Promise.resolve(existing.cached)
      if (existing?.loading) return existing.loading
      const entry = entryOf(slug)
      entry.cached = null
      const loading: Promise<CachedBoard | null> = load(slug)
        .then((loaded) => {
          const isCurrent = entry.loading === loading && entries.get(slug) === entry
          if (!loaded) {
            if (isCurrent) entry.dependsOn = new Set([changeKeys.slug(slug)])
            return null
          }
          const json = JSON.stringify(loaded.board)
          const board = { json, etag: etagOf(json), validUntil: loaded.validUntil }
          if (isCurrent) {
            entry.dependsOn = new Set(loaded.dependsOn)
            if (isListening) entry.cached = board
          }
          return board
        })
        .finally(() => {
          if (entry.loading === loading) entry.loading = null
          forgetIfUnused(slug, entry)
        })
      entry.loading = loading
      return loading
    },

    /** A change notification's payload; null when notifications may have been missed. */
    changed(key: string | null) {
      for (const [slug, entry] of [...entries]) {
        if (key === null || entry.dependsOn === null || entry.dependsOn.has(key)) invalidate(slug, entry)
      }
    },

    startCaching() {
      isListening = true
    },

    /** Calls onChange whenever this board may have changed; returns the way to stop. */
    subscribe(slug: string, onChange: () => void): () => void {
      const entry = entryOf(slug)
      entry.subscribers.add(onChange)
      return () => {
        entry.subscribers.delete(onChange)
        forgetIfUnused(slug, entry)
      }
    },
  }
}

export type BoardCache = ReturnType<typeof createBoardCache>
