import type { RefObject } from 'react'
import { MapPin } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog'
import { formatSpan } from '@web/lib/datetime'
import type { EventOutsideHours } from '../api'

/** The server lists at most this many; a full list may have more behind it. */
const LISTED_AT_MOST = 100

type EventsOutsideHoursNoticeProps = {
  /** What the last save left outside hours; null or empty shows nothing. */
  events: EventOutsideHours[] | null
  /** The facility's zone, after the save: times read on its wall clock. */
  timeZone: string
  onClose: () => void
  /**
   * Where focus goes back to on closing: the Edit button that started it. Radix would return it
   * to what had focus when the notice opened, a button of the edit dialog that is gone by then.
   */
  returnFocusTo: RefObject<HTMLElement | null>
}

// After an edit of a facility's zone or a space's hours or interval, the booked events that no
// longer fit stay where they were; this tells the operator which ones, to move them by hand.
export function EventsOutsideHoursNotice({ events, timeZone, onClose, returnFocusTo }: EventsOutsideHoursNoticeProps) {
  const isOpen = events !== null && events.length > 0
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return
          event.preventDefault()
          returnFocusTo.current.focus()
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Events outside the new hours</AlertDialogTitle>
          <AlertDialogDescription>
            {events?.length === 1
              ? 'This upcoming event no longer fits its space’s operating hours or booking interval. Nothing was moved or deleted: edit it on the schedule if it needs to change.'
              : 'These upcoming events no longer fit their spaces’ operating hours or booking interval. Nothing was moved or deleted: edit them on the schedule if they need to change.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-2" aria-label="Events outside the new hours">
          {events?.map((event) => (
            <li key={event.id} className="grid gap-0.5 rounded-lg border bg-card p-3 text-sm">
              <p className="font-medium break-words">{event.title}</p>
              <p className="text-muted-foreground">
                <time dateTime={event.startTime}>{formatSpan(event.startTime, event.endTime, timeZone)}</time>
              </p>
              <p className="flex items-center gap-1 text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="min-w-0 break-words">{event.roomName}</span>
              </p>
            </li>
          ))}
        </ul>
        {events && events.length >= LISTED_AT_MOST ? (
          <p className="text-sm text-muted-foreground">Only the first {LISTED_AT_MOST} are listed.</p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogAction>OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
