import { ArrowLeft, Download, Wallet } from 'lucide-react'
import { Link } from 'react-router'
import { formatMoney } from '@shared/billing/money'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { usePermission } from '@web/features/auth'
import { formatCalendarDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { RECEIVABLE_COLUMNS } from '@shared/billing/receivable-columns'
import { useReceivables } from './api'
import { NotAllowed } from './components/not-allowed'
import { amountCell, headCell, ScrollTable } from '@web/components/scroll-table'

export function ReceivablesPage() {
  const canBill = usePermission('bill')
  if (!canBill) return <NotAllowed title="Accounts Receivable" who="An owner or a manager reads what clients owe." />
  return <Receivables />
}

// What each client owes, by how many days past due (docs: billing design, 'Accounts receivable').
function Receivables() {
  const receivables = useReceivables()
  useQueryErrorToast(receivables, 'Failed to load accounts receivable')
  const data = receivables.data

  return (
    <div className="grid gap-4">
      <Link
        to="/invoices"
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Invoices
      </Link>
      <PageHeader
        title="Accounts Receivable"
        description={
          data ? `What each client owes by days past due, as of ${formatCalendarDay(data.asOf)}` : 'What each client owes by days past due'
        }
        actions={
          <Button asChild variant="outline">
            <a href="/api/billing/receivables.csv" download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      {receivables.isPending ? (
        <LoadingList label="Loading accounts receivable..." rows={4} />
      ) : !data ? null : data.rows.length === 0 ? (
        <EmptyState icon={Wallet} title="Nothing owed" description="No client has an open balance or a credit." />
      ) : (
        <ScrollTable label="Accounts receivable">
          <table className="w-full min-w-[52rem] text-sm">
            <caption className="sr-only">Balances by days past due, in {data.currency}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className={headCell}>
                  Client
                </th>
                {RECEIVABLE_COLUMNS.map((column) => (
                  <th key={column.field} scope="col" className={`${headCell} text-right`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.clientId} className="border-t align-top">
                  <th scope="row" className="px-3 py-2.5 text-left font-medium break-words">
                    <Link to={`/clients/${row.clientId}`} className="text-primary underline-offset-4 hover:underline">
                      {row.clientName}
                    </Link>
                  </th>
                  {RECEIVABLE_COLUMNS.map((column) => (
                    <td key={column.field} className={amountCell}>
                      {formatMoney(row[column.field], data.currency)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 bg-muted/30 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2.5 text-left">
                  Total
                </th>
                {RECEIVABLE_COLUMNS.map((column) => (
                  <td key={column.field} className={amountCell}>
                    {formatMoney(data.totals[column.field], data.currency)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
      )}
    </div>
  )
}
