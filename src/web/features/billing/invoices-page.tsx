import { useId, useState } from 'react'
import { FileSpreadsheet, Plus, Receipt, Settings } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@shared/billing/invoice-status'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { usePermission } from '@web/features/auth'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useInvoices } from './api'
import { CreateInvoicesDialog } from './components/deferred-dialogs'
import { InvoiceTable } from './components/invoice-table'
import { NotAllowed } from './components/not-allowed'

const PAGE_DESCRIPTION = 'Invoices and credit notes, newest first'

// Invoices are for Owners and Managers (src/shared/team/roles.ts, 'bill').
export function InvoicesPage() {
  const canBill = usePermission('bill')
  if (!canBill) return <NotAllowed title="Invoices" who="An owner or a manager reads the invoices." />
  return <Invoices />
}

function readStatus(params: URLSearchParams): InvoiceStatus | undefined {
  const value = params.get('status') ?? ''
  return (INVOICE_STATUSES as readonly string[]).includes(value) ? (value as InvoiceStatus) : undefined
}

function Invoices() {
  const [params, setParams] = useSearchParams()
  const status = readStatus(params)
  const invoices = useInvoices(status)
  const [isCreating, setIsCreating] = useState(false)
  const statusId = useId()
  useQueryErrorToast(invoices, 'Failed to load invoices')

  const setStatus = (value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set('status', value)
    else next.delete('status')
    setParams(next, { replace: true })
  }

  const rows = invoices.data?.pages.flatMap((page) => page.invoices) ?? []
  const createButton = (
    <Button onClick={() => setIsCreating(true)}>
      <Plus aria-hidden="true" />
      Create Invoices
    </Button>
  )

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Invoices"
        description={PAGE_DESCRIPTION}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/billing/receivables">
                <FileSpreadsheet aria-hidden="true" />
                Accounts Receivable
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/billing/settings">
                <Settings aria-hidden="true" />
                Billing Settings
              </Link>
            </Button>
            {createButton}
          </>
        }
      />
      <form
        role="search"
        aria-label="Filter invoices"
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid min-w-48 gap-2">
          <Label htmlFor={statusId}>Status</Label>
          <NativeSelect id={statusId} value={status ?? ''} onChange={(event) => setStatus(event.target.value)}>
            <NativeSelectOption value="">All invoices</NativeSelectOption>
            {INVOICE_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {INVOICE_STATUS_LABELS[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </form>
      {invoices.isPending ? (
        <LoadingList label="Loading invoices..." rows={5} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={status ? 'No invoices with this status' : 'No invoices yet'}
          description="Create Invoices bills each client's bookings of a period, one draft per client, for you to check and issue."
          action={status ? undefined : createButton}
        />
      ) : (
        <InvoiceTable invoices={rows} />
      )}
      {invoices.hasNextPage ? (
        <div>
          <Button variant="outline" onClick={() => void invoices.fetchNextPage()} disabled={invoices.isFetchingNextPage}>
            {invoices.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      <CreateInvoicesDialog open={isCreating} onOpenChange={setIsCreating} />
    </div>
  )
}
