import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Building2, Plus } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { usePermission } from '@web/features/auth'
import { SetupComplete, type SetupProgress } from '@web/features/setup'
import { useOrganisations } from '@web/features/team'
import { errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { facilityCountQueryOptions, useDeleteFacility, useFacilities, type Facility } from './api'
import { FacilityDialog, prefetchFacilityDialog } from './components/deferred-dialogs'
import { FacilityCard } from './components/facility-card'

export function FacilitiesPage() {
  // Facilities are the venue's: only an owner or a manager creates or deletes them (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')
  const isCountChecked = useRedirectWithoutFacilities(canManageVenue)
  const facilities = useFacilities()
  const deleteFacility = useDeleteFacility()
  const [isCreating, setIsCreating] = useState(false)
  const [pendingDeletion, setPendingDeletion] = useState<Facility | null>(null)
  const location = useLocation()
  const navigate = useNavigate()
  // Set by the setup wizard when it finishes (spec: it then goes to /facilities).
  const completedSetup = (location.state as { completedSetup?: SetupProgress } | null)?.completedSetup

  useQueryErrorToast(facilities, 'Failed to load facilities')

  const confirmDeletion = () => {
    if (!pendingDeletion) return
    deleteFacility.mutate(pendingDeletion.id, {
      onSuccess: () => {
        toast.success('Facility deleted successfully')
        setPendingDeletion(null)
      },
      onError: (error) => toast.error('Failed to delete facility', { description: errorDescription(error) }),
    })
  }

  if (!isCountChecked || facilities.isPending) return <LoadingScreen />

  const newFacilityButton = (label: string) =>
    canManageVenue ? (
      <Button onClick={() => setIsCreating(true)} onPointerEnter={prefetchFacilityDialog} onFocus={prefetchFacilityDialog}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    ) : null

  return (
    <div>
      <PageHeader title="Facilities" description="Manage your facilities and their rooms" actions={newFacilityButton('New Facility')} />
      {completedSetup ? (
        <SetupComplete progress={completedSetup} onDismiss={() => navigate('/facilities', { replace: true, state: null })} />
      ) : null}
      {facilities.data?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Facilities">
          {facilities.data.map((facility) => (
            <li key={facility.id} className="grid">
              <FacilityCard facility={facility} onDelete={canManageVenue ? setPendingDeletion : undefined} />
            </li>
          ))}
        </ul>
      ) : facilities.isSuccess ? (
        <EmptyState
          icon={Building2}
          title="No facilities yet"
          description={
            canManageVenue
              ? 'Create your first facility, then add its rooms, rinks and courts.'
              : 'An owner or a manager of your organisation creates the facilities.'
          }
          action={newFacilityButton('Create Facility')}
        />
      ) : null}
      {/* A venue is set up once: with facilities listed, a new one is a rare click, so its dialog's
          code (the form, react-hook-form, the shared schemas) is fetched when the pointer or the
          focus reaches the button, not with the page operators open first after signing in
          (ADR 0052). With none yet, creating one is the page's purpose. */}
      <FacilityDialog
        open={canManageVenue && isCreating}
        onOpenChange={setIsCreating}
        prefetch={facilities.data?.length ? 'intent' : 'idle'}
      />
      <ConfirmDialog
        open={canManageVenue && pendingDeletion !== null}
        onOpenChange={(open) => (open ? undefined : setPendingDeletion(null))}
        title="Delete Facility?"
        description={
          <p>
            “{pendingDeletion?.name}”, all of its rooms and all of their scheduled events will be permanently deleted. Hours charged to
            client contracts for those events are given back. This cannot be undone.
          </p>
        }
        isPending={deleteFacility.isPending}
        onConfirm={confirmDeletion}
      />
    </div>
  )
}

// A user with no facility starts in the setup wizard (docs/product.md#setup-wizard). The check runs once, when the
// page opens: deleting the last facility here shows the empty state instead of leaving the page.
// A member who may not run the wizard, or who belongs to several organisations and so needs the
// sidebar's switcher (the wizard has none), sees the empty state instead (docs/product.md#teams).
/** true once the page may show: the user has a facility, or the count could not be read. */
function useRedirectWithoutFacilities(canRunSetup: boolean): boolean {
  const navigate = useNavigate()
  const count = useQuery({ ...facilityCountQueryOptions(), refetchOnMount: 'always' })
  // The sidebar's switcher asks for the same list: this adds no request.
  const organisations = useOrganisations(true)
  const [isChecked, setIsChecked] = useState(false)
  const isAnswered = (count.isFetchedAfterMount || count.isError) && !organisations.isPending
  const hasOneOrganisation = (organisations.data?.organisations.length ?? 1) <= 1

  useEffect(() => {
    if (isChecked || !isAnswered) return
    if (count.data === 0 && canRunSetup && hasOneOrganisation) navigate('/setup', { replace: true })
    else setIsChecked(true)
  }, [isChecked, isAnswered, count.data, canRunSetup, hasOneOrganisation, navigate])

  return isChecked
}
