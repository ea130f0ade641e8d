import { useEffect, useEffectEvent, useId, type ChangeEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Controller, useController, useForm, useWatch, type DefaultValues } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS, ROOM_TYPE_LABELS, ROOM_TYPES } from '@shared/limits'
import { roomInput, type RoomFormValues, type RoomInput } from '@shared/rooms/schema'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Switch } from '@web/components/ui/switch'
import { Textarea } from '@web/components/ui/textarea'
import { errorDescription } from '@web/lib/api-client'
import { roomsQueryOptions, useSaveRoom, type Room, type SavedRoom } from '../api'
import { partOfChoices } from '../room-tree'
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
  parentId: null,
  changeoverMinutes: LIMITS.room.defaultChangeover,
  acceptsRequests: false,
}

const toFormValues = (room: Room): RoomFormValues => ({
  name: room.name,
  type: room.type,
  capacity: room.capacity,
  description: room.description ?? '',
  operatingStartTime: room.operatingStartTime,
  operatingEndTime: room.operatingEndTime,
  bookingInterval: room.bookingInterval,
  parentId: room.parentId,
  changeoverMinutes: room.changeoverMinutes,
  acceptsRequests: room.acceptsRequests,
})

// An empty number field means "no capacity"; anything else goes to the schema as typed.
const toCapacity = (value: unknown) => (value === '' || value == null ? null : Number(value))

const changeoverLabel = (minutes: number) => (minutes === 0 ? 'None' : `${minutes} minutes`)

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
  const isChangeRoom = type === 'change_room'
  // The facility page's own list of spaces: already loaded there, fetched on opening elsewhere.
  const rooms = useQuery({ ...roomsQueryOptions(facilityId), enabled: open })
  const wholes = partOfChoices(rooms.data ?? [], room)
  // Controlled, so the saved whole shows as chosen once the list arrives after the form was reset.
  const partOf = useController({ control: form.control, name: 'parentId' })
  const acceptsRequestsId = useId()

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
                <NativeSelect
                  {...control}
                  // A change room is never part of anything (docs/product.md#linked-spaces).
                  {...form.register('type', {
                    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
                      // Nor does anyone book it, or ask for it (docs/product.md#renters).
                      if (event.target.value === 'change_room') {
                        form.setValue('parentId', null)
                        form.setValue('acceptsRequests', false)
                      }
                    },
                  })}
                >
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
          <FormField
            label="Part of"
            error={errors.parentId?.message}
            description={isChangeRoom ? 'A change room is never part of another space.' : undefined}
          >
            {(control) => (
              <NativeSelect
                {...control}
                ref={partOf.field.ref}
                name={partOf.field.name}
                value={partOf.field.value ?? ''}
                onChange={(event) => partOf.field.onChange(event.target.value === '' ? null : event.target.value)}
                onBlur={partOf.field.onBlur}
                disabled={isChangeRoom || rooms.isPending}
              >
                <NativeSelectOption value="">None</NativeSelectOption>
                {wholes.map((whole) => (
                  <NativeSelectOption key={whole.id} value={whole.id}>
                    {whole.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
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
          <FormField
            label="Changeover"
            error={errors.changeoverMinutes?.message}
            description="Time the space stays blocked after each booking, e.g. to resurface the ice. Applies to bookings made from now on."
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('changeoverMinutes', { valueAsNumber: true })}>
                {LIMITS.room.changeoverOptions.map((minutes) => (
                  <NativeSelectOption key={minutes} value={minutes}>
                    {changeoverLabel(minutes)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-1.5">
            <div className="flex items-center gap-3">
              <Controller
                control={form.control}
                name="acceptsRequests"
                render={({ field }) => (
                  <Switch
                    id={acceptsRequestsId}
                    checked={field.value === true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={isChangeRoom}
                    aria-describedby={`${acceptsRequestsId}-note`}
                    aria-invalid={errors.acceptsRequests ? true : undefined}
                  />
                )}
              />
              <Label htmlFor={acceptsRequestsId}>Accept requests</Label>
            </div>
            <p id={`${acceptsRequestsId}-note`} className="text-sm text-muted-foreground">
              {isChangeRoom
                ? 'A change room is never requested on its own.'
                : "Renters may ask for this space's free time from the portal. A request holds its time until it is approved, declined or expires."}
            </p>
            {errors.acceptsRequests?.message ? <p className="text-sm text-destructive">{errors.acceptsRequests.message}</p> : null}
          </div>
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
