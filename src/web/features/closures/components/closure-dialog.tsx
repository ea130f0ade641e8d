import { useId, useState } from 'react'
import { useController, useForm, useWatch, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { FORM_LEVEL_FIELD } from '@shared/api-error'
import { CLOSURE_MESSAGES, closureInput, type ClosureFormValues, type ClosureInput } from '@shared/closures/schema'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { todayInZone } from '@shared/scheduling/local-day'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Switch } from '@web/components/ui/switch'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { useCreateClosure, type CreateClosureResult } from '../api'
import { CoveredEventsList, useCoveredEvents } from './covered-events'
import { declinedRequestsDescription } from './declined-requests'

/** A space a closure can close, with how deep it sits in its facility's tree (1: part of nothing). */
export type ClosableSpace = { id: string; name: string; level: number }

type ClosureDialogProps = {
  facilityId: string
  /** The facility's zone: the form's dates and times are on its wall clock. */
  timeZone: string
  /** The spaces it may close (not change rooms), in tree order, each part after its whole. */
  spaces: readonly ClosableSpace[]
  open: boolean
  onOpenChange: (open: boolean) => void
}

type Form = UseFormReturn<ClosureFormValues, unknown, ClosureInput>

const MIDNIGHT = '00:00'

/** The date `days` away, or '' while the date is not a whole one (a cleared input). */
function shiftDate(date: string | undefined, days: number): string {
  try {
    return date ? addCalendarDays(date, days) : ''
  } catch {
    return ''
  }
}

// A part is indented under its whole, as the facility page lists it; the spaces are not read out.
const indent = (level: number) => '\u00a0\u00a0\u00a0'.repeat(Math.max(0, level - 1))

export function addedMessage({ cancelled }: Pick<CreateClosureResult, 'cancelled'>): string {
  if (cancelled === 0) return 'Closure added successfully!'
  return `Closure added successfully! (${cancelled} ${cancelled === 1 ? 'event' : 'events'} cancelled)`
}

// The form lives inside the dialog's content, which mounts on each opening: every opening starts
// fresh, on today of the facility's calendar.
export function ClosureDialog({ facilityId, timeZone, spaces, open, onOpenChange }: ClosureDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Closure</DialogTitle>
          <DialogDescription>
            Close the whole facility, or one space with its parts: nothing can be booked into it. Times are in the facility&apos;s time zone
            ({timeZone.replaceAll('_', ' ')}).
          </DialogDescription>
        </DialogHeader>
        <ClosureForm facilityId={facilityId} timeZone={timeZone} spaces={spaces} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function ClosureForm({ facilityId, timeZone, spaces, onDone }: Omit<ClosureDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const createClosure = useCreateClosure(facilityId)
  const today = todayInZone(timeZone, new Date())
  // All day, today only: from today's midnight to the next.
  const form = useForm<ClosureFormValues, unknown, ClosureInput>({
    resolver: zodResolver(closureInput),
    defaultValues: {
      spaceId: '',
      reason: '',
      startDate: today,
      startTime: MIDNIGHT,
      endDate: addCalendarDays(today, 1),
      endTime: MIDNIGHT,
      coveredEvents: null,
    },
  })
  const { errors, isSubmitting } = form.formState
  const reason = useWatch({ control: form.control, name: 'reason' })
  // Not a field of the schema: all day only sets both ends to midnight.
  const [isAllDay, setIsAllDay] = useState(true)
  const allDayId = useId()
  const covered = useCoveredEvents(form.control, facilityId)

  // Submitting waits for the list of the span as it is now, so the choice is made about the
  // events on screen; a span that cannot be checked is left to the server.
  const isChecking = covered.isShown && !covered.isCurrent && !covered.error

  const onSubmit = form.handleSubmit((values) => {
    const total = covered.isCurrent ? (covered.preview?.total ?? 0) : 0
    // The choice is asked for only while events are listed; without one the server refuses a
    // closure that covers events (409), e.g. events booked since the list was shown.
    if (total > 0 && values.coveredEvents === null) {
      form.setError('coveredEvents', { type: 'required', message: CLOSURE_MESSAGES.choice }, { shouldFocus: true })
      return
    }
    return createClosure.mutateAsync({ ...values, coveredEvents: total > 0 ? values.coveredEvents : null }).then(
      (result) => {
        toast.success(addedMessage(result), { description: declinedRequestsDescription(result.declinedRequests) })
        onDone()
      },
      (error: unknown) => {
        toast.error('Failed to add closure', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
        // Events were booked into the span meanwhile: the list shows them, and the operator chooses.
        if (error instanceof ApiError && error.status === 409) {
          form.setError(FORM_LEVEL_FIELD, { type: 'server', message: error.message })
          covered.refresh()
        }
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
      <FormField label="Closes" error={errors.spaceId?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('spaceId')}>
            <NativeSelectOption value="">Whole facility</NativeSelectOption>
            {spaces.map((space) => (
              <NativeSelectOption key={space.id} value={space.id}>
                {indent(space.level)}
                {space.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Reason" error={errors.reason?.message}>
        {(control) => <Input {...control} autoComplete="off" placeholder="e.g. Christmas Day" {...form.register('reason')} />}
      </FormField>
      <div className="flex items-center gap-2">
        <Switch
          id={allDayId}
          checked={isAllDay}
          onCheckedChange={(checked) => {
            if (checked) toAllDay(form)
            setIsAllDay(checked)
          }}
        />
        <Label htmlFor={allDayId}>All day</Label>
      </div>
      {isAllDay ? <AllDayFields form={form} /> : <TimedFields form={form} />}
      <CoveredEventsList covered={covered} control={form.control} timeZone={timeZone} />
      {errors.root?.message ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!reason?.trim() || isChecking || isSubmitting}>
          {isSubmitting ? 'Adding...' : 'Add Closure'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** From the first day's midnight to the midnight after the last day touched by the timed span. */
function toAllDay(form: Form) {
  const { endDate, endTime } = form.getValues()
  const lastDay = endTime === MIDNIGHT ? endDate : shiftDate(endDate, 1) || endDate
  form.setValue('startTime', MIDNIGHT, { shouldValidate: form.formState.isSubmitted })
  form.setValue('endDate', lastDay, { shouldValidate: form.formState.isSubmitted })
  form.setValue('endTime', MIDNIGHT, { shouldValidate: form.formState.isSubmitted })
}

// 'From' and 'To' are inclusive days: the closure runs from From's midnight to the midnight after To.
function AllDayFields({ form }: { form: Form }) {
  const { errors, isSubmitted } = form.formState
  const startDate = useController({ control: form.control, name: 'startDate' })
  const endDate = useController({ control: form.control, name: 'endDate' })
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="From" error={errors.startDate?.message ?? errors.startTime?.message}>
        {(control) => (
          <Input
            {...control}
            type="date"
            ref={startDate.field.ref}
            name={startDate.field.name}
            value={startDate.field.value ?? ''}
            onChange={(event) => startDate.field.onChange(event.target.value)}
            onBlur={startDate.field.onBlur}
          />
        )}
      </FormField>
      <FormField label="To" error={errors.endDate?.message ?? errors.endTime?.message}>
        {(control) => (
          <Input
            {...control}
            type="date"
            ref={endDate.field.ref}
            name={endDate.field.name}
            min={startDate.field.value || undefined}
            value={shiftDate(endDate.field.value, -1)}
            onChange={(event) => {
              endDate.field.onChange(shiftDate(event.target.value, 1))
              if (isSubmitted) void form.trigger(['endDate', 'endTime'])
            }}
            onBlur={endDate.field.onBlur}
          />
        )}
      </FormField>
    </div>
  )
}

// 'Starts' and 'Ends' each set a date and a time of the schema.
function TimedFields({ form }: { form: Form }) {
  const { errors } = form.formState
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <DateTimeField
        form={form}
        label="Starts"
        date="startDate"
        time="startTime"
        error={errors.startDate?.message ?? errors.startTime?.message}
      />
      <DateTimeField form={form} label="Ends" date="endDate" time="endTime" error={errors.endDate?.message ?? errors.endTime?.message} />
    </div>
  )
}

type DateTimeFieldProps = {
  form: Form
  label: string
  date: 'startDate' | 'endDate'
  time: 'startTime' | 'endTime'
  error?: string
}

function DateTimeField({ form, label, date, time, error }: DateTimeFieldProps) {
  const dateField = useController({ control: form.control, name: date })
  const timeField = useController({ control: form.control, name: time })
  const value = dateField.field.value && timeField.field.value ? `${dateField.field.value}T${timeField.field.value}` : ''
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          type="datetime-local"
          step={60}
          ref={dateField.field.ref}
          name={dateField.field.name}
          value={value}
          onChange={(event) => {
            const [newDate = '', newTime = ''] = event.target.value.split('T')
            dateField.field.onChange(newDate)
            timeField.field.onChange(newTime.slice(0, 5))
          }}
          onBlur={dateField.field.onBlur}
        />
      )}
    </FormField>
  )
}
