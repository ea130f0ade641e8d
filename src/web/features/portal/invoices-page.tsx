import { useId, type ReactNode } from 'react'
import { Receipt } from 'lucide-react'
import { Link } from 'react-router'
import { formatMoney } from '@shared/billing/money'
import type { Payment } from '@shared/billing/payments-responses'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { InvoiceStatusBadge, invoiceName, paymentMethodLabel } from '@web/features/billing'
import { formatCalendarDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePortalInvoices, type InvoiceSummary, type PortalInvoices } from './api'
import { PortalPage } from './components/portal-page'
import { usePortalClient } from './portal-client'

/**
 * 'My Invoices': the client's balance, its issued invoices with their status and balance, each
 * opening its printable page, and the payments recorded (docs/product.md#renters).
 */
export function PortalInvoicesPage() {
  const { client } = usePortalClient()
  const answer = usePortalInvoices(client.clientId)
  useQueryErrorToast(answer, 'Failed to load invoices')
  return (
    <PortalPage title="My Invoices" description={`The invoices of ${client.clientName}, newest first.`}>
      {answer.isPending ? (
        <LoadingList label="Loading invoices..." />
      ) : answer.data ? (
        answer.data.invoices.length === 0 && answer.data.payments.length === 0 ? (
          <EmptyState icon={Receipt} title="No invoices yet" description="Invoices appear here once the venue issues them." />
        ) : (
          <Invoices answer={answer.data} />
        )
      ) : null}
    </PortalPage>
  )
}

function Invoices({ answer }: { answer: PortalInvoices }) {
  const invoicesId = useId()
  const paymentsId = useId()
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 rounded-lg border bg-card p-4 sm:max-w-md">
        <Figure term="Balance" isStrong>
          {formatMoney(answer.balanceMinor, answer.currency)}
        </Figure>
        {answer.creditMinor > 0 ? <Figure term="Credit">{formatMoney(answer.creditMinor, answer.currency)}</Figure> : null}
      </dl>
      <section aria-labelledby={invoicesId} className="grid gap-3">
        <h2 id={invoicesId} className="text-lg font-semibold">
          Invoices
        </h2>
        {answer.invoices.length > 0 ? (
          <ul className="grid gap-2" aria-labelledby={invoicesId}>
            {answer.invoices.map((invoice) => (
              <li key={invoice.id}>
                <InvoiceCard invoice={invoice} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        )}
      </section>
      <section aria-labelledby={paymentsId} className="grid gap-3">
        <h2 id={paymentsId} className="text-lg font-semibold">
          Payments
        </h2>
        {answer.payments.length > 0 ? (
          <ul className="grid gap-2" aria-labelledby={paymentsId}>
            {answer.payments.map((payment) => (
              <li key={payment.id}>
                <PaymentCard payment={payment} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        )}
      </section>
    </>
  )
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <article className="grid gap-3 rounded-lg border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={`/portal/invoices/${invoice.id}`} className="text-primary underline-offset-4 hover:underline">
            {invoice.kind === 'invoice' ? `Invoice ${invoiceName(invoice)}` : invoiceName(invoice)}
          </Link>
        </h3>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Figure term="Issued">{invoice.issuedOn ? formatCalendarDay(invoice.issuedOn) : '—'}</Figure>
        <Figure term="Due">{invoice.dueOn ? formatCalendarDay(invoice.dueOn) : '—'}</Figure>
        <Figure term="Total">{formatMoney(invoice.totalMinor, invoice.currency)}</Figure>
        <Figure term="Balance" isStrong>
          {formatMoney(invoice.balanceMinor, invoice.currency)}
        </Figure>
      </dl>
    </article>
  )
}

function PaymentCard({ payment }: { payment: Payment }) {
  const appliedTo = payment.allocations.map((allocation) => allocation.number).filter((number) => number !== null)
  return (
    <article className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-lg border bg-card p-4 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <h3 className="font-medium">
          {formatCalendarDay(payment.receivedOn)} · {paymentMethodLabel(payment.method)}
        </h3>
        {payment.reference ? <p className="break-words text-muted-foreground">{payment.reference}</p> : null}
        {appliedTo.length > 0 ? <p className="text-muted-foreground">Applied to {appliedTo.join(', ')}</p> : null}
      </div>
      <p className="font-semibold tabular-nums">{formatMoney(payment.amountMinor, payment.currency)}</p>
    </article>
  )
}

function Figure({ term, children, isStrong = false }: { term: string; children: ReactNode; isStrong?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className={isStrong ? 'font-semibold tabular-nums' : 'tabular-nums'}>{children}</dd>
    </div>
  )
}
