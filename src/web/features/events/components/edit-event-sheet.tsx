import { Component, useRef, useState, type ComponentProps, type ErrorInfo, type ReactNode } from 'react'
import { FormProvider, useForm, useWatch, type DefaultValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { FORM_LEVEL_FIELD } from '@shared/api-error'
import {
  EVENT_MESSAGES,
  updateEventInput,
  type SeriesScope,
  type UpdateEventFormValues,
  type UpdateEventInput,
} from '@shared/events/schema'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@web/components/ui/sheet'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { toDateTimeLocalValue } from '@web/lib/datetime'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { useRefusalClearedOnChange } from '@web/components/form/use-refusal-cleared-on-change'
import { EventHistory } from '@web/features/activity'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import {
  useBookableRooms,
  useInvalidateSchedules,
  useSeries,
  useSeriesEditPreview,
  useUpdateEvent,
  type PreviewOccurrence,
  type ScheduledEvent,
} from '../api'
import { updatedMessage } from '../series'
import { instantOfDateTimeLocal, timeOfEditedEvent } from '../booking-time'
import { editedTimeProblem, endKeepingDuration } from '../edit-time-rules'
import { EventClientAndTitleFields, EventKindFields } from './event-details-fields'
import type { ReleaseEventDialog as LoadedReleaseEventDialog } from './release-event-dialog'
import { SeriesClashes, SeriesLine, SeriesScopeField } from './series-controls'

// 'Release' asks in a dialog of its own, loaded when it opens: the sheet stays within its budget.
const releaseEventDialog = deferred(() => import('./release-event-dialog').then((module) => module.ReleaseEventDialog))

function ReleaseEventDialog(props: ComponentProps<typeof LoadedReleaseEventDialog>) {
  const Loaded = useDeferred(releaseEventDialog, { isOpen: props.open, shouldPrefetch: false, close: () => props.onOpenChange(false) })
  return Loaded ? <Loaded {...props} /> : null
}

/** The event to edit, with the facility it belongs to: its zone is the wall clock of the form. */
export type EditTarget = { event: ScheduledEvent; facilityId: string; timeZone: string }

type EditEventSheetProps = {
  target: EditTarget | null
  onClose: () => void
}

/** Editing for who may book; for the front desk the same sheet shows the event read-only (docs/product.md#teams). */
export function EditEventSheet({ target, onClose }: EditEventSheetProps) {
  const canBook = usePermission('book')
  return (
    <Sheet open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="w-full gap-0 sm:max-w-lg">
        <SheetHeader className="pr-12">
          <SheetTitle>{canBook ? 'Edit Event' : 'Event Details'}</SheetTitle>
          <SheetDescription>
            {target ? `Times are in the facility's time zone (${target.timeZone.replaceAll('_', ' ')}).` : null}
          </SheetDescription>
        </SheetHeader>
        {/* Keyed by the event, so a failure in one does not stay on screen for the next. */}
        <EditErrorBoundary key={target?.event.id}>
          {target ? <EditEventForm target={target} isReadOnly={!canBook} onDone={onClose} /> : null}
        </EditErrorBoundary>
      </SheetContent>
    </Sheet>
  )
}

/** A render error inside the sheet shows the spec's message and its details instead of a blank page (docs/product.md#events). */
class EditErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The edit event sheet failed to render', error, info.componentStack)
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div role="alert" className="grid gap-3 p-4">
        <p className="font-medium text-destructive">Something went wrong. Please close and try again.</p>
        <details className="rounded-md border bg-muted/40 p-3 text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 overflow-x-auto text-xs break-words whitespace-pre-wrap">{error.message}</pre>
        </details>
      </div>
    )
  }
}

function defaultValues({ event, timeZone }: EditTarget): DefaultValues<UpdateEventFormValues> {
  return {
    clientId: event.clientId ?? '',
    title: event.title,
    description: event.description ?? '',
    color: event.color,
    eventType: event.eventType,
    team1Name: event.team1Name ?? '',
    team2Name: event.team2Name ?? '',
    changeRoom1Id: event.changeRoom1Id ?? '',
    changeRoom2Id: event.changeRoom2Id ?? '',
    startTime: toDateTimeLocalValue(event.startTime, timeZone),
    endTime: toDateTimeLocalValue(event.endTime, timeZone),
    roomId: event.roomId,
  }
}

type EditEventFormProps = { target: EditTarget; isReadOnly: boolean; onDone: () => void }

const isStaleMessage = (message: string) => message === EVENT_MESSAGES.stale

function EditEventForm({ target, isReadOnly, onDone }: EditEventFormProps) {
  const updateEvent = useUpdateEvent()
  const invalidateSchedules = useInvalidateSchedules()
  const { timeZone, event } = target
  // The spaces the event can move to: its facility's, as the add dialog books them (not change rooms).
  const rooms = useBookableRooms(true)
  const spaces = rooms.data?.filter((room) => room.facilityId === target.facilityId) ?? []
  const original = defaultValues(target) as { startTime: string; endTime: string; roomId: string }
  // The inputs show the facility's wall clock; the shared schema validates the instants they stand for,
  // then the space's hours, interval and durations apply as in the add dialog.
  const resolver: Resolver<UpdateEventFormValues, unknown, UpdateEventInput> = async (values, context, options) => {
    const result = await zodResolver(updateEventInput)(
      {
        ...values,
        startTime: instantOfDateTimeLocal(values.startTime, timeZone),
        endTime: instantOfDateTimeLocal(values.endTime, timeZone),
        version: event.version,
      },
      context,
      options,
    )
    const space = spaces.find((room) => room.id === (values.roomId ?? event.roomId))
    const edited = { startTime: values.startTime ?? '', endTime: values.endTime ?? '', roomId: values.roomId ?? event.roomId }
    const problem = space ? editedTimeProblem(edited, original, space, timeZone) : null
    if (!problem || Object.keys(result.errors).length > 0) return result
    return { values: {}, errors: { [problem.field]: { type: 'rules', message: problem.message } } }
  }
  const form = useForm<UpdateEventFormValues, unknown, UpdateEventInput>({ resolver, defaultValues: defaultValues(target) })
  const { errors, isSubmitting } = form.formState
  const [title, startTime, endTime, roomId] = useWatch({ control: form.control, name: ['title', 'startTime', 'endTime', 'roomId'] })
  const isIncomplete = !title?.trim() || !startTime || !endTime
  const bookingTime = timeOfEditedEvent({ startTime, endTime }, timeZone)
  // Moving the start keeps the event's length, as every calendar does, until the operator sets the end too.
  const hasSetEnd = useRef(false)
  const previousStart = useRef(original.startTime)
  const isStale = errors.root?.message === EVENT_MESSAGES.stale
  // A stale edit stays stale whatever else changes: its message, and 'Reload', stay until reloaded.
  useRefusalClearedOnChange(form, isStaleMessage)
  // An event of a series is changed alone, with the following ones or with all of them
  // (docs/product.md#series); a series edit first lists the dates it cannot move.
  const [scope, setScope] = useState<SeriesScope>('this')
  const series = useSeries(event.seriesId)
  const previewSeriesEdit = useSeriesEditPreview()
  const [taken, setTaken] = useState<PreviewOccurrence[] | null>(null)
  // 'Release': who may book releases any booking that has not started, whatever the facility's
  // 'Release until', which holds renters only (docs/product.md#renters).
  const [isReleasing, setIsReleasing] = useState(false)
  const [openedAt] = useState(() => Date.now())
  const canRelease = !isReadOnly && Date.parse(event.startTime) > openedAt

  const save = async (values: UpdateEventInput, skipTaken: boolean) => {
    if (scope === 'this') return updateEvent.mutateAsync({ id: event.id, input: values })
    const input = { ...values, scope, seriesVersion: series.data?.version, skipTaken }
    if (!skipTaken) {
      setTaken(null)
      const { occurrences } = await previewSeriesEdit.mutateAsync({ id: event.id, input })
      const clashes = occurrences.filter((occurrence) => occurrence.status !== 'free')
      if (clashes.length > 0) {
        setTaken(clashes)
        return null
      }
    }
    return updateEvent.mutateAsync({ id: event.id, input })
  }

  const submitWith = (skipTaken: boolean) => (values: UpdateEventInput) =>
    save(values, skipTaken).then(
      (result) => {
        if (!result) return
        toast.success(updatedMessage(result, scope !== 'this'))
        onDone()
      },
      (error: unknown) => {
        // A clash or a stale version shows once, at the top of the footer where the operator is
        // looking; anything else is a toast (docs/product.md#events).
        if (error instanceof ApiError && error.status === 409) {
          form.setError(FORM_LEVEL_FIELD, { type: 'server', message: error.message })
          return
        }
        toast.error('Failed to update event', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    )
  const onSubmit = form.handleSubmit(submitWith(false))

  const startField = form.register('startTime', {
    onChange: (change: { target: { value: string } }) => {
      const nextStart = change.target.value
      const end = hasSetEnd.current
        ? null
        : endKeepingDuration({ startTime: previousStart.current, endTime: form.getValues('endTime') ?? '' }, nextStart, timeZone)
      previousStart.current = nextStart
      if (end) form.setValue('endTime', toDateTimeLocalValue(end.toISOString(), timeZone), { shouldDirty: true })
    },
  })
  const endField = form.register('endTime', {
    onChange: () => {
      hasSetEnd.current = true
    },
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-1 flex-col">
        {/* Disabled, the fieldset keeps every field of a read-only member from changing. */}
        <fieldset disabled={isReadOnly} className="grid min-w-0 gap-4 px-4 pb-4">
          {target.event.eventGroupId ? (
            <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
              This is one part of an event split at midnight.
              {isReadOnly ? null : ' Saving replaces both parts with what you enter here.'}
            </p>
          ) : null}
          {event.seriesId ? (
            <div className="grid gap-3">
              <SeriesLine seriesId={event.seriesId} />
              {isReadOnly ? null : (
                <SeriesScopeField
                  legend="Apply changes to"
                  value={scope}
                  onChange={(next) => {
                    setScope(next)
                    setTaken(null)
                  }}
                />
              )}
            </div>
          ) : null}
          <EventClientAndTitleFields />
          <FormField label="Space" error={errors.roomId?.message}>
            {(control) =>
              // Registered once the options exist, so the select can show the event's current space.
              spaces.length === 0 ? (
                <NativeSelect {...control} disabled>
                  <NativeSelectOption>{rooms.isPending ? 'Loading spaces...' : event.roomId}</NativeSelectOption>
                </NativeSelect>
              ) : (
                <NativeSelect {...control} {...form.register('roomId')}>
                  {spaces.map((room) => (
                    <NativeSelectOption key={room.id} value={room.id}>
                      {room.name}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )
            }
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Start" error={errors.startTime?.message}>
              {(control) => <Input {...control} type="datetime-local" step={60} {...startField} />}
            </FormField>
            <FormField label="End" error={errors.endTime?.message}>
              {(control) => <Input {...control} type="datetime-local" step={60} {...endField} />}
            </FormField>
          </div>
          <EventKindFields
            facilityId={target.facilityId}
            booking={bookingTime && { roomId: roomId ?? event.roomId, ...bookingTime, excludeEventId: event.id }}
          />
        </fieldset>
        {/* The event's trail, shown only to who may read it (Owners and Managers). */}
        <div className="px-4 pb-4 empty:hidden">
          <EventHistory eventId={target.event.id} />
        </div>
        <SheetFooter className="sticky bottom-0 border-t bg-background sm:flex-row sm:flex-wrap sm:justify-end">
          {errors.root?.message ? (
            <div
              role="alert"
              className="flex basis-full flex-wrap items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-destructive"
            >
              <p className="min-w-0 flex-1">{errors.root.message}</p>
              {isStale ? (
                // The sheet holds the version it opened; reloading is closing it over fresh data.
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    void invalidateSchedules()
                    onDone()
                  }}
                >
                  Reload
                </Button>
              ) : null}
            </div>
          ) : null}
          {taken ? (
            <div
              role="alert"
              className="flex basis-full flex-wrap items-end gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-destructive"
            >
              <div className="min-w-0 flex-1">
                <SeriesClashes taken={taken} timeZone={timeZone} />
              </div>
              <Button type="button" variant="outline" size="sm" disabled={isSubmitting} onClick={form.handleSubmit(submitWith(true))}>
                Skip and save
              </Button>
            </div>
          ) : null}
          {canRelease ? (
            <Button type="button" variant="outline" className="sm:mr-auto" onClick={() => setIsReleasing(true)}>
              Release
            </Button>
          ) : null}
          <Button type="button" variant="outline" onClick={onDone}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {isReadOnly ? null : (
            <Button type="submit" disabled={isIncomplete || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          )}
        </SheetFooter>
      </form>
      {canRelease ? <ReleaseEventDialog event={event} open={isReleasing} onOpenChange={setIsReleasing} onReleased={onDone} /> : null}
    </FormProvider>
  )
}
