import type { ReactNode } from 'react'
import { formatMoney } from '@shared/billing/money'
import { hoursText } from '@shared/billing/pricing'
import { formatTaxRate } from '@shared/billing/totals'
import { formatCalendarDay } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import type { InvoiceDetail, InvoiceLine } from '../api'
import { formatHourlyRate, paymentMethodLabel } from '../amounts'
import { amountCell, cell, NoValue, ScrollTable, TableHead } from '@web/components/scroll-table'

// The parts of an invoice that its page and its printable page show alike.

type LinesTableProps = {
  invoice: InvoiceDetail
  /** A draft's buttons for a line (Remove, Delete); the printable page has none. */
  actions?: (line: InvoiceLine) => ReactNode
}

export function InvoiceLinesTable({ invoice, actions }: LinesTableProps) {
  const { currency } = invoice
  return (
    <ScrollTable label="Invoice lines" className="print:overflow-visible print:rounded-none print:border-0">
      <table className="w-full min-w-[44rem] text-sm print:min-w-0">
        <caption className="sr-only">Lines of {invoice.number ?? 'the draft'}</caption>
        <TableHead
          columns={[
            'Description',
            { label: 'Prime hours', align: 'right' },
            { label: 'Non-prime hours', align: 'right' },
            { label: 'Rate', align: 'right' },
            { label: 'Amount', align: 'right' },
            actions ? { label: 'Actions', srOnly: true } : null,
          ]}
        />
        <tbody>
          {invoice.lines.length === 0 ? (
            <tr className="border-t">
              <td colSpan={actions ? 6 : 5} className={`${cell} text-muted-foreground`}>
                No lines yet.
              </td>
            </tr>
          ) : null}
          {invoice.lines.map((line) => {
            const isRemoved = line.removedReason !== null
            return (
              <tr key={line.id} className="print-keep border-t align-top">
                <td className={`${cell} min-w-64 break-words`}>
                  {isRemoved ? (
                    <>
                      <del className="text-muted-foreground">
                        <span className="sr-only">Removed: </span>
                        {line.description}
                      </del>
                      <span className="block text-muted-foreground">Removed: {line.removedReason}</span>
                    </>
                  ) : (
                    line.description
                  )}
                </td>
                <td className={amountCell}>{line.primeMinutes === null ? <NoValue /> : hoursText(line.primeMinutes)}</td>
                <td className={amountCell}>{line.nonPrimeMinutes === null ? <NoValue /> : hoursText(line.nonPrimeMinutes)}</td>
                <td className={amountCell}>
                  {line.primeRateMinor === null && line.nonPrimeRateMinor === null ? (
                    <NoValue />
                  ) : (
                    <>
                      {line.primeRateMinor !== null ? (
                        <span className="block">Prime {formatHourlyRate(line.primeRateMinor, currency)}</span>
                      ) : null}
                      {line.nonPrimeRateMinor !== null ? (
                        <span className="block">Non-prime {formatHourlyRate(line.nonPrimeRateMinor, currency)}</span>
                      ) : null}
                    </>
                  )}
                </td>
                <td className={cn(amountCell, isRemoved && 'text-muted-foreground line-through')}>
                  {formatMoney(line.amountMinor, currency)}
                </td>
                {actions ? <td className={`${cell} text-right whitespace-nowrap`}>{actions(line)}</td> : null}
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollTable>
  )
}

/** Subtotal, each tax ('HST 13 %'), total, what was paid and the balance. */
export function InvoiceTotals({ invoice, className }: { invoice: InvoiceDetail; className?: string }) {
  const { currency } = invoice
  // What is paid and left is an issued invoice's: a credit note is owed to the client, and a void
  // invoice is cancelled by its credit note.
  const isPayable = invoice.kind === 'invoice' && invoice.status !== 'draft' && invoice.status !== 'void'
  return (
    <dl className={cn('print-keep grid gap-y-1.5 text-sm', className)}>
      <Figure term="Subtotal">{formatMoney(invoice.subtotalMinor, currency)}</Figure>
      {invoice.taxes.map((tax, index) => (
        <Figure key={`${tax.name}-${index}`} term={`${tax.name} ${formatTaxRate(tax.rateThousandths)}`}>
          {formatMoney(tax.amountMinor, currency)}
        </Figure>
      ))}
      <Figure term="Total" isStrong>
        {formatMoney(invoice.totalMinor, currency)}
      </Figure>
      {isPayable ? (
        <>
          <Figure term="Paid">{formatMoney(invoice.paidMinor, currency)}</Figure>
          <Figure term="Balance" isStrong>
            {formatMoney(invoice.balanceMinor, currency)}
          </Figure>
        </>
      ) : null}
    </dl>
  )
}

function Figure({ term, children, isStrong = false }: { term: string; children: ReactNode; isStrong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-6', isStrong && 'border-t pt-1.5 font-semibold')}>
      <dt className={isStrong ? undefined : 'text-muted-foreground'}>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  )
}

/** The payments allocated to the invoice: when, how, their reference and the amount applied. */
export function InvoicePaymentsTable({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.payments.length === 0) return <p className="text-sm text-muted-foreground">No payments yet.</p>
  return (
    <ScrollTable label="Payment list" className="print:overflow-visible print:rounded-none print:border-0">
      <table className="w-full min-w-[28rem] text-sm print:min-w-0">
        <caption className="sr-only">Payments applied to this invoice</caption>
        <TableHead columns={['Received', 'Method', 'Reference', { label: 'Amount', align: 'right' }]} />
        <tbody>
          {invoice.payments.map((payment) => (
            <tr key={payment.paymentId} className="print-keep border-t align-top">
              <td className={`${cell} whitespace-nowrap`}>{formatCalendarDay(payment.receivedOn)}</td>
              <td className={cell}>{paymentMethodLabel(payment.method)}</td>
              <td className={`${cell} break-words`}>{payment.reference ?? <NoValue />}</td>
              <td className={amountCell}>{formatMoney(payment.amountMinor, invoice.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}

/** The client's address block as the invoice names it. */
export function BillToAddress({ invoice }: { invoice: InvoiceDetail }) {
  const { billTo } = invoice
  const cityLine = [billTo.city, billTo.provinceState, billTo.postalCode].filter(Boolean).join(', ')
  return (
    <address className="text-sm not-italic">
      <span className="block font-medium">{billTo.name}</span>
      {billTo.company ? <span className="block">{billTo.company}</span> : null}
      {billTo.address ? <span className="block whitespace-pre-line">{billTo.address}</span> : null}
      {cityLine ? <span className="block">{cityLine}</span> : null}
      {billTo.country ? <span className="block">{billTo.country}</span> : null}
      {billTo.email ? <span className="block break-all">{billTo.email}</span> : null}
    </address>
  )
}
