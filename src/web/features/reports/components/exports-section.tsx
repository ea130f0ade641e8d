import { Download } from 'lucide-react'
import { Button } from '@web/components/ui/button'
import { exportUrl, type ExportName, type ReportFilters } from '../api'
import { ReportSection } from './report-parts'

const EXPORTS: Array<{ name: ExportName; label: string; what: string }> = [
  { name: 'events', label: 'Events', what: 'Every event in the period, for the facility chosen.' },
  { name: 'clients', label: 'Clients', what: 'Every client with their contact details.' },
  { name: 'contracts', label: 'Contracts', what: 'Every contract with its hours used and remaining.' },
  { name: 'usage', label: 'Usage Ledger', what: 'Every hour charged to a contract in the period.' },
]

/** The CSV downloads (src/server/modules/exports): plain links, so the browser saves each file as the server names it. */
export function ExportsSection({ filters }: { filters: ReportFilters }) {
  return (
    <ReportSection id="report-exports" title="Exports" description="CSV files that open in any spreadsheet.">
      <ul className="grid gap-3 sm:grid-cols-2">
        {EXPORTS.map((entry) => (
          <li key={entry.name} className="flex items-center justify-between gap-3 rounded-lg border p-4">
            <p className="text-sm text-muted-foreground">{entry.what}</p>
            <Button asChild variant="outline" className="shrink-0">
              <a href={exportUrl(entry.name, filters)} download>
                <Download aria-hidden="true" />
                {entry.label} CSV
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </ReportSection>
  )
}
