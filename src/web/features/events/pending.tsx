import type { CSSProperties } from 'react'
import type { OccupancyKind } from '@shared/events/schema'
import { cn } from '@web/lib/utils'

// A renter's request holds its ice while the operator decides (docs/product.md#renters): every
// calendar, list and timeline shows it beside the bookings, hatched and marked 'Pending', and
// none lets it be edited, moved or deleted as an event. It is answered on the Requests page.

export const PENDING_LABEL = 'Pending'

/**
 * Whether the row holds the ice for a request rather than being a booking. A row without a kind
 * (a write's answer, which only bookings get) is a booking.
 */
export function isPending(event: object): boolean {
  const kind = 'kind' in event ? (event.kind as OccupancyKind | undefined) : undefined
  return kind !== undefined && kind !== 'booking'
}

/**
 * Diagonal stripes of the event's colour, faded into the page, under the page's own text colour.
 * The stripes are a quarter of the colour, and the muted text inside a little darker than the
 * page's, so that both read at 4.5:1 or better on a stripe of any colour, black included. A swatch
 * with no text on it (a month's line) takes thinner, stronger stripes.
 */
export function pendingHatch(color: string, { stripePx = 6, strength = 25 } = {}): CSSProperties {
  const stripe = `color-mix(in oklab, ${color} ${strength}%, var(--background))`
  return {
    backgroundColor: 'var(--background)',
    backgroundImage: `repeating-linear-gradient(135deg, ${stripe} 0 ${stripePx}px, var(--background) ${stripePx}px ${2 * stripePx}px)`,
    color: 'var(--foreground)',
    '--muted-foreground': 'oklch(0.36 0.025 264)',
  } as CSSProperties
}

/** The word 'Pending' on a solid ground of its own, so it reads however busy the stripes behind it are. */
export function PendingBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center rounded-sm border border-foreground/60 bg-background px-1 text-[0.6875rem] leading-4 font-semibold text-foreground',
        className,
      )}
    >
      {PENDING_LABEL}
    </span>
  )
}
