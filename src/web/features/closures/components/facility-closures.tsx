import { useState } from 'react'
import { CalendarDays, CalendarOff, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Button } from '@web/components/ui/button'
import { usePermission } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { formatDaysOrSpan } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useDeleteClosure, useFacilityClosures, type Closure } from '../api'
import type { ClosableSpace } from './closure-dialog'
import { ClosureDialog, HolidayClosuresDialog } from './deferred-dialogs'
import { LoadingList } from '@web/components/loading-screen'

type FacilityClosuresProps = {
  facility: { id: string; timeZone: string }
  /** The spaces a closure can close (not change rooms), in tree order, each part after its whole. */
  spaces: readonly ClosableSpace[]
}

/** The facility page's 'Closures': those not yet over, soonest first (docs/product.md#closures). */
export function FacilityClosures({ facility, spaces }: FacilityClosuresProps) {
  const closures = useFacilityClosures(facility.id)
  const deleteClosure = useDeleteClosure()
  const [isAdding, setIsAdding] = useState(false)
  const [isAddingHolidays, setIsAddingHolidays] = useState(false)
  const [pendingRemoval, setPendingRemoval] = useState<Closure | null>(null)
  // Closures are the venue's: only an owner or a manager adds or removes them (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')

  useQueryErrorToast(closures, 'Failed to load closures')

  const confirmRemoval = () => {
    if (!pendingRemoval) return
    deleteClosure.mutate(pendingRemoval.id, {
      onSuccess: () => {
        toast.success('Closure removed')
        setPendingRemoval(null)
      },
      onError: (error) => toast.error('Failed to remove closure', { description: errorDescription(error) }),
    })
  }

  return (
    <section aria-labelledby="closures-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="closures-heading" className="text-xl font-semibold">
          Closures
        </h2>
        {canManageVenue ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setIsAddingHolidays(true)}>
              <CalendarDays aria-hidden="true" />
              Add Public Holidays
            </Button>
            <Button variant="outline" onClick={() => setIsAdding(true)}>
              <Plus aria-hidden="true" />
              Add Closure
            </Button>
          </div>
        ) : null}
      </div>
      {closures.isPending ? (
        <LoadingList />
      ) : closures.data?.length ? (
        <ul aria-labelledby="closures-heading" className="divide-y rounded-lg border">
          {closures.data.map((closure) => (
            <ClosureItem key={closure.id} closure={closure} onRemove={canManageVenue ? setPendingRemoval : undefined} />
          ))}
        </ul>
      ) : closures.isSuccess ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground">
          <CalendarOff className="size-4 shrink-0" aria-hidden="true" />
          No closures planned.
        </p>
      ) : null}
      <ClosureDialog
        facilityId={facility.id}
        timeZone={facility.timeZone}
        spaces={spaces}
        open={canManageVenue && isAdding}
        onOpenChange={setIsAdding}
      />
      <HolidayClosuresDialog
        facilityId={facility.id}
        timeZone={facility.timeZone}
        open={canManageVenue && isAddingHolidays}
        onOpenChange={setIsAddingHolidays}
      />
      <ConfirmDialog
        open={canManageVenue && pendingRemoval !== null}
        onOpenChange={(open) => (open ? undefined : setPendingRemoval(null))}
        title="Remove closure?"
        description={
          <p>
            “{pendingRemoval?.reason}” will be removed and the time it closes becomes bookable again. Events it cancelled stay cancelled.
          </p>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={deleteClosure.isPending}
        onConfirm={confirmRemoval}
      />
    </section>
  )
}

function ClosureItem({ closure, onRemove }: { closure: Closure; onRemove?: (closure: Closure) => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <h3 className="font-medium break-words">{closure.reason}</h3>
        <p className="text-sm break-words text-muted-foreground">
          {closure.spaceName ?? 'Whole facility'}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {formatDaysOrSpan(closure.startTime, closure.endTime, closure.timeZone)}
        </p>
      </div>
      {onRemove ? (
        <Button variant="outline" size="sm" aria-label={`Remove closure ${closure.reason}`} onClick={() => onRemove(closure)}>
          <Trash2 className="text-destructive" aria-hidden="true" />
          Remove
        </Button>
      ) : null}
    </li>
  )
}
