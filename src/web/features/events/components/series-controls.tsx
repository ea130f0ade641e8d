import { useId } from 'react'
import { Repeat } from 'lucide-react'
import type { SeriesScope } from '@shared/events/schema'
import { formatDate } from '@web/lib/datetime'
import { countOf } from '@web/lib/count'
import { useSeries, type PreviewOccurrence } from '../api'
import { describeSeries } from '../series'

/** 'Series: Weekly on Mon, Wed until Mar 31, 2027, 38 events' on an event of a series (docs/product.md#series). */
export function SeriesLine({ seriesId, className }: { seriesId: string; className?: string }) {
  const series = useSeries(seriesId)
  return (
    <p className={className ?? 'flex items-start gap-1 text-sm text-muted-foreground'}>
      <Repeat className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <span className="font-medium">Series:</span> {series.data ? describeSeries(series.data) : 'Loading...'}
      </span>
    </p>
  )
}

const SCOPE_LABELS: Record<SeriesScope, string> = {
  this: 'This event',
  following: 'This and following events',
  all: 'All events in the series',
}

/** Which events of the series a change or a deletion applies to. */
export function SeriesScopeField({
  legend,
  value,
  onChange,
}: {
  legend: string
  value: SeriesScope
  onChange: (scope: SeriesScope) => void
}) {
  const name = useId()
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {(Object.keys(SCOPE_LABELS) as SeriesScope[]).map((scope) => (
        <label key={scope} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="size-4 accent-primary"
          />
          {SCOPE_LABELS[scope]}
        </label>
      ))}
    </fieldset>
  )
}

/** The dates a series edit cannot move, with why, before the operator chooses to leave them as they are. */
export function SeriesClashes({ taken, timeZone }: { taken: PreviewOccurrence[]; timeZone: string }) {
  return (
    <div className="grid gap-1">
      <p className="font-medium">
        {countOf(taken.length, 'date')} would clash. Skip {taken.length === 1 ? 'it' : 'them'} to leave {taken.length === 1 ? 'it' : 'them'}{' '}
        as {taken.length === 1 ? 'it is' : 'they are'}.
      </p>
      <ul className="grid max-h-32 gap-0.5 overflow-y-auto">
        {taken.map((occurrence) => (
          <li key={occurrence.startTime}>
            {formatDate(occurrence.startTime, timeZone)}: {occurrence.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}
