import { Printer } from 'lucide-react'
import { useParams } from 'react-router'
import { LoadingScreen } from '@web/components/loading-screen'
import { PrintablePage } from '@web/components/printable-page'
import { Button } from '@web/components/ui/button'
import { RequireAuth } from '@web/features/auth'
import { InvoiceSheet } from '@web/features/billing'
import { ApiError } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
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
  const isMissing = invoice.error instanceof ApiError && invoice.error.status === 404
  useQueryErrorToast({ isError: invoice.isError && !isMissing, error: invoice.error }, 'Failed to load the invoice')

  return (
    <PrintablePage
      back={{ to: '/portal/invoices', label: 'Back to My Invoices' }}
      toolbar={
        invoice.data ? (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        ) : null
      }
    >
      {invoice.isPending ? (
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
