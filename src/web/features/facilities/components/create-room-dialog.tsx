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
import { useCreateRoom } from '../api'
import { OptionalLabel } from '@web/components/form/optional-label'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'

type CreateRoomDialogProps = {
  facilityId: string
  open: boolean
  onOpenChange: (open: boolean) => void
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

// An empty number field means "no capacity"; anything else goes to the schema as typed.
const toCapacity = (value: unknown) => (value === '' || value == null ? null : Number(value))

export function CreateRoomDialog({ facilityId, open, onOpenChange }: CreateRoomDialogProps) {
  const createRoom = useCreateRoom(facilityId)
  const form = useForm<RoomFormValues, unknown, RoomInput>({ resolver: zodResolver(roomInput), defaultValues: DEFAULT_VALUES })
  const { errors, isSubmitting } = form.formState
  const [name, type] = useWatch({ control: form.control, name: ['name', 'type'] })

  const onSubmit = form.handleSubmit((values) =>
    createRoom.mutateAsync(values).then(
      () => {
        toast.success('Space created successfully!')
        form.reset()
        onOpenChange(false)
      },
      (error: unknown) => {
        toast.error('Failed to create room', { description: errorDescription(error) })
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Space</DialogTitle>
          <DialogDescription>A room, rink, court, field or change room of this facility.</DialogDescription>
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
              {isSubmitting ? 'Creating...' : 'Create Space'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
