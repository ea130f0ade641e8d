import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { Context } from 'hono'
import { AppError, notFound } from '../../errors'
import { clientAddress } from '../../http/client-address'
import type { AppDeps, AppEnv } from '../../http/context'
import { createUnknownAddressLimiter } from '../../http/unknown-address-limiter'
import { logError } from '../../log'
import { trackLiveStream } from '../../realtime/live-streams'
import { SCHEDULE_CHANGES_CHANNEL } from '../../realtime/schedule-changes'
import { createBoardCache } from './board-cache'
import { loadBoard } from './load-board'
import * as repository from './repository'
import { createStreamSlots } from './stream-slots'

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
const LOGO_VERSION_PATTERN = /^[0-9a-f]{16}$/
// Proxies close connections that stay silent; a ping also lets the board notice a dead one.
const PING_INTERVAL_MS = 25_000
// How long a board's EventSource waits before reconnecting after the stream ends.
const RECONNECT_DELAY_MS = 2_000
// A lobby TV on a deleted board asks about it a dozen times a minute (a page load, then its
// stream every 5 s), so a few TVs behind one address stay under this; someone trying names does not.
const UNKNOWN_BOARD_LIMITS = { perWindow: 30, windowMs: 60_000, maxAddresses: 10_000 }

const UNKNOWN_BOARDS_MESSAGE = 'Too many requests for screens that do not exist from this address. Please try again in a minute.'
const TOO_MANY_STREAMS_MESSAGE = 'Too many open board connections from this address'

const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  }) ?? false

// Public: no sign-in. Everything here answers only what a lobby board shows.
export function publicDisplayRoutes({ database, env }: AppDeps) {
  const app = new Hono<AppEnv>()
  const boards = createBoardCache((slug) => loadBoard(database.db, slug, new Date()))
  database.listen(SCHEDULE_CHANGES_CHANNEL, boards.changed).then(
    () => boards.startCaching(),
    (error: unknown) => logError('board change notifications are off; boards refresh every 2 minutes', error),
  )

  // Both per app instance, in memory: behind several instances an address gets each allowance
  // once per instance, which still bounds what it can do.
  const unknownBoards = createUnknownAddressLimiter(UNKNOWN_BOARD_LIMITS)
  const streamSlots = createStreamSlots(env.boardStreamsPerAddress)

  // "Not found" for a board or logo that does not exist; a refusal once this address has had its share of those.
  const unknownBoard = (c: Context, what: 'Screen' | 'Logo') =>
    unknownBoards.allow(clientAddress(c, env.trustProxy)) ? notFound(what) : new AppError('RATE_LIMITED', UNKNOWN_BOARDS_MESSAGE)

  const requireSlug = (c: Context) => {
    const slug = c.req.param('slug') ?? ''
    if (!SLUG_PATTERN.test(slug)) throw unknownBoard(c, 'Screen')
    return slug
  }

  // Revalidated on every request (no-cache) so that a board is never shown stale from the
  // browser's cache; an unchanged one costs a 304 and no database work.
  app.get('/displays/:slug', async (c) => {
    const board = await boards.get(requireSlug(c))
    if (!board) throw unknownBoard(c, 'Screen')
    c.header('ETag', board.etag)
    c.header('Cache-Control', 'no-cache')
    if (matchesEtag(c.req.header('If-None-Match'), board.etag)) return c.body(null, 304)
    return c.body(board.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  // Server-sent events: 'changed' whenever the board may have changed, so it fetches again.
  // A board deleted while its stream is open hears 'changed' and finds out on its next fetch.
  app.get('/displays/:slug/changes', async (c) => {
    const slug = requireSlug(c)
    // Usually from the cache, and it warms the cache for the fetch that follows 'ready'.
    if (!(await boards.get(slug))) throw unknownBoard(c, 'Screen')
    const releaseSlot = streamSlots.take(clientAddress(c, env.trustProxy))
    if (!releaseSlot) throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS_MESSAGE)
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let unsubscribe = () => {}
      let ping: ReturnType<typeof setInterval> | undefined
      let untrack = () => {}
      try {
        unsubscribe = boards.subscribe(slug, () => void stream.writeSSE({ event: 'changed', data: '' }))
        ping = setInterval(() => void stream.writeSSE({ event: 'ping', data: '' }), PING_INTERVAL_MS)
        // Ends when the client goes away or the server shuts down.
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve)
          untrack = trackLiveStream(resolve)
          void stream.writeSSE({ event: 'ready', data: '', retry: RECONNECT_DELAY_MS })
        })
      } finally {
        clearInterval(ping)
        unsubscribe()
        untrack()
        releaseSlot()
      }
    })
  })

  // The address carries the version, so it never serves two different images: cache for good.
  app.get('/logos/:slug/:version', async (c) => {
    const { slug, version } = c.req.param()
    if (!SLUG_PATTERN.test(slug) || !LOGO_VERSION_PATTERN.test(version)) throw unknownBoard(c, 'Logo')
    const logo = await repository.findLogo(database.db, slug, version)
    if (!logo) throw unknownBoard(c, 'Logo')
    // Both drivers hand bytea over as a Uint8Array on a plain ArrayBuffer.
    return c.body(logo.content as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': logo.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return app
}
