import { useParams } from 'react-router'
import { PrintablePage, PrintButton, PrintableSheet, useSheetNotFound } from '@web/components/printable-page'
import { RequireAuth } from '@web/features/auth'
import { InvoiceSheet } from '@web/features/billing'
import { usePortalInvoice } from './api'

// Outside the portal's layout (router.tsx), in the same printable frame as the operators' invoice
// page: the browser's Print (or Save as PDF) gives the invoice alone.
export function PortalInvoicePage() {
  return (
    <RequireAuth isPortal>
      <PrintableInvoice />
    </RequireAuth>
  )
}

function PrintableInvoice() {
  const { id = '' } = useParams()
  const invoice = usePortalInvoice(id)
  const isMissing = useSheetNotFound(invoice, 'Failed to load the invoice')

  return (
    <PrintablePage back={{ to: '/portal/invoices', label: 'Back to My Invoices' }} toolbar={invoice.data ? <PrintButton /> : null}>
      <PrintableSheet query={invoice} isMissing={isMissing} notFound="Invoice not found">
        {(data) => <InvoiceSheet invoice={data} />}
      </PrintableSheet>
    </PrintablePage>
  )
}
