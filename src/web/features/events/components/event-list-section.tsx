import { useId, type ReactNode } from 'react'
import { LIMITS } from '@shared/limits'
import type { PlacedEvent } from '../api'
import { LoadingList } from '@web/components/loading-screen'

type EventListSectionProps = {
  title: string
  events: PlacedEvent[] | undefined
  isPending: boolean
  emptyText: string
  render: (event: PlacedEvent) => ReactNode
}

/** A titled list of event cards, saying so when the API's limit cut it short. */
export function EventListSection({ title, events, isPending, emptyText, render }: EventListSectionProps) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {isPending ? (
        <LoadingList />
      ) : events?.length ? (
        <>
          <ul className="grid gap-2" aria-labelledby={headingId}>
            {events.map((event) => (
              <li key={event.id}>{render(event)}</li>
            ))}
          </ul>
          {events.length === LIMITS.eventsList.limit ? (
            <p className="text-sm text-muted-foreground">Showing {LIMITS.eventsList.limit} events.</p>
          ) : null}
        </>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
      )}
    </section>
  )
}
