import { useEffect, useState } from 'react'
import { LIMITS } from '@shared/limits'
import { todayInZone } from '@shared/scheduling/local-day'
import type { PublicBoard } from '@shared/screens/public-board'

export type BoardState =
  | { status: 'loading' }
  | { status: 'not-found' }
  /** board is null only when the very first load failed. */
  | { status: 'shown'; board: PublicBoard | null; updatedAt: Date | null; isStale: boolean }

// The server pings every 25 s; a stream silent for longer than this is dead even if the
// browser has not noticed (a sleeping proxy, a pulled cable).
const SILENCE_LIMIT_MS = 60_000
const REOPEN_DELAY_MS = 5_000
const DAY_CHECK_MS = 30_000

/**
 * Today's board, kept current three ways: the server pushes 'changed' the moment a linked
 * room's events change (server-sent events); the data is fetched again every 2 minutes anyway
 * (docs/product.md#screens-and-boards); and again when the facility's day turns. Nothing here ever clears a schedule that
 * was shown: when the server or network drops, the last one stays, marked stale, until a load
 * succeeds again.
 */
export function useBoard(slug: string): BoardState {
  const [state, setState] = useState<BoardState>({ status: 'loading' })

  useEffect(() => {
    const url = `/api/public/displays/${encodeURIComponent(slug)}`
    let isActive = true
    let isLoading = false
    let isLoadWanted = false
    let timeZone: string | null = null
    let day: string | null = null

    const markStale = () => setState((previous) => (previous.status === 'shown' ? { ...previous, isStale: true } : previous))

    // One load at a time; a change announced meanwhile is fetched right after.
    const load = async () => {
      if (isLoading) {
        isLoadWanted = true
        return
      }
      isLoading = true
      try {
        // The browser revalidates with the ETag, so an unchanged board costs a 304.
        const response = await fetch(url, { headers: { Accept: 'application/json' } })
        if (!isActive) return
        if (response.status === 404) {
          setState({ status: 'not-found' })
          return
        }
        if (!response.ok) throw new Error(`The schedule could not be loaded (HTTP ${response.status})`)
        const board = (await response.json()) as PublicBoard
        if (!isActive) return
        timeZone = board.timeZone
        day = timeZone ? todayInZone(timeZone, new Date()) : null
        setState({ status: 'shown', board, updatedAt: new Date(), isStale: false })
      } catch (error) {
        // docs/product.md#screens-and-boards: a load failure is only logged. What was shown stays.
        console.error('Failed to load the schedule', error)
        if (!isActive) return
        setState((previous) =>
          previous.status === 'loading'
            ? { status: 'shown', board: null, updatedAt: null, isStale: true }
            : previous.status === 'shown'
              ? { ...previous, isStale: true }
              : previous,
        )
      } finally {
        isLoading = false
        if (isLoadWanted && isActive) {
          isLoadWanted = false
          void load()
        }
      }
    }

    let source: EventSource | null = null
    let lastHeard = Date.now()
    let reopenTimer: ReturnType<typeof setTimeout> | undefined
    const heard = () => {
      lastHeard = Date.now()
    }
    const openStream = () => {
      source?.close()
      clearTimeout(reopenTimer)
      heard()
      const stream = new EventSource(`${url}/changes`)
      source = stream
      // 'ready' also follows every reconnection: changes may have been missed meanwhile.
      stream.addEventListener('ready', () => {
        heard()
        void load()
      })
      stream.addEventListener('changed', () => {
        heard()
        void load()
      })
      stream.addEventListener('ping', heard)
      stream.onerror = () => {
        markStale()
        // The browser retries a dropped stream itself, but gives up on an HTTP error answer.
        if (stream.readyState === EventSource.CLOSED) reopenTimer = setTimeout(openStream, REOPEN_DELAY_MS)
      }
    }

    void load()
    openStream()
    const refresh = setInterval(() => void load(), LIMITS.display.refreshIntervalMs)
    const watchdog = setInterval(() => {
      if (Date.now() - lastHeard > SILENCE_LIMIT_MS) {
        markStale()
        openStream()
      }
      if (timeZone && day && todayInZone(timeZone, new Date()) !== day) void load()
    }, DAY_CHECK_MS)
    const reconnect = () => void load()
    window.addEventListener('online', reconnect)
    window.addEventListener('offline', markStale)

    return () => {
      isActive = false
      source?.close()
      clearTimeout(reopenTimer)
      clearInterval(refresh)
      clearInterval(watchdog)
      window.removeEventListener('online', reconnect)
      window.removeEventListener('offline', markStale)
    }
  }, [slug])

  return state
}
