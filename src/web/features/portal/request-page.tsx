import { useEffect, useId, useMemo, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { CalendarClock } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { createRequestInput, REQUEST_MESSAGES, REQUEST_STATUS_LABELS, type CreateRequestInput } from '@shared/renting/requests'
import { durationOptions } from '@shared/scheduling/durations'
import { todayInZone } from '@shared/scheduling/local-day'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { EmptyState } from '@web/components/empty-state'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { LoadingList } from '@web/components/loading-screen'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { errorDescription } from '@web/lib/api-client'
import { formatDateTime, formatSpan, formatSpokenTimeRange, toDateTimeLocalValue } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { cn } from '@web/lib/utils'
import {
  useFreeSlots,
  usePortalFacilities,
  usePortalRequests,
  useSendRequest,
  useWithdrawRequest,
  type PortalFacility,
  type PortalRequest,
} from './api'
import { FacilitySpaceFields } from './components/facility-space-fields'
import { PortalPage } from './components/portal-page'
import { usePortalClient, type RenterClient } from './portal-client'

/**
 * 'Request Ice' (docs/product.md#renters): a facility, a space that accepts requests, a day and a
 * duration show the free slots; a slot and a title make a request, which holds the slot until the
 * venue answers. Below, the client's requests with their status and 'Withdraw'.
 */
export function PortalRequestPage() {
  const { client } = usePortalClient()
  const facilities = usePortalFacilities()
  useQueryErrorToast(facilities, 'Failed to load facilities')
  // A request is for a client of the facility's own venue.
  const ofVenue = useMemo(
    () => (facilities.data ?? []).filter((facility) => facility.organisationId === client.organisationId && facility.spaces.length > 0),
    [facilities.data, client.organisationId],
  )
  return (
    <PortalPage title="Request Ice" description="Pick a free slot and send a request: the slot is held for you until the venue answers.">
      {facilities.isPending ? (
        <LoadingList label="Loading facilities..." />
      ) : ofVenue.length > 0 ? (
        <RequestForm key={client.clientId} client={client} facilities={ofVenue} />
      ) : facilities.isSuccess ? (
        <EmptyState
          icon={CalendarClock}
          title="No ice to request"
          description={`${client.organisationName} takes no requests online yet.`}
        />
      ) : null}
      <MyRequests client={client} />
    </PortalPage>
  )
}

function RequestForm({ client, facilities }: { client: RenterClient; facilities: PortalFacility[] }) {
  const [facilityId, setFacilityId] = useState(facilities[0]!.id)
  const facility = facilities.find((candidate) => candidate.id === facilityId) ?? facilities[0]!
  const today = todayInZone(facility.timeZone, new Date())
  const form = useForm<CreateRequestInput>({
    resolver: zodResolver(createRequestInput),
    defaultValues: {
      clientId: client.clientId,
      roomId: facility.spaces[0]!.id,
      date: today,
      startTime: '',
      durationMinutes: 60,
      title: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const [roomId, date, durationMinutes, startTime] = useWatch({
    control: form.control,
    name: ['roomId', 'date', 'durationMinutes', 'startTime'],
  })
  const space = facility.spaces.find((candidate) => candidate.id === roomId) ?? facility.spaces[0]!
  const durations = durationOptions(space.bookingInterval)
  const send = useSendRequest()

  // A duration the space's booking interval does not offer gives way to the nearest it does.
  useEffect(() => {
    if (!durations.some((option) => option.minutes === durationMinutes)) {
      const nearest = durations.reduce((best, option) =>
        Math.abs(option.minutes - durationMinutes) < Math.abs(best.minutes - durationMinutes) ? option : best,
      )
      form.setValue('durationMinutes', nearest.minutes)
    }
  }, [durations, durationMinutes, form])

  const query = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { roomId: space.id, date, durationMinutes } : null
  const slots = useFreeSlots(query)
  const slotErrorId = useId()
  useQueryErrorToast(slots, 'Failed to load free slots')
  // A slot picked for another space, day or duration is no choice any more.
  useEffect(() => form.setValue('startTime', ''), [space.id, date, durationMinutes, form])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values)
      toast.success(REQUEST_MESSAGES.sent)
      form.reset({ ...values, startTime: '', title: '' })
    } catch (error) {
      showServerFieldErrors(error, form.setError)
      toast.error('Failed to send the request', { description: errorDescription(error) })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border bg-card p-4" aria-label="Request Ice">
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
        <FormField label="Day" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" min={today} {...form.register('date')} />}
        </FormField>
        <FormField label="Duration" error={errors.durationMinutes?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('durationMinutes', { valueAsNumber: true })}>
              {durations.map((option) => (
                <NativeSelectOption key={option.minutes} value={option.minutes}>
                  {option.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.startTime ? slotErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium">Free slots</legend>
        {query === null ? (
          <p className="text-sm text-muted-foreground">Pick a day to see its free slots.</p>
        ) : slots.isPending ? (
          <LoadingList rows={2} label="Loading free slots..." />
        ) : slots.data && slots.data.slots.length > 0 ? (
          <div className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
            {slots.data.slots.map((slot) => {
              const value = toDateTimeLocalValue(slot.start, slots.data.timeZone).slice(11)
              const isPicked = value === startTime
              return (
                <label
                  key={slot.start}
                  className={cn(
                    'flex cursor-pointer items-center gap-1.5 rounded-md border px-2 py-2 text-[0.8125rem] tabular-nums has-focus-visible:ring-2 has-focus-visible:ring-ring sm:gap-2 sm:px-2.5 sm:text-sm',
                    isPicked ? 'border-primary bg-primary/10 font-medium' : 'hover:bg-accent',
                  )}
                >
                  <input type="radio" value={value} className="accent-primary" {...form.register('startTime')} />
                  {formatSpokenTimeRange(slot.start, slot.end, slots.data.timeZone)}
                </label>
              )
            })}
          </div>
        ) : slots.isSuccess ? (
          <p className="text-sm text-muted-foreground">No free ice</p>
        ) : null}
        {errors.startTime ? (
          <p id={slotErrorId} className="text-sm text-destructive">
            {errors.startTime.message}
          </p>
        ) : null}
      </fieldset>
      <FormField label="Title" description="What the ice is for, as the venue's calendar will show it." error={errors.title?.message}>
        {(control) => <Input {...control} placeholder="Team practice" {...form.register('title')} />}
      </FormField>
      <p className="text-sm text-muted-foreground">
        For {client.clientName}. {facility.name} holds a request for {facility.holdRequestsHours}{' '}
        {facility.holdRequestsHours === 1 ? 'hour' : 'hours'} while it waits for an answer.
      </p>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Sending...' : 'Send Request'}
      </Button>
    </form>
  )
}

const STATUS_VARIANTS: Record<PortalRequest['status'], 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'secondary',
  approved: 'default',
  declined: 'destructive',
  expired: 'outline',
  withdrawn: 'outline',
}

function MyRequests({ client }: { client: RenterClient }) {
  const requests = usePortalRequests(client.clientId)
  const headingId = useId()
  useQueryErrorToast(requests, 'Failed to load requests')
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        My Requests
      </h2>
      {requests.isPending ? (
        <LoadingList label="Loading requests..." />
      ) : requests.data?.length ? (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {requests.data.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      ) : requests.isSuccess ? (
        <p className="rounded-lg border border-dashed bg-background px-4 py-6 text-center text-sm text-muted-foreground">
          No requests yet.
        </p>
      ) : null}
    </section>
  )
}

function RequestCard({ request }: { request: PortalRequest }) {
  const [isConfirming, setIsConfirming] = useState(false)
  const withdraw = useWithdrawRequest()
  const span = formatSpan(request.startTime, request.endTime, request.timeZone)
  const onWithdraw = () =>
    withdraw.mutate(request.id, {
      onSuccess: () => {
        setIsConfirming(false)
        toast.success(REQUEST_MESSAGES.withdrawn)
      },
      onError: (error) => toast.error('Failed to withdraw the request', { description: errorDescription(error) }),
    })
  return (
    <article
      aria-label={`${request.title}, ${span}`}
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-sm"
    >
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{request.title}</h3>
          <Badge variant={STATUS_VARIANTS[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</Badge>
        </div>
        <p className="text-muted-foreground">
          <time dateTime={request.startTime}>{span}</time>
        </p>
        <p className="break-words text-muted-foreground">
          {request.spaceName} · {request.facilityName}
        </p>
        {request.status === 'pending' ? (
          <p className="text-xs text-muted-foreground">Held until {formatDateTime(request.expiresAt, request.timeZone)}</p>
        ) : null}
        {request.status === 'declined' && request.declineReason ? <p className="break-words">Reason: {request.declineReason}</p> : null}
      </div>
      {request.status === 'pending' ? (
        <>
          <Button variant="outline" size="sm" onClick={() => setIsConfirming(true)} aria-label={`Withdraw ${request.title}, ${span}`}>
            Withdraw
          </Button>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            title="Withdraw this request?"
            description={`${request.title}, ${span}. The slot is no longer held for you.`}
            confirmLabel="Withdraw"
            pendingLabel="Withdrawing..."
            isPending={withdraw.isPending}
            onConfirm={onWithdraw}
          />
        </>
      ) : null}
    </article>
  )
}
