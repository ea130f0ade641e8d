import { Link } from 'react-router'
import { formatMoney } from '@shared/billing/money'
import { formatCalendarDay } from '@web/lib/datetime'
import type { InvoiceSummary } from '../api'
import { formatPeriod } from '../amounts'
import { InvoiceStatusBadge } from './invoice-status-badge'
import { amountCell, cell, NoValue, ScrollTable, TableHead } from '@web/components/scroll-table'

export function InvoiceTable({ invoices, showClient = true }: { invoices: InvoiceSummary[]; showClient?: boolean }) {
  return (
    <ScrollTable label="Invoice list">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Invoices, newest first</caption>
        <TableHead
          columns={[
            'Number',
            showClient ? 'Client' : null,
            'Period',
            'Issued',
            'Due',
            { label: 'Total', align: 'right' },
            { label: 'Balance', align: 'right' },
            'Status',
          ]}
        />
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-t align-top">
              <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
                <Link to={`/invoices/${invoice.id}`} className="text-primary underline-offset-4 hover:underline">
                  {invoiceName(invoice)}
                </Link>
              </th>
              {showClient ? <td className={`${cell} min-w-40 break-words`}>{invoice.clientName}</td> : null}
              <td className={`${cell} whitespace-nowrap`}>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</td>
              <td className={`${cell} whitespace-nowrap`}>{invoice.issuedOn ? formatCalendarDay(invoice.issuedOn) : <NoValue />}</td>
              <td className={`${cell} whitespace-nowrap`}>{invoice.dueOn ? formatCalendarDay(invoice.dueOn) : <NoValue />}</td>
              <td className={amountCell}>{formatMoney(invoice.totalMinor, invoice.currency)}</td>
              <td className={amountCell}>{formatMoney(invoice.balanceMinor, invoice.currency)}</td>
              <td className={cell}>
                <InvoiceStatusBadge status={invoice.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}

/** '2027-0001', 'Credit note CN-2027-0001', or 'Draft' before a number is given at issue. */
export function invoiceName(invoice: Pick<InvoiceSummary, 'kind' | 'number'>): string {
  if (invoice.number === null) return invoice.kind === 'credit_note' ? 'Draft credit note' : 'Draft'
  return invoice.kind === 'credit_note' ? `Credit note ${invoice.number}` : invoice.number
}
