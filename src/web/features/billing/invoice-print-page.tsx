import { Printer } from 'lucide-react'
import { useParams } from 'react-router'
import { LoadingScreen } from '@web/components/loading-screen'
import { PrintablePage } from '@web/components/printable-page'
import { Button } from '@web/components/ui/button'
import { RequireAuth, usePermission } from '@web/features/auth'
import { ApiError } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
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
  const isMissing = invoice.error instanceof ApiError && invoice.error.status === 404
  useQueryErrorToast({ isError: invoice.isError && !isMissing, error: invoice.error }, 'Failed to load the invoice')

  return (
    <PrintablePage
      back={{ to: `/invoices/${id}`, label: 'Back to the invoice' }}
      toolbar={
        invoice.data ? (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        ) : null
      }
    >
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
    </PrintablePage>
  )
}
