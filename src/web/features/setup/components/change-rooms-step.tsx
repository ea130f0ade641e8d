import { useFieldArray, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import { setupChangeRoomsInput, type SetupChangeRoomsFormValues, type SetupChangeRoomsInput } from '@shared/setup/schema'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { countOf } from '@web/lib/count'
import { useAddChangeRooms, type SetupProgress } from '../api'
import { CreatedItem, CreatedSummary } from './created-summary'
import { AddRowButton, BatchError, RowRemoval } from './batch-rows'
import { toastStepFailure } from './toast-step-failure'

const NEW_CHANGE_ROOM = { name: '' }

export function ChangeRoomsStep({ progress }: { progress: SetupProgress | null }) {
  if (!progress?.changeRooms.length) return <ChangeRoomsForm />
  return (
    <CreatedSummary title={`${countOf(progress.changeRooms.length, 'change room')} in ${progress.facility.name}:`}>
      <ul className="grid gap-2">
        {progress.changeRooms.map((changeRoom) => (
          <CreatedItem key={changeRoom.id} name={changeRoom.name} />
        ))}
      </ul>
    </CreatedSummary>
  )
}

function ChangeRoomsForm() {
  const addChangeRooms = useAddChangeRooms()
  const form = useForm<SetupChangeRoomsFormValues, unknown, SetupChangeRoomsInput>({
    resolver: zodResolver(setupChangeRoomsInput),
    defaultValues: { changeRooms: [NEW_CHANGE_ROOM] },
  })
  const rows = useFieldArray({ control: form.control, name: 'changeRooms' })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    addChangeRooms.mutateAsync(values).then(
      (progress) => toast.success(`${progress.changeRooms.length} changeroom(s) created successfully!`),
      (error: unknown) => {
        toastStepFailure(error, 'Failed to create change rooms')
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {rows.fields.map((row, index) => {
        const label = `Change Room ${index + 1}`
        return (
          <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
            <FormField label={label} error={errors.changeRooms?.[index]?.name?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  placeholder="e.g. Home Change Room"
                  maxLength={LIMITS.room.name}
                  {...form.register(`changeRooms.${index}.name`)}
                />
              )}
            </FormField>
            <RowRemoval label={`Remove ${label}`} onRemove={() => rows.remove(index)} />
          </div>
        )
      })}
      <BatchError message={errors.changeRooms?.root?.message ?? errors.changeRooms?.message} />
      <div className="flex flex-wrap gap-2">
        <AddRowButton label="Add Another Change Room" rowCount={rows.fields.length} onAdd={() => rows.append(NEW_CHANGE_ROOM)} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Change Rooms'}
        </Button>
      </div>
    </form>
  )
}
