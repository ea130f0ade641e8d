import type { Db } from '../../../db/client'
import type { Env } from '../../../env'
import { logError } from '../../../log'
import { sweepExpiredRequests } from './service'

/**
 * The clock requests expire by (docs/product.md#renters): the real one, moved forward only by the
 * test clock (TEST_CLOCK=true, POST /api/test/clock), so that a test can see a request expire
 * without waiting for it. Each app instance has its own.
 */
export type RequestClock = { now(): Date; advance(minutes: number): Date }

export function createRequestClock(): RequestClock {
  let offsetMs = 0
  const now = () => new Date(Date.now() + offsetMs)
  return {
    now,
    advance(minutes) {
      offsetMs += minutes * 60_000
      return now()
    },
  }
}

/** Where the links of a message the app writes by itself point: BASE_URL, or the app on this machine. */
export function ownOrigin(env: Pick<Env, 'baseUrl' | 'port'>): string {
  return env.baseUrl ?? `http://localhost:${env.port}`
}

// A request expires within this long of its time: its hold is let go of by the minute.
const SWEEP_INTERVAL_MS = 30_000

/**
 * Expires unanswered requests in the app process, as the mail worker delivers mail (main.ts starts
 * one per instance; the sweeps of several instances never expire a request twice).
 */
export function startRequestSweeper({ db, env, clock }: { db: Db; env: Pick<Env, 'baseUrl' | 'port'>; clock: RequestClock }) {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const tick = () => {
    running = sweepExpiredRequests(db, { clockNow: clock.now(), origin: ownOrigin(env) })
      .then(
        () => undefined,
        (error: unknown) => logError('the request sweeper failed a round; it tries again', error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, SWEEP_INTERVAL_MS)
      })
  }
  timer = setTimeout(tick, 0)

  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
