import type { ReactNode } from 'react'

/** A section of the Reports page: a heading the page's outline lists, and what it says. */
export function ReportSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div>
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}

/** Headline figures: a term and its value, read as a description list in a named group. */
export function Figures({ label, items }: { label: string; items: Array<{ term: string; value: string; detail?: string }> }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.term} className="rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{item.term}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{item.value}</dd>
            {item.detail ? <dd className="text-sm text-muted-foreground">{item.detail}</dd> : null}
          </div>
        ))}
      </dl>
    </div>
  )
}

export function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-base font-semibold">
      {children}
    </h3>
  )
}
