import { useParams } from 'react-router'
import { PrintablePage, PrintButton, PrintableSheet, useSheetNotFound } from '@web/components/printable-page'
import { RequireAuth, usePermission } from '@web/features/auth'
import { useInvoice } from './api'
import { InvoiceSheet } from './components/invoice-sheet'

// Outside the app's layout (PrintablePage): the browser's Print (or Save as PDF) gives the invoice alone.
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
  const isMissing = useSheetNotFound(invoice, 'Failed to load the invoice')

  return (
    <PrintablePage back={{ to: `/invoices/${id}`, label: 'Back to the invoice' }} toolbar={invoice.data ? <PrintButton /> : null}>
      <PrintableSheet
        query={invoice}
        isMissing={isMissing}
        refusal={canBill ? null : 'Not available for your role: an owner or a manager reads the invoices.'}
        notFound="Invoice not found"
      >
        {(data) => <InvoiceSheet invoice={data} />}
      </PrintableSheet>
    </PrintablePage>
  )
}
