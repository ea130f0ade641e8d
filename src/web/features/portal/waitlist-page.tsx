import { useId, useMemo, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { ListPlus } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { joinWaitlistInput, WAITLIST_MESSAGES, type JoinWaitlistInput } from '@shared/renting/waitlist'
import { todayInZone } from '@shared/scheduling/local-day'
import { EmptyState } from '@web/components/empty-state'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { LoadingList } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { errorDescription } from '@web/lib/api-client'
import { formatCalendarDay, formatTimeOfDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useJoinWaitlist, useLeaveWaitlist, usePortalWaitlist, useWaitlistSpaces, type WaitlistEntry, type WaitlistFacility } from './api'
import { FacilitySpaceFields } from './components/facility-space-fields'
import { PortalPage } from './components/portal-page'
import { usePortalClient, type RenterClient } from './portal-client'

/**
 * 'Join Waitlist' (docs/product.md#renters): a space and a window of one day. When matching time
 * is released or freed, everyone waiting for it is emailed an offer; the first to claim it gets it.
 */
export function PortalWaitlistPage() {
  const { client } = usePortalClient()
  const facilities = useWaitlistSpaces()
  useQueryErrorToast(facilities, 'Failed to load facilities')
  const ofVenue = useMemo(
    () => (facilities.data ?? []).filter((facility) => facility.organisationId === client.organisationId && facility.spaces.length > 0),
    [facilities.data, client.organisationId],
  )
  return (
    <PortalPage
      title="Waitlist"
      description="Wait for ice that is booked now: when time in your window is released, you are emailed an offer, and the first to claim it gets it."
    >
      {facilities.isPending ? (
        <LoadingList label="Loading facilities..." />
      ) : ofVenue.length > 0 ? (
        <JoinWaitlistForm key={client.clientId} client={client} facilities={ofVenue} />
      ) : facilities.isSuccess ? (
        <EmptyState icon={ListPlus} title="No waitlist here" description={`${client.organisationName} has no spaces to wait for yet.`} />
      ) : null}
      <MyWaitlist client={client} />
    </PortalPage>
  )
}

function JoinWaitlistForm({ client, facilities }: { client: RenterClient; facilities: WaitlistFacility[] }) {
  const [facilityId, setFacilityId] = useState(facilities[0]!.id)
  const facility = facilities.find((candidate) => candidate.id === facilityId) ?? facilities[0]!
  const today = todayInZone(facility.timeZone, new Date())
  const form = useForm<JoinWaitlistInput>({
    resolver: zodResolver(joinWaitlistInput),
    defaultValues: { clientId: client.clientId, roomId: facility.spaces[0]!.id, date: today, fromTime: '18:00', toTime: '22:00' },
  })
  const { errors, isSubmitting } = form.formState
  const roomId = useWatch({ control: form.control, name: 'roomId' })
  const space = facility.spaces.find((candidate) => candidate.id === roomId)
  const join = useJoinWaitlist()

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await join.mutateAsync(values)
      toast.success(WAITLIST_MESSAGES.joined)
    } catch (error) {
      showServerFieldErrors(error, form.setError)
      toast.error('Failed to join the waitlist', { description: errorDescription(error) })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border bg-card p-4" aria-label="Join Waitlist">
      <div className="grid gap-4 sm:grid-cols-2">
        <FacilitySpaceFields
          facilities={facilities}
          facility={facility}
          onFacilityChange={(next) => {
            setFacilityId(next.id)
            form.setValue('roomId', next.spaces[0]!.id)
          }}
          space={form.register('roomId')}
          spaceError={errors.roomId?.message}
        />
        <FormField label="Day" error={errors.date?.message} className="sm:col-span-2">
          {(control) => <Input {...control} type="date" min={today} {...form.register('date')} />}
        </FormField>
        <FormField label="From" error={errors.fromTime?.message}>
          {(control) => <Input {...control} type="time" {...form.register('fromTime')} />}
        </FormField>
        <FormField label="To" error={errors.toTime?.message}>
          {(control) => <Input {...control} type="time" {...form.register('toTime')} />}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">
        For {client.clientName}, on {facility.name}&apos;s clock.{' '}
        {space?.acceptsRequests
          ? `${space.name} takes requests: claiming its time sends a request the venue answers.`
          : 'Claiming its time books it at once.'}
      </p>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Joining...' : 'Join Waitlist'}
      </Button>
    </form>
  )
}

function MyWaitlist({ client }: { client: RenterClient }) {
  const waitlist = usePortalWaitlist()
  const headingId = useId()
  useQueryErrorToast(waitlist, 'Failed to load the waitlist')
  const entries = waitlist.data?.filter((entry) => entry.clientId === client.clientId) ?? []
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Waiting For
      </h2>
      {waitlist.isPending ? (
        <LoadingList label="Loading the waitlist..." />
      ) : entries.length > 0 ? (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <EntryCard entry={entry} />
            </li>
          ))}
        </ul>
      ) : waitlist.isSuccess ? (
        <p className="rounded-lg border border-dashed bg-background px-4 py-6 text-center text-sm text-muted-foreground">
          Not waiting for any ice.
        </p>
      ) : null}
    </section>
  )
}

function EntryCard({ entry }: { entry: WaitlistEntry }) {
  const leave = useLeaveWaitlist()
  const when = `${formatCalendarDay(entry.date)}, ${formatTimeOfDay(entry.fromTime)} - ${formatTimeOfDay(entry.toTime)}`
  // Awaited: the entry leaves the list, and this card with it, before a callback of mutate() could run.
  const onLeave = async () => {
    try {
      await leave.mutateAsync(entry.id)
      toast.success(WAITLIST_MESSAGES.left)
    } catch (error) {
      toast.error('Failed to leave the waitlist', { description: errorDescription(error) })
    }
  }
  return (
    <article
      aria-label={`${entry.spaceName}, ${when}`}
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-sm"
    >
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <h3 className="font-semibold break-words">
          {entry.spaceName} · {entry.facilityName}
        </h3>
        <p className="text-muted-foreground">{when}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={leave.isPending}
        onClick={() => void onLeave()}
        aria-label={`Leave the waitlist for ${entry.spaceName}, ${when}`}
      >
        Leave
      </Button>
    </article>
  )
}
