import { useState } from 'react'
import { Monitor, Plus } from 'lucide-react'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePermission } from '@web/features/auth'
import { useDeleteScreen, useScreens, type Screen } from './api'
import { ScreenCard } from './components/screen-card'
import { ScreenDialog } from './components/screen-dialog'

// The screen stays while the dialog closes, so its title does not flip during the animation.
type DialogState = { isOpen: boolean; screen: Screen | null }

export function DisplaysPage() {
  const screens = useScreens()
  const deleteScreen = useDeleteScreen()
  const [dialog, setDialog] = useState<DialogState>({ isOpen: false, screen: null })
  const [pendingDeletion, setPendingDeletion] = useState<Screen | null>(null)
  // Everyone reads the screens and opens their addresses; only an owner or a manager adds, edits
  // (logo included) or deletes them (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')

  useQueryErrorToast(screens, 'Failed to load screens')

  const confirmDeletion = () => {
    if (!pendingDeletion) return
    deleteScreen.mutate(pendingDeletion.id, {
      onSuccess: () => {
        toast.success('Screen deleted successfully')
        setPendingDeletion(null)
      },
      onError: (error) => toast.error('Failed to delete screen', { description: errorDescription(error) }),
    })
  }

  if (screens.isPending) return <LoadingScreen />

  const addButton = canManageVenue ? (
    <Button onClick={() => setDialog({ isOpen: true, screen: null })}>
      <Plus aria-hidden="true" />
      Add Screen
    </Button>
  ) : null

  return (
    <div>
      <PageHeader title="Display Management" description="Lobby screens that show today’s schedule, live" actions={addButton} />
      {screens.data?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Screens">
          {screens.data.map((screen) => (
            <li key={screen.id} className="grid">
              {canManageVenue ? (
                <ScreenCard
                  screen={screen}
                  onEdit={(picked) => setDialog({ isOpen: true, screen: picked })}
                  onDelete={setPendingDeletion}
                />
              ) : (
                <ScreenCard screen={screen} />
              )}
            </li>
          ))}
        </ul>
      ) : screens.isSuccess ? (
        <EmptyState
          icon={Monitor}
          title="No screens yet"
          description={
            canManageVenue
              ? 'Add a screen, choose the spaces it shows, then open its address on the lobby TV.'
              : 'An owner or a manager of your organisation adds the screens.'
          }
          action={addButton}
        />
      ) : null}
      <ScreenDialog
        screen={dialog.screen}
        open={canManageVenue && dialog.isOpen}
        onOpenChange={(isOpen) => setDialog((current) => ({ ...current, isOpen }))}
      />
      <ConfirmDialog
        open={canManageVenue && pendingDeletion !== null}
        onOpenChange={(open) => (open ? undefined : setPendingDeletion(null))}
        title="Delete Screen?"
        description={
          <p>
            “{pendingDeletion?.name}” will be deleted with its logo, and its address /display/{pendingDeletion?.slug} will stop showing the
            schedule. Rooms and events are not affected. This cannot be undone.
          </p>
        }
        isPending={deleteScreen.isPending}
        onConfirm={confirmDeletion}
      />
    </div>
  )
}
