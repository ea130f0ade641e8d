import { useState } from 'react'
import { toast } from 'sonner'
import { useUpdateEvent, type PlacedEvent } from '@web/features/events'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { dropKind, type TimelineBar } from './timeline-layout'

/** Where a bar is dropped: its new instants and space. */
export type Placement = { start: number; end: number; roomId: string }

/**
 * Moving and resizing on the timeline: each drop is one `PUT /api/events/:id`, the same call as
 * the edit sheet's save, so the booking engine applies every rule (clashes, linked spaces,
 * closures, change rooms, the midnight split, contract hours) and the event's version refuses a
 * drop based on a stale copy (ADR 0028). While the call is out the bar stays where it was
 * dropped; a refusal puts it back and says why.
 */
export function useMoveBooking() {
  const updateEvent = useUpdateEvent()
  const [dropped, setDropped] = useState<ReadonlyMap<string, Placement>>(new Map())

  const place = (id: string, placement: Placement | null) =>
    setDropped((current) => {
      const next = new Map(current)
      if (placement) next.set(id, placement)
      else next.delete(id)
      return next
    })

  const write = (event: PlacedEvent, title: string, version: number, placement: Placement) =>
    updateEvent.mutateAsync({
      id: event.id,
      input: {
        clientId: event.clientId ?? '',
        title,
        description: event.description,
        color: event.color,
        eventType: event.eventType,
        team1Name: event.team1Name,
        team2Name: event.team2Name,
        changeRoom1Id: event.changeRoom1Id,
        changeRoom2Id: event.changeRoom2Id,
        startTime: new Date(placement.start),
        endTime: new Date(placement.end),
        roomId: placement.roomId,
        version,
        // A drop moves the one occurrence under the pointer, never the rest of its series.
        scope: 'this',
        skipTaken: false,
      },
    })

  /**
   * Drops the bar at `placement`; an accepted drop says 'Event moved', or 'Event resized' when only
   * its end changed, and offers Undo, which puts it back exactly where it was.
   */
  const move = async (bar: TimelineBar, placement: Placement) => {
    const { event } = bar
    const before: Placement = { start: bar.start, end: bar.end, roomId: event.roomId }
    if (before.start === placement.start && before.end === placement.end && before.roomId === placement.roomId) return
    place(event.id, placement)
    try {
      const result = await write(event, bar.title, event.version, placement)
      const isResize = dropKind(before, placement) === 'resized'
      toast.success(isResize ? 'Event resized' : 'Event moved', {
        action: {
          label: 'Undo',
          onClick: () => {
            // The kept row is the one the move named; its raised version is what Undo is based on.
            const kept = result.events.find((saved) => saved.id === event.id) ?? result.events[0]!
            void write(event, bar.title, kept.version, before).then(
              () => toast.success(isResize ? 'Resize undone' : 'Move undone'),
              (error: unknown) =>
                toast.error(isResize ? 'Failed to undo the resize' : 'Failed to undo the move', { description: refusal(error) }),
            )
          },
        },
      })
    } catch (error) {
      toast.error('Failed to move event', { description: refusal(error) })
    } finally {
      place(event.id, null)
    }
  }

  return { move, dropped, isMoving: updateEvent.isPending }
}

// The server's words: a field's reason (a start outside the space's hours or off its interval, a missing client) says more than 'Invalid input'.
function refusal(error: unknown): string | undefined {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) return Object.values(error.fields).join(' ')
  return errorDescription(error)
}
