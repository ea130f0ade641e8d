import { ArrowLeft, Printer } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { RequireAuth } from '@web/features/auth'
import { InvoiceSheet } from '@web/features/billing'
import { ApiError } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePortalInvoice } from './api'

// Outside the portal's layout (router.tsx), as the operators' printable page is outside theirs:
// the browser's Print (or Save as PDF) gives the invoice alone. The buttons above it are not printed.
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
    <div className="min-h-svh bg-muted/40 px-4 py-6 print:bg-white print:p-0">
      <header className="mx-auto mb-4 flex max-w-4xl flex-wrap items-center justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm" className="-ml-2.5">
          <Link to="/portal/invoices">
            <ArrowLeft aria-hidden="true" />
            Back to My Invoices
          </Link>
        </Button>
        {invoice.data ? (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        ) : null}
      </header>
      <main id="main">
        {invoice.isPending ? (
          <div className="mx-auto max-w-4xl">
            <LoadingScreen shape="card" />
          </div>
        ) : invoice.data ? (
          <InvoiceSheet invoice={invoice.data} />
        ) : isMissing ? (
          <h1 className="mx-auto max-w-4xl text-2xl font-bold">Invoice not found</h1>
        ) : null}
      </main>
    </div>
  )
}
