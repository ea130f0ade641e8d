import type * as React from 'react'

import { cn } from '@web/lib/utils'

function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        // field-sizing-content grows the box with its text, so long templates need no inner scrollbar.
        'flex field-sizing-content min-h-16 w-full rounded-md border border-input bg-transparent px-3 py-2 shadow-xs transition-[color,box-shadow]',
        'text-base md:text-sm',
        'placeholder:text-muted-foreground',
        'outline-hidden focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:ring-2 aria-invalid:ring-destructive/25',
        className,
      )}
      {...props}
    />
  )
}

export { Textarea }
