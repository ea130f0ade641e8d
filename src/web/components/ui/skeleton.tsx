import type * as React from 'react'

import { cn } from '@web/lib/utils'

// A shape only: hidden from screen readers (the loading state's status text speaks for it), and
// still, not pulsing, for someone who asked for reduced motion.
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-foreground/10 motion-reduce:animate-none', className)}
      {...props}
    />
  )
}

export { Skeleton }
