import { useState } from 'react'
import { Download } from 'lucide-react'
import { useParams, useSearchParams } from 'react-router'
import { todayInZone } from '@shared/scheduling/local-day'
import { PrintablePage, PrintButton, PrintableSheet, useSheetNotFound } from '@web/components/printable-page'
import { Button } from '@web/components/ui/button'
import { RequireAuth, usePermission } from '@web/features/auth'
import { browserTimeZone } from '@web/lib/datetime'
import { statementCsvUrl, useStatement } from './api'
import { PeriodPicker } from './components/period-picker'
import { StatementSheet } from './components/statement-sheet'
import { readPeriod, writePeriod, type PeriodSelection } from './period'
import { REPORT_LIMITS } from '@shared/reports/limits'

// Outside the app's layout (PrintablePage): the browser's Print (or Save as PDF) gives the statement alone.
export function StatementPage() {
  return (
    <RequireAuth>
      <PrintableStatement />
    </RequireAuth>
  )
}

// 'Last month' unless the address says otherwise: a statement is most often sent for a month
// that has ended. The period lives in the address (period.ts), so a statement can be bookmarked.
function PrintableStatement() {
  const { id = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const canReadReports = usePermission('readReports')
  const [today] = useState(() => todayInZone(browserTimeZone(), new Date()))
  const period = readPeriod(searchParams, today, 'last-month')
  const statement = useStatement(id, period, canReadReports)
  const isMissing = useSheetNotFound(statement, 'Failed to load the statement')

  const changePeriod = (selection: PeriodSelection) => setSearchParams(writePeriod(searchParams, selection), { replace: true })
  return (
    <PrintablePage
      back={{ to: `/clients/${id}`, label: 'Back to the client' }}
      toolbar={
        canReadReports && !isMissing ? (
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:items-end">
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-start"
              aria-label="Statement period"
              onSubmit={(event) => event.preventDefault()}
            >
              <PeriodPicker
                key={period.choice}
                value={period}
                onChange={changePeriod}
                today={today}
                maxDays={REPORT_LIMITS.exportMaxDays}
              />
            </form>
            <div className="flex gap-2">
              <Button asChild variant="outline">
                <a href={statementCsvUrl(id, period)} download>
                  <Download aria-hidden="true" />
                  Download CSV
                </a>
              </Button>
              <PrintButton disabled={!statement.data} />
            </div>
          </div>
        ) : null
      }
    >
      <PrintableSheet
        query={statement}
        isMissing={isMissing}
        refusal={canReadReports ? null : 'Not available for your role: an owner or a manager reads client statements.'}
        notFound="Client not found"
      >
        {(data) => <StatementSheet statement={data} />}
      </PrintableSheet>
    </PrintablePage>
  )
}
