import { ClipboardList } from 'lucide-react'
import { EmptyState } from '@web/components/empty-state'
import { formatCalendarDay, formatDateTime } from '@web/lib/datetime'
import type { UsageReport as UsageReportData } from '../api'
import { formatHours, formatHoursCount, shortContractId } from '../hours'

// Every hour charged to the client's contracts, newest first; a booked event's row names the
// event and its start in the facility's zone, so each hour can be explained.
export function UsageReport({ report }: { report: UsageReportData }) {
  if (report.usage.length === 0) {
    return <EmptyState icon={ClipboardList} title="No usage logged yet" description="Hours logged by hand and booked events appear here." />
  }
  return (
    <div className="grid gap-6">
      {/* Focusable, so a keyboard can scroll the table sideways on a phone; relative, so the sr-only texts inside scroll with it instead of widening the page. */}
      <div className="relative overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Usage rows">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Usage, newest first</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Contract
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Description
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Event
              </th>
            </tr>
          </thead>
          <tbody>
            {report.usage.map((row) => (
              <tr key={row.id} className="border-t align-top">
                <td className="px-4 py-3 whitespace-nowrap">{formatCalendarDay(row.usageDate)}</td>
                <td className="px-4 py-3">
                  <span className="block break-words">{row.contractName}</span>
                  <span className="block font-mono text-muted-foreground">#{shortContractId(row.contractId)}</span>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{formatHours(row.hoursLogged)}</td>
                <td className="px-4 py-3 break-words">{row.description ?? <NoValue />}</td>
                <td className="px-4 py-3">
                  {row.schedule ? (
                    <>
                      <span className="block break-words">{row.schedule.title}</span>
                      <span className="block text-muted-foreground">{formatDateTime(row.schedule.startTime, row.schedule.timeZone)}</span>
                    </>
                  ) : (
                    <NoValue />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="usage-totals-heading" className="grid gap-2">
        <h3 id="usage-totals-heading" className="font-semibold">
          Total per contract
        </h3>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {report.totals.map((total) => (
            <li key={total.contractId} className="flex items-baseline justify-between gap-4 rounded-lg border px-4 py-3 text-sm">
              <span className="min-w-0 break-words">
                {total.contractName} <span className="font-mono text-muted-foreground">#{shortContractId(total.contractId)}</span>
              </span>
              <span className="tabular-nums">{formatHoursCount(total.hoursLogged)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

function NoValue() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  )
}
