import { useMemo, useState } from 'react'
import { Building2, CalendarX2, DoorOpen, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { LIMITS } from '@shared/limits'
import { localDateOf } from '@shared/scheduling/local-day'
import { buildSelloffEmail } from '@shared/scheduling/selloff-email'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { usePermission } from '@web/features/auth'
import { useFacilities, type Facility } from '@web/features/facilities'
import { formatTime } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useAvailability, type Availability } from './api'
import { AvailabilityControls } from './components/availability-controls'
import { RoomAvailabilityCard } from './components/room-availability-card'
import { SelloffEmailCard } from './components/selloff-email-card'
import { useEmailDraft } from './email-draft'
import { composeEmailText } from './email-text'

const PAGE_TITLE = 'Marketing'
const PAGE_DESCRIPTION = 'Create selloff emails for available time slots'

// Marketing is the business's: the front desk does not read it (docs/product.md#teams), so the
// page asks for nothing and says so.
export function MarketingPage() {
  const canReadBusiness = usePermission('readBusiness')
  if (canReadBusiness) return <Marketing />
  return (
    <div>
      <PageHeader title={PAGE_TITLE} description={PAGE_DESCRIPTION} />
      <EmptyState icon={Lock} title="Not available for your role" description="An owner, a manager or a scheduler sells the open time." />
    </div>
  )
}

function Marketing() {
  const facilities = useFacilities()
  // Facilities and rooms are created by an owner or a manager only.
  const canManageVenue = usePermission('manageVenue')

  useQueryErrorToast(facilities, 'Failed to load facilities')

  const byName = useMemo(
    () => [...(facilities.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
    [facilities.data],
  )

  return (
    <div>
      <PageHeader title={PAGE_TITLE} description={PAGE_DESCRIPTION} />
      {facilities.isPending ? (
        <LoadingList rows={4} />
      ) : byName.length > 0 ? (
        <SelloffWorkspace facilities={byName} />
      ) : facilities.isSuccess ? (
        <EmptyState
          icon={Building2}
          title="No facilities yet"
          description={
            canManageVenue
              ? 'Create a facility with its rooms, rinks and courts, then come back to sell their open time.'
              : 'An owner or a manager creates the facilities; their open time can then be sold here.'
          }
          action={
            canManageVenue ? (
              <Button asChild>
                <Link to="/facilities">Go to Facilities</Link>
              </Button>
            ) : undefined
          }
        />
      ) : null}
    </div>
  )
}

function SelloffWorkspace({ facilities }: { facilities: Facility[] }) {
  const [chosenFacilityId, setChosenFacilityId] = useState<string | null>(null)
  // The first by name until the operator picks one (or when the picked one has been deleted).
  const facility = facilities.find(({ id }) => id === chosenFacilityId) ?? facilities[0]!
  const [hoursAhead, setHoursAhead] = useState<number>(LIMITS.marketing.hoursAheadDefault)
  const [keepEdits, setKeepEdits] = useState(false)
  const availability = useAvailability({ facilityId: facility.id, hoursAhead })

  useQueryErrorToast(availability, 'Failed to load availability')

  // Only an answer for the facility and hours on screen may (re)generate the text.
  const current = availability.isPlaceholderData ? undefined : availability.data
  const generated = useMemo(() => (current ? composeEmailText(buildSelloffEmailFor(current)) : null), [current])
  const draft = useEmailDraft(generated, `${facility.id}:${hoursAhead}`, keepEdits)

  return (
    <div className="grid gap-6">
      <AvailabilityControls
        facilities={facilities}
        facilityId={facility.id}
        onFacilityChange={setChosenFacilityId}
        hoursAhead={hoursAhead}
        onHoursAheadChange={setHoursAhead}
      />
      <section aria-labelledby="availability-overview" aria-busy={availability.isFetching} className="grid gap-4">
        <div>
          <h2 id="availability-overview" className="text-lg font-semibold">
            Availability Overview
          </h2>
          {availability.data ? <WindowDescription availability={availability.data} /> : null}
        </div>
        <AvailabilityRooms
          availability={availability.data}
          isPending={availability.isPending}
          facilityId={facility.id}
          onRetry={() => void availability.refetch()}
        />
      </section>
      <SelloffEmailCard
        text={draft.text}
        onTextChange={draft.edit}
        isEdited={draft.isEdited}
        onRegenerate={draft.regenerate}
        keepEdits={keepEdits}
        onKeepEditsChange={setKeepEdits}
      />
    </div>
  )
}

function buildSelloffEmailFor({ facility, window, rooms }: Availability) {
  return buildSelloffEmail({
    facilityName: facility.name,
    timeZone: facility.timeZone,
    now: new Date(window.start),
    rooms: rooms.map((room) => ({
      ...room,
      slots: room.slots.map((slot) => ({ ...slot, start: new Date(slot.start), end: new Date(slot.end) })),
    })),
  })
}

function WindowDescription({ availability: { facility, window } }: { availability: Availability }) {
  const isEndTomorrow = localDateOf(new Date(window.end), facility.timeZone) !== localDateOf(new Date(window.start), facility.timeZone)
  return (
    <p className="text-sm text-muted-foreground">
      Slots from {formatTime(window.start, facility.timeZone)} to {formatTime(window.end, facility.timeZone)}
      {isEndTomorrow ? ' tomorrow' : ''}, {facility.timeZone.replaceAll('_', ' ')} time
    </p>
  )
}

type AvailabilityRoomsProps = {
  availability: Availability | undefined
  isPending: boolean
  facilityId: string
  onRetry: () => void
}

function AvailabilityRooms({ availability, isPending, facilityId, onRetry }: AvailabilityRoomsProps) {
  const canManageVenue = usePermission('manageVenue')
  if (isPending) return <LoadingList label="Loading availability..." />
  if (!availability) {
    return (
      <EmptyState
        icon={CalendarX2}
        title="Availability could not be loaded"
        action={
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    )
  }
  if (availability.rooms.length === 0) {
    return (
      <EmptyState
        icon={DoorOpen}
        title="No spaces to sell"
        description="This facility has no rooms, rinks or courts yet. Change rooms are never offered."
        action={
          canManageVenue ? (
            <Button asChild variant="outline">
              <Link to={`/facility/${facilityId}`}>Add a space</Link>
            </Button>
          ) : undefined
        }
      />
    )
  }
  const today = localDateOf(new Date(availability.window.start), availability.facility.timeZone)
  return (
    <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Spaces">
      {availability.rooms.map((room) => (
        <li key={room.id}>
          <RoomAvailabilityCard room={room} timeZone={availability.facility.timeZone} today={today} />
        </li>
      ))}
    </ul>
  )
}
