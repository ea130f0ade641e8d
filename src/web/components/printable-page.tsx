import type { ReactNode } from 'react'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
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
