import { useId } from 'react'
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react'
import { errorDescription } from '@web/lib/api-client'
import { formatSpan } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import type { PreviewOccurrence } from '../api'
import { previewSummary } from '../series'
import type { SeriesPreview } from './use-series-preview'

function summaryOf({ occurrences, isCurrent, error, freeCount, takenCount }: SeriesPreview): string {
  if (error) return errorDescription(error) ?? 'Could not check these dates. Please try again.'
  if (!occurrences || !isCurrent) return 'Checking the dates...'
  return previewSummary({ free: freeCount, taken: takenCount })
}

/** The series' dates in the facility's zone, each taken one marked with why (docs/product.md#events). */
export function SeriesPreviewList({ preview, timeZone }: { preview: SeriesPreview; timeZone: string }) {
  const headingId = useId()
  if (!preview.isShown) return null
  const { occurrences, isCurrent, error } = preview
  return (
    <div className="grid min-w-0 gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        Dates in this series
      </h3>
      <p aria-live="polite" className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
        {summaryOf(preview)}
      </p>
      {occurrences && !error ? (
        // Focusable, so that a keyboard can scroll a long series.
        <ul
          aria-labelledby={headingId}
          aria-busy={!isCurrent}
          tabIndex={0}
          className="max-h-60 divide-y overflow-y-auto rounded-md border outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          {occurrences.map((occurrence) => (
            <OccurrenceItem key={occurrence.startTime} occurrence={occurrence} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function OccurrenceItem({ occurrence, timeZone }: { occurrence: PreviewOccurrence; timeZone: string }) {
  const isFree = occurrence.status === 'free'
  const Icon = isFree ? CircleCheckIcon : CircleAlertIcon
  return (
    <li className="flex items-start gap-2 px-3 py-2 text-sm">
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', isFree ? 'text-muted-foreground' : 'text-destructive')} />
      <div className="min-w-0">
        <p className={cn(!isFree && 'font-medium')}>{formatSpan(occurrence.startTime, occurrence.endTime, timeZone)}</p>
        <p className={cn('break-words', isFree ? 'text-muted-foreground' : 'text-destructive')}>
          {isFree ? 'Free' : (occurrence.reason ?? (occurrence.status === 'closed' ? 'Closed' : 'Taken'))}
        </p>
      </div>
    </li>
  )
}
