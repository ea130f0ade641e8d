import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { Skeleton } from './ui/skeleton'

// While a page loads it shows its outline (skeletons), not a blank page (docs/product.md#across-the-app).
// The shapes are grey blocks only, hidden from screen readers; the status text beside them says
// that the page loads. Where the spec shows a loading text ('Loading...' on / and /setup), it is
// shown as well. This module is in the app's entry: it stays small and adds no dependency.

type Shape = 'landing' | 'cards' | 'list' | 'facility' | 'room' | 'client' | 'wizard' | 'card'

// The outline of the page at a path, so the route's fallback, the guard and the page itself show one shape.
const SHAPES: Array<[RegExp, Shape]> = [
  [/^\/$/, 'landing'],
  [/^\/facility\/[^/]+\/room\//, 'room'],
  [/^\/facility\//, 'facility'],
  [/^\/clients\/./, 'client'],
  [/^\/(facilities|displays|contracts|dashboard)/, 'cards'],
  [/^\/setup/, 'wizard'],
  [/^\/(auth|reset-password|invite)/, 'card'],
]
const shapeOf = (pathname: string): Shape => SHAPES.find(([path]) => path.test(pathname))?.[1] ?? 'list'

const times = (count: number, render: (index: number) => ReactNode) => Array.from({ length: count }, (_, index) => render(index))

const Heading = ({ hasBackLink }: { hasBackLink?: boolean }) => (
  <>
    {hasBackLink ? <Skeleton className="h-5 w-36" /> : null}
    <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56 max-w-full sm:h-9" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <Skeleton className="h-9 w-36" />
    </div>
  </>
)

const Card = ({ className = '' }: { className?: string }) => (
  <div className={`grid content-start gap-3 rounded-xl border bg-card p-6 ${className}`}>
    <Skeleton className="h-6 w-2/3" />
    <Skeleton className="h-4 w-full" />
    <Skeleton className="h-4 w-1/2" />
  </div>
)

const Cards = ({ count = 3 }: { count?: number }) => (
  <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
    {times(count, (index) => (
      <Card key={index} />
    ))}
  </div>
)

const Rows = ({ count }: { count: number }) => (
  <div className="grid gap-2">
    {times(count, (index) => (
      <div key={index} className="flex items-center gap-3 rounded-lg border bg-card p-3">
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-2/5" />
          <Skeleton className="h-4 w-3/5" />
        </div>
        <Skeleton className="h-8 w-16 shrink-0" />
      </div>
    ))}
  </div>
)

const Toolbar = () => (
  <div className="flex flex-wrap gap-2">
    <Skeleton className="h-9 w-full sm:w-72" />
    <Skeleton className="h-9 w-24" />
  </div>
)

const OUTLINES: Record<Shape, ReactNode> = {
  landing: (
    <div className="grid justify-items-center gap-6">
      <Skeleton className="h-12 w-full max-w-2xl sm:h-16" />
      <Skeleton className="h-6 w-full max-w-xl" />
      <div className="flex gap-3">
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-28" />
      </div>
    </div>
  ),
  cards: (
    <>
      <Heading />
      <Cards />
    </>
  ),
  list: (
    <>
      <Heading />
      <Toolbar />
      <Rows count={6} />
    </>
  ),
  facility: (
    <>
      <Heading hasBackLink />
      <Cards />
      <Rows count={3} />
    </>
  ),
  room: (
    <>
      <Heading hasBackLink />
      <Toolbar />
      <Rows count={6} />
    </>
  ),
  client: (
    <>
      <Heading hasBackLink />
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Card />
        <div className="grid content-start gap-3">
          <Skeleton className="h-9 w-56" />
          <Card />
        </div>
      </div>
    </>
  ),
  wizard: (
    <>
      <Skeleton className="h-2 w-full" />
      <Card className="min-h-64" />
    </>
  ),
  card: <Card className="mx-auto w-full max-w-md" />,
}

type LoadingProps = {
  /** What a screen reader hears; shown too where the spec shows it. */
  label?: string
  isLabelVisible?: boolean
}

// A whole page that loads has no title yet: its status text is its heading meanwhile.
function LoadingStatus({ label = 'Loading...', isLabelVisible = false, isHeading = false }: LoadingProps & { isHeading?: boolean }) {
  const Text = isHeading ? 'h1' : 'p'
  return (
    <div role="status">
      <Text className={isLabelVisible ? 'text-muted-foreground' : 'sr-only'}>{label}</Text>
    </div>
  )
}

type LoadingScreenProps = LoadingProps & {
  shape?: Shape
  className?: string
  /** false where the page's own heading is already on screen. */
  isHeading?: boolean
}

/** A whole page loading: its outline, by the current path unless a shape is given. */
export function LoadingScreen({ shape, className = '', isHeading = true, ...status }: LoadingScreenProps) {
  const { pathname } = useLocation()
  return (
    <div className={`grid gap-6 ${className}`} aria-busy="true">
      <LoadingStatus isHeading={isHeading} {...status} />
      {OUTLINES[shape ?? shapeOf(pathname)]}
    </div>
  )
}

/** A part of a page loading (a list, a tab, a day): a few rows. */
export function LoadingList({ rows = 3, ...status }: LoadingProps & { rows?: number }) {
  return (
    <div className="grid gap-2" aria-busy="true">
      <LoadingStatus {...status} />
      <Rows count={rows} />
    </div>
  )
}

/**
 * Until the signed-in shell's code is in, the shell's outline: the sidebar from a tablet up, the
 * top bar and the page's outline, where the real ones will appear. Other screens show theirs.
 */
export function RouteFallback() {
  const { pathname } = useLocation()
  const shape = shapeOf(pathname)
  // The renters' portal: its header, then the page's rows, in its one narrow column (its
  // printable invoice has no header).
  if (pathname.startsWith('/portal') && !/^\/portal\/invoices\/./.test(pathname)) {
    return (
      <div className="min-h-svh bg-muted/40">
        <div className="border-b bg-background" aria-hidden="true">
          <div className="mx-auto grid max-w-3xl gap-3 px-4 py-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-8 w-full max-w-md" />
          </div>
        </div>
        <main className="mx-auto max-w-3xl px-4 py-6">
          <LoadingScreen shape="list" />
        </main>
      </div>
    )
  }
  if (shape === 'card' || shape === 'wizard') {
    return (
      <main className="mx-auto max-w-5xl px-4 py-10">
        <LoadingScreen shape={shape} />
      </main>
    )
  }
  return (
    <div className="flex min-h-svh">
      <div className="hidden w-64 shrink-0 gap-3 border-r bg-sidebar p-4 md:grid md:content-start" aria-hidden="true">
        <Skeleton className="mb-4 h-8 w-32" />
        {times(7, (index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex h-14 items-center gap-2 border-b px-4" aria-hidden="true">
          <Skeleton className="size-7" />
          <Skeleton className="h-4 w-24" />
        </div>
        <main className="p-4 sm:p-6 lg:p-8">
          <LoadingScreen shape={shape} />
        </main>
      </div>
    </div>
  )
}
