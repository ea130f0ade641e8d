import { useId } from 'react'
import { Link } from 'react-router'
import { useFormContext, useWatch } from 'react-hook-form'
import { isSixDigitHexColor, type CreateEventFormValues } from '@shared/events/schema'
import { EVENT_TYPE_LABELS, EVENT_TYPES } from '@shared/limits'
import { ColorSwatches } from '@web/components/color-swatches'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Textarea } from '@web/components/ui/textarea'
import { usePermission } from '@web/features/auth'
import { useClients } from '@web/features/clients'
import { OptionalLabel } from '@web/components/form/optional-label'
import { useChangeRoomUse, useChangeRooms, type ChangeRoom, type ChangeRoomBooking, type ChangeRoomUse } from '../api'

/** The fields the Add New Event dialog and the Edit Event sheet share (docs/product.md#events). */
export type EventDetailsFormValues = Pick<
  CreateEventFormValues,
  'clientId' | 'title' | 'description' | 'color' | 'eventType' | 'team1Name' | 'team2Name' | 'changeRoom1Id' | 'changeRoom2Id'
>

/** Client and title: what every event needs first. Used inside a FormProvider. */
export function EventClientAndTitleFields() {
  const { register, formState } = useFormContext<EventDetailsFormValues>()
  const { errors } = formState
  const clients = useClients()
  const canManageVenue = usePermission('manageVenue')
  const hasNoClients = clients.isSuccess && clients.data.length === 0

  return (
    <>
      <FormField
        label="Client"
        error={errors.clientId?.message}
        description={
          hasNoClients && !canManageVenue ? (
            'No clients yet.'
          ) : hasNoClients ? (
            <>
              No clients yet.{' '}
              <Link to="/clients" className="font-medium text-primary underline underline-offset-4">
                Add a client
              </Link>{' '}
              first.
            </>
          ) : undefined
        }
      >
        {(control) =>
          // Registered once the options exist, so the select can show the event's current client.
          clients.isPending ? (
            <NativeSelect {...control} disabled>
              <NativeSelectOption>Loading clients...</NativeSelectOption>
            </NativeSelect>
          ) : (
            <NativeSelect {...control} {...register('clientId')}>
              <NativeSelectOption value="">Select a client</NativeSelectOption>
              {clients.data?.map((client) => (
                <NativeSelectOption key={client.id} value={client.id}>
                  {client.company ? `${client.name} (${client.company})` : client.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )
        }
      </FormField>
      <FormField label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register('title')} />}
      </FormField>
    </>
  )
}

type EventKindFieldsProps = {
  facilityId: string
  /** The space and time the form books, once both are known: change rooms another event holds then are shown in use. */
  booking: ChangeRoomBooking | null
}

/**
 * The change room choices: each by name, and '(in use)' while another event holds it at the
 * booking's time. Without that answer (no complete time yet, or it failed) the plain list.
 */
function changeRoomChoices(changeRooms: ChangeRoom[] | undefined, use: ChangeRoomUse[] | undefined) {
  return (use ?? changeRooms?.map((changeRoom) => ({ ...changeRoom, inUseBy: null })))?.map(({ id, name, inUseBy }) => ({
    id,
    label: inUseBy ? `${name} (in use)` : name,
    isInUse: inUseBy !== null,
  }))
}

/** Event type with what only a game has, change rooms, description and colour. Used inside a FormProvider. */
export function EventKindFields({ facilityId, booking }: EventKindFieldsProps) {
  const { register, formState, control: formControl, setValue } = useFormContext<EventDetailsFormValues>()
  const { errors } = formState
  const [eventType, color] = useWatch({ control: formControl, name: ['eventType', 'color'] })
  const changeRooms = useChangeRooms(facilityId)
  const changeRoomUse = useChangeRoomUse(booking)
  // A change room taken after it was chosen stays chosen, shown in use: the server then says who
  // holds it, rather than the operator's choice quietly disappearing.
  const choices = changeRoomChoices(changeRooms.data, booking ? changeRoomUse.data : undefined)
  const isGame = eventType === 'game'

  const changeRoomSelect = (name: 'changeRoom1Id' | 'changeRoom2Id', label: string) => (
    <FormField label={<OptionalLabel>{label}</OptionalLabel>} error={errors[name]?.message}>
      {(control) =>
        choices === undefined && changeRooms.isPending ? (
          <NativeSelect {...control} disabled>
            <NativeSelectOption>Loading change rooms...</NativeSelectOption>
          </NativeSelect>
        ) : (
          <NativeSelect {...control} {...register(name)}>
            <NativeSelectOption value="">{choices?.length ? 'None' : 'No change rooms in this facility'}</NativeSelectOption>
            {choices?.map((choice) => (
              <NativeSelectOption key={choice.id} value={choice.id} disabled={choice.isInUse}>
                {choice.label}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )
      }
    </FormField>
  )

  return (
    <>
      <FormField label="Event Type" error={errors.eventType?.message}>
        {(control) => (
          <NativeSelect {...control} {...register('eventType')}>
            {EVENT_TYPES.map((type) => (
              <NativeSelectOption key={type} value={type}>
                {EVENT_TYPE_LABELS[type]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {isGame ? (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={<OptionalLabel>Home Team</OptionalLabel>} error={errors.team1Name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...register('team1Name')} />}
          </FormField>
          <FormField label={<OptionalLabel>Away Team</OptionalLabel>} error={errors.team2Name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...register('team2Name')} />}
          </FormField>
          {changeRoomSelect('changeRoom1Id', 'Home Change Room')}
          {changeRoomSelect('changeRoom2Id', 'Away Change Room')}
        </div>
      ) : (
        changeRoomSelect('changeRoom1Id', 'Change Room')
      )}
      <FormField label={<OptionalLabel>Description</OptionalLabel>} error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} {...register('description')} />}
      </FormField>
      <FormField label="Colour" error={errors.color?.message}>
        {(control) => (
          <ColorSwatches
            {...control}
            value={typeof color === 'string' ? color : ''}
            onChange={(hex) => setValue('color', hex, { shouldDirty: true, shouldValidate: true })}
            custom={<CustomColorInput color={color} describedBy={control['aria-describedby']} isInvalid={control['aria-invalid']} />}
          />
        )}
      </FormField>
    </>
  )
}

/** 'Custom': the colour as hex text, with the native picker beside it while the value is one it understands. */
function CustomColorInput({
  color,
  describedBy,
  isInvalid,
}: {
  color: unknown
  describedBy: string | undefined
  isInvalid: true | undefined
}) {
  const { register, setValue } = useFormContext<EventDetailsFormValues>()
  const hintId = useId()
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        {/* The native picker only understands #rrggbb; other values are edited as text alone (docs/product.md#events). */}
        {typeof color === 'string' && isSixDigitHexColor(color) ? (
          <input
            type="color"
            aria-label="Colour picker"
            value={color.toLowerCase()}
            onChange={(event) => setValue('color', event.target.value, { shouldDirty: true, shouldValidate: true })}
            className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1"
          />
        ) : null}
        <Input
          aria-label="Custom colour"
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          aria-invalid={isInvalid}
          autoComplete="off"
          spellCheck={false}
          {...register('color')}
        />
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        A hex value such as #3b82f6.
      </p>
    </div>
  )
}
