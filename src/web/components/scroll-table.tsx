import type { ReactNode } from 'react'
import { cn } from '@web/lib/utils'

/**
 * A table that scrolls sideways on a phone in a region a keyboard can reach (focusable) and a
 * screen reader names; relative, so the sr-only texts inside scroll with it instead of widening
 * the page.
 */
export function ScrollTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('relative overflow-x-auto rounded-lg border', className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  )
}

export const headCell = 'px-3 py-2.5 font-medium whitespace-nowrap'
export const cell = 'px-3 py-2.5'
export const amountCell = 'px-3 py-2.5 text-right whitespace-nowrap tabular-nums'

/** What an empty cell says: a dash to the eye, 'None' to a screen reader. */
export function NoValue() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  )
}

export type TableColumn = string | { label: string; align?: 'right'; srOnly?: boolean }

/**
 * A table's row of column headings, each a `th` with its scope: amounts and counts align right,
 * and a column of buttons is named for screen readers only. A null column is left out.
 */
export function TableHead({ columns }: { columns: (TableColumn | null)[] }) {
  return (
    <thead className="bg-muted/50 text-left">
      <tr>
        {columns.map((column, index) => {
          if (column === null) return null
          const { label, align, srOnly } = typeof column === 'string' ? { label: column } : column
          return (
            <th key={index} scope="col" className={cn(headCell, align === 'right' && 'text-right')}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
