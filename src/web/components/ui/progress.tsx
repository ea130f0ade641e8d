import type * as React from 'react'
import { Progress as ProgressPrimitive } from 'radix-ui'

import { cn } from '@web/lib/utils'

// A progressbar without a name fails axe, so the type demands one.
type AccessibleName = { 'aria-label': string; 'aria-labelledby'?: never } | { 'aria-labelledby': string; 'aria-label'?: never }

function Progress({ className, value, max = 100, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root> & AccessibleName) {
  // Radix treats an out-of-range value as indeterminate; an over-used contract should show full.
  const clampedValue = value == null ? value : Math.min(Math.max(value, 0), max)
  const percent = clampedValue == null ? 0 : (clampedValue / max) * 100

  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      value={clampedValue}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  )
}

export { Progress }
