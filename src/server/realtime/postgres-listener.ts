import pg from 'pg'
import { logError } from '../log'

/**
 * Receives each notification's payload; null means notifications may have been missed (the
 * listening connection was lost, or is back after a loss), so anything may have changed. With a
 * null, `isListening` says which: false while nothing is heard (lost, or not yet opened), true once
 * the connection listens again. A cache that must not outlive a missed change keeps nothing while
 * it is false (feeds, ADR 0059).
 */
export type NotificationHandler = (payload: string | null, isListening?: boolean) => void

export type Unlisten = () => Promise<void>

const FIRST_RETRY_MS = 250
const LAST_RETRY_MS = 5_000

/**
 * LISTEN on one dedicated connection per app instance, outside the pool: a pooled connection
 * forgets its LISTEN when another query borrows it. A lost connection is reopened with backoff.
 */
export function createPostgresListener(connectionString: string) {
  const handlers = new Map<string, Set<NotificationHandler>>()
  let client: pg.Client | null = null
  let connecting: Promise<void> | null = null
  let retryTimer: NodeJS.Timeout | undefined
  let retryDelay = FIRST_RETRY_MS
  let isClosed = false
  // One statement at a time on the connection: pg queues a query sent while another runs, but
  // that is deprecated and goes in pg 9, and several channels are listened to at start.
  let lastQuery: Promise<unknown> = Promise.resolve()
  const query = (text: string) => {
    const next = lastQuery.then(() => client?.query(text))
    lastQuery = next.catch(() => {})
    return next
  }

  const tellEveryone = (payload: null, isListening: boolean) => {
    for (const channelHandlers of handlers.values()) for (const handler of channelHandlers) handler(payload, isListening)
  }

  const lose = (lost: pg.Client, error?: Error) => {
    if (client !== lost) return
    client = null
    if (error) logError('lost the notification connection', error)
    lost.end().catch(() => {})
    tellEveryone(null, false)
    scheduleReconnect()
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString, keepAlive: true })
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
    })
    next.on('error', (error) => lose(next, error))
    next.on('end', () => lose(next))
    try {
      await next.connect()
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    if (isClosed) {
      await next.end()
      return
    }
    client = next
  }

  const ensureConnected = () => {
    if (client || isClosed) return Promise.resolve()
    connecting ??= connect().finally(() => {
      connecting = null
    })
    return connecting
  }

  function scheduleReconnect() {
    if (isClosed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      ensureConnected().then(
        () => {
          retryDelay = FIRST_RETRY_MS
          tellEveryone(null, true)
        },
        (error: unknown) => {
          logError('could not reopen the notification connection', error, { retryInMs: retryDelay })
          retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS)
          scheduleReconnect()
        },
      )
    }, retryDelay)
    retryTimer.unref()
  }

  return {
    async listen(channel: string, handler: NotificationHandler): Promise<Unlisten> {
      const channelHandlers = handlers.get(channel) ?? new Set()
      handlers.set(channel, channelHandlers)
      channelHandlers.add(handler)
      try {
        await ensureConnected()
        // LISTEN twice is harmless; this covers a channel added while the connection was opening.
        await query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      } catch (error) {
        // The database is unreachable for now: keep trying, and the handler hears null once back.
        logError('could not listen for notifications', error, { channel })
        handler(null, false)
        scheduleReconnect()
      }
      return async () => {
        channelHandlers.delete(handler)
        if (channelHandlers.size > 0 || handlers.get(channel) !== channelHandlers) return
        handlers.delete(channel)
        await query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {})
      }
    },

    async close(): Promise<void> {
      isClosed = true
      clearTimeout(retryTimer)
      await connecting?.catch(() => {})
      const current = client
      client = null
      await current?.end().catch(() => {})
    },
  }
}
