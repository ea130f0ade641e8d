import { formatCalendarDay } from '@web/lib/datetime'
import type { InvoiceDetail } from '../api'
import { formatPeriod } from '../amounts'
import { BillToAddress, InvoiceLinesTable, InvoicePaymentsTable, InvoiceTotals } from './invoice-parts'
import '@web/components/print-sheet.css'

/**
 * An invoice or credit note as one printable sheet: the venue, the client billed, the lines, the
 * totals and the payments recorded. The operators' printable page and the renters' portal show it.
 */
export function InvoiceSheet({ invoice }: { invoice: InvoiceDetail }) {
  const isCreditNote = invoice.kind === 'credit_note'
  const kind = isCreditNote ? 'Credit note' : 'Invoice'
  const isVoid = invoice.status === 'void'
  return (
    <article className="print-sheet mx-auto grid max-w-4xl gap-8 rounded-lg border bg-background p-6 shadow-sm sm:p-10">
      <header className="print-keep flex flex-wrap items-start justify-between gap-6">
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
      <div className="print-keep grid gap-6 sm:grid-cols-2">
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
      {invoice.reason ? <p className="print-keep text-sm">Reason: {invoice.reason}</p> : null}
      {invoice.status === 'draft' || isCreditNote ? null : (
        <section aria-labelledby="print-payments" className="grid gap-2">
          <h2 id="print-payments" className="text-sm font-semibold">
            Payments
          </h2>
          <InvoicePaymentsTable invoice={invoice} />
        </section>
      )}
      {invoice.notes ? <p className="print-keep text-sm whitespace-pre-line">{invoice.notes}</p> : null}
    </article>
  )
}
