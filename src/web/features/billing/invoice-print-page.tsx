import { ArrowLeft, Printer } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { RequireAuth, usePermission } from '@web/features/auth'
import { ApiError } from '@web/lib/api-client'
import { formatCalendarDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useInvoice, type InvoiceDetail } from './api'
import { formatPeriod } from './amounts'
import { BillToAddress, InvoiceLinesTable, InvoicePaymentsTable, InvoiceTotals } from './components/invoice-parts'
import './invoice-print.css'

// Outside the app's layout (router.tsx): no sidebar or bar, only the sheet, so that the browser's
// Print (or Save as PDF) gives the invoice alone. The buttons above it are not printed.
export function InvoicePrintPage() {
  return (
    <RequireAuth>
      <PrintableInvoice />
    </RequireAuth>
  )
}

function PrintableInvoice() {
  const { id = '' } = useParams()
  const canBill = usePermission('bill')
  const invoice = useInvoice(id, canBill)
  const isMissing = invoice.error instanceof ApiError && invoice.error.status === 404
  useQueryErrorToast({ isError: invoice.isError && !isMissing, error: invoice.error }, 'Failed to load the invoice')

  return (
    <div className="min-h-svh bg-muted/40 px-4 py-6 print:bg-white print:p-0">
      <header className="mx-auto mb-4 flex max-w-4xl flex-wrap items-center justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm" className="-ml-2.5">
          <Link to={`/invoices/${id}`}>
            <ArrowLeft aria-hidden="true" />
            Back to the invoice
          </Link>
        </Button>
        {invoice.data ? (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        ) : null}
      </header>
      <main id="main">
        {!canBill ? (
          <p className="mx-auto max-w-4xl">Not available for your role: an owner or a manager reads the invoices.</p>
        ) : invoice.isPending ? (
          <div className="mx-auto max-w-4xl">
            <LoadingScreen shape="card" />
          </div>
        ) : invoice.data ? (
          <InvoiceSheet invoice={invoice.data} />
        ) : isMissing ? (
          <h1 className="mx-auto max-w-4xl text-2xl font-bold">Invoice not found</h1>
        ) : null}
      </main>
    </div>
  )
}

function InvoiceSheet({ invoice }: { invoice: InvoiceDetail }) {
  const isCreditNote = invoice.kind === 'credit_note'
  const kind = isCreditNote ? 'Credit note' : 'Invoice'
  const isVoid = invoice.status === 'void'
  return (
    <article className="invoice-sheet mx-auto grid max-w-4xl gap-8 rounded-lg border bg-background p-6 shadow-sm sm:p-10">
      <header className="invoice-keep flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="text-lg font-semibold">{invoice.organisationName}</p>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold tracking-tight">
            {kind} {invoice.number ?? '(draft)'}
          </h1>
          {invoice.status === 'draft' ? <p className="font-semibold text-muted-foreground uppercase">Draft</p> : null}
          {isVoid ? <p className="font-semibold text-destructive uppercase">Void</p> : null}
          {invoice.voidsInvoice ? <p className="text-sm">Credit for invoice {invoice.voidsInvoice.number}</p> : null}
        </div>
      </header>
      <div className="invoice-keep grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="print-bill-to">
          <h2 id="print-bill-to" className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Bill to
          </h2>
          <BillToAddress invoice={invoice} />
        </section>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 text-sm sm:justify-self-end">
          <dt className="text-muted-foreground">Number</dt>
          <dd>{invoice.number ?? 'Draft'}</dd>
          <dt className="text-muted-foreground">Issued</dt>
          <dd>{invoice.issuedOn ? formatCalendarDay(invoice.issuedOn) : 'Not yet'}</dd>
          {isCreditNote ? null : (
            <>
              <dt className="text-muted-foreground">Due</dt>
              <dd>{invoice.dueOn ? formatCalendarDay(invoice.dueOn) : 'Set when issued'}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Period</dt>
          <dd>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</dd>
        </dl>
      </div>
      <section aria-label="Lines" className="grid gap-4">
        <InvoiceLinesTable invoice={invoice} />
        <InvoiceTotals invoice={invoice} className="ml-auto w-full max-w-xs" />
      </section>
      {invoice.reason ? <p className="invoice-keep text-sm">Reason: {invoice.reason}</p> : null}
      {invoice.status === 'draft' || isCreditNote ? null : (
        <section aria-labelledby="print-payments" className="grid gap-2">
          <h2 id="print-payments" className="text-sm font-semibold">
            Payments
          </h2>
          <InvoicePaymentsTable invoice={invoice} />
        </section>
      )}
      {invoice.notes ? <p className="invoice-keep text-sm whitespace-pre-line">{invoice.notes}</p> : null}
    </article>
  )
}
