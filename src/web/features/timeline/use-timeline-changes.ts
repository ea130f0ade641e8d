import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { EVENTS_QUERY_ROOT } from '@web/lib/query-keys'

// Changes often come in bursts (a series, a drop and its split partner): one refetch for each burst.
const BURST_MS = 150

/**
 * Another person's change appears on an open timeline within seconds, without a reload: the
 * server's stream says 'changed' when the facility's bookings, closures or details change, by
 * the notifications the lobby boards use (ADR 0016, 0030), and the events on screen are fetched
 * again. 'ready' after a reconnection means changes may have been missed, so it fetches too.
 */
export function useTimelineChanges(facilityId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const source = new EventSource(`/api/facilities/${facilityId}/timeline/changes`)
    let hasConnected = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      // Closures sit below the events' root too (features/closures), so one invalidation covers both.
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }), BURST_MS)
    }
    source.addEventListener('ready', () => {
      if (hasConnected) refresh()
      hasConnected = true
    })
    source.addEventListener('changed', refresh)
    return () => {
      clearTimeout(timer)
      source.close()
    }
  }, [facilityId, queryClient])
}
