import type { LucideIcon } from 'lucide-react'
import { Button } from '@web/components/ui/button'
import { cn } from '@web/lib/utils'

type ViewToggleProps<View extends string> = {
  label: string
  views: readonly { value: View; label: string; icon?: LucideIcon }[]
  value: View
  onChange: (view: View) => void
}

/** A segmented switch between views: toggle buttons in a labelled group, the current one pressed. */
export function ViewToggle<View extends string>({ label, views, value, onChange }: ViewToggleProps<View>) {
  return (
    <div role="group" aria-label={label} className="inline-flex w-fit rounded-lg bg-muted p-[3px]">
      {views.map(({ value: view, label: viewLabel, icon: Icon }) => (
        <Button
          key={view}
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={view === value}
          onClick={() => onChange(view)}
          className={cn('h-7 hover:bg-background/60', view === value && 'bg-background shadow-sm hover:bg-background')}
        >
          {Icon ? <Icon aria-hidden="true" /> : null}
          {viewLabel}
        </Button>
      ))}
    </div>
  )
}
