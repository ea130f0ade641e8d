import { useEffect, useEffectEvent, type ComponentProps } from 'react'
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { facilityInput, type FacilityFormValues, type FacilityInput } from '@shared/facilities/schema'
import { DEFAULT_PRIME_TIME } from '@shared/billing/default-prime-time'
import { LIMITS } from '@shared/limits'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import { TimeZoneField, useBrowserTimeZone } from '@web/components/form/time-zone-field'
import { useSaveFacility, type Facility, type SavedFacility } from '../api'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'

type FacilityDialogProps = {
  /** The facility to edit; without it the dialog creates one. */
  facility?: Facility
  open: boolean
  onOpenChange: (open: boolean) => void
  /** After a save, with the events the change left outside their space's hours. */
  onSaved?: (saved: SavedFacility) => void
}

const toFormValues = (facility: Facility): FacilityFormValues => ({
  name: facility.name,
  address: facility.address ?? '',
  description: facility.description ?? '',
  timeZone: facility.timeZone,
  changeRoomMinutes: facility.changeRoomMinutes,
  primeTime: facility.primeTime,
  holdRequestsHours: facility.holdRequestsHours,
  releaseUntilHours: facility.releaseUntilHours,
})

// Create New Facility and Edit Facility: one form, one schema, so both validate alike.
export function FacilityDialog({ facility, open, onOpenChange, onSaved }: FacilityDialogProps) {
  const isEditing = facility !== undefined
  const saveFacility = useSaveFacility(facility?.id)
  const defaultTimeZone = useBrowserTimeZone()

  const form = useForm<FacilityFormValues, unknown, FacilityInput>({
    resolver: zodResolver(facilityInput),
    defaultValues: facility
      ? toFormValues(facility)
      : {
          name: '',
          address: '',
          description: '',
          timeZone: defaultTimeZone,
          changeRoomMinutes: LIMITS.facility.defaultChangeRoomMinutes,
          primeTime: DEFAULT_PRIME_TIME,
          holdRequestsHours: LIMITS.facility.holdRequestsHours.default,
          releaseUntilHours: LIMITS.facility.releaseUntilHours.default,
        },
  })
  const { errors, isSubmitting } = form.formState
  const name = useWatch({ control: form.control, name: 'name' })

  // Editing starts from what is saved now, not from an earlier, abandoned attempt; only on
  // opening, so that a refetch while the dialog is open keeps what the operator typed.
  const startFromSaved = useEffectEvent(() => (facility ? form.reset(toFormValues(facility)) : undefined))
  useEffect(() => {
    if (open) startFromSaved()
  }, [open])

  const onSubmit = form.handleSubmit((values) =>
    saveFacility.mutateAsync(values).then(
      (saved) => {
        toast.success(isEditing ? 'Facility updated successfully!' : 'Facility created successfully!')
        if (!isEditing) form.reset()
        onOpenChange(false)
        onSaved?.(saved)
      },
      (error: unknown) => {
        toast.error(isEditing ? 'Failed to update facility' : 'Failed to create facility', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  const idleLabel = isEditing ? 'Save Changes' : 'Create Facility'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEditing ? 'Edit Facility' : 'Create New Facility'}</DialogTitle>
          <DialogDescription>
            {isEditing
              ? 'Change its details or time zone. Events already booked keep their times.'
              : 'Add a facility, then add its spaces.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField label={<OptionalLabel>Address</OptionalLabel>} error={errors.address?.message}>
            {(control) => <Input {...control} autoComplete="street-address" {...form.register('address')} />}
          </FormField>
          <FormField label={<OptionalLabel>Description</OptionalLabel>} error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
          <TimeZoneField registration={form.register('timeZone')} error={errors.timeZone?.message} current={facility?.timeZone} />
          <FormField
            label="Change room time"
            error={errors.changeRoomMinutes?.message}
            description="Minutes each event holds its change rooms before it starts and after it ends. Applies to bookings made from now on."
          >
            {(control) => (
              <div className="flex items-center gap-2">
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={LIMITS.facility.changeRoomMinutesMax}
                  step={1}
                  className="w-24"
                  {...form.register('changeRoomMinutes', { valueAsNumber: true })}
                />
                <span className="text-sm text-muted-foreground" aria-hidden="true">
                  minutes
                </span>
              </div>
            )}
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Prime time</legend>
            <p className="text-sm text-muted-foreground">
              The hours billed at each space's prime rate, on the facility's clock. An end of 12:00 AM is midnight.
            </p>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="Weekdays from" error={errors.primeTime?.weekdayStart?.message}>
                {(control) => <Input {...control} type="time" step={60} {...form.register('primeTime.weekdayStart')} />}
              </FormField>
              <FormField label="Weekdays to" error={errors.primeTime?.weekdayEnd?.message}>
                {(control) => <Input {...control} type="time" step={60} {...form.register('primeTime.weekdayEnd')} />}
              </FormField>
              <FormField label="Weekends from" error={errors.primeTime?.weekendStart?.message}>
                {(control) => <Input {...control} type="time" step={60} {...form.register('primeTime.weekendStart')} />}
              </FormField>
              <FormField label="Weekends to" error={errors.primeTime?.weekendEnd?.message}>
                {(control) => <Input {...control} type="time" step={60} {...form.register('primeTime.weekendEnd')} />}
              </FormField>
            </div>
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Renters</legend>
            <p className="text-sm text-muted-foreground">Requests for ice and bookings given back from the renters' portal.</p>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField
                label="Hold requests for"
                error={errors.holdRequestsHours?.message}
                description="A renter's request holds its time this long, then expires unanswered."
              >
                {(control) => (
                  <HoursInput
                    control={control}
                    min={LIMITS.facility.holdRequestsHours.min}
                    max={LIMITS.facility.holdRequestsHours.max}
                    registration={form.register('holdRequestsHours', { valueAsNumber: true })}
                  />
                )}
              </FormField>
              <FormField
                label="Release until"
                error={errors.releaseUntilHours?.message}
                description="Renters can release a booking until this many hours before it starts."
              >
                {(control) => (
                  <HoursInput
                    control={control}
                    min={LIMITS.facility.releaseUntilHours.min}
                    max={LIMITS.facility.releaseUntilHours.max}
                    registration={form.register('releaseUntilHours', { valueAsNumber: true })}
                  />
                )}
              </FormField>
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name?.trim() || isSubmitting}>
              {isSubmitting ? (isEditing ? 'Saving...' : 'Creating...') : idleLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function HoursInput({
  control,
  min,
  max,
  registration,
}: {
  control: ComponentProps<typeof Input>
  min: number
  max: number
  registration: UseFormRegisterReturn
}) {
  return (
    <div className="flex items-center gap-2">
      <Input {...control} type="number" inputMode="numeric" min={min} max={max} step={1} className="w-24" {...registration} />
      <span className="text-sm text-muted-foreground" aria-hidden="true">
        hours
      </span>
    </div>
  )
}
