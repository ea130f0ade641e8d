import { useState, type ComponentProps } from 'react'
import { CalendarDays } from 'lucide-react'
import type { FeedScope } from '@shared/feeds/schema'
import { Button } from '@web/components/ui/button'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { CalendarFeedDialog as LoadedCalendarFeedDialog } from './components/calendar-feed-dialog'

// The dialog's code loads when the pointer or focus reaches the button, or when it opens, never
// with the page: the client page is near its JavaScript budget (docs/benchmarks.md).
const calendarFeedDialog = deferred(() => import('./components/calendar-feed-dialog').then((module) => module.CalendarFeedDialog))

export function CalendarFeedDialog(props: ComponentProps<typeof LoadedCalendarFeedDialog>) {
  const Loaded = useDeferred(calendarFeedDialog, { isOpen: props.open, shouldPrefetch: false, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}

/** 'Calendar Feed' and its dialog, for those who read the business (owner, manager, scheduler). */
export function CalendarFeedButton({ scope, targetId, targetName }: { scope: FeedScope; targetId: string; targetName: string }) {
  const canRead = usePermission('readBusiness')
  const [isOpen, setIsOpen] = useState(false)
  if (!canRead) return null
  const prefetch = () => void calendarFeedDialog.load().catch(() => undefined)
  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)} onPointerEnter={prefetch} onFocus={prefetch}>
        <CalendarDays aria-hidden="true" />
        Calendar Feed
      </Button>
      <CalendarFeedDialog open={isOpen} onOpenChange={setIsOpen} scope={scope} targetId={targetId} targetName={targetName} />
    </>
  )
}
