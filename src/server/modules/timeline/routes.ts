import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { allow } from '../../auth/middleware'
import { createStreamAccessCheck, STREAM_ACCESS_RECHECK_MS } from '../../auth/stream-access'
import { AppError } from '../../errors'
import type { AppDeps, MemberEnv } from '../../http/context'
import { uuidParams } from '../../http/validate'
import { logError } from '../../log'
import { trackLiveStream } from '../../realtime/live-streams'
import { SCHEDULE_CHANGES_CHANNEL } from '../../realtime/schedule-changes'
import * as service from './service'

// As a board's stream (public-display/routes.ts): proxies close silent connections.
const PING_INTERVAL_MS = 25_000
const RECONNECT_DELAY_MS = 2_000
// A person has a few tabs open, not dozens; each stream holds a connection of this instance.
const STREAMS_PER_USER = 10
const TOO_MANY_STREAMS_MESSAGE = 'Too many open timelines for this account'

/**
 * The timeline's live updates (ADR 0030): the notifications the boards use, a
 * 'timeline:<facility id>' for its bookings (announced only while someone watches the facility)
 * and 'facility:<id>' for its closures and details, passed on as 'changed' to the open streams.
 */
export function timelineRoutes({ database }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const facilityId = uuidParams('Facility')
  const listeners = new Map<string, Set<() => void>>()
  const streamsByUser = new Map<string, number>()
  const mayStillHear = createStreamAccessCheck(database.db)

  const tell = (facility: string | null) => {
    const targets = facility === null ? [...listeners.values()] : [listeners.get(facility) ?? new Set<() => void>()]
    for (const group of targets) for (const listener of group) listener()
  }
  database
    .listen(SCHEDULE_CHANGES_CHANNEL, (key) => {
      // null: notifications may have been missed, so every timeline fetches again.
      if (key === null) return tell(null)
      const [kind, id] = key.split(':')
      if ((kind === 'timeline' || kind === 'facility') && id) tell(id)
    })
    .catch((error: unknown) => logError('timeline change notifications are off; timelines refresh when reopened', error))

  app.get('/facilities/:id/timeline/changes', allow('read'), facilityId, async (c) => {
    const organisationId = c.get('organisation').id
    const userId = c.get('user').id
    const caller = { sessionId: c.get('sessionId'), organisationId, permission: 'read' as const }
    const id = c.req.param('id')
    // Refused before the watch is written, so a refusal changes nothing.
    if ((streamsByUser.get(userId) ?? 0) >= STREAMS_PER_USER) throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS_MESSAGE)
    await service.watchTimeline(database.db, organisationId, id)
    streamsByUser.set(userId, (streamsByUser.get(userId) ?? 0) + 1)
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const changed = () => void stream.writeSSE({ event: 'changed', data: '' })
      let ping: ReturnType<typeof setInterval> | undefined
      let renew: ReturnType<typeof setInterval> | undefined
      let recheck: ReturnType<typeof setInterval> | undefined
      let untrack = () => {}
      const group = listeners.get(id) ?? new Set()
      listeners.set(id, group)
      try {
        group.add(changed)
        ping = setInterval(() => void stream.writeSSE({ event: 'ping', data: '' }), PING_INTERVAL_MS)
        renew = setInterval(
          () =>
            void service
              .watchTimeline(database.db, organisationId, id)
              // A facility deleted meanwhile: its timeline hears nothing more, and its next fetch says so.
              .catch((error: unknown) => logError('could not renew a timeline watch', error, { facilityId: id })),
          service.WATCH_RENEW_MS,
        )
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve)
          untrack = trackLiveStream(resolve)
          // Every other request of a removed member, a switched organisation or an ended session
          // is refused at once; the stream asks the database the same question every few seconds
          // and ends when the answer is no (ADR 0043). A failed check ends it too: the browser
          // reconnects, and the new request answers the question properly.
          recheck = setInterval(() => {
            mayStillHear(caller).then(
              (allowed) => {
                if (!allowed) resolve()
              },
              (error: unknown) => {
                logError('could not recheck a timeline stream; it is closed', error, { facilityId: id })
                resolve()
              },
            )
          }, STREAM_ACCESS_RECHECK_MS)
          void stream.writeSSE({ event: 'ready', data: '', retry: RECONNECT_DELAY_MS })
        })
      } finally {
        clearInterval(ping)
        clearInterval(renew)
        clearInterval(recheck)
        group.delete(changed)
        if (group.size === 0) listeners.delete(id)
        untrack()
        const left = (streamsByUser.get(userId) ?? 1) - 1
        if (left > 0) streamsByUser.set(userId, left)
        else streamsByUser.delete(userId)
      }
    })
  })

  return app
}
