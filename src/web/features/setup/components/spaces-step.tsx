import { useFieldArray, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { LIMITS, ROOM_TYPE_LABELS, ROOM_TYPES } from '@shared/limits'
import { setupSpacesInput, type SetupSpacesFormValues, type SetupSpacesInput } from '@shared/setup/schema'
import { Button } from '@web/components/ui/button'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { showServerFieldErrors } from '@web/components/form/show-server-field-errors'
import { countOf } from '@web/lib/count'
import { useAddSpaces, type SetupProgress } from '../api'
import { CreatedItem, CreatedSummary } from './created-summary'
import { AddRowButton, BatchError, RowRemoval } from './batch-rows'
import { toastStepFailure } from './toast-step-failure'

const NEW_SPACE = { name: '', type: 'room' } as const

export function SpacesStep({ progress }: { progress: SetupProgress | null }) {
  if (!progress?.spaces.length) return <SpacesForm />
  return (
    <CreatedSummary title={`${countOf(progress.spaces.length, 'space')} in ${progress.facility.name}:`}>
      <ul className="grid gap-2">
        {progress.spaces.map((space) => (
          <CreatedItem key={space.id} name={space.name} detail={ROOM_TYPE_LABELS[space.type]} />
        ))}
      </ul>
    </CreatedSummary>
  )
}

function SpacesForm() {
  const addSpaces = useAddSpaces()
  const form = useForm<SetupSpacesFormValues, unknown, SetupSpacesInput>({
    resolver: zodResolver(setupSpacesInput),
    defaultValues: { spaces: [NEW_SPACE] },
  })
  const rows = useFieldArray({ control: form.control, name: 'spaces' })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    addSpaces.mutateAsync(values).then(
      (progress) => toast.success(`${progress.spaces.length} space(s) created successfully!`),
      (error: unknown) => {
        toastStepFailure(error, 'Failed to create spaces')
        showServerFieldErrors(error, form.setError)
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {rows.fields.map((row, index) => {
        const legend = `Space ${index + 1}`
        const rowErrors = errors.spaces?.[index]
        return (
          <fieldset key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-lg border px-3 pt-1 pb-4 sm:px-4">
            <legend className="px-1 text-sm font-medium">{legend}</legend>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start">
              <FormField label="Name" error={rowErrors?.name?.message}>
                {(control) => (
                  <Input {...control} autoComplete="off" maxLength={LIMITS.room.name} {...form.register(`spaces.${index}.name`)} />
                )}
              </FormField>
              <FormField label="Type" error={rowErrors?.type?.message}>
                {(control) => (
                  <NativeSelect {...control} {...form.register(`spaces.${index}.type`)}>
                    {ROOM_TYPES.map((roomType) => (
                      <NativeSelectOption key={roomType} value={roomType}>
                        {ROOM_TYPE_LABELS[roomType]}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <RowRemoval label={`Remove ${legend}`} onRemove={() => rows.remove(index)} />
          </fieldset>
        )
      })}
      <BatchError message={errors.spaces?.root?.message ?? errors.spaces?.message} />
      <div className="flex flex-wrap gap-2">
        <AddRowButton label="Add Another Space" rowCount={rows.fields.length} onAdd={() => rows.append(NEW_SPACE)} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Spaces'}
        </Button>
      </div>
    </form>
  )
}
