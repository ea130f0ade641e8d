import type { HeatmapCell } from '@shared/reports/responses'
import { ScrollTable } from '@web/components/scroll-table'
import { formatTimeOfDay } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import { formatReportHours, formatShare } from '../numbers'

// Weekday 0 is Monday (src/shared/reports/responses.ts).
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

// Five steps of one hue, each dark enough or light enough for its text to stay readable (AA).
const SHADES = ['bg-sky-50', 'bg-sky-100', 'bg-sky-200', 'bg-sky-300', 'bg-sky-800 text-white']
const shadeOf = (share: number) => SHADES[Math.min(SHADES.length - 1, Math.floor(share * SHADES.length))]!

/**
 * The week as a table (it is one): a row a weekday, a column an hour of the day, each cell the
 * share of its sellable time that was booked over the period, its shade the same share. Only the
 * hours with sellable time on some day are columns.
 */
export function UtilisationHeatmap({ cells }: { cells: HeatmapCell[] }) {
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]))
  const hours = [...new Set(cells.map((cell) => cell.hour))].toSorted((a, b) => a - b)
  const firstHour = hours[0] ?? 0
  const lastHour = hours.at(-1) ?? -1
  const columns = Array.from({ length: lastHour - firstHour + 1 }, (_, index) => firstHour + index)

  if (columns.length === 0) return <p className="text-sm text-muted-foreground">No sellable time in this period.</p>
  return (
    <ScrollTable label="Utilisation by weekday and hour">
      <table className="w-full border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">Share of sellable time booked, by weekday and hour of the day</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              <span className="sr-only">Weekday</span>
            </th>
            {columns.map((hour) => (
              <th key={hour} scope="col" className="min-w-16 px-1 py-1 text-center font-medium whitespace-nowrap text-muted-foreground">
                {formatTimeOfDay(`${String(hour).padStart(2, '0')}:00`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((weekday, weekdayIndex) => (
            <tr key={weekday}>
              <th scope="row" className="px-2 py-1 text-left font-medium whitespace-nowrap">
                <abbr title={weekday} className="no-underline">
                  {weekday.slice(0, 3)}
                </abbr>
              </th>
              {columns.map((hour) => {
                const cell = byKey.get(`${weekdayIndex}-${hour}`)
                return cell ? (
                  <td
                    key={hour}
                    className={cn('rounded-sm px-1 py-1.5 text-center tabular-nums', shadeOf(cell.share))}
                    title={`${formatReportHours(cell.bookedHours)} of ${formatReportHours(cell.sellableHours)} hours booked`}
                  >
                    {formatShare(cell.share, { isWhole: true })}
                  </td>
                ) : (
                  <td key={hour} className="rounded-sm bg-muted/40 px-1 py-1.5 text-center text-muted-foreground">
                    <span aria-hidden="true">·</span>
                    <span className="sr-only">Not sellable</span>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}
