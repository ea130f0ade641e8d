import { useId } from 'react'
import { Copy } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Skeleton } from '@web/components/ui/skeleton'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePortalFeed } from '../api'

/** The client's calendar feed address with 'Copy Feed URL' (docs/product.md#calendar-feeds). */
export function FeedCard({ clientId, clientName }: { clientId: string; clientName: string }) {
  const feed = usePortalFeed(clientId)
  const headingId = useId()
  const inputId = useId()
  useQueryErrorToast(feed, 'Failed to load the calendar feed')

  const copy = async () => {
    if (!feed.data) return
    try {
      // navigator.clipboard is missing outside a secure context (plain http on a LAN address).
      await navigator.clipboard.writeText(feed.data)
      // The calendar feeds' own words (FEED_MESSAGES in src/shared/feeds/schema.ts), written out
      // here so that the portal's first page loads no schema code.
      toast.success('Feed URL copied to clipboard!')
    } catch {
      toast.error('Could not copy. Select the address and copy it by hand.')
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4">
      <div>
        <h2 id={headingId} className="font-semibold">
          Calendar Feed
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Subscribe to this address in Google Calendar, Apple Calendar or Outlook to see {clientName}&apos;s bookings there. Google Calendar
          refreshes subscribed calendars only every 8 to 24 hours; other apps refresh about hourly.
        </p>
      </div>
      {feed.data ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            Feed URL
          </label>
          <Input id={inputId} readOnly value={feed.data} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
          <Button onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy Feed URL
          </Button>
        </div>
      ) : feed.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : feed.isSuccess ? (
        <p className="text-sm text-muted-foreground">The feed is not available right now. Please ask the venue.</p>
      ) : null}
    </section>
  )
}
