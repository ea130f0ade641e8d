import { useEffect, useEffectEvent } from 'react'
import { useForm, useWatch, type DefaultValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS, ROOM_TYPE_LABELS, ROOM_TYPES } from '@shared/limits'
import { roomInput, type RoomFormValues, type RoomInput } from '@shared/rooms/schema'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import { useSaveRoom, type Room, type SavedRoom } from '../api'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'

type RoomDialogProps = {
  facilityId: string
  /** The space to edit; without it the dialog adds one to the facility. */
  room?: Room
  open: boolean
  onOpenChange: (open: boolean) => void
  /** After a save, with the events the change left outside the space's hours. */
  onSaved?: (saved: SavedRoom) => void
}

// No type until the operator picks one: submit stays disabled until then (docs/product.md#facilities-and-spaces).
const DEFAULT_VALUES: DefaultValues<RoomFormValues> = {
  name: '',
  capacity: null,
  description: '',
  operatingStartTime: LIMITS.room.defaultOperatingStart,
  operatingEndTime: LIMITS.room.defaultOperatingEnd,
  bookingInterval: LIMITS.room.defaultBookingInterval,
}

const toFormValues = (room: Room): RoomFormValues => ({
  name: room.name,
  type: room.type,
  capacity: room.capacity,
  description: room.description ?? '',
  operatingStartTime: room.operatingStartTime,
  operatingEndTime: room.operatingEndTime,
  bookingInterval: room.bookingInterval,
})

// An empty number field means "no capacity"; anything else goes to the schema as typed.
const toCapacity = (value: unknown) => (value === '' || value == null ? null : Number(value))

// Create New Space and Edit Space: one form, one schema, so both validate alike.
export function RoomDialog({ facilityId, room, open, onOpenChange, onSaved }: RoomDialogProps) {
  const isEditing = room !== undefined
  const saveRoom = useSaveRoom(facilityId, room?.id)
  const form = useForm<RoomFormValues, unknown, RoomInput>({
    resolver: zodResolver(roomInput),
    defaultValues: room ? toFormValues(room) : DEFAULT_VALUES,
  })
  const { errors, isSubmitting } = form.formState
  const [name, type] = useWatch({ control: form.control, name: ['name', 'type'] })

  // Editing starts from what is saved now, not from an earlier, abandoned attempt; only on
  // opening, so that a refetch while the dialog is open keeps what the operator typed.
  const startFromSaved = useEffectEvent(() => (room ? form.reset(toFormValues(room)) : undefined))
  useEffect(() => {
    if (open) startFromSaved()
  }, [open])

  const onSubmit = form.handleSubmit((values) =>
    saveRoom.mutateAsync(values).then(
      (saved) => {
        toast.success(isEditing ? 'Space updated successfully!' : 'Space created successfully!')
        if (!isEditing) form.reset()
        onOpenChange(false)
        onSaved?.(saved)
      },
      (error: unknown) => {
        toast.error(isEditing ? 'Failed to update space' : 'Failed to create room', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  const idleLabel = isEditing ? 'Save Changes' : 'Create Space'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEditing ? 'Edit Space' : 'Create New Space'}</DialogTitle>
          <DialogDescription>
            {isEditing
              ? 'Change its details, hours or booking interval. Events already booked keep their times.'
              : 'A room, rink, court, field or change room of this facility.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Type" error={errors.type?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('type')}>
                  <NativeSelectOption value="">Select a type</NativeSelectOption>
                  {ROOM_TYPES.map((roomType) => (
                    <NativeSelectOption key={roomType} value={roomType}>
                      {ROOM_TYPE_LABELS[roomType]}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={<OptionalLabel>Capacity</OptionalLabel>} error={errors.capacity?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={LIMITS.room.capacityMin}
                  step={1}
                  {...form.register('capacity', { setValueAs: toCapacity })}
                />
              )}
            </FormField>
          </div>
          <FormField label={<OptionalLabel>Description</OptionalLabel>} error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Opening Time" error={errors.operatingStartTime?.message}>
              {(control) => <Input {...control} type="time" step={60} {...form.register('operatingStartTime')} />}
            </FormField>
            <FormField label="Closing Time" error={errors.operatingEndTime?.message}>
              {(control) => <Input {...control} type="time" step={60} {...form.register('operatingEndTime')} />}
            </FormField>
          </div>
          <FormField label="Booking Interval" error={errors.bookingInterval?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('bookingInterval', { valueAsNumber: true })}>
                {LIMITS.room.bookingIntervalOptions.map((minutes) => (
                  <NativeSelectOption key={minutes} value={minutes}>
                    {minutes} minutes
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name?.trim() || !type || isSubmitting}>
              {isSubmitting ? (isEditing ? 'Saving...' : 'Creating...') : idleLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
