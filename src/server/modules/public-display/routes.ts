import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppDeps, AppEnv } from '../../http/context'
import { notFound } from '../../errors'
import { logError } from '../../log'
import { trackLiveStream } from '../../realtime/live-streams'
import { SCHEDULE_CHANGES_CHANNEL } from '../../realtime/schedule-changes'
import { createBoardCache } from './board-cache'
import { loadBoard } from './load-board'
import * as repository from './repository'

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
const LOGO_VERSION_PATTERN = /^[0-9a-f]{16}$/
// Proxies close connections that stay silent; a ping also lets the board notice a dead one.
const PING_INTERVAL_MS = 25_000
// How long a board's EventSource waits before reconnecting after the stream ends.
const RECONNECT_DELAY_MS = 2_000

const requireSlug = (slug: string) => {
  if (!SLUG_PATTERN.test(slug)) throw notFound('Screen')
  return slug
}

const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  }) ?? false

// Public: no sign-in. Everything here answers only what a lobby board shows.
export function publicDisplayRoutes({ database }: AppDeps) {
  const app = new Hono<AppEnv>()
  const boards = createBoardCache((slug) => loadBoard(database.db, slug, new Date()))
  database.listen(SCHEDULE_CHANGES_CHANNEL, boards.changed).then(
    () => boards.startCaching(),
    (error: unknown) => logError('board change notifications are off; boards refresh every 2 minutes', error),
  )

  // Revalidated on every request (no-cache) so that a board is never shown stale from the
  // browser's cache; an unchanged one costs a 304 and no database work.
  app.get('/displays/:slug', async (c) => {
    const board = await boards.get(requireSlug(c.req.param('slug')))
    if (!board) throw notFound('Screen')
    c.header('ETag', board.etag)
    c.header('Cache-Control', 'no-cache')
    if (matchesEtag(c.req.header('If-None-Match'), board.etag)) return c.body(null, 304)
    return c.body(board.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  // Server-sent events: 'changed' whenever the board may have changed, so it fetches again.
  app.get('/displays/:slug/changes', (c) => {
    const slug = requireSlug(c.req.param('slug'))
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const unsubscribe = boards.subscribe(slug, () => void stream.writeSSE({ event: 'changed', data: '' }))
      const ping = setInterval(() => void stream.writeSSE({ event: 'ping', data: '' }), PING_INTERVAL_MS)
      let untrack = () => {}
      try {
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve)
          untrack = trackLiveStream(resolve)
          void stream.writeSSE({ event: 'ready', data: '', retry: RECONNECT_DELAY_MS })
        })
      } finally {
        clearInterval(ping)
        unsubscribe()
        untrack()
      }
    })
  })

  // The address carries the version, so it never serves two different images: cache for good.
  app.get('/logos/:slug/:version', async (c) => {
    const { slug, version } = c.req.param()
    if (!SLUG_PATTERN.test(slug) || !LOGO_VERSION_PATTERN.test(version)) throw notFound('Logo')
    const logo = await repository.findLogo(database.db, slug, version)
    if (!logo) throw notFound('Logo')
    // Both drivers hand bytea over as a Uint8Array on a plain ArrayBuffer.
    return c.body(logo.content as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': logo.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return app
}
