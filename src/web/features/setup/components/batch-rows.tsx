import { Plus, Trash2 } from 'lucide-react'
import { LIMITS } from '@shared/limits'
import { Button } from '@web/components/ui/button'

/** Adds a row to a batch, up to the most one step may create at once. */
export function AddRowButton({ label, rowCount, onAdd }: { label: string; rowCount: number; onAdd: () => void }) {
  return (
    <Button type="button" variant="outline" onClick={onAdd} disabled={rowCount >= LIMITS.wizard.maxRowsPerStep}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  )
}

/** The last column of a row: lined up with the row's first input, below its label. */
export function RowRemoval({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={label} title={label} className="mt-[1.375rem]">
      <Trash2 aria-hidden="true" />
    </Button>
  )
}

/** A message about the batch as a whole, such as an empty one. */
export function BatchError({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  )
}
