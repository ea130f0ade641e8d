import { useState, type ReactNode } from 'react'
import { ArrowLeft, Ban, Download, Percent, Plus, Printer, Send, Trash2, Wallet } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card'
import { usePermission } from '@web/features/auth'
import { ApiError } from '@web/lib/api-client'
import { formatCalendarDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useInvoice, type InvoiceDetail } from './api'
import { formatPeriod } from './amounts'
import { InvoiceActionDialog, type InvoiceAction } from './components/deferred-dialogs'
import { InvoiceStatusBadge } from './components/invoice-status-badge'
import { BillToAddress, InvoiceLinesTable, InvoicePaymentsTable, InvoiceTotals } from './components/invoice-parts'
import { invoiceName } from './components/invoice-table'
import { NotAllowed } from './components/not-allowed'

export function InvoicePage() {
  const canBill = usePermission('bill')
  if (!canBill) return <NotAllowed title="Invoice" who="An owner or a manager reads the invoices." />
  return <Invoice />
}

function Invoice() {
  const { id = '' } = useParams()
  const invoice = useInvoice(id)
  const isMissing = invoice.error instanceof ApiError && invoice.error.status === 404
  useQueryErrorToast({ isError: invoice.isError && !isMissing, error: invoice.error }, 'Failed to load the invoice')

  if (invoice.isPending) return <LoadingScreen />
  return (
    <div>
      <Link
        to="/invoices"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Invoices
      </Link>
      {invoice.data ? (
        <InvoiceDetailView invoice={invoice.data} />
      ) : isMissing ? (
        <PageHeader title="Invoice not found" description="It may have been deleted, or the link is wrong." />
      ) : null}
    </div>
  )
}

function InvoiceDetailView({ invoice }: { invoice: InvoiceDetail }) {
  const [action, setAction] = useState<InvoiceAction | null>(null)
  const isDraft = invoice.status === 'draft'
  const isVoidable = !isDraft && invoice.kind === 'invoice' && invoice.status !== 'void'
  const isPayable = isVoidable && invoice.balanceMinor > 0
  const title = invoiceName(invoice)

  const actions = (
    <>
      {isDraft ? (
        <>
          <Button variant="outline" onClick={() => setAction({ kind: 'addLine' })}>
            <Plus aria-hidden="true" />
            Add Line
          </Button>
          <Button variant="outline" onClick={() => setAction({ kind: 'addDiscount' })}>
            <Percent aria-hidden="true" />
            Add Discount
          </Button>
          <Button variant="outline" onClick={() => setAction({ kind: 'deleteDraft' })}>
            <Trash2 aria-hidden="true" />
            Delete Draft
          </Button>
          <Button onClick={() => setAction({ kind: 'issue' })}>
            <Send aria-hidden="true" />
            Issue
          </Button>
        </>
      ) : null}
      {isPayable ? (
        <Button onClick={() => setAction({ kind: 'recordPayment' })}>
          <Wallet aria-hidden="true" />
          Record Payment
        </Button>
      ) : null}
      {isVoidable ? (
        <Button variant="outline" onClick={() => setAction({ kind: 'void' })}>
          <Ban aria-hidden="true" />
          Void
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <Link to={`/invoices/${invoice.id}/print`}>
          <Printer aria-hidden="true" />
          Print
        </Link>
      </Button>
      <Button asChild variant="outline">
        <a href={`/api/invoices/${invoice.id}/pdf`} download>
          <Download aria-hidden="true" />
          Download PDF
        </a>
      </Button>
    </>
  )

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader
        title={title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} />
            <Link to={`/clients/${invoice.clientId}`} className="text-primary underline-offset-4 hover:underline">
              {invoice.clientName}
            </Link>
          </span>
        }
        actions={actions}
      />
      <InvoiceNotes invoice={invoice} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:items-start">
        <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[repeat(3,max-content)]">
          <Detail term="Period">{formatPeriod(invoice.periodStart, invoice.periodEnd)}</Detail>
          <Detail term="Issued">{invoice.issuedOn ? formatCalendarDay(invoice.issuedOn) : 'Not yet'}</Detail>
          <Detail term="Due">{invoice.dueOn ? formatCalendarDay(invoice.dueOn) : 'Set when issued'}</Detail>
        </dl>
        <section aria-labelledby="bill-to-heading" className="grid gap-1">
          <h2 id="bill-to-heading" className="text-sm text-muted-foreground">
            Bill to
          </h2>
          <BillToAddress invoice={invoice} />
        </section>
      </div>
      <section aria-labelledby="lines-heading" className="grid gap-3">
        <h2 id="lines-heading" className="text-lg font-semibold">
          Lines
        </h2>
        <InvoiceLinesTable
          invoice={invoice}
          actions={
            isDraft
              ? (line) =>
                  line.kind === 'booking' ? (
                    line.removedReason === null ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Remove ${line.description}`}
                        onClick={() => setAction({ kind: 'removeLine', line })}
                      >
                        Remove
                      </Button>
                    ) : null
                  ) : (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete line: ${line.description}`}
                      onClick={() => setAction({ kind: 'deleteLine', line })}
                    >
                      <Trash2 className="text-destructive" aria-hidden="true" />
                    </Button>
                  )
              : undefined
          }
        />
        <InvoiceTotals invoice={invoice} className="ml-auto w-full max-w-sm" />
      </section>
      {isDraft || invoice.kind === 'credit_note' ? null : (
        <Card className="gap-4">
          <CardHeader>
            <CardTitle asChild>
              <h2>Payments</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <InvoicePaymentsTable invoice={invoice} />
          </CardContent>
        </Card>
      )}
      <InvoiceActionDialog invoice={invoice} action={action} onClose={() => setAction(null)} />
    </div>
  )
}

// A void invoice names its credit note, and a credit note the invoice it voids, with the reason.
function InvoiceNotes({ invoice }: { invoice: InvoiceDetail }) {
  const notes: ReactNode[] = []
  if (invoice.voidedBy) {
    notes.push(
      <>
        Voided by credit note{' '}
        <Link to={`/invoices/${invoice.voidedBy.id}`} className="text-primary underline underline-offset-4">
          {invoice.voidedBy.number ?? 'Draft'}
        </Link>
        .
      </>,
    )
  }
  if (invoice.voidsInvoice) {
    notes.push(
      <>
        Credit for invoice{' '}
        <Link to={`/invoices/${invoice.voidsInvoice.id}`} className="text-primary underline underline-offset-4">
          {invoice.voidsInvoice.number ?? 'Draft'}
        </Link>
        {invoice.reason ? `: ${invoice.reason}` : '.'}
      </>,
    )
  }
  if (notes.length === 0) return null
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm" role="note">
      {notes.map((note, index) => (
        <p key={index}>{note}</p>
      ))}
    </div>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}
