import { useId } from 'react'
import { Button } from '@web/components/ui/button'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useActivity } from '../api'
import { ActivityEntryItem, useMinuteClock } from './activity-entry'
import { LoadingList } from '@web/components/loading-screen'

/** One event's trail, newest first, as the event sheet shows it under 'History'. */
export function EventHistory({ eventId }: { eventId: string }) {
  const history = useActivity({ kind: 'event', entityId: eventId })
  const now = useMinuteClock()
  const headingId = useId()
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? []

  useQueryErrorToast(history, 'Failed to load history')

  return (
    <section aria-labelledby={headingId} className="grid gap-1 border-t pt-4">
      <h3 id={headingId} className="text-sm font-semibold">
        History
      </h3>
      {history.isPending ? (
        <LoadingList label="Loading history..." rows={2} />
      ) : entries.length ? (
        <>
          <ul aria-labelledby={headingId} className="divide-y">
            {entries.map((entry) => (
              <ActivityEntryItem key={entry.id} entry={entry} now={now} compact />
            ))}
          </ul>
          {history.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          ) : null}
        </>
      ) : history.isSuccess ? (
        <p className="py-2 text-sm text-muted-foreground">Nothing recorded for this event yet.</p>
      ) : null}
    </section>
  )
}
