import type { ReactNode } from 'react'
import { ArrowLeft, Printer } from 'lucide-react'
import { Link } from 'react-router'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { ApiError } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import './print-sheet.css'

type PrintablePageProps = {
  /** Where 'Back' leads, and what it says. */
  back: { to: string; label: string }
  /** The buttons and fields above the sheet ('Print', a period): never printed. */
  toolbar?: ReactNode
  children: ReactNode
}

/**
 * A page outside the app's layout (router.tsx): no sidebar or bar, only a sheet (an invoice, a
 * client's statement), so that the browser's Print (or Save as PDF) gives the sheet alone. The
 * sheet is an element with the `print-sheet` class; its blocks that must not break take `print-keep`.
 */
export function PrintablePage({ back, toolbar, children }: PrintablePageProps) {
  return (
    <div className="min-h-svh bg-muted/40 px-4 py-6 print:bg-white print:p-0">
      <header className="mx-auto mb-4 flex max-w-4xl flex-wrap items-end justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm" className="-ml-2.5">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
        {toolbar}
      </header>
      <main id="main">{children}</main>
    </div>
  )
}

/** The toolbar's 'Print': the browser's own dialog, which also saves a PDF. */
export function PrintButton({ disabled = false }: { disabled?: boolean }) {
  return (
    <Button onClick={() => window.print()} disabled={disabled}>
      <Printer aria-hidden="true" />
      Print
    </Button>
  )
}

type SheetQuery<T> = { isPending: boolean; isError: boolean; data: T | undefined; error: unknown }

/**
 * Whether the sheet's query was answered 404 (a row of another organisation, or none); any other
 * failure is toasted with `failedMessage`.
 */
export function useSheetNotFound(query: SheetQuery<unknown>, failedMessage: string): boolean {
  const isMissing = query.error instanceof ApiError && query.error.status === 404
  useQueryErrorToast({ isError: query.isError && !isMissing, error: query.error }, failedMessage)
  return isMissing
}

type PrintableSheetProps<T> = {
  query: SheetQuery<T>
  isMissing: boolean
  /** Shown instead of the sheet when the caller's role may not read it. */
  refusal?: string | null
  /** The heading when there is no such sheet. */
  notFound: string
  children: (data: T) => ReactNode
}

/** The body of a printable page: the sheet once loaded, or why there is none. */
export function PrintableSheet<T>({ query, isMissing, refusal, notFound, children }: PrintableSheetProps<T>) {
  if (refusal) return <p className="mx-auto max-w-4xl">{refusal}</p>
  if (query.isPending)
    return (
      <div className="mx-auto max-w-4xl">
        <LoadingScreen shape="card" />
      </div>
    )
  if (query.data !== undefined) return children(query.data)
  if (isMissing) return <h1 className="mx-auto max-w-4xl text-2xl font-bold">{notFound}</h1>
  return null
}
