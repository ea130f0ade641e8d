import type { ReactNode } from 'react'
import { CircleCheck } from 'lucide-react'

/** What a finished step made, shown instead of its form so that going Back never makes it twice. */
export function CreatedSummary({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <p className="flex items-center gap-2 font-medium">
        <CircleCheck className="size-5 shrink-0 text-green-700" aria-hidden="true" />
        {title}
      </p>
      {children}
    </div>
  )
}

/** One created row: its name and, beside it, what kind of row it is. */
export function CreatedItem({ name, detail, children }: { name: string; detail?: ReactNode; children?: ReactNode }) {
  return (
    <li className="grid gap-1 rounded-md border bg-background px-3 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="min-w-0 font-medium break-words">{name}</span>
        {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
      </div>
      {children}
    </li>
  )
}
