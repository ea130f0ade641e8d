import { useId } from 'react'
import { FormProvider, useForm, useFormContext, useWatch, type DefaultValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { FORM_LEVEL_FIELD } from '@shared/api-error'
import { createEventInput, type CreateEventFormValues, type CreateEventInput } from '@shared/events/schema'
import { LIMITS } from '@shared/limits'
import { weekdayOf } from '@shared/scheduling/calendar-date'
import { durationOptions, startTimeOptions } from '@shared/scheduling/durations'
import { Button } from '@web/components/ui/button'
import { Checkbox } from '@web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { formatTimeOfDay } from '@web/lib/datetime'
import { deferred, useDeferred } from '@web/lib/deferred'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { useRefusalClearedOnChange } from '@web/components/form/use-refusal-cleared-on-change'
import { ContractHoursWarning } from '@web/features/contracts'
import { useRooms } from '@web/features/facilities'
import { useCreateEvents, useEventsInRange, type BookableRoom } from '../api'
import { bookedStartTimes, eventsHoldingSpace, eventsWindowOfDay, timeOfNewEvent } from '../booking-time'
import { createdMessage } from '../series'
import { EventClientAndTitleFields, EventKindFields } from './event-details-fields'
import { useDefaultTitle } from './use-default-title'
import { useSeriesPreview, type SeriesPreview } from './use-series-preview'

/** The room to book, with its changeover when the page knows it (its own page does), so the start times weigh it. */
type RoomToBook = BookableRoom & { changeoverMinutes?: number }

type AddEventDialogProps = {
  /** The room to book; the dialog is closed while there is none. */
  room: (RoomToBook & { name: string }) | null
  /** The day the form starts on, 'YYYY-MM-DD' in the facility's zone. */
  date: string
  /** A start ('HH:MM') and duration to begin with, as a drag across the timeline chose them. */
  startTime?: string
  durationMinutes?: number
  onOpenChange: (open: boolean) => void
}

const PREFERRED_DURATION_MINUTES = 60

// The form lives inside the dialog's content, which mounts on each opening: every opening starts fresh.
export function AddEventDialog({ room, date, startTime, durationMinutes, onOpenChange }: AddEventDialogProps) {
  return (
    <Dialog open={room !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add New Event</DialogTitle>
          <DialogDescription>
            {room ? `Book ${room.name}. Times are in the facility's time zone (${room.timeZone.replaceAll('_', ' ')}).` : null}
          </DialogDescription>
        </DialogHeader>
        {room ? (
          <AddEventForm
            room={room}
            date={date}
            startTime={startTime}
            durationMinutes={durationMinutes}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

type AddEventFormProps = { room: RoomToBook; date: string; startTime?: string; durationMinutes?: number; onDone: () => void }

function AddEventForm({ room, date, startTime: chosenStart, durationMinutes: chosenDuration, onDone }: AddEventFormProps) {
  const createEvents = useCreateEvents()
  const startTimes = startTimeOptions(room.operatingStartTime, room.operatingEndTime, room.bookingInterval)
  const durations = durationOptions(room.bookingInterval)
  const defaultDuration =
    durations.find(({ minutes }) => minutes === chosenDuration) ??
    durations.find(({ minutes }) => minutes === PREFERRED_DURATION_MINUTES) ??
    durations[0]!
  const defaultValues: DefaultValues<CreateEventFormValues> = {
    roomId: room.id,
    clientId: '',
    title: '',
    description: '',
    color: LIMITS.event.defaultColor,
    eventType: LIMITS.event.defaultType,
    team1Name: '',
    team2Name: '',
    changeRoom1Id: '',
    changeRoom2Id: '',
    date,
    // No start time until the operator picks one (docs/product.md#events: 'Please select a date and time'),
    // unless it was picked on the timeline.
    startTime: chosenStart && startTimes.includes(chosenStart) ? chosenStart : '',
    durationMinutes: defaultDuration.minutes,
    recurrence: null,
  }
  const form = useForm<CreateEventFormValues, unknown, CreateEventInput>({ resolver: zodResolver(createEventInput), defaultValues })
  const { errors, isSubmitting } = form.formState
  const [chosenDate, startTime, durationMinutes] = useWatch({ control: form.control, name: ['date', 'startTime', 'durationMinutes'] })
  // A series is asked about at its first occurrence only; the server checks every one on booking.
  const bookingTime = timeOfNewEvent({ date: chosenDate, startTime, durationMinutes }, room.timeZone)
  const booked = useBookedStartTimes(room, { date: chosenDate, durationMinutes }, startTimes)
  useDefaultTitle(form)
  useRefusalClearedOnChange(form)
  const preview = useSeriesPreview(form.control, room.id)
  // Offered only when the list is of the series as it is now and some, not all, of its dates are taken.
  const canBookFreeDates = preview.isCurrent && preview.freeCount > 0 && preview.takenCount > 0
  const isBookingFreeDates = createEvents.isPending && createEvents.variables.skipTaken === true

  // 'Create Event' books the series all or nothing; 'Book {n} free dates' only its free dates.
  const submitWith = (skipTaken: boolean) =>
    form.handleSubmit((values) =>
      createEvents.mutateAsync({ ...values, skipTaken }).then(
        (result) => {
          toast.success(createdMessage(result))
          onDone()
        },
        (error: unknown) => {
          // A clash shows once, just above the footer where the operator is looking; anything
          // else is a toast (docs/product.md#events).
          if (error instanceof ApiError && error.status === 409) {
            form.setError(FORM_LEVEL_FIELD, { type: 'server', message: error.message })
            return
          }
          toast.error('Failed to create event', { description: errorDescription(error) })
          showServerFieldErrors(error, form.setError)
        },
      ),
    )
  const onSubmit = submitWith(false)
  const onBookFreeDates = submitWith(true)

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <EventClientAndTitleFields />
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <FormField label="Date" error={errors.date?.message}>
            {(control) => <Input {...control} type="date" {...form.register('date')} />}
          </FormField>
          <FormField label="Start Time" error={errors.startTime?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('startTime')}>
                <NativeSelectOption value="">Select a time</NativeSelectOption>
                {/* A booked start stays choosable: the mark weighs the chosen duration, which the
                    operator may shorten after picking the start; a series whose first date is taken
                    can still book its free dates; and the server decides, naming the clash. */}
                {startTimes.map((time) => (
                  <NativeSelectOption key={time} value={time}>
                    {booked.has(time) ? `${formatTimeOfDay(time)} (booked)` : formatTimeOfDay(time)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Duration" error={errors.durationMinutes?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('durationMinutes', { valueAsNumber: true })}>
                {durations.map(({ minutes, label }) => (
                  <NativeSelectOption key={minutes} value={minutes}>
                    {label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <EventKindFields facilityId={room.facilityId} booking={bookingTime && { roomId: room.id, ...bookingTime }} />
        <RecurrenceFields preview={preview} timeZone={room.timeZone} />
        <ContractHoursWarning
          clientId={form.watch('clientId')}
          roomId={room.id}
          date={form.watch('date')}
          timeZone={room.timeZone}
          durationMinutes={durationMinutes}
          series={preview}
        />
        {errors.root?.message ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-destructive">
            {errors.root.message}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          {canBookFreeDates || isBookingFreeDates ? (
            <Button type="button" variant="secondary" disabled={isSubmitting} onClick={onBookFreeDates}>
              {isBookingFreeDates ? 'Booking...' : `Book ${preview.freeCount} free dates`}
            </Button>
          ) : null}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && !isBookingFreeDates ? 'Creating...' : 'Create Event'}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  )
}

/**
 * The start times at which the chosen day's booking would clash with an event of the space
 * (docs/product.md#events), from the space's events around that day.
 */
function useBookedStartTimes(room: RoomToBook, time: { date?: string; durationMinutes?: number }, startTimes: string[]) {
  const around = eventsWindowOfDay(time.date, room.timeZone)
  // The facility's events, of which those of the space, its wholes and its parts hold it.
  const events = useEventsInRange(around && { facilityId: room.facilityId, ...around })
  const spaces = useRooms(room.facilityId)
  // The previous day's events stay on screen while the next day's load: marks for the wrong day would mislead.
  const current = events.isPlaceholderData ? [] : eventsHoldingSpace(events.data ?? [], spaces.data, room.id)
  return bookedStartTimes({ ...time, changeoverMinutes: room.changeoverMinutes ?? 0 }, startTimes, current, room.timeZone)
}

// The fields of a repeating event and its dates load on their own (repeat-fields.tsx): once the
// dialog is open and the browser idle, or at once when 'Repeat this event' is ticked first.
const repeatFields = deferred(() => import('./repeat-fields').then((module) => module.RepeatFields))

/** Repeat daily, weekly on chosen weekdays, or monthly, until an end date (docs/product.md#events). */
function RecurrenceFields({ preview, timeZone }: { preview: SeriesPreview; timeZone: string }) {
  const form = useFormContext<CreateEventFormValues>()
  const [recurrence, date] = useWatch({ control: form.control, name: ['recurrence', 'date'] })
  const repeatId = useId()
  const isRepeating = recurrence != null

  const startRepeating = (isRepeating: boolean) => {
    const firstWeekday = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? weekdayOf(date) : null
    form.setValue(
      'recurrence',
      isRepeating ? { frequency: 'weekly', endDate: '', weekdays: firstWeekday === null ? [] : [firstWeekday] } : null,
      { shouldDirty: true },
    )
    form.clearErrors('recurrence')
  }
  const LoadedRepeatFields = useDeferred(repeatFields, { isOpen: isRepeating, shouldPrefetch: true, close: () => startRepeating(false) })

  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <div className="flex items-center gap-2">
        <Checkbox id={repeatId} checked={isRepeating} onCheckedChange={(checked) => startRepeating(checked === true)} />
        <Label htmlFor={repeatId}>Repeat this event</Label>
      </div>
      {isRepeating && LoadedRepeatFields ? <LoadedRepeatFields preview={preview} timeZone={timeZone} /> : null}
    </div>
  )
}
