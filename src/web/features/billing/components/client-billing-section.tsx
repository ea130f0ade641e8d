import { useState } from 'react'
import { Wallet } from 'lucide-react'
import { formatMoney } from '@shared/billing/money'
import { LoadingList } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@web/components/ui/card'
import { formatCalendarDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useClientBilling, type ClientBilling } from '../api'
import { openInvoicesOldestFirst, paymentMethodLabel } from '../amounts'
import { RecordPaymentDialog } from './deferred-dialogs'
import { InvoiceTable } from './invoice-table'
import { amountCell, cell, NoValue, ScrollTable, TableHead } from '@web/components/scroll-table'

export type ClientBillingSectionProps = { clientId: string; clientName: string }

// What the client owes and has paid (docs: billing design, 'Payments'): for Owners and Managers.
export function ClientBillingSection({ clientId, clientName }: ClientBillingSectionProps) {
  const billing = useClientBilling(clientId)
  const [isRecording, setIsRecording] = useState(false)
  useQueryErrorToast(billing, 'Failed to load billing')
  const data = billing.data
  const openInvoices = data ? openInvoicesOldestFirst(data.invoices) : []
  const owed = openInvoices.reduce((sum, invoice) => sum + invoice.balanceMinor, 0)

  return (
    <Card className="gap-4" role="region" aria-labelledby="client-billing-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="client-billing-heading">Billing</h2>
        </CardTitle>
        {data ? (
          <CardAction>
            <Button size="sm" onClick={() => setIsRecording(true)}>
              <Wallet aria-hidden="true" />
              Record Payment
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        {billing.isPending ? <LoadingList label="Loading billing..." rows={3} /> : data ? <BillingDetail billing={data} /> : null}
      </CardContent>
      {data ? (
        <RecordPaymentDialog
          open={isRecording}
          onOpenChange={setIsRecording}
          clientId={clientId}
          currency={data.currency}
          invoiceIds={openInvoices.map((invoice) => invoice.id)}
          suggestedAmountMinor={owed}
          description={
            openInvoices.length > 0
              ? `From ${clientName}: applied to the open invoices oldest first (${formatMoney(owed, data.currency)} open); anything more stays as credit.`
              : `From ${clientName}: no invoice is open, so it stays as the client's credit for the next invoices.`
          }
        />
      ) : null}
    </Card>
  )
}

function BillingDetail({ billing }: { billing: ClientBilling }) {
  const { currency } = billing
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:max-w-md">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(billing.balanceMinor, currency)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Credit</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(billing.creditMinor, currency)}</dd>
        </div>
      </dl>
      <section aria-labelledby="client-invoices-heading" className="grid gap-2">
        <h3 id="client-invoices-heading" className="font-semibold">
          Invoices
        </h3>
        {billing.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <InvoiceTable invoices={billing.invoices} showClient={false} />
        )}
      </section>
      <section aria-labelledby="client-payments-heading" className="grid gap-2">
        <h3 id="client-payments-heading" className="font-semibold">
          Payments
        </h3>
        {billing.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <ScrollTable label="Payment list">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Payments, newest first</caption>
              <TableHead
                columns={[
                  'Received',
                  'Method',
                  'Reference',
                  'Applied to',
                  { label: 'Amount', align: 'right' },
                  { label: 'Unapplied', align: 'right' },
                ]}
              />
              <tbody>
                {billing.payments.map((payment) => (
                  <tr key={payment.id} className="border-t align-top">
                    <td className={`${cell} whitespace-nowrap`}>{formatCalendarDay(payment.receivedOn)}</td>
                    <td className={cell}>{paymentMethodLabel(payment.method)}</td>
                    <td className={`${cell} break-words`}>{payment.reference ?? <NoValue />}</td>
                    <td className={cell}>
                      {payment.allocations.length === 0 ? (
                        <NoValue />
                      ) : (
                        payment.allocations.map((allocation) => (
                          <span key={allocation.invoiceId} className="block whitespace-nowrap">
                            {allocation.number ?? 'Draft'}: {formatMoney(allocation.amountMinor, currency)}
                          </span>
                        ))
                      )}
                    </td>
                    <td className={amountCell}>{formatMoney(payment.amountMinor, currency)}</td>
                    <td className={amountCell}>{formatMoney(payment.unallocatedMinor, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </section>
    </>
  )
}
