import { useId } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { closurePreviewInput, type ClosureFormValues, type ClosureInput, type CoveredEventChoice } from '@shared/closures/schema'
import { Label } from '@web/components/ui/label'
import { errorDescription } from '@web/lib/api-client'
import { formatSpan } from '@web/lib/datetime'
import { useSettledValue } from '@web/lib/use-settled-value'
import { cn } from '@web/lib/utils'
import { useClosurePreview, type ClosurePreview } from '../api'

// Asked once the operator has stopped changing the span for this long, not on every keystroke.
const PREVIEW_DELAY_MS = 300

type FormControl = Control<ClosureFormValues, unknown, ClosureInput>

export type CoveredEvents = {
  /** The span can be read: the dialog says what it covers. */
  isShown: boolean
  /** The last answer, kept on screen while a changed span is asked about. */
  preview: ClosurePreview | undefined
  /** The answer is for the span as the form has it now. */
  isCurrent: boolean
  /** Why the span could not be checked, or null. */
  error: unknown
  /** Asks again, e.g. after the server said events were booked into the span meanwhile. */
  refresh: () => void
}

/** The events the form's closure would cover, from POST /api/facilities/:id/closures/preview, while its span is valid. */
export function useCoveredEvents(control: FormControl, facilityId: string): CoveredEvents {
  const [spaceId, startDate, startTime, endDate, endTime] = useWatch({
    control,
    name: ['spaceId', 'startDate', 'startTime', 'endDate', 'endTime'],
  })
  const parsed = closurePreviewInput.safeParse({ spaceId, startDate, startTime, endDate, endTime })
  const input = parsed.success ? parsed.data : null
  const settled = useSettledValue(input, PREVIEW_DELAY_MS)
  const query = useClosurePreview(facilityId, settled.value)
  return {
    isShown: input !== null,
    preview: input ? query.data : undefined,
    isCurrent: input !== null && settled.isSettled && query.isSuccess && !query.isPlaceholderData && !query.isFetching,
    error: input !== null && settled.isSettled && query.isError ? query.error : null,
    refresh: () => void query.refetch(),
  }
}

export const coveredCount = (total: number) => `${total} ${total === 1 ? 'event falls' : 'events fall'} in this closure`

function statusOf({ preview, isCurrent, error }: CoveredEvents): string {
  if (error) return errorDescription(error) ?? 'Could not check for events. Please try again.'
  if (!preview || (!isCurrent && preview.total === 0)) return 'Checking for events...'
  return preview.total === 0 ? 'No events fall in this closure.' : coveredCount(preview.total)
}

/** What the closure covers and, when it covers events, the required choice to keep or cancel them (docs/product.md#closures). */
export function CoveredEventsList({ covered, control, timeZone }: { covered: CoveredEvents; control: FormControl; timeZone: string }) {
  const ids = useId()
  if (!covered.isShown) return null
  const { preview, isCurrent, error } = covered
  const hasEvents = !error && preview !== undefined && preview.total > 0
  const more = preview ? preview.total - preview.events.length : 0
  return (
    <div className="grid min-w-0 gap-3 rounded-lg border p-4">
      <p
        id={`${ids}-count`}
        aria-live="polite"
        className={cn('text-sm', error ? 'text-destructive' : hasEvents ? 'font-medium' : 'text-muted-foreground')}
      >
        {statusOf(covered)}
      </p>
      {hasEvents ? (
        <>
          {/* Focusable, so that a keyboard can scroll a long list. */}
          <ul
            aria-labelledby={`${ids}-count`}
            aria-busy={!isCurrent}
            tabIndex={0}
            className="max-h-48 divide-y overflow-y-auto rounded-md border outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            {preview.events.map((event) => (
              <li key={event.id} className="grid gap-0.5 px-3 py-2 text-sm">
                <span className="font-medium break-words">{event.title}</span>
                <span className="break-words text-muted-foreground">
                  {event.roomName}
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  {formatSpan(event.startTime, event.endTime, timeZone)}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="text-sm text-muted-foreground">and {more} more</p> : null}
          <CoveredEventsChoice control={control} />
        </>
      ) : null}
    </div>
  )
}

// Native radios: the form's own inputs, named by the fieldset's legend, and kept out of the
// facility page's chunk (Radix's radio group is loaded with the page for its delete dialog).
function CoveredEventsChoice({ control }: { control: FormControl }) {
  const ids = useId()
  const { field, fieldState } = useController({ control, name: 'coveredEvents' })
  const error = fieldState.error?.message
  const option = (value: CoveredEventChoice) => ({
    id: `${ids}-${value}`,
    type: 'radio' as const,
    name: field.name,
    value,
    required: true,
    checked: field.value === value,
    onChange: () => field.onChange(value),
    onBlur: field.onBlur,
    'aria-invalid': error ? true : undefined,
    className: 'mt-0.5 size-4 shrink-0 accent-primary',
  })
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${ids}-error` : undefined}>
      <legend className="mb-3 text-sm font-medium">What happens to these events?</legend>
      <div className="flex items-start gap-3">
        <input ref={field.ref} {...option('keep')} />
        <Label htmlFor={`${ids}-keep`}>Keep these events</Label>
      </div>
      <div className="flex items-start gap-3">
        <input {...option('cancel')} aria-describedby={`${ids}-cancel-hint`} />
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-cancel`}>Cancel these events</Label>
          <p id={`${ids}-cancel-hint`} className="text-sm text-muted-foreground">
            Their hours go back to the client&apos;s contract, and clients who get booking emails are told.
          </p>
        </div>
      </div>
      {error ? (
        <p id={`${ids}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
