import { Ban } from 'lucide-react'
import type { Closure } from '../api'
import { closedLabel, closesDay, closurePlace, closureTimesOn } from '../wording'

type DayClosuresProps = {
  /** Closures of any days: those that close part of `date` on their facility's calendar are listed. */
  closures: readonly Closure[]
  /** 'YYYY-MM-DD' */
  date: string
  /** False on a facility's own page: each closure names only its space. */
  showFacility?: boolean
}

/** A day's closures above its events: 'Closed: {reason}', its times that day, and where. Nothing when the day has none. */
export function DayClosures({ closures, date, showFacility = true }: DayClosuresProps) {
  const shown = closures.filter((closure) => closesDay(closure, date))
  if (shown.length === 0) return null
  return (
    <ul aria-label="Closures" className="grid gap-2">
      {shown.map((closure) => (
        <li
          key={closure.id}
          className="flex min-w-0 items-start gap-2 rounded-md border border-dashed border-muted-foreground/50 bg-muted px-3 py-2 text-sm"
        >
          <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="grid min-w-0">
            <span className="font-medium break-words">{closedLabel(closure)}</span>
            <span className="text-muted-foreground">{closureTimesOn(closure, date)}</span>
            <span className="break-words text-muted-foreground">
              {showFacility ? closurePlace(closure) : (closure.spaceName ?? 'Whole facility')}
            </span>
          </span>
        </li>
      ))}
    </ul>
  )
}
